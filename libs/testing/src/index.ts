export * from './api-client';
export * from './mail-sink';
