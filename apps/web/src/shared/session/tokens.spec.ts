import { Role } from '@kanban/access';
import type { LoginResult } from '@kanban/contracts';
import {
  accessTimes,
  accessUsable,
  afterLoginTarget,
  claimsOf,
  clearTarget,
  parseTokens,
  peekTarget,
  readTokens,
  refreshDueAt,
  refreshUsable,
  rememberTarget,
  type StoredTokens,
  tokensOf,
  writeTokens,
} from './tokens';

/** A JWT-shaped token with the given payload (base64url, no padding); the signature is not checked here. */
function token(payload: unknown): string {
  const b64url = (text: string) =>
    Buffer.from(text, 'utf8').toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64url(JSON.stringify(payload))}.c2lnbmF0dXJl`;
}

class MemoryStorage {
  private values = new Map<string, string>();
  getItem(key: string): string | null {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.values.set(key, String(value));
  }
  removeItem(key: string): void {
    this.values.delete(key);
  }
}

const stored: StoredTokens = {
  token: 'a.b.c',
  refreshToken: 'r',
  refreshExpiresAt: '2030-01-01T00:00:00.000Z',
};

describe('afterLoginTarget (spec 2: routing behaviour)', () => {
  it('goes to /companies when nothing was remembered or the target was the login page', () => {
    expect(afterLoginTarget(null)).toBe('/companies');
    expect(afterLoginTarget('')).toBe('/companies');
    expect(afterLoginTarget('/')).toBe('/companies');
    expect(afterLoginTarget('/login')).toBe('/companies');
    expect(afterLoginTarget('/login?next=1')).toBe('/companies');
  });

  it('goes to the remembered address otherwise', () => {
    expect(afterLoginTarget('/c/6/customer/2/order')).toBe('/c/6/customer/2/order');
    expect(afterLoginTarget('/userProfile?tab=1')).toBe('/userProfile?tab=1');
  });

  it('never leaves the app for an absolute address', () => {
    expect(afterLoginTarget('https://evil.example/')).toBe('/companies');
    expect(afterLoginTarget('javascript:alert(1)')).toBe('/companies');
    expect(afterLoginTarget('//evil.example/c/1')).toBe('/companies');
  });
});

describe('refreshUsable: validity by the refresh token expiry (spec 5)', () => {
  const now = Date.parse('2026-01-01T12:00:00.000Z');
  it('is usable while the refresh token has not expired', () => {
    expect(refreshUsable({ ...stored, refreshExpiresAt: '2026-01-01T12:00:01.000Z' }, now)).toBe(true);
  });
  it('is not usable once expired, at the expiry instant, without tokens or with an unreadable date', () => {
    expect(refreshUsable({ ...stored, refreshExpiresAt: '2026-01-01T11:59:59.000Z' }, now)).toBe(false);
    expect(refreshUsable({ ...stored, refreshExpiresAt: '2026-01-01T12:00:00.000Z' }, now)).toBe(false);
    expect(refreshUsable(null, now)).toBe(false);
    expect(refreshUsable({ ...stored, refreshExpiresAt: 'never' }, now)).toBe(false);
    expect(refreshUsable({ ...stored, refreshExpiresAt: '' }, now)).toBe(false);
  });
  it('ignores the access token (it may well be expired)', () => {
    expect(
      refreshUsable(
        { ...stored, token: token({ exp: 1 }), refreshExpiresAt: '2026-02-01T00:00:00.000Z' },
        now,
      ),
    ).toBe(true);
  });
});

describe('access token timing: reload without a refresh, renew ahead of expiry', () => {
  const now = Date.parse('2026-01-01T12:00:00.000Z');
  const at = (ms: number) => Math.floor(ms / 1000);
  it('uses a stored access token while it is valid for a few more seconds', () => {
    expect(accessUsable(token({ exp: at(now + 60_000) }), now)).toBe(true);
    expect(accessUsable(token({ exp: at(now + 4_000) }), now)).toBe(false);
    expect(accessUsable(token({ exp: at(now - 1_000) }), now)).toBe(false);
    expect(accessUsable(token({ sub: 1 }), now)).toBe(false);
    expect(accessUsable('x.y.z', now)).toBe(false);
    expect(accessUsable(null, now)).toBe(false);
  });
  it('renews a minute before expiry, or a quarter of a short lifetime before it', () => {
    expect(refreshDueAt(token({ iat: at(now), exp: at(now + 900_000) }))).toBe(now + 840_000);
    expect(refreshDueAt(token({ iat: at(now), exp: at(now + 60_000) }))).toBe(now + 45_000);
    expect(refreshDueAt(token({ exp: at(now + 900_000) }))).toBe(now + 840_000);
    expect(refreshDueAt('garbage')).toBe(0);
    expect(accessTimes(token({ iat: at(now), exp: at(now + 1000) }))).toEqual({ iat: now, exp: now + 1000 });
  });
});

describe('claimsOf', () => {
  it('reads the role per company and the operator flag', () => {
    expect(claimsOf(token({ sub: 1, c: { 6: Role.Owner, 7: Role.Readonly } }))).toEqual({
      companies: { 6: Role.Owner, 7: Role.Readonly },
      operator: false,
    });
    expect(claimsOf(token({ sub: 1, op: 1 }))).toEqual({ companies: {}, operator: true });
    expect(claimsOf(token({ sub: 1, op: 0, c: {} }))).toEqual({ companies: {}, operator: false });
    expect(claimsOf(token({ sub: 1, op: true }))).toEqual({ companies: {}, operator: false });
  });

  it('decodes base64url (- and _) without padding', () => {
    // this payload's base64url form contains both "-" and "_" and needs padding to decode
    const claims = claimsOf(token({ c: { 1: Role.Admin }, x: '??>>~~~???' }));
    expect(claims.companies).toEqual({ 1: Role.Admin });
  });

  it('gives empty claims for no token or one that cannot be read', () => {
    const empty = { companies: {}, operator: false };
    expect(claimsOf(null)).toEqual(empty);
    expect(claimsOf('')).toEqual(empty);
    expect(claimsOf('abc')).toEqual(empty);
    expect(claimsOf('a.%%%.c')).toEqual(empty);
    expect(claimsOf(`a.${Buffer.from('not json').toString('base64')}.c`)).toEqual(empty);
  });
});

describe('stored tokens and the remembered target', () => {
  const original = {
    localStorage: (globalThis as Record<string, unknown>).localStorage,
    sessionStorage: (globalThis as Record<string, unknown>).sessionStorage,
  };
  beforeEach(() => {
    Object.assign(globalThis, { localStorage: new MemoryStorage(), sessionStorage: new MemoryStorage() });
  });
  afterAll(() => {
    Object.assign(globalThis, original);
  });

  it('keeps the tokens across a reload and forgets them on logout', () => {
    expect(readTokens()).toBeNull();
    writeTokens(stored);
    expect(readTokens()).toEqual(stored);
    writeTokens(null);
    expect(readTokens()).toBeNull();
  });

  it('keeps the signed-in user with the tokens, and drops a user of the wrong shape', () => {
    const user = { id: 7, email: 'a@b.example' } as unknown as StoredTokens['user'];
    writeTokens({ ...stored, user });
    expect(readTokens()).toEqual({ ...stored, user });
    localStorage.setItem('kanban.session', JSON.stringify({ ...stored, user: 'nobody' }));
    expect(readTokens()).toEqual({ ...stored, user: undefined });
    expect(parseTokens(JSON.stringify(stored))).toEqual({ ...stored, user: undefined });
    expect(parseTokens(null)).toBeNull();
  });

  it('rejects stored values of the wrong shape', () => {
    localStorage.setItem('kanban.session', '{"token":"x"}');
    expect(readTokens()).toBeNull();
    localStorage.setItem('kanban.session', 'not json');
    expect(readTokens()).toBeNull();
  });

  it('takes the login result apart', () => {
    const result = {
      user: {},
      token: 't',
      refresh_token: 'r',
      expires_in: 900,
      refresh_expires_at: '2030-01-01T00:00:00.000Z',
    } as unknown as LoginResult;
    expect(tokensOf(result)).toEqual({
      token: 't',
      refreshToken: 'r',
      refreshExpiresAt: '2030-01-01T00:00:00.000Z',
      user: {},
    });
  });

  it('remembers the wanted address until a signed-in page clears it', () => {
    rememberTarget('/c/6/order');
    expect(peekTarget()).toBe('/c/6/order');
    expect(peekTarget()).toBe('/c/6/order');
    clearTarget();
    expect(peekTarget()).toBe('/companies');
    rememberTarget('/login');
    expect(peekTarget()).toBe('/companies');
  });

  it('survives storage that is not available', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    Object.assign(globalThis, { localStorage: broken, sessionStorage: broken });
    expect(readTokens()).toBeNull();
    expect(() => writeTokens(stored)).not.toThrow();
    expect(() => rememberTarget('/c/1')).not.toThrow();
    expect(peekTarget()).toBe('/companies');
    expect(() => clearTarget()).not.toThrow();
  });
});
