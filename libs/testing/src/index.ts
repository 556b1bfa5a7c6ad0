export * from './api-client';
export * from './mail-sink';
export * from './distributed';
