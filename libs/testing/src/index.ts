export * from './api-client';
export * from './mail-sink';
export * from './distributed';
export * from './s3-server';
export * from './test-images';
export * from './nats-server';
export * from './delivery-servers';
