import { randomUUID } from 'node:crypto';
import { eventually } from '@kanban/testing';
import { ok, publishEventAs, signInDemo, startSystem, type TestSystem } from '../support/system';

jest.setTimeout(180_000);

let system: TestSystem;
let demo: number;
let other: number;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const customers: Record<string, number> = {};
const suppliers: Record<string, number> = {};

const api = () => system.api;

beforeAll(async () => {
  system = await startSystem();
  const signedIn = await signInDemo(system);
  Object.assign(tokens, signedIn.tokens);
  Object.assign(ids, signedIn.ids);
  ({ demo, other } = signedIn);
  for (const c of (await api().get(`/c/${demo}/customer?all=1&per_page=200`, tokens.admin)).body.Data.items) customers[c.nr] = c.id;
  for (const s of (await api().get(`/c/${demo}/supplier?all=1&per_page=200`, tokens.admin)).body.Data.items) suppliers[s.nr] = s.id;
});

afterAll(async () => {
  await system?.close();
});

const cat = (supplierId: number) => `/c/${demo}/supplier/${supplierId}/catalog`;
const items = (customerId: number) => `/c/${demo}/customer/${customerId}/item`;

async function newSupplier(name: string): Promise<number> {
  return ok(await api().post(`/c/${demo}/supplier/`, { name }, tokens.writer)).id;
}
async function newCatalog(supplierId: number, name: string): Promise<number> {
  return ok(await api().post(`${cat(supplierId)}/`, { name }, tokens.writer)).id;
}
async function newItem(customerId: number, body: Record<string, unknown>, token = tokens.writer) {
  return ok(await api().post(items(customerId), body, token));
}

