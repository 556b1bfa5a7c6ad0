import type { ReadPacket } from '@nestjs/microservices';
import { InProcessBroadcasts } from './broadcasts';
import { BusClient } from './bus-client';
import { ProtocolCode } from '@kanban/access';
import { BusServer } from './bus-server';
import type { EventPublisher } from './event-publisher';
import { type BusReply, type EventEnvelope, wireCopy } from './wire';

/**
 * The embedded run's message bus: servers attach here, clients and the outbox relay dispatch here. Every
 * payload is copied through JSON, so handlers see exactly what they would see over NATS.
 */
export class InProcessBroker {
  private readonly servers: InProcessServer[] = [];
  /** Fire-and-forget notices between the modules of the process (see Broadcasts). */
  readonly broadcasts = new InProcessBroadcasts();

  attach(server: InProcessServer): void {
    this.servers.push(server);
  }

  detach(server: InProcessServer): void {
    const index = this.servers.indexOf(server);
    if (index >= 0) this.servers.splice(index, 1);
  }

  async request(pattern: string, data: unknown): Promise<BusReply> {
    const server = this.servers.find((s) => s.requestPatterns().includes(pattern));
    if (!server) return { ok: false, err: { code: ProtocolCode.Unavailable, message: `no responder for ${pattern}` } };
    return wireCopy(await server.handleRequest(pattern, wireCopy(data)));
  }

  /** Delivers an event to every handler of its subject; rejects if any of them failed. */
  async deliver(envelope: EventEnvelope): Promise<void> {
    const { delivered, error } = await this.deliverAll([envelope]);
    if (delivered < 1) throw error;
  }

  /**
   * Delivers events in their order (the outbox relay's batch) to every handler of their subjects, until one fails:
   * answers how many were delivered before it (and its failure). Consecutive events of a subject with a batch consumer
   * (`@OnEvents`) go to it together; like over JetStream, a failing event of such a batch does not hold up the others in
   * it (they are handled; the relay hands them over again from the failing one, and the consumer's inbox knows them).
   */
  async deliverAll(envelopes: EventEnvelope[]): Promise<{ delivered: number; error?: unknown }> {
    let i = 0;
    while (i < envelopes.length) {
      const subject = envelopes[i]!.subject;
      const servers = this.servers.filter((s) => s.eventPatterns().includes(subject));
      let end = i + 1;
      if (servers.some((s) => s.isBatchPattern(subject))) while (end < envelopes.length && envelopes[end]!.subject === subject) end++;
      const run = envelopes.slice(i, end);
      let ok = run.length;
      let failure: unknown;
      for (const server of servers) {
        if (server.isBatchPattern(subject)) {
          const outcomes = await server.handleEventBatch(subject, run);
          const failed = outcomes.findIndex((o) => o !== null);
          if (failed >= 0 && failed < ok) {
            ok = failed;
            failure = outcomes[failed];
          }
          continue;
        }
        for (let k = 0; k < ok; k++) {
          try {
            await server.handleEventMessage(subject, run[k]);
          } catch (error) {
            ok = k;
            failure = error;
          }
        }
      }
      if (ok < run.length) return { delivered: i + ok, error: failure };
      i = end;
    }
    return { delivered: envelopes.length };
  }
}

export class InProcessServer extends BusServer {
  constructor(private readonly broker: InProcessBroker) {
    super();
  }

  listen(callback: () => void): void {
    this.checkBatchConsumers();
    this.broker.attach(this);
    callback();
  }

  close(): void {
    this.broker.detach(this);
  }
}

export class InProcessClient extends BusClient {
  constructor(private readonly broker: InProcessBroker) {
    super();
  }

  unwrap<T>(): T {
    return this.broker as T;
  }

  protected roundTrip(pattern: string, data: unknown): Promise<BusReply> {
    return this.broker.request(pattern, data);
  }

  protected async dispatchEvent<T = undefined>(packet: ReadPacket): Promise<T> {
    const pattern = this.normalizePattern(packet.pattern);
    await this.broker.deliver({ id: '', subject: pattern, occurredAt: new Date().toISOString(), data: packet.data });
    return undefined as T;
  }
}

/** Outbox relay target of the embedded run: hands the event straight to the in-process handlers. */
export class InProcessEventPublisher implements EventPublisher {
  constructor(private readonly broker: InProcessBroker) {}

  async ensureStream(): Promise<void> {
    // In-process delivery needs no stream.
  }

  publish(envelope: EventEnvelope): Promise<void> {
    return this.broker.deliver(envelope);
  }

  publishAll(envelopes: EventEnvelope[]): Promise<{ published: number; error?: unknown }> {
    return this.broker.deliverAll(envelopes).then(({ delivered, error }) => ({ published: delivered, error }));
  }

  async close(): Promise<void> {
    // Nothing to close.
  }
}
