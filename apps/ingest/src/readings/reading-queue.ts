import { createHash } from 'node:crypto';
import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AckPolicy, type ConsumerMessages, DeliverPolicy, type JsMsg, RetentionPolicy, nanos } from 'nats';
import { INGEST_STREAM, INGEST_SUBJECT_ROOT } from '@kanban/contracts';
import { type NatsBus, redeliveryDelayMs } from '@kanban/messaging';
import { columnCount, concatColumns, decodeColumns, encodeColumns, type ReadingColumns } from './reading-columns';
import type { ReadingsWriter } from './readings.writer';

/** Where accepted readings go: to the writers, durably, before the receiver answers. */
export interface ReadingQueue {
  enqueue(readings: ReadingColumns): Promise<void>;
  /**
   * Throws `BacklogFullError` when the writers are too far behind to take more now (the HTTP receivers ask before a
   * batch and answer 503 with Retry-After); absent or passing: take it.
   */
  admit?(): void;
}

/** The work stream holds more than the backlog limit: a batch is refused whole, to be sent again after `retryAfterS`. */
export class BacklogFullError extends Error {
  constructor(
    readonly backlogBytes: number,
    readonly limitBytes: number,
    readonly retryAfterS = 1,
  ) {
    super(`the writers are behind (${Math.round(backlogBytes / 1_048_576)} MiB of readings waiting, limit ${Math.round(limitBytes / 1_048_576)} MiB): send again later`);
  }
}

/** How often a receiver asks JetStream for the work stream's size (at most). */
export const BACKLOG_CHECK_MS = 250;

export const READING_QUEUE = Symbol('READING_QUEUE');

/** How the composition root runs the queue: stored at once in this process, or through the JetStream work stream. */
export type ReadingQueueKind = { kind: 'direct' } | { kind: 'jetstream'; bus: NatsBus };

interface Pending {
  columns: ReadingColumns;
  count: number;
  done: (error?: unknown) => void;
}

/**
 * Collects readings from many calls and messages and stores them in batches of up to `batchSize` readings, at most
 * `flushMs` after the first one came (one transaction per batch, not per call); each caller's promise settles when its
 * readings committed (or failed). Up to `parallel` batches are stored at once (1: one after the other; more lets the
 * database work on one batch's insert while the next is sent, the distributed writers' setting).
 */
export class Batcher<T extends { count: number }> {
  private buffer: T[] = [];
  /** when each buffered item came (ms), in the buffer's order */
  private arrivals: number[] = [];
  private count = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly store: (items: T[]) => Promise<void>,
    private readonly batchSize: number,
    private readonly flushMs: number,
    private readonly parallel = 1,
  ) {}

  add(item: T): void {
    this.buffer.push(item);
    this.arrivals.push(Date.now());
    this.count += item.count;
    if (this.count >= this.batchSize) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.flushMs);
  }

  /**
   * Stores what is buffered now, or, when `parallel` batches are being stored, as soon as one of them is done;
   * resolves when the batch it started is stored (or, when it could start none, when those in progress are).
   */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.buffer.length === 0 || this.running.size >= this.parallel) return this.settled();
    const items: T[] = [];
    let count = 0;
    // a batch holds whole items; an item larger than the batch size goes alone
    while (this.buffer.length > 0 && (items.length === 0 || count + this.buffer[0]!.count <= this.batchSize)) {
      const item = this.buffer.shift()!;
      this.arrivals.shift();
      items.push(item);
      count += item.count;
    }
    this.count -= count;
    // `store` reports its failures to the items' owners; a batch never rejects here
    const batch: Promise<void> = this.store(items)
      .catch(() => undefined)
      .finally(() => {
        this.running.delete(batch);
        this.next();
      });
    this.running.add(batch);
    this.next();
    return batch;
  }

  /**
   * What follows a batch's start or end: the next batch at once when a full one waits or the oldest waiting item
   * waited `flushMs`, else when it will have (so under a steady stream batches are `flushMs` of readings, not
   * whatever came during the last transaction: fewer, larger transactions for at most `flushMs` more wait).
   */
  private next(): void {
    if (this.buffer.length === 0 || this.running.size >= this.parallel) return;
    const due = this.arrivals[0]! + this.flushMs - Date.now();
    if (this.count >= this.batchSize || due <= 0) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), due);
  }

  private settled(): Promise<void> {
    return Promise.all([...this.running]).then(() => undefined);
  }

  /** Waits for everything buffered. */
  async drain(): Promise<void> {
    while (this.buffer.length > 0 || this.running.size > 0) {
      if (this.buffer.length > 0 && this.running.size < this.parallel) await this.flush();
      else await Promise.race(this.running);
    }
  }
}

