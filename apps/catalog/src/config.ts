import { EnvReader, type Env } from '@kanban/config';
import { type OutboxConfig, readOutboxConfig } from '@kanban/messaging';

export interface CatalogConfig {
  outbox: OutboxConfig;
  /** how often items whose contract end date is reached are disabled */
  contractEndCheckMs?: number;
  /** sensor alarms (docs/sensors.md "Alarms"): how often the check runs, and how long one interval minute lasts */
  sensorAlarms?: { enabled: boolean; checkMs: number; intervalUnitMs: number };
}

export function loadCatalogConfig(env: Env, defaults: Partial<Record<string, string>> = {}): CatalogConfig {
  const r = new EnvReader({ ...defaults, ...env });
  const config: CatalogConfig = {
    outbox: readOutboxConfig(r),
    contractEndCheckMs: r.int('ITEM_CONTRACT_END_CHECK_MS', 15 * 60_000, { min: 1000 }),
    sensorAlarms: {
      // the periodic check (journal entries, events); the e2e support turns it off where tests count the demo's journal
      enabled: r.bool('SENSOR_ALARMS', true),
      checkMs: r.int('SENSOR_ALARM_CHECK_MS', 60_000, { min: 100 }),
      // a sensor's interval is in minutes; tests make a "minute" last a fraction of a second instead of sleeping minutes
      intervalUnitMs: r.int('SENSOR_INTERVAL_UNIT_MS', 60_000, { min: 10, max: 60_000 }),
    },
  };
  r.done();
  return config;
}

export const CATALOG_CONFIG = Symbol('CATALOG_CONFIG');
