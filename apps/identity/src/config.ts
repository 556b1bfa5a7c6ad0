import { EnvReader, type Env } from '@kanban/config';
import { type OutboxConfig, readOutboxConfig } from '@kanban/messaging';

export interface IdentityConfig {
  jwtSecret: string;
  accessTokenTtlS: number;
  refreshTokenTtlS: number;
  /** A just-rotated refresh token presented again within this many seconds answers the same successor. */
  refreshGraceS: number;
  /** Absolute session lifetime from sign-in; refreshes never extend a session past it. */
  sessionMaxAgeS: number;
  publicUrl: string;
  supportEmail: string;
  registrationOpen: boolean;
  outbox: OutboxConfig;
}

export function loadIdentityConfig(env: Env, defaults: Partial<Record<string, string>> = {}): IdentityConfig {
  const r = new EnvReader({ ...defaults, ...env });
  const jwtSecret = r.str('JWT_SECRET');
  r.check('JWT_SECRET', jwtSecret.length === 0 || jwtSecret.length >= 32, 'must be at least 32 characters');
  const config: IdentityConfig = {
    jwtSecret,
    accessTokenTtlS: r.int('ACCESS_TOKEN_TTL_S', 900, { min: 5, max: 86_400 }),
    refreshTokenTtlS: r.int('REFRESH_TOKEN_TTL_S', 30 * 86_400, { min: 60 }),
    refreshGraceS: r.int('REFRESH_GRACE_S', 30, { min: 0, max: 600 }),
    sessionMaxAgeS: r.int('SESSION_MAX_AGE_S', 30 * 86_400, { min: 60 }),
    publicUrl: r.url('PUBLIC_URL', 'http://localhost:3000', ['http', 'https']).replace(/\/$/, ''),
    supportEmail: r.str('SUPPORT_EMAIL', 'support@kanban.example'),
    registrationOpen: r.bool('REGISTRATION_OPEN', true),
    outbox: readOutboxConfig(r),
  };
  r.done();
  return config;
}

export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');
