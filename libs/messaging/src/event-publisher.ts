import type { EventEnvelope } from './wire';

/** Where the outbox relay sends committed events: JetStream, or in-process handlers. */
export interface EventPublisher {
  /** Makes sure the durable stream of a producing service exists. */
  ensureStream(service: string): Promise<void>;
  /** Publishes once per event id (JetStream deduplicates on the id within its window). */
  publish(envelope: EventEnvelope): Promise<void>;
  close(): Promise<void>;
}

export const EVENT_PUBLISHER = Symbol('EVENT_PUBLISHER');
export const BUS_CLIENT = Symbol('BUS_CLIENT');
