import type { Role } from '@kanban/access';
import type { LoginResult } from '@kanban/contracts';

/** What survives a reload: the tokens and when the refresh token expires (spec 4, 5). */
export interface StoredTokens {
  token: string;
  refreshToken: string;
  refreshExpiresAt: string;
}

const KEY = 'kanban.session';
const TARGET_KEY = 'kanban.target';

export function readTokens(): StoredTokens | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredTokens>;
    if (
      typeof value.token !== 'string' ||
      typeof value.refreshToken !== 'string' ||
      typeof value.refreshExpiresAt !== 'string'
    )
      return null;
    return value as StoredTokens;
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
  };
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
  const empty: Claims = { companies: {}, operator: false };
  if (!token) return empty;
  const part = token.split('.')[1];
  if (!part) return empty;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const payload = JSON.parse(atob(base64)) as { c?: Record<string, Role>; op?: number };
    return { companies: payload.c ?? {}, operator: payload.op === 1 };
  } catch {
    return empty;
  }
}
