import { type NatsConnection, type ObjectStore, StorageType } from 'nats';
import { assertBlobKey } from './blob-key';
import type { BlobStore } from './blob-store';

/**
 * Distributed run: a NATS JetStream object store bucket (stream `OBJ_<bucket>`), which chunks objects
 * so they never exceed the 1 MB message limit. It stands in for the S3-compatible store of the design:
 * every process already reaches NATS, and the adapter can be swapped behind BlobStore.
 */
export class NatsObjectBlobStore implements BlobStore {
  private store?: Promise<ObjectStore>;

  constructor(
    private readonly nc: NatsConnection,
    readonly bucket: string,
  ) {}

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertBlobKey(key);
    const store = await this.open();
    await store.putBlob({ name: key, description: contentType }, new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  }

  async get(key: string): Promise<Buffer | null> {
    assertBlobKey(key);
    const store = await this.open();
    const data = await store.getBlob(key);
    return data ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : null;
  }

  async delete(key: string): Promise<void> {
    assertBlobKey(key);
    const store = await this.open();
    if (await store.info(key)) await store.delete(key);
  }

  /** Opens the bucket, creating it on first use; a failed attempt is retried on the next call. */
  private open(): Promise<ObjectStore> {
    if (!this.store) {
      const pending = this.nc.jetstream().views.os(this.bucket, { storage: StorageType.File, description: 'kanban blobs (images, files)' });
      pending.catch(() => {
        if (this.store === pending) this.store = undefined;
      });
      this.store = pending;
    }
    return this.store;
  }
}
