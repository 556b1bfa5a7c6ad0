// The embedded system, for tests and tools.
export { startEmbedded, DEMO_API_KEYS, type EmbeddedSystem } from './embedded';
export { SERVICE_DATA, seedDemo } from './services';
