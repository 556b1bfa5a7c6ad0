import { AppError, ProtocolCode } from '@kanban/access';
import { busReplyBucket } from '@kanban/contracts';
import { type MsgHdrs, type NatsConnection, nanos, nuid, type ObjectStore, StorageType } from 'nats';

/** Header of a reply that was spilled: its value is the object's name in the reply bucket (the payload is empty). */
export const SPILLED_REPLY_HEADER = 'Kanban-Reply-Object';

/** How long a spilled reply stays when its caller never reads it (timed out, crashed): the bucket's max_age. */
export const SPILLED_REPLY_MAX_AGE_MS = 5 * 60_000;

/** Room left below the server's max_payload for the reply's headers and protocol line. */
export const REPLY_HEADROOM_BYTES = 16 * 1024;

/**
 * Replies larger than one NATS message (the server's max_payload, 1 MB by default): the answering service puts the
 * encoded reply into a JetStream object store bucket (`busReplyBucket(prefix)`; chunked by the object store, kept at
 * most SPILLED_REPLY_MAX_AGE_MS) and answers an empty message with the SPILLED_REPLY_HEADER; the caller reads the
 * object, deletes it (best effort) and decodes it as if it had come in the message. One per connection (NatsBus).
 */
export class ReplySpill {
  readonly bucket: string;
  private store?: Promise<ObjectStore>;

  constructor(
    private readonly nc: NatsConnection,
    prefix: string,
    /** a fixed threshold in bytes (tests); default: the connected server's max_payload minus REPLY_HEADROOM_BYTES */
    private readonly thresholdBytes?: number,
  ) {
    this.bucket = busReplyBucket(prefix);
  }

  /** Encoded replies larger than this are spilled. */
  threshold(): number {
    if (this.thresholdBytes !== undefined) return this.thresholdBytes;
    const max = this.nc.info?.max_payload ?? 1024 * 1024;
    return Math.max(1024, max - REPLY_HEADROOM_BYTES);
  }

  /** Stores an encoded reply; answers the object's name (unique). */
  async put(data: Uint8Array): Promise<string> {
    const name = nuid.next();
    const pending = this.open();
    try {
      await (await pending).putBlob({ name }, data);
    } catch (error) {
      this.forget(pending);
      throw error;
    }
    return name;
  }

  /**
   * Reads a spilled reply and deletes it (in the background; what is left goes with the bucket's max_age). Fails with
   * an Unavailable AppError when it cannot be read within `timeoutMs` (the bus's request timeout), never waits longer.
   */
  async take(name: string, timeoutMs: number): Promise<Uint8Array> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`not read within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      const pending = this.open();
      const store = await Promise.race([pending, timeout]);
      const data = await Promise.race([store.getBlob(name), timeout]).catch((error: unknown) => {
        this.forget(pending);
        throw error;
      });
      if (!data) throw new Error('it is gone (older than the bucket max_age, or the server lost it)');
      void store.delete(name).catch(() => undefined);
      return data;
    } catch (error) {
      throw new AppError(ProtocolCode.Unavailable, `a large reply could not be read from the bus's reply bucket: ${(error as Error)?.message ?? String(error)}`);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The object's name, when a reply was spilled. */
  static spilled(headers: MsgHdrs | undefined): string | undefined {
    return headers?.get(SPILLED_REPLY_HEADER) || undefined;
  }

  /** Opens the bucket, creating it on first use (idempotent); after a failure the next call opens it again. */
  private open(): Promise<ObjectStore> {
    if (!this.store) {
      const pending = this.nc.jetstream().views.os(this.bucket, {
        storage: StorageType.File,
        ttl: nanos(SPILLED_REPLY_MAX_AGE_MS),
        description: 'kanban bus replies larger than a NATS message (read and deleted by the caller)',
      });
      pending.catch(() => this.forget(pending));
      this.store = pending;
    }
    return this.store;
  }

  /** After a failure: the bucket is looked up (and created) again next time, e.g. after the server lost it. */
  private forget(pending: Promise<ObjectStore>): void {
    if (this.store === pending) this.store = undefined;
  }
}
