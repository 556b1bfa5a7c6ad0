import { type Answer, login, ok, startSystem, type TestSystem } from '../support/system';

/**
 * Disabling or deleting an item that kanban rules use (spec 4, clarification "1002 vs 1007"): the catalog asks
 * the orders service for the item's rules and answers 1007 listing them, in both run modes.
 */
jest.setTimeout(240_000);

let system: TestSystem;
let demo: number;
let other: number;
const tokens: Record<string, string> = {};
const customers: Record<string, number> = {};
const catalogs: Record<string, number> = {};

const api = () => system.api;

beforeAll(async () => {
  system = await startSystem();
  for (const name of ['admin', 'writer', 'readonly', 'customer']) tokens[name] = (await login(system, `${name}@demo.example`)).token;
  tokens.other = (await login(system, 'admin@other.example')).token;
  demo = (await api().get('/company', tokens.admin)).body.Data[0].id;
  other = (await api().get('/company', tokens.other)).body.Data[0].id;
  for (const c of ok(await api().get(`/c/${demo}/customer?all=1&per_page=200`, tokens.admin)).items) customers[c.nr] = c.id;
  for (const s of ok(await api().get(`/c/${demo}/supplier?all=1&per_page=200`, tokens.admin)).items) {
    for (const k of ok(await api().get(`/c/${demo}/supplier/${s.id}/catalog`, tokens.admin)).items) catalogs[k.name] = k.id;
  }
});

afterAll(async () => {
  await system?.close();
});

let serial = 0;
const customerId = () => customers['K-10001']!;
const itemPath = (itemId: number, customer = customerId(), company = demo) => `/c/${company}/customer/${customer}/item/${itemId}`;
async function newLocation(name: string): Promise<number> {
  return ok(await api().post(`/c/${demo}/customer/${customerId()}/location/`, { name: `${name} ${++serial}` }, tokens.writer)).id;
}
async function newItem(): Promise<any> {
  const sku = `IRULE-${Date.now()}-${++serial}`;
  return ok(await api().post(`/c/${demo}/customer/${customerId()}/item`, { sku, name: `Item rules ${sku}`, catalog_id: catalogs['Normteile 2026'] }, tokens.writer));
}
async function newRule(locationId: number, itemId: number, levels: { threshold: number; capacity: number; stock: number }, active = true): Promise<any> {
  return ok(await api().post(`/c/${demo}/rules`, { location_id: locationId, item_id: itemId, ...levels, active }, tokens.writer));
}
/** A GET as the admin with the read cache's answer header (`hit` when the gateway answered from its cache). */
async function cachedRead(path: string): Promise<{ cache: string | null; body: Answer['body'] }> {
  const response = await fetch(`${system.url}/api${path}`, { headers: { authorization: `Bearer ${tokens.admin}` } });
  return { cache: response.headers.get('x-read-cache'), body: (await response.json()) as Answer['body'] };
}
/** An item with two rules: an active one at "Hall A …" and an inactive one at "Hall B …". */
async function itemWithRules() {
  const item = await newItem();
  const hallA = await newLocation('Hall A');
  const hallB = await newLocation('Hall B');
  const first = await newRule(hallA, item.id, { threshold: 10, capacity: 50, stock: 40 });
  const second = await newRule(hallB, item.id, { threshold: 3, capacity: 12, stock: 5 }, false);
  return { item, hallA, hallB, rules: [first, second] };
}

