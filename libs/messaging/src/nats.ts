import { Logger } from '@nestjs/common';
import type { ReadPacket } from '@nestjs/microservices';
import { BusClient } from './bus-client';
import {
  AckPolicy,
  connect,
  type Consumer,
  type ConsumerMessages,
  DeliverPolicy,
  Empty,
  headers,
  JSONCodec,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type Msg,
  type NatsConnection,
  nanos,
  type Subscription,
} from 'nats';
import { ProtocolCode } from '@kanban/access';
import { busInboxPrefix } from '@kanban/contracts';
import { BusServer } from './bus-server';
import type { EventPublisher } from './event-publisher';
import { ReplySpill, SPILLED_REPLY_HEADER } from './reply-spill';
import { type BusReply, type EventEnvelope, streamName, streamOf } from './wire';

const codec = JSONCodec();

export interface NatsBusOptions {
  url: string;
  /** Prefix of every subject and stream: isolates test runs and environments sharing a server. */
  prefix: string;
  /** Connection name shown by the server. */
  name: string;
  requestTimeoutMs: number;
  /**
   * How long an event stream keeps its events (JetStream max_age; EVENT_RETENTION_HOURS). Set, a stream is created
   * with it and an existing one with another age is changed to it; unset, streams keep events until deleted.
   */
  streamMaxAgeHours?: number;
  /**
   * The service's NATS user and password (NATS_USER, NATS_PASSWORD; the server's permissions are generated from
   * BUS_ACCESS in libs/contracts). With a user the reply inbox is the service's own (`_INBOX_<name>`).
   */
  user?: string;
  password?: string;
  /**
   * Encoded replies larger than this many bytes go through the reply bucket (ReplySpill); default: the server's
   * max_payload minus headroom for headers. Tests set a small one.
   */
  replySpillBytes?: number;
}

/**
 * How long a failed event waits before JetStream delivers it again: 5 s after the first delivery, doubling up to 10
 * minutes. A durable event is never dropped (its consumer may wait out a database restart); one that keeps failing
 * is retried every 10 minutes, logged with its delivery count, instead of every 5 s.
 */
export function redeliveryDelayMs(delivery: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, Math.min(delivery, 20) - 1), 600_000);
}

/** Events a batch consumer (`@OnEvents`) is given at once at most. */
export const EVENT_BATCH_MAX = 100;

/** One NATS connection per process, shared by the server, the client and the event publisher. */
export class NatsBus {
  private jsm?: JetStreamManager;
  private readonly ensured = new Map<string, Promise<void>>();
  /** Replies larger than one NATS message, through the object store (see ReplySpill). */
  readonly replies: ReplySpill;

  private constructor(
    readonly nc: NatsConnection,
    readonly js: JetStreamClient,
    readonly options: NatsBusOptions,
  ) {
    this.replies = new ReplySpill(nc, options.prefix, options.replySpillBytes);
  }

  static async connect(options: NatsBusOptions): Promise<NatsBus> {
    // noAsyncTraces: no Error (a captured stack) per request for a timeout's message; bus failures become
    // AppErrors without the stack anyway (toAppError), and two captures per request were ~0.05 ms of CPU.
    const nc = await connect({
      servers: options.url,
      name: options.name,
      maxReconnectAttempts: -1,
      noAsyncTraces: true,
      ...(options.user ? { user: options.user, pass: options.password ?? '', inboxPrefix: busInboxPrefix(options.name) } : {}),
    });
    return new NatsBus(nc, nc.jetstream(), options);
  }

  subject(pattern: string): string {
    return this.options.prefix + pattern;
  }

  async manager(): Promise<JetStreamManager> {
    this.jsm ??= await this.nc.jetstreamManager();
    return this.jsm;
  }

  /** Creates the durable event stream of a service if it does not exist (idempotent, race-safe). */
  ensureStream(service: string): Promise<void> {
    const name = streamName(service, this.options.prefix);
    let pending = this.ensured.get(name);
    if (!pending) {
      pending = (async () => {
        const jsm = await this.manager();
        const hours = this.options.streamMaxAgeHours;
        const maxAge = hours === undefined ? undefined : nanos(hours * 3600 * 1000);
        try {
          const info = await jsm.streams.info(name);
          if (maxAge !== undefined && info.config.max_age !== maxAge) {
            await jsm.streams.update(name, { ...info.config, max_age: maxAge });
          }
        } catch {
          try {
            await jsm.streams.add({
              name,
              subjects: [this.subject(`evt.${service}.>`)],
              duplicate_window: nanos(10 * 60 * 1000),
              ...(maxAge === undefined ? {} : { max_age: maxAge }),
            });
          } catch (error) {
            // Another process may have created it in the meantime.
            await jsm.streams.info(name).catch(() => {
              throw error;
            });
          }
        }
      })();
      pending.catch(() => this.ensured.delete(name));
      this.ensured.set(name, pending);
    }
    return pending;
  }

