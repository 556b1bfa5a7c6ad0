import { eventually } from '@kanban/testing';
import { login, ok, startSystem, type TestSystem } from '../support/system';

/** Custom field values of contacts (docs/settings.md, docs/contacts.md): visible with their customer or supplier, in both run modes. */
jest.setTimeout(180_000);

let system: TestSystem;
let demo: number;
let other: number;
const tokens: Record<string, string> = {};

const api = () => system.api;
const put = (path: string, body: unknown, token: string) => system.api.call('PUT', path, { token, body });
const values = (id: number, company = demo) => `/c/${company}/customfields/values/contact/${id}`;

let badge: number;
const contactsOf = async (kind: 'customer' | 'supplier', nr: string): Promise<number[]> => {
  const parent = ok(await api().get(`/c/${demo}/${kind}?all=1&q=${nr}`, tokens.admin)).items[0].id;
  return ok(await api().get(`/c/${demo}/${kind}/${parent}/contact`, tokens.admin)).items.map((c: { id: number }) => c.id);
};

beforeAll(async () => {
  system = await startSystem();
  for (const name of ['admin', 'writer', 'readonly', 'customer', 'supplier']) tokens[name] = (await login(system, `${name}@demo.example`)).token;
  tokens.other = (await login(system, 'admin@other.example')).token;
  demo = (await api().get('/company', tokens.admin)).body.Data[0].id;
  other = (await api().get('/company', tokens.other)).body.Data[0].id;
  badge = ok(await api().post(`/c/${demo}/customfields/`, { entity: 'contact', key: 'badge', label: 'Badge', type: 'text', sort: 10 }, tokens.admin)).id;
  await ok(await api().post(`/c/${demo}/customfields/`, { entity: 'contact', key: 'night_shift', label: 'Night shift', type: 'boolean', sort: 20 }, tokens.admin));
});

afterAll(async () => {
  await system?.close();
});

describe('custom field values of contacts', () => {
  it("writes and reads the values of a customer's and a supplier's contact", async () => {
    const [customerContact] = await contactsOf('customer', 'K-10001');
    const written = ok(await put(values(customerContact!), { values: { badge: ' B-17 ', night_shift: true } }, tokens.writer));
    expect(written).toMatchObject({ entity: 'contact', entity_id: customerContact });
    expect(written.fields.map((f: { key: string; value: unknown }) => [f.key, f.value])).toEqual([
      ['badge', 'B-17'],
      ['night_shift', true],
    ]);
    expect(ok(await api().get(values(customerContact!), tokens.readonly))).toEqual(written);
    const [supplierContact] = await contactsOf('supplier', 'L-100');
    ok(await put(values(supplierContact!), { values: { badge: 'S-1' } }, tokens.writer));
    expect(ok(await api().get(values(supplierContact!), tokens.admin)).fields[0]).toMatchObject({ field_id: badge, value: 'S-1' });
    expect((await put(values(supplierContact!), { values: { night_shift: 'yes' } }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'values.night_shift' });
  });

  it('answers 404 for unknown, deleted and hidden contacts, 1020 for roles and companies without access', async () => {
    expect((await api().get(values(999_999), tokens.admin)).body.Meta.code).toBe(404);
    const [own] = await contactsOf('customer', 'K-10001');
    const [foreign] = await contactsOf('customer', 'K-10002');
    const [supplierOwn] = await contactsOf('supplier', 'L-100');
    const [supplierForeign] = await contactsOf('supplier', 'L-200');
    // The demo customer user is restricted to K-10001, the supplier user to L-100 (demo data, reaching the catalog by an event).
    await eventually(async () => ((await api().get(values(foreign!), tokens.customer)).body.Meta.code === 404 ? true : undefined), 20_000, 'restriction copy');
    expect(ok(await api().get(values(own!), tokens.customer)).entity_id).toBe(own);
    // Reading values needs the customer group for contacts (docs/settings.md): supplier users get 1020, and
    // customer users do not see a supplier's contacts at all.
    expect((await api().get(values(supplierOwn!), tokens.supplier)).body.Meta.code).toBe(1020);
    expect((await api().get(values(supplierForeign!), tokens.customer)).body.Meta.code).toBe(404);
    expect(ok(await api().get(values(supplierForeign!), tokens.readonly)).entity_id).toBe(supplierForeign);
    expect((await put(values(own!), { values: { badge: 'x' } }, tokens.readonly)).body.Meta.code).toBe(1020);
    expect((await put(values(own!), { values: { badge: 'x' } }, tokens.customer)).body.Meta.code).toBe(1020);
    expect((await api().get(values(own!), tokens.other)).body.Meta.code).toBe(1020);
    expect((await api().get(values(own!, other), tokens.other)).body.Meta.code).toBe(404);
    // a deleted contact's values are gone with it
    const customerId = ok(await api().get(`/c/${demo}/customer?q=K-10001`, tokens.admin)).items[0].id;
    const made = ok(await api().post(`/c/${demo}/customer/${customerId}/contact`, { name: 'Short-lived' }, tokens.writer));
    ok(await put(values(made.id), { values: { badge: 'gone' } }, tokens.writer));
    ok(await api().delete(`/c/${demo}/customer/${customerId}/contact/${made.id}`, tokens.writer));
    expect((await api().get(values(made.id), tokens.admin)).body.Meta.code).toBe(404);
  });
});
