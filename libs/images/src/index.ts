// Images (the spec's rules for uploads and requested sizes) and blob storage with its two adapters.
export * from './image-rules';
export * from './blob-store';
export { FolderBlobStore } from './folder-blob-store';
export { NatsObjectBlobStore } from './nats-object-blob-store';
export { S3BlobStore, type S3BlobStoreOptions } from './s3-blob-store';
export * from './image-variants';