/** The embedded run: readings are stored in this process, batched; a caller's answer waits for its commit. */
export class DirectReadingQueue implements ReadingQueue, OnApplicationShutdown {
  private readonly batcher: Batcher<Pending>;

  constructor(writer: ReadingsWriter, batchSize: number, flushMs: number) {
    this.batcher = new Batcher<Pending>(
      async (items) => {
        try {
          await writer.write(concatColumns(items.map((i) => i.columns)));
          for (const item of items) item.done();
        } catch (error) {
          for (const item of items) item.done(error);
        }
      },
      batchSize,
      flushMs,
    );
  }

  enqueue(columns: ReadingColumns): Promise<void> {
    return new Promise((resolve, reject) => this.batcher.add({ columns, count: columnCount(columns), done: (error) => (error === undefined ? resolve() : reject(error as Error)) }));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.batcher.drain();
  }
}

/** The work stream's name and subjects under a bus prefix. */
export function ingestStream(prefix: string): { name: string; subject: (companyId: number) => string; all: string } {
  return {
    name: `${prefix.replace(/[^A-Za-z0-9_-]/g, '_')}${INGEST_STREAM}`,
    subject: (companyId) => `${prefix}${INGEST_SUBJECT_ROOT}.${companyId}`,
    all: `${prefix}${INGEST_SUBJECT_ROOT}.>`,
  };
}

/** The durable consumer the writers of every replica share. */
export const WRITER_CONSUMER = 'ingest_writer';

/**
 * The distributed run: a receiver publishes each accepted batch as one message (its columns: `ReadingColumns`) into the work stream `RAW_ingest`
 * (work-queue retention: a message is gone once acknowledged) and answers when JetStream has stored it; the writers
 * (every replica, one shared durable consumer) collect messages into batches, store them and acknowledge them after
 * the commit. A writer killed before its acknowledgement has its messages delivered again (after `ack_wait`); the
 * store keeps one reading per sensor and time, so nothing is written twice. The message id is the batch's hash, so a
 * receiver's retried publish is dropped by JetStream's duplicate window.
 */