describe('catalogs', () => {
  it('lists the demo catalogs of a supplier', async () => {
    const list = ok(await api().get(cat(suppliers['L-100']), tokens.supplier));
    expect(list.items.map((c: { name: string }) => c.name)).toEqual(['Elektro-Kleinteile', 'Normteile 2026']);
    expect(list.items[0]).toMatchObject({ supplier_id: suppliers['L-100'], contract_name: 'Elektro 2026', ext_system_id: 'CAT-100-E' });
  });

  it('creates, reads, changes, filters, sorts and deletes a catalog', async () => {
    const supplierId = await newSupplier('Catalog Test GmbH');
    const body = { name: 'Hauptkatalog', contract_name: 'RV 2026', description: 'e2e', ext_system_id: 'EXT-1' };
    const created = ok(await api().post(`${cat(supplierId)}/`, body, tokens.writer));
    expect(created).toMatchObject({ ...body, supplier_id: supplierId });
    expect(ok(await api().get(`${cat(supplierId)}/${created.id}/`, tokens.readonly))).toEqual(created);
    const changed = ok(await api().patch(`${cat(supplierId)}/${created.id}`, { contract_name: 'RV 2027' }, tokens.writer));
    expect(changed).toMatchObject({ name: 'Hauptkatalog', contract_name: 'RV 2027' });
    await newCatalog(supplierId, 'Zusatzkatalog');
    const names = async (query: string) => ok(await api().get(`${cat(supplierId)}${query}`, tokens.admin)).items.map((c: { name: string }) => c.name);
    expect(await names('?sort=name&order=desc')).toEqual(['Zusatzkatalog', 'Hauptkatalog']);
    expect(await names('?q=rv 2027')).toEqual(['Hauptkatalog']);
    expect(ok(await api().get(`${cat(supplierId)}?per_page=1&page=2`, tokens.admin))).toMatchObject({ total: 2, page: 2, per_page: 1 });
    expect((await api().delete(`${cat(supplierId)}/${created.id}`, tokens.writer)).body.Meta.code).toBe(200);
    expect((await api().get(`${cat(supplierId)}/${created.id}/`, tokens.admin)).body.Meta.code).toBe(404);
  });

  it('answers 1000 naming the field, 1059 for a name the supplier uses, 404 for unknown suppliers and catalogs', async () => {
    const supplierId = await newSupplier('Catalog Errors GmbH');
    expect((await api().post(`${cat(supplierId)}/`, { name: '' }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'name' });
    expect((await api().post(`${cat(supplierId)}/`, { contract_name: 'x' }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'name' });
    expect((await api().post(`${cat(supplierId)}/`, { name: 'x', ext_system_id: 'y'.repeat(101) }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'ext_system_id' });
    expect((await api().get(`${cat(supplierId)}?sort=secret`, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'sort' });
    expect((await api().get(`${cat(supplierId)}/abc/`, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'catalogID' });
    const first = await newCatalog(supplierId, 'Katalog A');
    const dup = await api().post(`${cat(supplierId)}/`, { name: 'Katalog A' }, tokens.writer);
    expect(dup.body.Meta).toMatchObject({ code: 1059, field: 'name' });
    const second = await newCatalog(supplierId, 'Katalog B');
    expect((await api().patch(`${cat(supplierId)}/${second}`, { name: 'Katalog A' }, tokens.writer)).body.Meta.code).toBe(1059);
    expect((await api().patch(`${cat(supplierId)}/${first}`, { name: 'Katalog A' }, tokens.writer)).body.Meta.code).toBe(200);
    // The same name at another supplier is fine.
    await newCatalog(await newSupplier('Catalog Errors 2 GmbH'), 'Katalog A');
    expect((await api().get(cat(987654), tokens.admin)).body.Meta.code).toBe(404);
    expect((await api().post(`${cat(987654)}/`, { name: 'x' }, tokens.admin)).body.Meta.code).toBe(404);
    // A catalog is only found under its own supplier.
    expect((await api().get(`${cat(suppliers['L-100'])}/${first}/`, tokens.admin)).body.Meta.code).toBe(404);
  });

  it('refuses to delete a catalog with items and a supplier with catalogs (1007)', async () => {
    const supplierId = await newSupplier('Dependencies GmbH');
    const catalogId = await newCatalog(supplierId, 'Mit Artikeln');
    const item = await newItem(customers['K-10001'], { sku: 'DEP-1', name: 'Dependency screw', catalog_id: catalogId });
    const refused = await api().delete(`${cat(supplierId)}/${catalogId}`, tokens.writer);
    expect(refused.body.Meta.code).toBe(1007);
    expect((await api().delete(`/c/${demo}/supplier/${supplierId}`, tokens.writer)).body.Meta.code).toBe(1007);
    expect((await api().delete(`${items(customers['K-10001'])}/${item.id}`, tokens.writer)).body.Meta.code).toBe(200);
    expect((await api().delete(`${cat(supplierId)}/${catalogId}`, tokens.writer)).body.Meta.code).toBe(200);
    expect((await api().delete(`/c/${demo}/supplier/${supplierId}`, tokens.writer)).body.Meta.code).toBe(200);
  });

  it('refuses to delete a customer that has items (1007)', async () => {
    const customerId = ok(await api().post(`/c/${demo}/customer/`, { name: 'Item Owner GmbH' }, tokens.writer)).id;
    const item = await newItem(customerId, { sku: 'OWN-1', name: 'Owned item' });
    expect((await api().delete(`/c/${demo}/customer/${customerId}`, tokens.writer)).body.Meta.code).toBe(1007);
    await api().delete(`${items(customerId)}/${item.id}`, tokens.writer);
    expect((await api().delete(`/c/${demo}/customer/${customerId}`, tokens.writer)).body.Meta.code).toBe(200);
  });

  it('lets readonly and supplier users read catalogs but not write; customer users and other companies get 1020', async () => {
    // The demo supplier user is restricted to L-100.
    const supplierId = suppliers['L-100'];
    const catalogs = ok(await api().get(cat(supplierId), tokens.readonly)).items;
    const id = catalogs[0].id;
    for (const role of ['readonly', 'supplier']) {
      expect((await api().get(`${cat(supplierId)}/${id}/`, tokens[role])).body.Meta.code).toBe(200);
      expect((await api().post(`${cat(supplierId)}/`, { name: 'Nope' }, tokens[role])).body.Meta.code).toBe(1020);
      expect((await api().patch(`${cat(supplierId)}/${id}`, { name: 'Nope' }, tokens[role])).body.Meta.code).toBe(1020);
      expect((await api().delete(`${cat(supplierId)}/${id}`, tokens[role])).body.Meta.code).toBe(1020);
    }
    expect((await api().get(cat(supplierId), tokens.customer)).body.Meta.code).toBe(1020);
    for (const [method, path] of [
      ['get', cat(supplierId)],
      ['get', `${cat(supplierId)}/${id}/`],
      ['post', `${cat(supplierId)}/`],
      ['patch', `${cat(supplierId)}/${id}`],
      ['delete', `${cat(supplierId)}/${id}`],
    ] as const) {
      const answer = method === 'get' || method === 'delete' ? await api()[method](path, tokens.other) : await api()[method](path, { name: 'x' }, tokens.other);
      expect(answer.body.Meta.code).toBe(1020);
    }
    // Through their own company the supplier and catalog are unknown.
    expect((await api().get(`/c/${other}/supplier/${supplierId}/catalog/${id}/`, tokens.other)).body.Meta.code).toBe(404);
    expect((await api().get(`/c/${other}/supplier/${supplierId}/catalog`, tokens.other)).body.Meta.code).toBe(404);
  });
});

describe('items: create, read, change, delete', () => {
  const full = (catalogId: number) => ({
    sku: 'E2E-DIN933-M8x30',
    name: 'Hex head screw DIN 933 M8x30 8.8',
    description: 'e2e item',
    catalog_id: catalogId,
    item_unit: 'PCE',
    order_unit: 'BOX',
    quantity_per_order_unit: 100,
    min_order_quantity: 2,
    max_order_quantity: 20,
    order_quantity: 4,
    order_quantity_increment: 2,
    lead_time_days: 3,
    transit_days: 1,
    material_number: 'MAT-1',
    material_group: 'Screws',
    unspsc: '31161605',
    contract_end_date: '2099-12-31',
    subscription_interval: 14,
    paused_until: null,
    disabled: false,
    instant_delivery: true,
    purchaseable: false,
    customer_sku: 'HUB-4711',
  });

  it('creates an item with every field and reads it at customer and supplier level', async () => {
    const catalogId = ok(await api().get(cat(suppliers['L-100']), tokens.admin)).items[1].id;
    const body = full(catalogId);
    const created = await newItem(customers['K-10001'], body);
    expect(created).toMatchObject({ ...body, customer_id: customers['K-10001'], supplier_id: suppliers['L-100'], paused: false, latest_order: null });
    expect(ok(await api().get(`${items(customers['K-10001'])}/${created.id}/`, tokens.readonly))).toEqual(created);
    expect(ok(await api().get(`/c/${demo}/supplier/${suppliers['L-100']}/item/${created.id}`, tokens.supplier))).toEqual(created);
    // Not an item of this supplier / of this customer.
    expect((await api().get(`/c/${demo}/supplier/${suppliers['L-200']}/item/${created.id}`, tokens.supplier)).body.Meta.code).toBe(404);
    expect((await api().get(`${items(customers['K-10002'])}/${created.id}/`, tokens.admin)).body.Meta.code).toBe(404);
    const supplierList = ok(await api().get(`/c/${demo}/supplier/${suppliers['L-100']}/item?q=E2E-DIN933`, tokens.supplier));
    expect(supplierList.items.map((i: { id: number }) => i.id)).toEqual([created.id]);
  });

  it('changes the fields sent, and deletes', async () => {
    const created = await newItem(customers['K-10001'], { sku: 'E2E-CHG', name: 'Cable tie 4.8x300' });
    expect(created).toMatchObject({ catalog_id: null, supplier_id: null, order_quantity: 1, min_order_quantity: 1, max_order_quantity: 0, purchaseable: true });
    const changed = ok(await api().patch(`${items(customers['K-10001'])}/${created.id}`, { name: 'Cable tie 4.8x300 black', lead_time_days: 5 }, tokens.writer));
    expect(changed).toMatchObject({ sku: 'E2E-CHG', name: 'Cable tie 4.8x300 black', lead_time_days: 5 });
    expect((await api().delete(`${items(customers['K-10001'])}/${created.id}`, tokens.writer)).body.Meta.code).toBe(200);
    expect((await api().get(`${items(customers['K-10001'])}/${created.id}/`, tokens.admin)).body.Meta.code).toBe(404);
    expect((await api().delete(`${items(customers['K-10001'])}/${created.id}`, tokens.writer)).body.Meta.code).toBe(404);
  });

  it('answers 1000 naming the field', async () => {
    const base = items(customers['K-10001']);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'x' }, 'sku'],
      [{ sku: 'x' }, 'name'],
      [{ sku: '', name: 'x' }, 'sku'],
      [{ sku: 'V1', name: 'x', min_order_quantity: 10, max_order_quantity: 5, order_quantity: 10 }, 'max_order_quantity'],
      [{ sku: 'V2', name: 'x', min_order_quantity: 5, order_quantity: 2 }, 'order_quantity'],
      [{ sku: 'V3', name: 'x', max_order_quantity: 5, order_quantity: 6 }, 'order_quantity'],
      [{ sku: 'V4', name: 'x', order_quantity_increment: 0 }, 'order_quantity_increment'],
      [{ sku: 'V5', name: 'x', quantity_per_order_unit: -1 }, 'quantity_per_order_unit'],
      [{ sku: 'V6', name: 'x', min_order_quantity: -1 }, 'min_order_quantity'],
      [{ sku: 'V7', name: 'x', lead_time_days: 1.5 }, 'lead_time_days'],
      [{ sku: 'V8', name: 'x', unspsc: '123' }, 'unspsc'],
      [{ sku: 'V9', name: 'x', contract_end_date: '31.12.2026' }, 'contract_end_date'],
      [{ sku: 'V10', name: 'x', paused_until: '2026-02-30' }, 'paused_until'],
      [{ sku: 'V11', name: 'x', catalog_id: 987654 }, 'catalog_id'],
      [{ sku: 'V12', name: 'x', disabled: 'yes' }, 'disabled'],
    ];
    for (const [body, field] of cases) {
      const answer = await api().post(base, body, tokens.writer);
      expect([body, answer.body.Meta]).toEqual([body, expect.objectContaining({ code: 1000, field })]);
    }
    expect((await api().patch(`${base}/abc`, { name: 'x' }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'itemID' });
    expect((await api().get(`${base}?sort=secret`, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'sort' });
    // Cross-field rules also hold for a change of one field.
    const item = await newItem(customers['K-10001'], { sku: 'V-PATCH', name: 'x', min_order_quantity: 2, order_quantity: 4, max_order_quantity: 10 });
    expect((await api().patch(`${base}/${item.id}`, { max_order_quantity: 1 }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'max_order_quantity' });
    expect(ok(await api().get(`${base}/${item.id}/`, tokens.admin)).max_order_quantity).toBe(10);
    // A catalog of the other company is unknown here.
    const theirCatalog = ok(await api().get(`/c/${other}/supplier/${ok(await api().get(`/c/${other}/supplier`, tokens.other)).items[0].id}/catalog`, tokens.other)).items[0].id;
    expect((await api().post(base, { sku: 'V-OTHER', name: 'x', catalog_id: theirCatalog }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'catalog_id' });
  });

  it('answers 1059 for a SKU the customer has in the same catalog (case-insensitive)', async () => {
    const catalogs = ok(await api().get(cat(suppliers['L-100']), tokens.admin)).items;
    const [a, b] = [catalogs[0].id, catalogs[1].id];
    const cu = customers['K-10002'];
    await newItem(cu, { sku: 'E2E-DUP', name: 'One', catalog_id: a });
    const dup = await api().post(items(cu), { sku: 'e2e-dup', name: 'Two', catalog_id: a }, tokens.writer);
    expect(dup.status).toBe(409);
    expect(dup.body.Meta).toMatchObject({ code: 1059, field: 'sku' });
    // Other catalog, no catalog, other customer: no clash.
    const inB = await newItem(cu, { sku: 'E2E-DUP', name: 'Three', catalog_id: b });
    await newItem(cu, { sku: 'E2E-DUP', name: 'Four' });
    expect((await api().post(items(cu), { sku: 'E2E-DUP', name: 'Five' }, tokens.writer)).body.Meta.code).toBe(1059);
    await newItem(customers['K-10001'], { sku: 'E2E-DUP', name: 'Six', catalog_id: a });
    // Moving an item into a catalog that has its SKU clashes too.
    expect((await api().patch(`${items(cu)}/${inB.id}`, { catalog_id: a }, tokens.writer)).body.Meta.code).toBe(1059);
    expect((await api().patch(`${items(cu)}/${inB.id}`, { sku: 'E2E-DUP', name: 'Three again' }, tokens.writer)).body.Meta.code).toBe(200);
  });
});

describe('items: disable, pause, contract end, lists', () => {
  const cu = () => customers['K-10002'];

  it('disables and enables with PATCH {disabled}, hiding disabled items unless all=1', async () => {
    const item = await newItem(cu(), { sku: 'E2E-DIS', name: 'Disable me' });
    expect(ok(await api().patch(`${items(cu())}/${item.id}`, { disabled: true }, tokens.writer)).disabled).toBe(true);
    expect(ok(await api().get(`${items(cu())}?q=E2E-DIS`, tokens.admin)).total).toBe(0);
    expect(ok(await api().get(`${items(cu())}?q=E2E-DIS&all=1`, tokens.admin)).items.map((i: { id: number }) => i.id)).toEqual([item.id]);
    expect(ok(await api().patch(`${items(cu())}/${item.id}`, { disabled: false }, tokens.writer)).disabled).toBe(false);
    expect(ok(await api().get(`${items(cu())}?q=E2E-DIS`, tokens.admin)).total).toBe(1);
  });

  it('pauses until a date and unpauses; paused lists at customer, location, supplier and company level', async () => {
    const catalogId = ok(await api().get(cat(suppliers['L-200']), tokens.admin)).items[0].id;
    const item = await newItem(cu(), { sku: 'E2E-PAUSE', name: 'Pause me', catalog_id: catalogId });
    const paused = ok(await api().patch(`${items(cu())}/${item.id}`, { paused_until: '2099-06-30' }, tokens.writer));
    expect(paused).toMatchObject({ paused_until: '2099-06-30', paused: true });
    const has = async (path: string, token = tokens.admin) => ok(await api().get(path, token)).items.some((i: { id: number }) => i.id === item.id);
    const location = ok(await api().get(`/c/${demo}/customer/${cu()}/location?sort=sort`, tokens.admin)).items[0].id as number;
    expect(await has(`${items(cu())}/paused?per_page=200`)).toBe(true);
    expect(await has(`/c/${demo}/customer/${cu()}/location/${location}/item/paused?per_page=200`)).toBe(true);
    expect(await has(`/c/${demo}/supplier/${suppliers['L-200']}/item/paused?per_page=200`, tokens.readonly)).toBe(true);
    expect(await has(`/c/${demo}/item_search/paused?q=E2E-PAUSE`)).toBe(true);
    expect(await has(`/c/${demo}/supplier/${suppliers['L-100']}/item/paused?per_page=200`)).toBe(false);
    // A pause that ended is no pause.
    expect(ok(await api().patch(`${items(cu())}/${item.id}`, { paused_until: '2020-01-01' }, tokens.writer)).paused).toBe(false);
    expect(await has(`/c/${demo}/item_search/paused?q=E2E-PAUSE`)).toBe(false);
    const unpaused = ok(await api().patch(`${items(cu())}/${item.id}`, { paused_until: null }, tokens.writer));
    expect(unpaused).toMatchObject({ paused_until: null, paused: false });
    for (const path of [`/c/0/item_search/paused`, `/c/0/customer/${cu()}/item/paused`, `/c/0/supplier/1/item/paused`, `/c/0/customer/${cu()}/location/1/item/paused`]) {
      expect((await api().get(path, tokens.admin)).body.Meta).toMatchObject({ code: 1000, field: 'companyID', message: 'companyID is required' });
    }
  });

  it('answers 404 for the paused list of an unknown location, another customer\'s or a hidden one; the list carries subscriptions', async () => {
    const location = ok(await api().get(`/c/${demo}/customer/${cu()}/location?sort=sort`, tokens.admin)).items[0].id as number;
    const item = await newItem(cu(), { sku: 'E2E-PAUSE-LOC', name: 'Paused at location', paused_until: '2099-03-31' });
    const paused = (customerId: number, locationId: number, token = tokens.admin) => api().get(`/c/${demo}/customer/${customerId}/location/${locationId}/item/paused?q=E2E-PAUSE-LOC`, token);
    expect(ok(await paused(cu(), location)).items).toEqual([expect.objectContaining({ id: item.id, paused: true, subscribed: false })]);
    expect((await paused(cu(), 987_654)).body.Meta.code).toBe(404);
    // A location of another customer of the company, and one of the other company.
    const elsewhere = ok(await api().get(`/c/${demo}/customer/${customers['K-10001']}/location?sort=sort`, tokens.admin)).items[0].id as number;
    expect((await paused(cu(), elsewhere)).body.Meta.code).toBe(404);
    const theirCustomer = ok(await api().get(`/c/${other}/customer?all=1`, tokens.other)).items[0].id as number;
    const theirLocation = ok(await api().get(`/c/${other}/customer/${theirCustomer}/location`, tokens.other)).items[0].id as number;
    expect((await paused(cu(), theirLocation)).body.Meta.code).toBe(404);
    // The demo customer user is restricted to K-10001: this customer's locations are hidden.
    expect((await paused(cu(), location, tokens.customer)).body.Meta.code).toBe(404);
    expect((await paused(cu(), location, tokens.other)).body.Meta.code).toBe(1020);
  });

  it('disables an item whose contract end date is reached, and refuses to enable it', async () => {
    const ended = await newItem(cu(), { sku: 'E2E-END', name: 'Contract ended', contract_end_date: '2024-01-31' });
    expect(ended.disabled).toBe(true);
    expect(ok(await api().get(`${items(cu())}?q=E2E-END`, tokens.admin)).total).toBe(0);
    expect((await api().patch(`${items(cu())}/${ended.id}`, { disabled: false }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'disabled' });
    const renewed = ok(await api().patch(`${items(cu())}/${ended.id}`, { contract_end_date: '2099-01-31', disabled: false }, tokens.writer));
    expect(renewed).toMatchObject({ disabled: false, contract_end_date: '2099-01-31' });
    // The demo data holds items whose contract ended: disabled, listed only with all=1.
    const all = ok(await api().get(`/c/${demo}/item_search?all=1&per_page=200&sort=contract_end_date`, tokens.admin)).items as { contract_end_date: string | null; disabled: boolean }[];
    const past = all.filter((i) => i.contract_end_date !== null && i.contract_end_date < '2026-01-01');
    expect(past.length).toBeGreaterThan(0);
    expect(past.every((i) => i.disabled)).toBe(true);
  });

  it('filters, sorts and pages the customer list', async () => {
    const base = items(customers['K-10001']);
    const first = ok(await api().get(`${base}?q=din933&sort=sku&per_page=3`, tokens.admin));
    expect(first.total).toBeGreaterThan(3);
    expect(first.items).toHaveLength(3);
    const skus = first.items.map((i: { sku: string }) => i.sku);
    expect([...skus].sort()).toEqual(skus);
    const desc = ok(await api().get(`${base}?q=din933&sort=sku&order=desc&per_page=3`, tokens.admin)).items.map((i: { sku: string }) => i.sku);
    expect([...desc].sort().reverse()).toEqual(desc);
    const second = ok(await api().get(`${base}?q=din933&sort=sku&per_page=3&page=2`, tokens.admin));
    expect(second.items[0].sku >= skus[2]).toBe(true);
    expect((await api().get(`${base}?per_page=201`, tokens.admin)).body.Meta).toMatchObject({ code: 1000, field: 'per_page' });
    expect((await api().get(items(987654), tokens.admin)).body.Meta.code).toBe(404);
  });

  it('searches the company by SKU prefix, name prefix and part of a name', async () => {
    const search = async (q: string, extra = '') => ok(await api().get(`/c/${demo}/item_search?q=${encodeURIComponent(q)}&per_page=200${extra}`, tokens.admin)).items as { sku: string; name: string; customer_id: number }[];
    const bySku = await search('din934-m1');
    expect(bySku.length).toBeGreaterThan(0);
    expect(bySku.every((i) => i.sku.toLowerCase().startsWith('din934-m1'))).toBe(true);
    const byName = await search('Nitrile');
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.every((i) => i.name.startsWith('Nitrile'))).toBe(true);
    const byPart = await search('ear plug');
    expect(byPart.length).toBeGreaterThan(0);
    expect(byPart.every((i) => i.name.toLowerCase().includes('ear plug'))).toBe(true);
    // Customers of the demo company only, several of them.
    expect(new Set(byName.map((i) => i.customer_id)).size).toBeGreaterThan(1);
    // Two characters: prefixes only; LIKE wildcards are literal.
    expect((await search('ug')).length).toBe(0);
    expect((await search('%')).length).toBe(0);
    expect((await search('_IN933')).length).toBe(0);
  });
});

describe('items: roles, tenants, restrictions', () => {
  it('lets readonly and customer users read items but not write; supplier users see the supplier side only', async () => {
    const cu = customers['K-10001'];
    const item = await newItem(cu, { sku: 'E2E-ROLE', name: 'Role item' });
    for (const role of ['readonly', 'customer']) {
      expect((await api().get(items(cu), tokens[role])).body.Meta.code).toBe(200);
      expect((await api().get(`${items(cu)}/${item.id}/`, tokens[role])).body.Meta.code).toBe(200);
      expect((await api().get(`/c/${demo}/item_search`, tokens[role])).body.Meta.code).toBe(200);
      expect((await api().post(items(cu), { sku: 'N', name: 'N' }, tokens[role])).body.Meta.code).toBe(1020);
      expect((await api().patch(`${items(cu)}/${item.id}`, { name: 'N' }, tokens[role])).body.Meta.code).toBe(1020);
      expect((await api().delete(`${items(cu)}/${item.id}`, tokens[role])).body.Meta.code).toBe(1020);
    }
    expect((await api().get(items(cu), tokens.supplier)).body.Meta.code).toBe(1020);
    expect((await api().get(`/c/${demo}/item_search`, tokens.supplier)).body.Meta.code).toBe(1020);
    expect((await api().get(`/c/${demo}/supplier/${suppliers['L-100']}/item`, tokens.customer)).body.Meta.code).toBe(1020);
    for (const role of ['writer', 'admin', 'owner']) {
      expect((await api().patch(`${items(cu)}/${item.id}`, { description: role }, tokens[role])).body.Meta.code).toBe(200);
    }
  });

  it("gives the other company's admin 1020 on every call, and 404 through their own company", async () => {
    const cu = customers['K-10001'];
    const item = await newItem(cu, { sku: 'E2E-TENANT', name: 'Tenant item' });
    const s = suppliers['L-100'];
    const calls: [string, string, unknown?][] = [
      ['get', items(cu)],
      ['get', `${items(cu)}/${item.id}/`],
      ['post', items(cu), { sku: 'X', name: 'X' }],
      ['patch', `${items(cu)}/${item.id}`, { name: 'X' }],
      ['delete', `${items(cu)}/${item.id}`],
      ['get', `${items(cu)}/paused`],
      ['get', `${items(cu)}/backorder`],
      ['get', `/c/${demo}/customer/${cu}/location/1/item/backorder`],
      ['get', `/c/${demo}/customer/${cu}/location/1/item/paused`],
      ['get', `/c/${demo}/supplier/${s}/item`],
      ['get', `/c/${demo}/supplier/${s}/item/${item.id}`],
      ['get', `/c/${demo}/supplier/${s}/item/paused`],
      ['get', `/c/${demo}/supplier/${s}/item/backorder`],
      ['get', `/c/${demo}/item_search`],
      ['get', `/c/${demo}/item_search/paused`],
    ];
    for (const [method, path, body] of calls) {
      const answer = body ? await (api() as any)[method](path, body, tokens.other) : await (api() as any)[method](path, tokens.other);
      expect([path, answer.body.Meta.code]).toEqual([path, 1020]);
    }
    expect((await api().get(`/c/${other}/customer/${cu}/item/${item.id}/`, tokens.other)).body.Meta.code).toBe(404);
    expect((await api().get(`/c/${other}/customer/${cu}/item`, tokens.other)).body.Meta.code).toBe(404);
    expect((await api().patch(`/c/${other}/customer/${cu}/item/${item.id}`, { name: 'Stolen' }, tokens.other)).body.Meta.code).toBe(404);
    const theirs = ok(await api().get(`/c/${other}/item_search?all=1&per_page=200`, tokens.other)).items as { sku: string; id: number }[];
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.some((i) => i.id === item.id)).toBe(false);
  });

  it('narrows items to the restricted customer and supplier', async () => {
    const restrict = async (body: Record<string, number>) => ok(await api().post(`/c/${demo}/accessrestriction`, body, tokens.admin)).id as number;
    const unrestrict = async (id: number) => expect((await api().delete(`/c/${demo}/accessrestriction/${id}`, tokens.admin)).body.Meta.code).toBe(200);
    const until = (check: () => Promise<boolean>, what: string) => eventually(async () => ((await check()) ? true : undefined), 20_000, what);
    const [a, b] = [customers['K-10001'], customers['K-10002']];
    const itemB = await newItem(b, { sku: 'E2E-RST', name: 'Restricted item' });
    const customersSeen = async () => new Set((ok(await api().get(`/c/${demo}/item_search?per_page=200`, tokens.customer)).items as { customer_id: number }[]).map((i) => i.customer_id));

    // The demo customer user is restricted to K-10001 (demo data).
    await until(async () => !(await customersSeen()).has(b), 'the demo restriction to apply');
    expect([...(await customersSeen())]).toEqual([a]);
    expect((await api().get(items(b), tokens.customer)).body.Meta.code).toBe(404);
    expect((await api().get(`${items(b)}/${itemB.id}/`, tokens.customer)).body.Meta.code).toBe(404);
    expect((await api().get(`${items(b)}/backorder`, tokens.customer)).body.Meta.code).toBe(404);
    expect((await api().get(items(a), tokens.customer)).body.Meta.code).toBe(200);
    // Granting the second customer widens the view; taking it back narrows it again.
    const r1 = await restrict({ user_id: ids.customer, customer_id: b });
    try {
      await until(async () => (await customersSeen()).has(b), 'the customer user to see the second customer');
      expect((await api().get(`${items(b)}/${itemB.id}/`, tokens.customer)).body.Meta.code).toBe(200);
    } finally {
      await unrestrict(r1);
    }
    await until(async () => !(await customersSeen()).has(b), 'the customer user to lose the second customer');

    // The demo supplier user is restricted to L-100 (demo data).
    const supplierItems = (s: number) => api().get(`/c/${demo}/supplier/${s}/item?per_page=5`, tokens.supplier);
    await until(async () => (await supplierItems(suppliers['L-200'])).body.Meta.code === 404, 'the supplier user to be restricted');
    expect(ok(await supplierItems(suppliers['L-100'])).total).toBeGreaterThan(0);
    expect((await api().get(cat(suppliers['L-200']), tokens.supplier)).body.Meta.code).toBe(404);
    expect(ok(await api().get(cat(suppliers['L-100']), tokens.supplier)).total).toBeGreaterThan(0);
    const r2 = await restrict({ user_id: ids.supplier, supplier_id: suppliers['L-200'] });
    try {
      await until(async () => (await supplierItems(suppliers['L-200'])).body.Meta.code === 200, 'the supplier user to see L-200');
      expect(ok(await supplierItems(suppliers['L-200'])).total).toBeGreaterThan(0);
    } finally {
      await unrestrict(r2);
    }
    await until(async () => (await supplierItems(suppliers['L-200'])).body.Meta.code === 404, 'the supplier user to lose L-200');
  });
});

describe('item subscriptions at a location', () => {
  it('lists the customer items with their subscription state and toggles it, safe to repeat', async () => {
    const cu = customers['K-10001'];
    const location = ok(await api().post(`/c/${demo}/customer/${cu}/location/`, { name: 'Subscription hall' }, tokens.writer)).id as number;
    const item = await newItem(cu, { sku: 'E2E-SUB', name: 'Subscribed gloves', subscription_interval: 14 });
    const base = `/c/${demo}/customer/${cu}/location/${location}/item`;
    const state = async () => ok(await api().get(`${base}?q=E2E-SUB`, tokens.readonly)).items.map((i: { id: number; subscribed: boolean }) => [i.id, i.subscribed]);
    expect(await state()).toEqual([[item.id, false]]);
    const on = await api().get(`${base}/${item.id}/toggleSubscription?active=1`, tokens.writer);
    expect(on.body.Data).toMatchObject({ id: item.id, subscribed: true });
    expect((await api().get(`${base}/${item.id}/toggleSubscription?active=1`, tokens.writer)).body.Data.subscribed).toBe(true);
    expect(await state()).toEqual([[item.id, true]]);
    expect((await api().get(`${base}/${item.id}/toggleSubscription?active=0`, tokens.writer)).body.Data.subscribed).toBe(false);
    expect(await state()).toEqual([[item.id, false]]);
    // Errors: the flag is required; readers may not toggle; unknown location, another customer's location or item: 404.
    expect((await api().get(`${base}/${item.id}/toggleSubscription`, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'active' });
    expect((await api().get(`${base}/${item.id}/toggleSubscription?active=1`, tokens.readonly)).body.Meta.code).toBe(1020);
    expect((await api().get(`${base}/${item.id}/toggleSubscription?active=1`, tokens.other)).body.Meta.code).toBe(1020);
    expect((await api().get(`${base}?q=x`, tokens.other)).body.Meta.code).toBe(1020);
    expect((await api().get(`/c/${demo}/customer/${cu}/location/987654/item/${item.id}/toggleSubscription?active=1`, tokens.writer)).body.Meta.code).toBe(404);
    expect((await api().get(`/c/${demo}/customer/${customers['K-10002']}/location/${location}/item`, tokens.writer)).body.Meta.code).toBe(404);
    const foreign = await newItem(customers['K-10002'], { sku: 'E2E-SUB-2', name: 'Not here' });
    expect((await api().get(`${base}/${foreign.id}/toggleSubscription?active=1`, tokens.writer)).body.Meta.code).toBe(404);
  });
});

describe('backorders from evt.orders.backorder_changed', () => {
  function publish(data: Record<string, unknown>, id = randomUUID()): Promise<void> {
    return publishEventAs(system, 'orders', 'evt.orders.backorder_changed', data, id);
  }

  it('keeps open backorders per order line, once per event, never overwritten by older events', async () => {
    const cu = customers['K-10002'];
    const catalogId = ok(await api().get(cat(suppliers['L-200']), tokens.admin)).items[0].id;
    const item = await newItem(cu, { sku: 'E2E-BO', name: 'Backordered gloves', catalog_id: catalogId });
    const line = { company_id: demo, order_id: 900001, pos: 1, customer_id: cu, location_id: 77, item_id: item.id };
    const list = async (path: string, token = tokens.admin) => (ok(await api().get(path, token)) as { order_id: number; quantity: number; sku: string }[]).filter((b) => b.order_id === 900001);
    const customerPath = `${items(cu)}/backorder`;
    const eventId = randomUUID();
    await publish({ ...line, quantity: 5, changed_at: '2026-11-01T10:00:00.000Z' }, eventId);
    await eventually(async () => ((await list(customerPath)).length === 1 ? true : undefined), 20_000, 'the backorder to arrive');
    expect(await list(customerPath)).toEqual([expect.objectContaining({ order_id: 900001, pos: 1, quantity: 5, sku: 'E2E-BO', location_id: 77, supplier_id: suppliers['L-200'], since: '2026-11-01T10:00:00.000Z' })]);
    expect(await list(`/c/${demo}/customer/${cu}/location/77/item/backorder`)).toHaveLength(1);
    expect(await list(`/c/${demo}/customer/${cu}/location/78/item/backorder`)).toHaveLength(0);
    expect(await list(`/c/${demo}/supplier/${suppliers['L-200']}/item/backorder`, tokens.readonly)).toHaveLength(1);
    expect(await list(`/c/${demo}/supplier/${suppliers['L-100']}/item/backorder`)).toHaveLength(0);

    // The same event again changes nothing; an older one is ignored; a newer one applies.
    await publish({ ...line, quantity: 9, changed_at: '2026-11-01T10:00:00.000Z' }, eventId);
    await publish({ ...line, quantity: 7, changed_at: '2026-10-01T10:00:00.000Z' });
    await publish({ ...line, pos: 2, quantity: 1, changed_at: '2026-11-01T11:00:00.000Z' });
    await eventually(async () => ((await list(customerPath)).length === 2 ? true : undefined), 20_000, 'the second line');
    expect((await list(customerPath)).map((b) => b.quantity)).toEqual([5, 1]);
    await publish({ ...line, quantity: 3, changed_at: '2026-11-02T10:00:00.000Z' });
    await eventually(async () => ((await list(customerPath))[0]?.quantity === 3 ? true : undefined), 20_000, 'the newer backorder state');
    // Quantity 0 closes it.
    await publish({ ...line, quantity: 0, changed_at: '2026-11-03T10:00:00.000Z' });
    await publish({ ...line, pos: 2, quantity: 0, changed_at: '2026-11-03T10:00:00.000Z' });
    await eventually(async () => ((await list(customerPath)).length === 0 ? true : undefined), 20_000, 'the backorders to close');
  });
});
