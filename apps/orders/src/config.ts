import { EnvReader, type Env } from '@kanban/config';
import { type OutboxConfig, readOutboxConfig } from '@kanban/messaging';

export interface OrdersConfig {
  outbox: OutboxConfig;
  scheduler: {
    /** false: no scheduled runs and no retries of stock runs (tests that want no runs they did not start) */
    enabled: boolean;
    /** how often the scheduler looks for due slots and unevaluated stock changes */
    intervalMs: number;
    /** a stock change not evaluated after this long is evaluated by the scheduler (its own run failed) */
    stockRetryMs: number;
  };
  queue: {
    /** an order queue entry not confirmed by the supply side within this time is marked error (2005) by the scheduler */
    timeoutMs: number;
  };
  /** the company time zone when identity cannot tell (spec clarifications: default Europe/Berlin) */
  defaultTimeZone: string;
}

export function loadOrdersConfig(env: Env, defaults: Partial<Record<string, string>> = {}): OrdersConfig {
  const r = new EnvReader({ ...defaults, ...env });
  const config: OrdersConfig = {
    outbox: readOutboxConfig(r),
    scheduler: {
      enabled: r.bool('ORDERS_SCHEDULER', true),
      intervalMs: r.int('ORDERS_SCHEDULER_INTERVAL_MS', 60_000, { min: 1000 }),
      stockRetryMs: r.int('ORDERS_STOCK_RETRY_MS', 60_000, { min: 1000 }),
    },
    queue: {
      timeoutMs: r.int('ORDERS_QUEUE_TIMEOUT_MS', 15 * 60_000, { min: 1000 }),
    },
    defaultTimeZone: r.str('ORDERS_DEFAULT_TIME_ZONE', 'Europe/Berlin'),
  };
  r.check('ORDERS_DEFAULT_TIME_ZONE', isTimeZone(config.defaultTimeZone), 'must be a time zone such as Europe/Berlin');
  r.done();
  return config;
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const ORDERS_CONFIG = Symbol('ORDERS_CONFIG');
