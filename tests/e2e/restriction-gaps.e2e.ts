import { eventually } from '@kanban/testing';
import { ok, publishEventAs, signInDemo, startSystem, type TestSystem } from '../support/system';

/**
 * Access restrictions where the review of issue 14 found them missing, in both run modes: backorder lists and the
 * change log narrowed by location, customer and supplier restrictions, the supplier's assortment counting only the
 * supplies the caller may see, and items never put into a catalog of a supplier the caller may not see.
 *
 * The read-only demo user gets a location restriction (one of two new locations of Alpen Metallwerke, K-10002) and a
 * supplier restriction (Schraubenwerk Franken, L-100); the writer a supplier restriction for the item writes.
 */
jest.setTimeout(300_000);

let system: TestSystem;
let demo: number;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const customers: Record<string, number> = {};
const suppliers: Record<string, number> = {};
const api = () => system.api;

let customer: number;
/** Two new locations of K-10002: the read-only user is restricted to `seen`. */
let seen: number;
let hidden: number;
let catalog100: number;
let catalog200: number;
const restrictions: number[] = [];

async function restrict(body: Record<string, number>): Promise<number> {
  const id = ok(await api().post(`/c/${demo}/accessrestriction`, body, tokens.admin)).id as number;
  restrictions.push(id);
  return id;
}

async function newItem(customerId: number, body: Record<string, unknown>, token = tokens.writer) {
  return ok(await api().post(`/c/${demo}/customer/${customerId}/item`, body, token));
}

function publish(data: Record<string, unknown>): Promise<void> {
  return publishEventAs(system, 'orders', 'evt.orders.backorder_changed', data);
}

/** An order by the rules API at the location (the request confirmed: K-10002 uses the request workflow). */
async function order(locationId: number, itemId: number): Promise<number> {
  const rule = ok(await api().post(`/c/${demo}/rules`, { location_id: locationId, item_id: itemId, threshold: 2, capacity: 8, stock: 8 }, tokens.writer)).id;
  const reply = ok(await api().post(`/c/${demo}/rules/${rule}/stock`, { stock: 1 }, tokens.writer));
  expect(reply.decision.reason).toBe('ordered');
  const orderId = reply.decision.order_id as number;
  const request = await api().get(`/c/${demo}/request/${orderId}`, tokens.admin);
  if (request.body.Meta.code === 200) ok(await api().post(`/c/${demo}/customer/${customer}/request/${orderId}/confirm`, {}, tokens.writer));
  return orderId;
}

beforeAll(async () => {
  system = await startSystem();
  const signedIn = await signInDemo(system);
  Object.assign(tokens, signedIn.tokens);
  Object.assign(ids, signedIn.ids);
  demo = signedIn.demo;
  for (const c of ok(await api().get(`/c/${demo}/customer?all=1&per_page=200`, tokens.admin)).items) customers[c.nr] = c.id;
  for (const s of ok(await api().get(`/c/${demo}/supplier?all=1&per_page=200`, tokens.admin)).items) suppliers[s.nr] = s.id;
  customer = customers['K-10002']!;
  seen = ok(await api().post(`/c/${demo}/customer/${customer}/location/`, { name: 'Restricted Halle Seen' }, tokens.writer)).id;
  hidden = ok(await api().post(`/c/${demo}/customer/${customer}/location/`, { name: 'Restricted Halle Hidden' }, tokens.writer)).id;
  catalog100 = ok(await api().get(`/c/${demo}/supplier/${suppliers['L-100']}/catalog`, tokens.admin)).items[0].id;
  catalog200 = ok(await api().get(`/c/${demo}/supplier/${suppliers['L-200']}/catalog`, tokens.admin)).items[0].id;
});

afterAll(async () => {
  for (const id of restrictions) await api().delete(`/c/${demo}/accessrestriction/${id}`, tokens.admin);
  await system?.close();
});