  /** Drains the connection; a second call while it drains waits for the close (the gateway's SIGTERM and the module's shutdown both close it). */
  async close(): Promise<void> {
    if (this.nc.isClosed()) return;
    if (this.nc.isDraining()) await this.nc.closed();
    else await this.nc.drain();
  }
}

/**
 * Serves a service's handlers over NATS: request subjects in a queue group named after the service
 * (replicas share the load), and each @EventPattern through a durable JetStream consumer of that
 * service that acknowledges only after the handler (and so its own commit) succeeded.
 */
export class NatsBusServer extends BusServer {
  private readonly log = new Logger('NatsBusServer');
  private readonly subscriptions: Subscription[] = [];
  private readonly consumers: ConsumerMessages[] = [];

  constructor(
    private readonly bus: NatsBus,
    private readonly service: string,
  ) {
    super();
  }

  async listen(callback: (error?: unknown) => void): Promise<void> {
    try {
      for (const pattern of this.requestPatterns()) {
        const subscription = this.bus.nc.subscribe(this.bus.subject(pattern), {
          queue: this.service,
          callback: (err, msg) => {
            if (err) return;
            let data: unknown;
            try {
              data = msg.data.length ? codec.decode(msg.data) : undefined;
            } catch {
              msg.respond(codec.encode({ ok: false, err: { code: 1000, message: 'malformed message' } }));
              return;
            }
            void this.handleRequest(pattern, data).then((reply) => this.respond(pattern, msg, reply));
          },
        });
        this.subscriptions.push(subscription);
      }
      this.checkBatchConsumers();
      for (const pattern of this.eventPatterns()) await this.consume(pattern);
      callback();
    } catch (error) {
      callback(error);
    }
  }

  /**
   * Answers a request; a reply larger than one NATS message is put into the reply bucket and answered by its name in
   * a header (ReplySpill), and when that fails the caller gets an Unavailable error instead of nothing.
   */
  private async respond(pattern: string, msg: Msg, reply: BusReply): Promise<void> {
    const data = codec.encode(reply);
    if (data.length <= this.bus.replies.threshold()) {
      try {
        msg.respond(data);
      } catch {
        // the connection is closing: the caller times out
      }
      return;
    }
    try {
      const name = await this.bus.replies.put(data);
      const h = headers();
      h.set(SPILLED_REPLY_HEADER, name);
      msg.respond(Empty, { headers: h });
    } catch (error) {
      const message = `a reply of ${data.length} bytes (larger than a bus message) could not be stored for its caller`;
      this.log.error(`${pattern}: ${message} in the reply bucket ${this.bus.replies.bucket}: ${(error as Error)?.message ?? String(error)}`);
      try {
        msg.respond(codec.encode({ ok: false, err: { code: ProtocolCode.Unavailable, message } } satisfies BusReply));
      } catch {
        // the connection is closing: the caller times out
      }
    }
  }

  private async consume(pattern: string): Promise<void> {
    const producer = /^evt\.([a-z0-9_-]+)\./i.exec(pattern)?.[1];
    if (!producer) throw new Error(`event pattern must look like evt.<service>.<name>: ${pattern}`);
    await this.bus.ensureStream(producer);
    const stream = streamOf(pattern, this.bus.options.prefix);
    const durable = `${this.service}__${pattern.replace(/[^A-Za-z0-9_-]/g, '_')}`;
    const jsm = await this.bus.manager();
    try {
      await jsm.consumers.info(stream, durable);
    } catch {
      await jsm.consumers.add(stream, {
        durable_name: durable,
        filter_subject: this.bus.subject(pattern),
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ack_wait: nanos(60_000),
      });
    }
    const consumer = await this.bus.js.consumers.get(stream, durable);
    if (this.isBatchPattern(pattern)) {
      await this.consumeBatches(pattern, consumer);
      return;
    }
    const messages = await consumer.consume({ max_messages: 64 });
    this.consumers.push(messages);
    void (async () => {
      for await (const msg of messages) {
        try {
          const envelope = codec.decode(msg.data) as EventEnvelope;
          await this.handleEventMessage(pattern, envelope);
          msg.ack();
        } catch (error) {
          this.failed(pattern, msg, error);
        }
      }
    })();
  }

