import { eventually } from '@kanban/testing';
import { serviceSql } from '../support/orders-sql';
import { login, meta, ok, signInDemo, startSystem, type TestSystem } from '../support/system';

// Sessions and sign-in security (issue 14): the refresh grace window, logout, the absolute session lifetime,
// membership read anew at refresh, the atomic failure count, the per-address failure throttle, and the current
// password on a password change.

jest.setTimeout(120_000);

let system: TestSystem;
let demo: number;
let tokens: Record<string, string>;

beforeAll(async () => {
  system = await startSystem();
  ({ tokens, demo } = await signInDemo(system));
});

afterAll(async () => {
  await system?.close();
});

const api = () => system.api;
const webKey = () => ({ 'X-API-Key': system.apiKeys.web });
const appKey = () => ({ 'X-API-Key': system.apiKeys.app });
/** Calls from a client address of their own (the gateway trusts X-Forwarded-For from loopback). */
const from = (address: string, key = webKey()) => ({ ...key, 'X-Forwarded-For': address });

/** A statement on the identity schema (`?` placeholders), in either run mode. */
function identitySql<R>(sql: string, params: unknown[] = []): Promise<R[]> {
  return serviceSql<R>(system, 'identity', sql, params);
}

const refresh = (token: string) => api().post('/refresh_token', { RefreshToken: token });
const idOf = (refreshToken: string) => refreshToken.split('.')[0]!;
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as { c: Record<string, number>; f: string };

/** Invites a user into the demo company and sets their password; answers the user id. */
async function newMember(email: string, role: number, app = false): Promise<number> {
  const created = ok(await api().post(`/c/${demo}/user`, { email, role, first_name: 'Se', last_name: 'Ssion', app }, tokens.admin!));
  const mail = await eventually(
    async () => (await system.mails()).find((m) => m.to.includes(email) && m.subject.includes('invited')),
    15_000,
    `invitation to ${email}`,
  );
  const token = /token=([0-9a-f-]{36}\.[A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  ok(await api().post('/register', { token, password: 'session-pass-1', password_confirm: 'session-pass-1', first_name: 'Se', last_name: 'Ssion' }));
  return created.id as number;
}

describe('refresh token rotation with a grace window', () => {
  it('answers the same successor for a token presented again within the window, later revokes the family', async () => {
    const first = await login(system, 'readonly@demo.example');
    const second = ok(await refresh(first.refresh_token));
    expect(second.refresh_token).not.toBe(first.refresh_token);
    // The answer got lost: the same token again answers the same successor and a working access token.
    const again = ok(await refresh(first.refresh_token));
    expect(again.refresh_token).toBe(second.refresh_token);
    expect(meta(await api().get('/company', again.token)).code).toBe(200);
    // The successor carries on; the first token, still in the window, follows the chain to the newest.
    const third = ok(await refresh(second.refresh_token));
    expect(ok(await refresh(first.refresh_token)).refresh_token).toBe(third.refresh_token);

    // After the window (spent 31 s ago), the spent token revokes the whole family.
    await identitySql(`update identity.refresh_token set used_at = now() - interval '31 seconds' where id = ?`, [idOf(first.refresh_token)]);
    const reuse = meta(await refresh(first.refresh_token));
    expect(reuse).toMatchObject({ code: 1026 });
    expect(reuse.message).toMatch(/reuse/);
    expect(meta(await refresh(third.refresh_token)).code).toBe(1026);
  });

  it('never answers the successor to a wrong secret with a known id', async () => {
    const first = await login(system, 'readonly@demo.example');
    ok(await refresh(first.refresh_token));
    const forged = `${idOf(first.refresh_token)}.${'A'.repeat(43)}`;
    expect(meta(await refresh(forged)).code).toBe(1026);
  });

  it('does not count refreshes against the sign-in throttle', async () => {
    const signIn = await fetch(`${system.url}/api/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...webKey() },
      body: JSON.stringify({ Email: 'writer@demo.example', Password: 'demo12345' }),
    });
    const counted = (response: Response) => [...response.headers.keys()].some((k) => k.toLowerCase().startsWith('x-ratelimit'));
    expect(signIn.status).toBe(200);
    expect(counted(signIn)).toBe(true);
    const body = (await signIn.json()) as { Data: { refresh_token: string } };
    const refreshed = await fetch(`${system.url}/api/refresh_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ RefreshToken: body.Data.refresh_token }),
    });
    expect(refreshed.status).toBe(200);
    expect(counted(refreshed)).toBe(false);
  });
});

describe('logout', () => {
  it('revokes the session on the server, other sessions stay', async () => {
    const a = await login(system, 'writer@demo.example');
    const b = await login(system, 'writer@demo.example');
    const next = ok(await refresh(a.refresh_token));
    // Logout with the newest token of the session; the spent one within the grace window gives nothing back either.
    expect(meta(await api().post('/logout', { RefreshToken: next.refresh_token })).code).toBe(200);
    expect(meta(await refresh(next.refresh_token)).code).toBe(1026);
    expect(meta(await refresh(a.refresh_token)).code).toBe(1026);
    expect(meta(await refresh(b.refresh_token)).code).toBe(200);
    // Unknown or garbage tokens answer the same (no hint).
    expect(meta(await api().post('/logout', { RefreshToken: 'garbage' })).code).toBe(200);
  });
});

