import { login, startSystem, type TestSystem } from '../support/system';

jest.setTimeout(120_000);

/**
 * The gateway's read cache of catalog answers (docs/architecture.md, "Read cache"): repeated reads are
 * answered from it, and no change is ever hidden by it: the caller's own writes, state-changing GETs and
 * other users' views.
 */
describe('read cache of catalog answers', () => {
  let system: TestSystem;
  let admin: string;
  let writer: string;
  let company: number;

  beforeAll(async () => {
    system = await startSystem();
    admin = (await login(system, 'admin@demo.example')).token;
    writer = (await login(system, 'writer@demo.example')).token;
    company = (await system.api.get('/company', admin)).body.Data[0].id as number;
  });

  afterAll(async () => {
    await system?.close();
  });

  async function get(path: string, token: string) {
    const response = await fetch(`${system.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await response.json()) as { Meta: { code: number }; Data: any };
    return { status: response.status, cache: response.headers.get('x-read-cache'), type: response.headers.get('content-type'), body };
  }

  it('keeps a list answer and answers the same call from it, per caller', async () => {
    const path = `/c/${company}/customer?per_page=5&sort=nr`;
    const first = await get(path, admin);
    expect(first.body.Meta.code).toBe(200);
    expect(first.cache).toBe('stored');
    const second = await get(path, admin);
    expect(second.cache).toBe('hit');
    expect(second.type).toMatch(/^application\/json/);
    expect(second.body).toEqual(first.body);
    // Another user's call is their own (their role and restrictions may differ).
    expect((await get(path, writer)).cache).toBe('stored');
  });

  it('answers a kept call only to a caller who passes the same checks (the fast path in front of the routes)', async () => {
    const path = `/c/${company}/customer?per_page=3&sort=name`;
    expect((await get(path, admin)).cache).toBe('stored');
    expect((await get(path, admin)).cache).toBe('hit');
    // No token, a forged token, an expired-looking garbage token: the routes answer as always.
    const anonymous = await fetch(`${system.url}/api${path}`);
    expect(((await anonymous.json()) as { Meta: { code: number } }).Meta.code).toBe(401);
    expect(anonymous.headers.get('x-read-cache')).toBeNull();
    const [head, claims] = admin.split('.');
    const forged = await get(path, `${head}.${claims}.${'A'.repeat(43)}`);
    expect(forged.body.Meta.code).toBe(401);
    expect(forged.cache).toBeNull();
    // Another company's admin is refused (1020), never served the demo company's kept answer.
    const other = (await login(system, 'admin@other.example')).token;
    const refused = await get(path, other);
    expect(refused.body.Meta.code).toBe(1020);
    expect(refused.cache).toBeNull();
    // A read-only member gets an answer of their own.
    const readonly = (await login(system, 'readonly@demo.example')).token;
    expect((await get(path, readonly)).cache).toBe('stored');
  });

  it("shows the caller's own change at once, and other users' too", async () => {
    const created = await system.api.post(`/c/${company}/customer/`, { name: 'Cache Test GmbH', nr: 'CACHE-1' }, writer);
    expect(created.body.Meta.code).toBe(200);
    const id = created.body.Data.id as number;
    const path = `/c/${company}/customer?q=CACHE-1`;
    expect((await get(path, admin)).body.Data.items.map((c: { name: string }) => c.name)).toEqual(['Cache Test GmbH']);
    expect((await get(path, admin)).cache).toBe('hit');
    expect((await get(`/c/${company}/customer/${id}/`, admin)).body.Data.name).toBe('Cache Test GmbH');

    // A change by another user (writer) is seen by the admin's next read.
    expect((await system.api.patch(`/c/${company}/customer/${id}`, { name: 'Cache Test AG' }, writer)).body.Meta.code).toBe(200);
    const after = await get(path, admin);
    expect(after.cache).not.toBe('hit');
    expect(after.body.Data.items.map((c: { name: string }) => c.name)).toEqual(['Cache Test AG']);
    expect((await get(`/c/${company}/customer/${id}/`, admin)).body.Data.name).toBe('Cache Test AG');

    // The spec's state-changing GET is never answered from the cache, and its change is seen at once.
    for (const active of [0, 1, 0]) {
      const toggled = await get(`/c/${company}/customer/${id}/toggleActive?active=${active}`, writer);
      expect(toggled.body.Meta.code).toBe(200);
      expect(toggled.cache).toBeNull();
      expect(toggled.body.Data.inactive).toBe(active === 0);
    }
    expect((await get(path, admin)).body.Data.items).toEqual([]);
    expect((await get(`${path}&all=1`, admin)).body.Data.items.map((c: { inactive: boolean }) => c.inactive)).toEqual([true]);
    expect((await system.api.delete(`/c/${company}/customer/${id}`, writer)).body.Meta.code).toBe(200);
    expect((await get(`${path}&all=1`, admin)).body.Data.items).toEqual([]);
  });

  it('lists carry their total on every page, also past the end', async () => {
    const all = (await get(`/c/${company}/customer?all=1&per_page=200`, admin)).body.Data;
    expect(all.total).toBe(all.items.length);
    expect(all.total).toBeGreaterThan(1);
    const second = (await get(`/c/${company}/customer?all=1&per_page=1&page=2`, admin)).body.Data;
    expect(second).toMatchObject({ total: all.total, page: 2, per_page: 1 });
    expect(second.items.map((c: { id: number }) => c.id)).toEqual([all.items[1].id]);
    const past = (await get(`/c/${company}/customer?all=1&per_page=2&page=999`, admin)).body.Data;
    expect(past).toMatchObject({ items: [], total: all.total, page: 999 });
    expect((await get(`/c/${company}/customer?q=no-such-customer-anywhere`, admin)).body.Data).toMatchObject({ items: [], total: 0 });
  });

  it('keeps no errors and no answers of other services', async () => {
    expect((await get(`/c/${company}/customer/999999/`, admin)).cache).toBeNull();
    expect((await get(`/c/${company}/customer/999999/`, admin)).body.Meta.code).toBe(404);
    expect((await get('/company', admin)).cache).toBeNull();
  });
});
