import { EnvReader, type Env } from '@kanban/config';
import { type OutboxConfig, readOutboxConfig } from '@kanban/messaging';
import { parseSecretsKey } from './servers/secret-box';

export interface NotificationsConfig {
  outbox: OutboxConfig;
  /** SECRETS_KEY: the AES-256-GCM key (32 bytes) the servers' passwords and private keys are encrypted with */
  secretsKey: Buffer;
  /** how long `verify` waits for a server to connect and answer, in milliseconds */
  verifyTimeoutMs: number;
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
  const config: NotificationsConfig = {
    outbox: readOutboxConfig(r),
    secretsKey,
    verifyTimeoutMs: r.int('SERVER_VERIFY_TIMEOUT_MS', 15_000, { min: 1000, max: 120_000 }),
  };
  r.done();
  return config;
}

export const NOTIFICATIONS_CONFIG = Symbol('NOTIFICATIONS_CONFIG');