describe('read-only user restricted to one location and one supplier', () => {
  let item100: { id: number };
  let item100b: { id: number };
  let item200: { id: number };
  let itemNoCatalog: { id: number };
  let itemOtherCustomer: { id: number };

  beforeAll(async () => {
    item100 = await newItem(customer, { sku: 'RG-100', name: 'Restricted gaps L-100', order_unit: 'PAK', catalog_id: catalog100 });
    item100b = await newItem(customer, { sku: 'RG-100B', name: 'Restricted gaps L-100 B', order_unit: 'PAK', catalog_id: catalog100 });
    item200 = await newItem(customer, { sku: 'RG-200', name: 'Restricted gaps L-200', catalog_id: catalog200 });
    itemNoCatalog = await newItem(customer, { sku: 'RG-NONE', name: 'Restricted gaps without catalog' });
    itemOtherCustomer = await newItem(customers['K-10001']!, { sku: 'RG-K1', name: 'Restricted gaps other customer', catalog_id: catalog100 });
    // A change on each location, for the change log.
    ok(await api().patch(`/c/${demo}/customer/${customer}/location/${seen}`, { description: 'seen changed' }, tokens.writer));
    ok(await api().patch(`/c/${demo}/customer/${customer}/location/${hidden}`, { description: 'hidden changed' }, tokens.writer));
    await restrict({ user_id: ids.readonly!, location_id: seen });
    await restrict({ user_id: ids.readonly!, supplier_id: suppliers['L-100']! });
    // Both restrictions have reached the catalog's copy once L-200's items answer 404 and the customer's other locations are gone.
    await eventually(
      async () => {
        const supplier = await api().get(`/c/${demo}/supplier/${suppliers['L-200']}/item`, tokens.readonly);
        const locations = await api().get(`/c/${demo}/customer/${customer}/location?all=1&per_page=200`, tokens.readonly);
        return supplier.status === 404 && locations.body.Data?.items?.length === 1 ? true : undefined;
      },
      30_000,
      'the restrictions in the catalog',
    );
  });

  it('lists only the backorders of the visible location and supplier', async () => {
    const line = { company_id: demo, customer_id: customer, quantity: 4, changed_at: '2026-11-05T10:00:00.000Z' };
    await publish({ ...line, order_id: 910001, pos: 1, location_id: seen, item_id: item100.id });
    await publish({ ...line, order_id: 910002, pos: 1, location_id: hidden, item_id: item100.id });
    await publish({ ...line, order_id: 910003, pos: 1, location_id: seen, item_id: item200.id });
    const orderIds = async (path: string, token: string) =>
      (ok(await api().get(path, token)) as { order_id: number }[]).map((b) => b.order_id).filter((id) => id >= 910001 && id <= 910003).sort();
    const customerPath = `/c/${demo}/customer/${customer}/item/backorder`;
    await eventually(async () => ((await orderIds(customerPath, tokens.admin)).length === 3 ? true : undefined), 20_000, 'the backorders');
    expect(await orderIds(customerPath, tokens.readonly)).toEqual([910001]);
    expect(await orderIds(`/c/${demo}/customer/${customer}/location/${seen}/item/backorder`, tokens.readonly)).toEqual([910001]);
    expect(await orderIds(`/c/${demo}/customer/${customer}/location/${hidden}/item/backorder`, tokens.readonly)).toEqual([]);
    expect(await orderIds(`/c/${demo}/supplier/${suppliers['L-100']}/item/backorder`, tokens.readonly)).toEqual([910001]);
    // Unrestricted callers still see every one.
    expect(await orderIds(`/c/${demo}/supplier/${suppliers['L-100']}/item/backorder`, tokens.admin)).toEqual([910001, 910002]);
    expect(await orderIds(`/c/${demo}/customer/${customer}/location/${hidden}/item/backorder`, tokens.admin)).toEqual([910002]);
  });

  it('keeps the change log to what the user may see', async () => {
    const entries = async (path: string, token: string) =>
      (ok(await api().get(`${path}?per_page=200`, token)).items as { entity_kind: string; entity_id: number }[]).map((e) => `${e.entity_kind}:${e.entity_id}`);
    const customerChanges = `/c/${demo}/customer/${customer}/changes/`;
    const all = await entries(customerChanges, tokens.admin);
    for (const expected of [`location:${seen}`, `location:${hidden}`, `item:${item100.id}`, `item:${item200.id}`, `item:${itemNoCatalog.id}`]) expect(all).toContain(expected);
    const mine = await entries(customerChanges, tokens.readonly);
    expect(mine).toContain(`location:${seen}`);
    expect(mine).toContain(`item:${item100.id}`);
    expect(mine).not.toContain(`location:${hidden}`);
    expect(mine).not.toContain(`item:${item200.id}`);
    expect(mine).not.toContain(`item:${itemNoCatalog.id}`);
    // Filtering by the hidden location's id finds nothing either.
    expect(ok(await api().get(`${customerChanges}?entity_kind=location&entity_id=${hidden}`, tokens.readonly)).total).toBe(0);
    expect(ok(await api().get(`${customerChanges}?entity_kind=location&entity_id=${hidden}`, tokens.admin)).total).toBeGreaterThan(0);

    const supplierChanges = `/c/${demo}/supplier/${suppliers['L-100']}/changes/`;
    expect(await entries(supplierChanges, tokens.admin)).toContain(`item:${itemOtherCustomer.id}`);
    const supplierMine = await entries(supplierChanges, tokens.readonly);
    expect(supplierMine).toContain(`item:${item100.id}`);
    expect(supplierMine).not.toContain(`item:${itemOtherCustomer.id}`);
    // The hidden supplier's log stays 404.
    expect((await api().get(`/c/${demo}/supplier/${suppliers['L-200']}/changes/`, tokens.readonly)).status).toBe(404);
  });

  it("counts only the visible location's supplies in the assortment", async () => {
    await order(seen, item100.id);
    const hiddenOrder = await order(hidden, item100b.id);
    const base = `/c/${demo}/supplier/${suppliers['L-100']}/assortment`;
    const rowOf = async (token: string) => (ok(await api().get(base, token)).items as any[]).find((r) => r.customer_id === customer);
    // The supply of the hidden location's order, delivered: its delivery must not show to the restricted user.
    const hiddenSupply = await eventually(
      async () => (ok(await api().get(`/c/${demo}/supplier/${suppliers['L-100']}/supply?state=all&q=${hiddenOrder}`, tokens.admin)).items as any[]).find((s) => s.order_id === hiddenOrder),
      30_000,
      'the supply of the hidden location',
    );
    ok(await api().patch(`/c/${demo}/supplier/${suppliers['L-100']}/supply/${hiddenSupply.id}`, { delivered: true }, tokens.admin));
    await eventually(async () => ((await rowOf(tokens.admin))?.supplies === 2 ? true : undefined), 30_000, 'both supplies in the assortment');
    expect(await rowOf(tokens.admin)).toMatchObject({ supplies: 2, open_supplies: 1, items: 2 });
    expect((await rowOf(tokens.admin)).last_delivered_at).not.toBeNull();
    await eventually(async () => ((await rowOf(tokens.readonly))?.supplies === 1 ? true : undefined), 30_000, 'the restriction in the supply service');
    expect(await rowOf(tokens.readonly)).toMatchObject({ supplies: 1, open_supplies: 1, items: 1, last_delivered_at: null });
    const items = ok(await api().get(`${base}/${customer}`, tokens.readonly)).items.map((i: { item_id: number }) => i.item_id);
    expect(items).toEqual([item100.id]);
  });
});

