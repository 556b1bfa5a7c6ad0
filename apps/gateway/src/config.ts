import { EnvReader, type Env } from '@kanban/config';

export interface GatewayConfig {
  port: number;
  jwtSecret: string;
  apiKeys: { web: string; app: string };
  webDir: string;
  bodyLimit: string;
  logFormat: 'json' | 'text';
  authRateLimit: { limit: number; ttlMs: number };
}

export function loadGatewayConfig(env: Env, defaults: Partial<Record<string, string>> = {}): GatewayConfig {
  const r = new EnvReader({ ...defaults, ...env });
  const jwtSecret = r.str('JWT_SECRET');
  r.check('JWT_SECRET', jwtSecret.length === 0 || jwtSecret.length >= 32, 'must be at least 32 characters');
  const bodyLimit = r.str('BODY_LIMIT', '1mb');
  r.check('BODY_LIMIT', /^\d+(b|kb|mb)$/i.test(bodyLimit), 'must look like 512kb or 1mb');
  const config: GatewayConfig = {
    port: r.int('PORT', 3000, { min: 0, max: 65535 }),
    jwtSecret,
    apiKeys: { web: r.str('API_KEY_WEB'), app: r.str('API_KEY_APP') },
    webDir: r.str('WEB_DIR', 'dist/web'),
    bodyLimit,
    logFormat: r.oneOf('LOG_FORMAT', ['json', 'text'] as const, 'json'),
    authRateLimit: { limit: r.int('AUTH_RATE_LIMIT', 30, { min: 1 }), ttlMs: 60_000 },
  };
  r.check('API_KEY_APP', config.apiKeys.web !== config.apiKeys.app, 'must differ from API_KEY_WEB');
  r.done();
  return config;
}

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