export class JetStreamReadingQueue implements ReadingQueue, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('JetStreamReadingQueue');
  private readonly stream: ReturnType<typeof ingestStream>;
  private ensured?: Promise<void>;
  private messages?: ConsumerMessages;
  private batcher?: Batcher<{ columns: ReadingColumns; count: number; msg: JsMsg }>;
  private loop?: Promise<void>;
  private committed = 0;
  /** the work stream's bytes when last asked, and when (ms); one question at a time */
  private backlog = { bytes: 0, at: 0, asking: false };

  constructor(
    private readonly bus: NatsBus,
    private readonly writer: ReadingsWriter,
    private readonly options: {
      batchSize: number;
      flushMs: number;
      parallel?: number;
      ackWaitMs?: number;
      write?: boolean;
      exitAfterCommit?: number;
      /** bytes waiting in the work stream above which `admit` refuses (0: never) */
      backlogMaxBytes?: number;
    },
  ) {
    this.stream = ingestStream(bus.options.prefix);
  }

  /**
   * Refuses while the work stream holds more than `backlogMaxBytes` (all replicas' receivers and writers share it).
   * The size is asked of JetStream at most every BACKLOG_CHECK_MS, in the background: a call never waits for it, and
   * the answer lags by that much (a receiver may take a quarter second of batches beyond the limit).
   */
  admit(): void {
    const limit = this.options.backlogMaxBytes ?? 0;
    if (limit <= 0) return;
    const now = Date.now();
    if (now - this.backlog.at >= BACKLOG_CHECK_MS && !this.backlog.asking) {
      this.backlog.asking = true;
      void this.bus
        .manager()
        .then((jsm) => jsm.streams.info(this.stream.name))
        .then((info) => {
          this.backlog.bytes = info.state.bytes;
        })
        .catch(() => undefined)
        .finally(() => {
          this.backlog.at = Date.now();
          this.backlog.asking = false;
        });
    }
    if (this.backlog.bytes > limit) throw new BacklogFullError(this.backlog.bytes, limit);
  }

  async enqueue(columns: ReadingColumns): Promise<void> {
    await this.ensureStream();
    const data = encodeColumns(columns);
    const msgID = createHash('sha256').update(data).digest('base64url');
    await this.bus.js.publish(this.stream.subject(columns.company_id[0]!), data, { msgID });
  }

  private ensureStream(): Promise<void> {
    this.ensured ??= (async () => {
      const jsm = await this.bus.manager();
      const config = {
        name: this.stream.name,
        subjects: [this.stream.all],
        retention: RetentionPolicy.Workqueue,
        duplicate_window: nanos(2 * 60_000),
        // readings nobody stored within a week are of no use (the writers were down that long)
        max_age: nanos(7 * 24 * 3_600_000),
      };
      try {
        await jsm.streams.info(this.stream.name);
      } catch {
        try {
          await jsm.streams.add(config);
        } catch (error) {
          await jsm.streams.info(this.stream.name).catch(() => {
            throw error;
          });
        }
      }
    })().catch((error: unknown) => {
      this.ensured = undefined;
      throw error;
    });
    return this.ensured;
  }

  /** Starts this replica's writer (unless `write: false`: a receiver-only replica). */
  async onApplicationBootstrap(): Promise<void> {
    if (this.options.write === false) return;
    await this.ensureStream();
    const jsm = await this.bus.manager();
    try {
      await jsm.consumers.info(this.stream.name, WRITER_CONSUMER);
    } catch {
      await jsm.consumers.add(this.stream.name, {
        durable_name: WRITER_CONSUMER,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ack_wait: nanos(this.options.ackWaitMs ?? 60_000),
        max_ack_pending: 10_000,
      });
    }
    this.batcher = new Batcher(
      async (items) => {
        try {
          await this.writer.write(concatColumns(items.map((i) => i.columns)));
          if (this.options.exitAfterCommit && ++this.committed === this.options.exitAfterCommit) {
            // tests only (INGEST_EXIT_AFTER_COMMIT): a crash between the commit and the acknowledgement
            this.log.warn(`exiting after committed batch ${this.committed}, before acknowledging it (INGEST_EXIT_AFTER_COMMIT)`);
            process.exit(137);
          }
          for (const item of items) item.msg.ack();
        } catch (error) {
          for (const item of items) item.msg.nak(redeliveryDelayMs(item.msg.info.redeliveryCount));
          this.log.warn(`storing ${items.length} messages of readings failed, delivered again later: ${(error as Error)?.message ?? String(error)}`);
        }
      },
      this.options.batchSize,
      this.options.flushMs,
      this.options.parallel ?? 1,
    );
    const consumer = await this.bus.js.consumers.get(this.stream.name, WRITER_CONSUMER);
    // a few MiB of messages at hand: enough to fill the batches being stored from many small MQTT messages, without
    // holding many times that in large HTTP batches
    this.messages = await consumer.consume({ max_bytes: 4 * 1024 * 1024 });
    const messages = this.messages;
    const batcher = this.batcher;
    this.loop = (async () => {
      for await (const msg of messages) {
        let columns: ReadingColumns;
        try {
          columns = decodeColumns(msg.data);
        } catch (error) {
          this.log.error(`dropped an unreadable message of the readings stream (${msg.seq}): ${(error as Error).message}`);
          msg.term();
          continue;
        }
        batcher.add({ columns, count: columnCount(columns), msg });
      }
    })();
  }

  async onApplicationShutdown(): Promise<void> {
    this.messages?.stop();
    await this.loop;
    await this.batcher?.drain();
  }
}
