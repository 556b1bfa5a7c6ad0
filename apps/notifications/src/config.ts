import { EnvReader, type Env } from '@kanban/config';
import { type OutboxConfig, readOutboxConfig } from '@kanban/messaging';
import { parseSecretsKey } from './servers/secret-box';

export interface NotificationsConfig {
  outbox: OutboxConfig;
  /** SECRETS_KEY: the AES-256-GCM key (32 bytes) the servers' passwords and private keys are encrypted with */
  secretsKey: Buffer;
  /** SECRETS_KEY_PREVIOUS: keys of before a rotation (comma-separated): values sealed with them still open and are sealed again with SECRETS_KEY at start */
  previousSecretsKeys: Buffer[];
  /** how long `verify` waits for a server to connect and answer, in milliseconds */
  verifyTimeoutMs: number;
  /** the delivery's worker and retries (docs/notifications.md "Delivery") */
  delivery: DeliveryConfig;
  /** reading the suppliers' answers (docs/notifications.md "Order responses") */
  responses: ResponsesConfig;
}

export interface ResponsesConfig {
  /** RESPONSE_FETCHER: false leaves the answers to other processes (default true) */
  fetcher: boolean;
  /** RESPONSE_POLL_MS: how often the answer folders of the rules with fetch_response are read (default 5 min) */
  pollMs: number;
}

export interface DeliveryConfig {
  /** DELIVERY_WORKER: false leaves the due deliveries to other processes (default true) */
  worker: boolean;
  /** DELIVERY_POLL_MS: how often the worker looks for due deliveries (default 5 s; a planned delivery wakes it at once in its process) */
  pollMs: number;
  /** DELIVERY_LEASE_MS: how long a claimed delivery belongs to its worker; after that a crashed worker's row is claimed again (default 5 min) */
  leaseMs: number;
  /** DELIVERY_BATCH: deliveries claimed at once (default 200; those to one server share its connections) */
  batch: number;
  /** DELIVERY_MAIL_CONNECTIONS: kept-open SMTP connections per server, reused by the batches of a worker run (default 4) */
  mailConnections: number;
  /** DELIVERY_TIMEOUT_MS: per step of a connection (default 30 s) */
  timeoutMs: number;
  /** DELIVERY_MAIL_GIVE_UP_DAYS (1-5, default 5), DELIVERY_FILE_GIVE_UP_MS and DELIVERY_HTTP_GIVE_UP_MS (default 1 day) */
  mailGiveUpAfterMs: number;
  fileGiveUpAfterMs: number;
  httpGiveUpAfterMs: number;
  /** DELIVERY_RETRY_SCALE: the retry schedule's times multiplied by it (default 1; tests shorten the schedule with e.g. 0.001) */
  retryScale: number;
  /** DELIVERY_DIGEST_CHECK_MS: how often the daily digests due are looked for (default 1 min) */
  digestCheckMs: number;
  /**
   * DELIVERY_TEST_PAUSE_FILE (tests only): while this file exists, the worker stops after a send and before recording it,
   * writing `<file>.sent` with the key (the SIGKILL test kills the process there)
   */
  testPauseFile: string;
}

/**
 * The notifications service's variables. `defaults` fills what the environment leaves out (the embedded run passes
 * the key it keeps in DATA_DIR); the distributed run needs SECRETS_KEY.
 */
export function loadNotificationsConfig(env: Env, defaults: Partial<Record<string, string>> = {}): NotificationsConfig {
  const r = new EnvReader({ ...defaults, ...env });
  const raw = r.str('SECRETS_KEY');
  let secretsKey: Buffer = Buffer.alloc(0);
  if (raw) {
    try {
      secretsKey = parseSecretsKey(raw);
    } catch (error) {
      r.check('SECRETS_KEY', false, (error as Error).message);
    }
  }
  const previousSecretsKeys: Buffer[] = [];
  for (const [index, part] of r.str('SECRETS_KEY_PREVIOUS', '').split(',').entries()) {
    if (!part.trim()) continue;
    try {
      previousSecretsKeys.push(parseSecretsKey(part));
    } catch (error) {
      r.check('SECRETS_KEY_PREVIOUS', false, `key ${index + 1}: ${(error as Error).message}`);
    }
  }
  const config: NotificationsConfig = {
    outbox: readOutboxConfig(r),
    secretsKey,
    previousSecretsKeys,
    verifyTimeoutMs: r.int('SERVER_VERIFY_TIMEOUT_MS', 15_000, { min: 1000, max: 120_000 }),
    delivery: {
      worker: r.bool('DELIVERY_WORKER', true),
      pollMs: r.int('DELIVERY_POLL_MS', 5000, { min: 50, max: 3_600_000 }),
      leaseMs: r.int('DELIVERY_LEASE_MS', 300_000, { min: 1000, max: 86_400_000 }),
      batch: r.int('DELIVERY_BATCH', 200, { min: 1, max: 1000 }),
      mailConnections: r.int('DELIVERY_MAIL_CONNECTIONS', 4, { min: 1, max: 32 }),
      timeoutMs: r.int('DELIVERY_TIMEOUT_MS', 30_000, { min: 500, max: 600_000 }),
      mailGiveUpAfterMs: r.int('DELIVERY_MAIL_GIVE_UP_DAYS', 5, { min: 1, max: 5 }) * 86_400_000,
      fileGiveUpAfterMs: r.int('DELIVERY_FILE_GIVE_UP_MS', 86_400_000, { min: 1000, max: 30 * 86_400_000 }),
      httpGiveUpAfterMs: r.int('DELIVERY_HTTP_GIVE_UP_MS', 86_400_000, { min: 1000, max: 30 * 86_400_000 }),
      retryScale: retryScaleOf(r),
      digestCheckMs: r.int('DELIVERY_DIGEST_CHECK_MS', 60_000, { min: 100, max: 3_600_000 }),
      testPauseFile: r.optional('DELIVERY_TEST_PAUSE_FILE') ?? '',
    },
    responses: {
      fetcher: r.bool('RESPONSE_FETCHER', true),
      pollMs: r.int('RESPONSE_POLL_MS', 300_000, { min: 100, max: 86_400_000 }),
    },
  };
  r.done();
  return config;
}

/** DELIVERY_RETRY_SCALE: a positive number (at most 100). */
function retryScaleOf(r: EnvReader): number {
  const raw = r.optional('DELIVERY_RETRY_SCALE');
  if (raw === undefined) return 1;
  const value = Number(raw);
  r.check('DELIVERY_RETRY_SCALE', Number.isFinite(value) && value > 0 && value <= 100, `must be a number above 0 and at most 100, got "${raw}"`);
  return Number.isFinite(value) && value > 0 && value <= 100 ? value : 1;
}

export const NOTIFICATIONS_CONFIG = Symbol('NOTIFICATIONS_CONFIG');
