import { type CustomTransportStrategy, BaseRpcContext, Server } from '@nestjs/microservices';
import { ProtocolCode } from '@kanban/access';
import { lastValueFrom } from 'rxjs';
import { type BusReply, type EventEnvelope, toErrorBody, wireCopy } from './wire';

/**
 * What a batch consumer (`@OnEvents`) answers for the events it was given, in their order: `null` for an event handled
 * (or already handled before), the failure for one that failed (the transport redelivers it, as a single consumer's).
 */
export type EventOutcomes = (unknown | null)[];

/**
 * What both transports share: finding the @MessagePattern/@EventPattern handler for a subject and
 * running it, turning its result or error into a {@link BusReply}.
 */
export abstract class BusServer extends Server implements CustomTransportStrategy {
  /**
   * The handler of a subject. Subjects are plain strings, each its own route: Nest's lookup first tries
   * JSON.parse on the subject, which throws (an exception with a stack trace per message) for every one.
   * Anything not registered under its plain name goes the Nest way.
   */
  override getHandlerByPattern(pattern: string): ReturnType<Server['getHandlerByPattern']> {
    return this.messageHandlers.get(pattern) ?? super.getHandlerByPattern(pattern);
  }

  async handleRequest(pattern: string, data: unknown): Promise<BusReply> {
    const handler = this.getHandlerByPattern(pattern);
    if (!handler || handler.isEventHandler) {
      return { ok: false, err: { code: ProtocolCode.NotFound, message: `no handler for ${pattern}` } };
    }
    try {
      const result = this.transformToObservable(await handler(data, new BaseRpcContext([pattern])));
      const value: unknown = await lastValueFrom(result, { defaultValue: null });
      return { ok: true, data: value };
    } catch (error) {
      return { ok: false, err: toErrorBody(error) };
    }
  }

  /** Runs an event handler to completion; throws if it failed, so the caller does not acknowledge. */
  async handleEventMessage(pattern: string, data: unknown): Promise<void> {
    const head = this.getHandlerByPattern(pattern);
    if (!head || !head.isEventHandler) return;
    if (this.isBatchPattern(pattern)) {
      // a batch consumer given one event: a batch of one
      const [outcome] = await this.handleEventBatch(pattern, [data as EventEnvelope]);
      if (outcome !== null && outcome !== undefined) throw outcome;
      return;
    }
    // Several handlers of one subject in one process (the embedded run: two services consume the same
    // event) are chained by Nest through `next`; each runs, each on its own copy of the payload.
    for (let handler: typeof head | undefined = head; handler; handler = handler.next) {
      const result = this.transformToObservable(await handler(wireCopy(data), new BaseRpcContext([pattern])));
      await lastValueFrom(result, { defaultValue: null });
    }
  }

  /** Whether the subject's consumer takes batches (`@OnEvents`). */
  isBatchPattern(pattern: string): boolean {
    const head = this.getHandlerByPattern(pattern);
    return !!head?.isEventHandler && head.extras?.['batch'] === true;
  }

  /**
   * Runs a batch consumer (`@OnEvents`) on events of its subject, in their order, each a copy as off the wire; answers
   * each event's outcome (null: handled). A consumer that answers no outcomes or throws fails them all.
   */
  async handleEventBatch(pattern: string, envelopes: EventEnvelope[]): Promise<EventOutcomes> {
    const head = this.getHandlerByPattern(pattern);
    if (!head || !head.isEventHandler) return envelopes.map(() => null);
    try {
      const result = this.transformToObservable(await head(wireCopy(envelopes), new BaseRpcContext([pattern])));
      const outcomes: unknown = await lastValueFrom(result, { defaultValue: null });
      if (!Array.isArray(outcomes) || outcomes.length !== envelopes.length) throw new Error(`the batch consumer of ${pattern} answered no outcome per event`);
      return outcomes.map((o: unknown) => o ?? null);
    } catch (error) {
      return envelopes.map(() => error);
    }
  }

  /**
   * A batch consumer must be its subject's only consumer in a process (Nest chains several handlers of one subject and
   * calls them with the same argument: a batch would reach a consumer of single events). Checked when listening.
   */
  protected checkBatchConsumers(): void {
    for (const pattern of this.eventPatterns()) {
      const head = this.getHandlerByPattern(pattern);
      if (!head?.next) continue;
      for (let h: typeof head | undefined = head; h; h = h.next) {
        if (h.extras?.['batch'] === true) throw new Error(`${pattern}: a batch consumer (@OnEvents) must be the only consumer of its subject in a process`);
      }
    }
  }

  eventPatterns(): string[] {
    return [...this.messageHandlers.entries()].filter(([, h]) => h.isEventHandler).map(([p]) => p);
  }

  requestPatterns(): string[] {
    return [...this.messageHandlers.entries()].filter(([, h]) => !h.isEventHandler).map(([p]) => p);
  }

  on(): void {
    // Transport events are not exposed.
  }

  unwrap<T>(): T {
    throw new Error('BusServer does not expose its transport');
  }
}
