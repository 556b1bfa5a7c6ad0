// Images (the spec's rules for uploads and requested sizes) and blob storage with its two adapters.
export * from './image-rules';
export * from './blob-store';
export { FolderBlobStore } from './folder-blob-store';
export { NatsObjectBlobStore } from './nats-object-blob-store';