  /**
   * A batch consumer's subject (`@OnEvents`): the messages that came while the consumer was busy go to it together, up to
   * EVENT_BATCH_MAX (at a low rate a batch is one message, as soon as it comes); each is acknowledged after the batch's
   * handling (its commit) by its own outcome, a failed one given back with the same redelivery delay as a single consumer's.
   * The messages waiting in hand are bounded by the pull (and the consumer's max_ack_pending on the server).
   */
  private async consumeBatches(pattern: string, consumer: Consumer): Promise<void> {
    const queue: JsMsg[] = [];
    let wake: (() => void) | null = null;
    let stopped = false;
    const messages = await consumer.consume({
      max_messages: 2 * EVENT_BATCH_MAX,
      callback: (msg) => {
        queue.push(msg);
        wake?.();
      },
    });
    this.consumers.push(messages);
    void messages.closed().then(
      () => undefined,
      () => undefined,
    ).finally(() => {
      stopped = true;
      wake?.();
    });
    void (async () => {
      for (;;) {
        if (queue.length === 0) {
          if (stopped) return;
          await new Promise<void>((resolve) => (wake = resolve));
          wake = null;
          continue;
        }
        const batch = queue.splice(0, EVENT_BATCH_MAX);
        const envelopes: EventEnvelope[] = [];
        const readable: JsMsg[] = [];
        for (const msg of batch) {
          try {
            envelopes.push(codec.decode(msg.data) as EventEnvelope);
            readable.push(msg);
          } catch (error) {
            this.failed(pattern, msg, error);
          }
        }
        if (envelopes.length === 0) continue;
        const outcomes = await this.handleEventBatch(pattern, envelopes);
        readable.forEach((msg, i) => {
          const outcome = outcomes[i];
          if (outcome === null || outcome === undefined) msg.ack();
          else this.failed(pattern, msg, outcome);
        });
      }
    })();
  }

  /** An event that failed: given back to JetStream, delivered again after redeliveryDelayMs. */
  private failed(pattern: string, msg: JsMsg, error: unknown): void {
    const delivery = msg.info.redeliveryCount;
    const delay = redeliveryDelayMs(delivery);
    this.log.warn(`event ${pattern} failed (delivery ${delivery}), redelivery in ${delay / 1000} s: ${(error as Error)?.message ?? String(error)}`);
    msg.nak(delay);
  }

  async close(): Promise<void> {
    for (const s of this.subscriptions) s.unsubscribe();
    for (const c of this.consumers) c.stop();
    this.subscriptions.length = 0;
    this.consumers.length = 0;
  }
}

export class NatsBusClient extends BusClient {
  constructor(private readonly bus: NatsBus) {
    super();
  }

  unwrap<T>(): T {
    return this.bus.nc as T;
  }

  protected async roundTrip(pattern: string, data: unknown): Promise<BusReply> {
    const timeout = this.bus.options.requestTimeoutMs;
    const msg = await this.bus.nc.request(this.bus.subject(pattern), codec.encode(data ?? null), { timeout });
    const spilled = ReplySpill.spilled(msg.headers);
    if (spilled === undefined) return codec.decode(msg.data) as BusReply;
    return codec.decode(await this.bus.replies.take(spilled, timeout)) as BusReply;
  }

  protected async dispatchEvent<T = undefined>(packet: ReadPacket): Promise<T> {
    this.bus.nc.publish(this.bus.subject(this.normalizePattern(packet.pattern)), codec.encode(packet.data ?? null));
    return undefined as T;
  }
}

/** Outbox relay target of the distributed run: JetStream, with the outbox id as Nats-Msg-Id. */
export class JetStreamEventPublisher implements EventPublisher {
  constructor(private readonly bus: NatsBus) {}

  ensureStream(service: string): Promise<void> {
    return this.bus.ensureStream(service);
  }

  async publish(envelope: EventEnvelope): Promise<void> {
    await this.bus.js.publish(this.bus.subject(envelope.subject), codec.encode(envelope), { msgID: envelope.id });
  }

  /**
   * All at once on the one connection (the stream stores them in the order they were written), then their
   * acknowledgements: one round trip for the batch instead of one per event.
   */
  async publishAll(envelopes: EventEnvelope[]): Promise<{ published: number; error?: unknown }> {
    const results = await Promise.allSettled(envelopes.map((envelope) => this.publish(envelope)));
    const failed = results.findIndex((r) => r.status === 'rejected');
    if (failed < 0) return { published: envelopes.length };
    return { published: failed, error: (results[failed] as PromiseRejectedResult).reason };
  }

  async close(): Promise<void> {
    // The shared connection is closed by the composition root.
  }
}