describe('absolute session lifetime', () => {
  it('caps the sliding refresh at SESSION_MAX_AGE_S after sign-in (default 30 days)', async () => {
    const session = await login(system, 'customer@demo.example');
    const family = claimsOf(session.token).f;
    // Signed in 29 days and 23 hours ago: a refresh may extend the session by one hour at most.
    await identitySql(`update identity.refresh_token set family_started_at = now() - interval '29 days 23 hours' where family_id = ?`, [family]);
    const capped = ok(await refresh(session.refresh_token));
    const left = Date.parse(capped.refresh_expires_at) - Date.now();
    expect(left).toBeGreaterThan(50 * 60_000);
    expect(left).toBeLessThanOrEqual(60 * 60_000 + 5_000);
    // Past the lifetime: refused.
    await identitySql(`update identity.refresh_token set family_started_at = now() - interval '31 days' where family_id = ?`, [family]);
    const ended = meta(await refresh(capped.refresh_token));
    expect(ended.code).toBe(1026);
    expect(ended.message).toMatch(/session expired/);
  });
});

describe('membership read anew at refresh', () => {
  it('reflects a changed role, refuses an app session without the grant and a removed member', async () => {
    const userId = await newMember('session-member@demo.example', 2, true);
    const web = await login(system, 'session-member@demo.example', 'session-pass-1');
    expect(claimsOf(web.token).c[String(demo)]).toBe(2);
    const app = ok(await api().post('/authenticate', { Email: 'session-member@demo.example', Password: 'session-pass-1' }, undefined, appKey()));

    ok(await api().patch(`/c/${demo}/user/${userId}`, { role: 1, app: false }, tokens.admin!));
    const reread = ok(await refresh(web.refresh_token));
    expect(claimsOf(reread.token).c[String(demo)]).toBe(1);
    // The app grant was taken away: the app session ends.
    expect(meta(await refresh(app.refresh_token))).toMatchObject({ code: 1026, message: expect.stringMatching(/app use/) });

    ok(await api().delete(`/c/${demo}/user/${userId}`, tokens.admin!));
    expect(meta(await refresh(reread.refresh_token)).code).toBe(1026);
  });
});

describe('failed sign-ins', () => {
  it('locks after exactly 5 counted failures when 20 wrong passwords arrive in parallel', async () => {
    const userId = await newMember('session-parallel@demo.example', 2);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api().post('/authenticate', { Email: 'session-parallel@demo.example', Password: 'wrong-pass-9' }, undefined, from('198.51.100.20')),
      ),
    );
    const codes = answers.map((a) => a.body.Meta.code);
    expect(codes.every((c) => c === 1026 || c === 1028)).toBe(true);
    // Failures 1 to 4 answer 1026, the fifth locks (1028), and every later one finds the account locked.
    expect(codes.filter((c) => c === 1026).length).toBe(4);
    const [row] = await identitySql<{ failed_logins: number; locked: boolean }>(
      `select failed_logins, locked_at is not null as locked from identity."user" where id = ?`,
      [userId],
    );
    expect(Number(row!.failed_logins)).toBe(5);
    expect(row!.locked).toBe(true);
    const correct = await api().post('/authenticate', { Email: 'session-parallel@demo.example', Password: 'session-pass-1' }, undefined, from('198.51.100.21'));
    expect(meta(correct).code).toBe(1028);
  });

  it('throttles an address after AUTH_FAILURE_LIMIT (20) failed sign-ins, others sign in', async () => {
    for (let i = 0; i < 20; i++) {
      const answer = await api().post('/authenticate', { Email: `nobody-${i}@demo.example`, Password: 'wrong-pass-9' }, undefined, from('203.0.113.9'));
      expect(meta(answer).code).toBe(1026);
    }
    const blocked = await api().post('/authenticate', { Email: 'writer@demo.example', Password: 'demo12345' }, undefined, from('203.0.113.9'));
    expect(blocked.status).toBe(429);
    expect(meta(blocked).code).toBe(429);
    const elsewhere = await api().post('/authenticate', { Email: 'writer@demo.example', Password: 'demo12345' }, undefined, from('203.0.113.10'));
    expect(meta(elsewhere).code).toBe(200);
    // Refreshes from the blocked address still work.
    expect(meta(await refresh(elsewhere.body.Data.refresh_token)).code).toBe(200);
  });
});

describe('password change', () => {
  it('asks for the current password and names the field when it is missing or wrong', async () => {
    await newMember('session-changer@demo.example', 2);
    const session = await login(system, 'session-changer@demo.example', 'session-pass-1');
    const missing = await api().post('/user/changepass', { password: 'session-pass-2', password_confirm: 'session-pass-2' }, session.token);
    expect(meta(missing)).toMatchObject({ code: 1000, field: 'current_password' });
    const wrong = await api().post('/user/changepass', { current_password: 'not-it-at-all', password: 'session-pass-2', password_confirm: 'session-pass-2' }, session.token);
    expect(meta(wrong)).toMatchObject({ code: 1026, field: 'current_password', message: 'current password is wrong' });
    const changed = await api().post('/user/changepass', { current_password: 'session-pass-1', password: 'session-pass-2', password_confirm: 'session-pass-2' }, session.token);
    expect(meta(changed).code).toBe(200);
    await login(system, 'session-changer@demo.example', 'session-pass-2');
  });
});
