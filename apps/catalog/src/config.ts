import { EnvReader, type Env } from '@kanban/config';
import { type OutboxConfig, readOutboxConfig } from '@kanban/messaging';

export interface CatalogConfig {
  outbox: OutboxConfig;
  /** how often items whose contract end date is reached are disabled */
  contractEndCheckMs?: number;
}

export function loadCatalogConfig(env: Env, defaults: Partial<Record<string, string>> = {}): CatalogConfig {
  const r = new EnvReader({ ...defaults, ...env });
  const config: CatalogConfig = {
    outbox: readOutboxConfig(r),
    contractEndCheckMs: r.int('ITEM_CONTRACT_END_CHECK_MS', 15 * 60_000, { min: 1000 }),
  };
  r.done();
  return config;
}

export const CATALOG_CONFIG = Symbol('CATALOG_CONFIG');
