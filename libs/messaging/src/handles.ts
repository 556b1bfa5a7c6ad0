import { EventPattern, MessagePattern } from '@nestjs/microservices';
import type { BusEvent, BusEvents, BusReply, BusRequest, BusSubject } from '@kanban/contracts';
import type { EventOutcomes } from './bus-server';
import type { EventEnvelope } from './wire';

/** A handler method of the request/reply subject `S`: takes its request, answers its reply (or a promise of it). */
export type BusHandler<S extends BusSubject> = (payload: BusRequest<S>) => BusReply<S> | Promise<BusReply<S>>;

/** A consumer method of the durable event `E`: takes its envelope. */
export type EventHandler<E extends BusEvent> = (
  envelope: EventEnvelope<BusEvents[E]>,
) => void | Promise<void>;

/**
 * `@Handles(subject)`: `@MessagePattern(subject)` whose method is checked against the subject's row in `BusSubjects`
 * (libs/contracts): its payload parameter must accept the request, its result must be the reply. A method with no
 * parameter (health) is fine.
 */
export function Handles<S extends BusSubject>(subject: S) {
  const pattern = MessagePattern(subject);
  return <M extends BusHandler<S>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<M>,
  ): void => {
    pattern(target, key, descriptor);
  };
}

/**
 * `@OnEvent(subject)`: `@EventPattern(subject)` whose method is checked against the event's payload in `BusEvents`
 * (libs/contracts): it takes `EventEnvelope<BusEvents[E]>` (or a wider type).
 */
export function OnEvent<E extends BusEvent>(subject: E) {
  const pattern = EventPattern(subject);
  return <M extends EventHandler<E>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<M>,
  ): void => {
    pattern(target, key, descriptor);
  };
}

/** A batch consumer method of the durable event `E`: takes envelopes of it, answers each one's outcome (`EventOutcomes`). */
export type EventBatchHandler<E extends BusEvent> = (envelopes: EventEnvelope<BusEvents[E]>[]) => Promise<EventOutcomes>;

/**
 * `@OnEvents(subject)`: a consumer of the durable event `E` that takes its events in batches — over JetStream those that
 * came while it was busy (up to EVENT_BATCH_MAX), in the embedded run the consecutive ones of the outbox relay's batch —
 * and answers each one's outcome (`DeadLetters.batchOnce` makes such a consumer: one transaction per batch and company,
 * and the events one by one when the batch fails). It must be the only consumer of `E` in its process.
 */
export function OnEvents<E extends BusEvent>(subject: E) {
  const pattern = EventPattern(subject, { batch: true });
  return <M extends EventBatchHandler<E>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<M>,
  ): void => {
    pattern(target, key, descriptor);
  };
}
