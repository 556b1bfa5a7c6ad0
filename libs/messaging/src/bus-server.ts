import { type CustomTransportStrategy, BaseRpcContext, Server } from '@nestjs/microservices';
import { ProtocolCode } from '@kanban/access';
import { lastValueFrom } from 'rxjs';
import { type BusReply, toErrorBody, wireCopy } from './wire';

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
    // Several handlers of one subject in one process (the embedded run: two services consume the same
    // event) are chained by Nest through `next`; each runs, each on its own copy of the payload.
    for (let handler: typeof head | undefined = head; handler; handler = handler.next) {
      const result = this.transformToObservable(await handler(wireCopy(data), new BaseRpcContext([pattern])));
      await lastValueFrom(result, { defaultValue: null });
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