describe('writer restricted to one supplier', () => {
  it("never puts an item into a catalog of a supplier it may not see", async () => {
    const own = await newItem(customer, { sku: 'RG-W-100', name: 'Writer L-100', catalog_id: catalog100 });
    const restriction = await restrict({ user_id: ids.writer!, supplier_id: suppliers['L-100']! });
    try {
      await eventually(
        async () => ((await api().get(`/c/${demo}/supplier/${suppliers['L-200']}/item`, tokens.writer)).status === 404 ? true : undefined),
        30_000,
        'the restriction in the catalog',
      );
      const create = await api().post(`/c/${demo}/customer/${customer}/item`, { sku: 'RG-W-200', name: 'Writer L-200', catalog_id: catalog200 }, tokens.writer);
      expect(create.body.Meta).toMatchObject({ code: 1000, field: 'catalog_id' });
      const move = await api().patch(`/c/${demo}/customer/${customer}/item/${own.id}`, { catalog_id: catalog200 }, tokens.writer);
      expect(move.body.Meta).toMatchObject({ code: 1000, field: 'catalog_id' });
      // The same answer as a catalog that does not exist: nothing tells the hidden one apart.
      const unknown = await api().post(`/c/${demo}/customer/${customer}/item`, { sku: 'RG-W-X', name: 'Writer unknown', catalog_id: 987654 }, tokens.writer);
      expect(unknown.body.Meta).toEqual(create.body.Meta);
      expect(ok(await api().get(`/c/${demo}/customer/${customer}/item/${own.id}`, tokens.admin)).catalog_id).toBe(catalog100);
      const admin = ok(await api().get(`/c/${demo}/customer/${customer}/item?q=RG-W-200`, tokens.admin));
      expect(admin.total).toBe(0);
      // Its own supplier's catalog still works.
      expect(ok(await api().patch(`/c/${demo}/customer/${customer}/item/${own.id}`, { name: 'Writer L-100 renamed', catalog_id: catalog100 }, tokens.writer)).name).toBe('Writer L-100 renamed');
    } finally {
      ok(await api().delete(`/c/${demo}/accessrestriction/${restriction}`, tokens.admin));
      restrictions.splice(restrictions.indexOf(restriction), 1);
    }
  });
});
