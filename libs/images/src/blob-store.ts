import type { NatsConnection } from 'nats';
import { FolderBlobStore } from './folder-blob-store';
import { NatsObjectBlobStore } from './nats-object-blob-store';
import { S3BlobStore, type S3BlobStoreOptions } from './s3-blob-store';

export { assertBlobKey } from './blob-key';

/**
 * Where large bytes live (images now; PDFs and import files later): never in the database and never in
 * a bus message (NATS messages are limited to 1 MB). Keys are paths of letters, digits, `_` and `-`
 * segments separated by `/`, e.g. `images/<32 hex>`.
 */
export interface BlobStore {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/** Which adapter a process uses; chosen by its composition root from configuration. */
export type BlobStoreConfig =
  | { kind: 'folder'; dir: string }
  | { kind: 'nats'; bucket: string }
  | ({ kind: 's3' } & S3BlobStoreOptions);

export const BLOB_STORE = Symbol('BLOB_STORE');

export function createBlobStore(config: BlobStoreConfig, deps: { nats?: NatsConnection } = {}): BlobStore {
  switch (config.kind) {
    case 'folder':
      return new FolderBlobStore(config.dir);
    case 'nats':
      if (!deps.nats) throw new Error('the NATS object store needs a NATS connection');
      return new NatsObjectBlobStore(deps.nats, config.bucket);
    case 's3': {
      const { kind: _kind, ...options } = config;
      return new S3BlobStore(options);
    }
  }
}

/**
 * The object store bucket of an environment: the bus prefix made bucket-safe in front of the name, so
 * runs sharing a NATS server (tests, staging) never see each other's blobs.
 */
export function objectStoreBucket(prefix: string, name: string): string {
  return `${prefix.replace(/[^A-Za-z0-9_-]/g, '_')}${name}`;
}
