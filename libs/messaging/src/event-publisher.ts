import type { EventEnvelope } from './wire';

/** Where the outbox relay sends committed events: JetStream, or in-process handlers. */
export interface EventPublisher {
  /** Makes sure the durable stream of a producing service exists. */
  ensureStream(service: string): Promise<void>;
  /** Publishes once per event id (JetStream deduplicates on the id within its window). */
  publish(envelope: EventEnvelope): Promise<void>;
  /**
   * Publishes events in their order; answers how many of them, from the first, were published (all, or those before the
   * first that failed, with its failure). Those after a failure may have been published too: they go again with the same
   * ids, which JetStream drops as duplicates and consumers' inboxes know.
   */
  publishAll(envelopes: EventEnvelope[]): Promise<{ published: number; error?: unknown }>;
  close(): Promise<void>;
}

export const EVENT_PUBLISHER = Symbol('EVENT_PUBLISHER');
export const BUS_CLIENT = Symbol('BUS_CLIENT');
