import { EnvReader, type Env } from '@kanban/config';

export interface CatalogConfig {
  outbox: { intervalMs: number; immediate: boolean };
}

export function loadCatalogConfig(env: Env, defaults: Partial<Record<string, string>> = {}): CatalogConfig {
  const r = new EnvReader({ ...defaults, ...env });
  const config: CatalogConfig = {
    outbox: {
      intervalMs: r.int('OUTBOX_RELAY_INTERVAL_MS', 1000, { min: 10 }),
      immediate: r.bool('OUTBOX_RELAY_IMMEDIATE', true),
    },
  };
  r.done();
  return config;
}

export const CATALOG_CONFIG = Symbol('CATALOG_CONFIG');
