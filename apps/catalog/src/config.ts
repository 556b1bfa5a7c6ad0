import { EnvReader, type Env } from '@kanban/config';

export interface CatalogConfig {
  outbox: { intervalMs: number; immediate: boolean };
  /** how often items whose contract end date is reached are disabled */
  contractEndCheckMs?: number;
}

export function loadCatalogConfig(env: Env, defaults: Partial<Record<string, string>> = {}): CatalogConfig {
  const r = new EnvReader({ ...defaults, ...env });
  const config: CatalogConfig = {
    outbox: {
      intervalMs: r.int('OUTBOX_RELAY_INTERVAL_MS', 1000, { min: 10 }),
      immediate: r.bool('OUTBOX_RELAY_IMMEDIATE', true),
    },
    contractEndCheckMs: r.int('ITEM_CONTRACT_END_CHECK_MS', 15 * 60_000, { min: 1000 }),
  };
  r.done();
  return config;
}

export const CATALOG_CONFIG = Symbol('CATALOG_CONFIG');
