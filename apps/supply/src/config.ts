import { EnvReader, type Env } from '@kanban/config';

export interface SupplyConfig {
  outbox: { intervalMs: number; immediate: boolean };
}

export function loadSupplyConfig(env: Env, defaults: Partial<Record<string, string>> = {}): SupplyConfig {
  const r = new EnvReader({ ...defaults, ...env });
  const config: SupplyConfig = {
    outbox: {
      intervalMs: r.int('OUTBOX_RELAY_INTERVAL_MS', 1000, { min: 10 }),
      immediate: r.bool('OUTBOX_RELAY_IMMEDIATE', true),
    },
  };
  r.done();
  return config;
}

export const SUPPLY_CONFIG = Symbol('SUPPLY_CONFIG');
