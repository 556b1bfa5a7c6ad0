import type { Role } from '@kanban/access';
import type { LoginResult, UserDto } from '@kanban/contracts';

/**
 * What survives a reload and is shared by the tabs: the tokens, when the refresh token expires (spec 4, 5),
 * and the signed-in user (so a reload with a valid access token needs no call).
 */
export interface StoredTokens {
  token: string;
  refreshToken: string;
  refreshExpiresAt: string;
  user?: UserDto;
}

/** The localStorage key of the session; other tabs learn of changes through its storage event. */
export const SESSION_KEY = 'kanban.session';
const KEY = SESSION_KEY;
const TARGET_KEY = 'kanban.target';

export function readTokens(): StoredTokens | null {
  try {
    return parseTokens(localStorage.getItem(KEY));
  } catch {
    return null;
  }
}

/** The stored session from its JSON text (as read, or as a storage event carries it); null when not of its shape. */
export function parseTokens(raw: string | null): StoredTokens | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredTokens>;
    if (
      typeof value.token !== 'string' ||
      typeof value.refreshToken !== 'string' ||
      typeof value.refreshExpiresAt !== 'string'
    )
      return null;
    const user = value.user && typeof value.user === 'object' && typeof value.user.id === 'number' ? value.user : undefined;
    return { token: value.token, refreshToken: value.refreshToken, refreshExpiresAt: value.refreshExpiresAt, user };
  } catch {
    return null;
  }
}

export function writeTokens(tokens: StoredTokens | null): void {
  try {
    if (tokens) localStorage.setItem(KEY, JSON.stringify(tokens));
    else localStorage.removeItem(KEY);
  } catch {
    // storage unavailable: the session lasts for this page only
  }
}

export function tokensOf(result: LoginResult): StoredTokens {
  return {
    token: result.token,
    refreshToken: result.refresh_token,
    refreshExpiresAt: result.refresh_expires_at,
    user: result.user,
  };
}

/** The access token's expiry and issue time (ms) from its payload; null when it cannot be read. */
export function accessTimes(token: string | null): { exp: number; iat: number | null } | null {
  const payload = payloadOf(token);
  if (!payload || typeof payload.exp !== 'number') return null;
  return { exp: payload.exp * 1000, iat: typeof payload.iat === 'number' ? payload.iat * 1000 : null };
}

/** Whether the access token is still good for at least `marginMs` (a reload then needs no refresh). */
export function accessUsable(token: string | null, now = Date.now(), marginMs = 5_000): boolean {
  const times = accessTimes(token);
  return times !== null && times.exp - marginMs > now;
}

/**
 * When to refresh ahead of the access token's expiry: a minute before it, or a quarter of its lifetime before it
 * when that is shorter; at once for a token that cannot be read.
 */
export function refreshDueAt(token: string | null): number {
  const times = accessTimes(token);
  if (!times) return 0;
  const lifetime = times.iat !== null ? times.exp - times.iat : 4 * 60_000;
  return times.exp - Math.min(60_000, Math.max(1_000, lifetime / 4));
}

/** Token validity is judged by the refresh token expiry time (spec 5). */
export function refreshUsable(tokens: StoredTokens | null, now = Date.now()): boolean {
  if (!tokens) return false;
  const expires = Date.parse(tokens.refreshExpiresAt);
  return Number.isFinite(expires) && expires > now;
}

/** The address a signed-out user wanted, kept until the next login. */
export function rememberTarget(path: string): void {
  try {
    sessionStorage.setItem(TARGET_KEY, path);
  } catch {
    // ignore
  }
}

/** Where to go after login: the remembered address, else /companies (the address stays until reached). */
export function peekTarget(): string {
  try {
    return afterLoginTarget(sessionStorage.getItem(TARGET_KEY));
  } catch {
    return afterLoginTarget(null);
  }
}

/** Forgets the remembered address once a signed-in page is shown. */
export function clearTarget(): void {
  try {
    sessionStorage.removeItem(TARGET_KEY);
  } catch {
    // ignore
  }
}

/** After login: the remembered address; /companies when none or when it was the login page. */
export function afterLoginTarget(target: string | null): string {
  // Only an address inside the app: "//host/..." would be another site.
  if (
    !target ||
    !target.startsWith('/') ||
    target.startsWith('//') ||
    target === '/' ||
    target.startsWith('/login')
  )
    return '/companies';
  return target;
}

export interface Claims {
  /** role per company id */
  companies: Record<string, Role>;
  operator: boolean;
}

/** Reads the access token payload (base64url JSON): `c` = {companyId: role}, `op` = 1 for the operator. */
export function claimsOf(token: string | null): Claims {
  const payload = payloadOf(token) as { c?: Record<string, Role>; op?: number } | null;
  if (!payload) return { companies: {}, operator: false };
  return { companies: payload.c ?? {}, operator: payload.op === 1 };
}

function payloadOf(token: string | null): Record<string, unknown> | null {
  if (!token) return null;
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const payload: unknown = JSON.parse(atob(base64));
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
