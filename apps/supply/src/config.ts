import { EnvReader, type Env } from '@kanban/config';
import { type OutboxConfig, readOutboxConfig } from '@kanban/messaging';

export interface SupplyConfig {
  outbox: OutboxConfig;
}

export function loadSupplyConfig(env: Env, defaults: Partial<Record<string, string>> = {}): SupplyConfig {
  const r = new EnvReader({ ...defaults, ...env });
  const config: SupplyConfig = {
    outbox: readOutboxConfig(r),
  };
  r.done();
  return config;
}

export const SUPPLY_CONFIG = Symbol('SUPPLY_CONFIG');