describe('disabling an item that kanban rules use', () => {
  it('answers 1007 listing the rules (location, threshold, capacity, stock, active) and leaves the item enabled', async () => {
    const { item, hallA, hallB, rules } = await itemWithRules();
    const answer = await api().patch(itemPath(item.id), { disabled: true }, tokens.writer);
    expect(answer.status).toBe(409);
    expect(answer.body.Meta.code).toBe(1007);
    expect(answer.body.Meta.message).toContain('confirm=1');
    expect(answer.body.Data.rules).toEqual([
      { id: rules[0].id, location_id: hallA, location_name: expect.stringMatching(/^Hall A /), threshold: 10, capacity: 50, stock: 40, active: true },
      { id: rules[1].id, location_id: hallB, location_name: expect.stringMatching(/^Hall B /), threshold: 3, capacity: 12, stock: 5, active: false },
    ]);
    expect(ok(await api().get(`${itemPath(item.id)}/`, tokens.admin)).disabled).toBe(false);
    // Other changes of the item are not held up by its rules.
    expect(ok(await api().patch(itemPath(item.id), { description: 'still in use' }, tokens.writer))).toMatchObject({ description: 'still in use', disabled: false });
  });

  it('disables with confirm=1, and the read cache then answers the disabled item at once', async () => {
    const { item } = await itemWithRules();
    expect((await cachedRead(`${itemPath(item.id)}/`)).body.Data.disabled).toBe(false);
    // Read again: served from the gateway's read cache.
    expect(await cachedRead(`${itemPath(item.id)}/`)).toMatchObject({ cache: 'hit', body: { Data: { disabled: false } } });
    const listed = async () => ok(await api().get(`/c/${demo}/customer/${customerId()}/item?all=1&q=${item.sku}`, tokens.admin)).items[0];
    expect((await listed()).disabled).toBe(false);
    expect(ok(await api().patch(`${itemPath(item.id)}?confirm=1`, { disabled: true }, tokens.writer)).disabled).toBe(true);
    expect((await cachedRead(`${itemPath(item.id)}/`)).body.Data.disabled).toBe(true);
    expect((await listed()).disabled).toBe(true);
    // The enabled list no longer holds it; disabling it again asks nothing and changes nothing.
    expect(ok(await api().get(`/c/${demo}/customer/${customerId()}/item?q=${item.sku}`, tokens.admin)).items).toEqual([]);
    expect(ok(await api().patch(itemPath(item.id), { disabled: true }, tokens.writer)).disabled).toBe(true);
    // Enabling needs no confirmation either.
    expect(ok(await api().patch(itemPath(item.id), { disabled: false }, tokens.writer)).disabled).toBe(false);
  });

  it('disables an item without rules at once', async () => {
    const item = await newItem();
    expect(ok(await api().get(`${itemPath(item.id)}/`, tokens.admin)).disabled).toBe(false);
    expect(ok(await api().patch(itemPath(item.id), { disabled: true }, tokens.writer)).disabled).toBe(true);
    expect(ok(await api().get(`${itemPath(item.id)}/`, tokens.admin)).disabled).toBe(true);
  });

  it('lists only the rules of that item, and rules deleted meanwhile no longer count', async () => {
    const { item, rules } = await itemWithRules();
    const neighbour = await newItem();
    await newRule(await newLocation('Hall C'), neighbour.id, { threshold: 1, capacity: 2, stock: 2 });
    const answer = await api().patch(itemPath(item.id), { disabled: true }, tokens.writer);
    expect(answer.body.Data.rules.map((r: { id: number }) => r.id)).toEqual(rules.map((r) => r.id));
    for (const rule of rules) ok(await api().delete(`/c/${demo}/rules/${rule.id}?confirm=1`, tokens.writer));
    expect(ok(await api().patch(itemPath(item.id), { disabled: true }, tokens.writer)).disabled).toBe(true);
  });

  it('checks roles, tenancy, the confirm flag and unknown items before asking orders', async () => {
    const { item } = await itemWithRules();
    expect((await api().patch(`${itemPath(item.id)}?confirm=1`, { disabled: true }, tokens.readonly)).body.Meta.code).toBe(1020);
    expect((await api().patch(`${itemPath(item.id)}?confirm=1`, { disabled: true }, tokens.customer)).body.Meta.code).toBe(1020);
    expect((await api().patch(`${itemPath(item.id, customerId(), demo)}?confirm=1`, { disabled: true }, tokens.other)).body.Meta.code).toBe(1020);
    // The other company's admin in their own company: the demo item is unknown there.
    const otherCustomer = ok(await api().get(`/c/${other}/customer?all=1`, tokens.other)).items[0].id;
    expect((await api().patch(itemPath(item.id, otherCustomer, other), { disabled: true }, tokens.other)).body.Meta.code).toBe(404);
    expect((await api().patch(`${itemPath(item.id)}?confirm=yes`, { disabled: true }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'confirm' });
    expect((await api().patch(itemPath(99_999_999), { disabled: true }, tokens.writer)).body.Meta.code).toBe(404);
    expect((await api().patch(itemPath(item.id), { disabled: 'yes' }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'disabled' });
    expect(ok(await api().get(`${itemPath(item.id)}/`, tokens.admin)).disabled).toBe(false);
  });
});

describe('deleting an item that kanban rules use', () => {
  it('answers 1007 listing the rules, with or without confirm; once the rules are gone it deletes', async () => {
    const { item, rules } = await itemWithRules();
    for (const query of ['', '?confirm=1']) {
      const answer = await api().delete(`${itemPath(item.id)}${query}`, tokens.writer);
      expect(answer.status).toBe(409);
      expect(answer.body.Meta.code).toBe(1007);
      expect(answer.body.Meta.message).toContain('delete them first');
      expect(answer.body.Data.rules.map((r: { id: number; threshold: number }) => [r.id, r.threshold])).toEqual([
        [rules[0].id, 10],
        [rules[1].id, 3],
      ]);
    }
    expect(ok(await api().get(`${itemPath(item.id)}/`, tokens.admin)).id).toBe(item.id);
    expect((await api().delete(itemPath(item.id), tokens.readonly)).body.Meta.code).toBe(1020);
    expect((await api().delete(itemPath(item.id), tokens.other)).body.Meta.code).toBe(1020);
    for (const rule of rules) ok(await api().delete(`/c/${demo}/rules/${rule.id}?confirm=1`, tokens.writer));
    ok(await api().delete(itemPath(item.id), tokens.writer));
    expect((await api().get(`${itemPath(item.id)}/`, tokens.admin)).body.Meta.code).toBe(404);
  });

  it('deletes an item without rules at once', async () => {
    const item = await newItem();
    ok(await api().delete(itemPath(item.id), tokens.writer));
    expect((await api().delete(itemPath(item.id), tokens.writer)).body.Meta.code).toBe(404);
  });
});

// Last: stops the orders process of the distributed run (the embedded run has all services in one process).
describe('when the orders service does not answer', () => {
  it('distributed only (embedded has no separate orders process): refuses with 503 rather than disabling silently; confirm=1 still disables', async () => {
    if (system.mode !== 'distributed') return;
    const { item } = await itemWithRules();
    const plain = await newItem();
    await system.distributed!.kill('orders', 'SIGTERM');
    const refused = await api().patch(itemPath(plain.id), { disabled: true }, tokens.writer);
    expect(refused.status).toBe(503);
    expect(refused.body.Meta).toMatchObject({ code: 503, message: expect.stringContaining('orders service did not answer') });
    expect(ok(await api().get(`${itemPath(plain.id)}/`, tokens.admin)).disabled).toBe(false);
    expect((await api().delete(itemPath(plain.id), tokens.writer)).body.Meta.code).toBe(503);
    expect(ok(await api().patch(`${itemPath(item.id)}?confirm=1`, { disabled: true }, tokens.writer)).disabled).toBe(true);
  });
});
