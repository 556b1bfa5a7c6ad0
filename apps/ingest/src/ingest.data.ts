import { MESSAGING_ENTITIES } from '@kanban/messaging';
import type { ServiceDataOptions } from '@kanban/persistence';
import { INGEST_MIGRATIONS } from './migrations';

/**
 * The ingestion's schema: the outbox, inbox and dead letters as every service, and the readings, which live in
 * hand-written tables (month partitions and aggregates; migrations and `readings.repository.ts`), outside the ORM.
 */
export const ingestData: ServiceDataOptions = {
  service: 'ingest',
  entities: [...MESSAGING_ENTITIES],
  migrations: INGEST_MIGRATIONS,
  rawTables: [/^reading/],
};
