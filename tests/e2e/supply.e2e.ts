import { orderEventText } from '@kanban/contracts';
import { eventually } from '@kanban/testing';
import { meta, ok, signInDemo, startSystem, type TestSystem } from '../support/system';

/**
 * Supplies (docs/supplies.md) in both run modes: orders created by the rules API (a stock drop on a rule)
 * become supplies at their supplier through evt.orders.created; the supplier lists, reads and marks them
 * delivered (whole supply and single lines) and takes them back; the order follows through
 * evt.supply.delivery_changed. Errors, roles, tenancy, restrictions and repeat safety.
 */
jest.setTimeout(240_000);

let system: TestSystem;
let demo: number;
let other: number;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const customers: Record<string, number> = {};
const suppliers: Record<string, number> = {};

const api = () => system.api;

/** L-100's catalog (the supplier user's supplier) and L-200's. */
let catalog100: { id: number; ext_system_id: string };
let catalog200: { id: number };
/** order 1: K-10001, two lines from L-100; order 2: K-10002, one line from L-100; order 3: K-10001, one line from L-200. */
const orders: { orderId: number; customerId: number; locationId: number; itemIds: number[] }[] = [];

async function placeOrder(customer: string, name: string, items: { sku: string; catalogId: number }[]) {
  const customerId = customers[customer]!;
  const locationId = ok(await api().post(`/c/${demo}/customer/${customerId}/location/`, { name }, tokens.writer)).id;
  const rules: number[] = [];
  const itemIds: number[] = [];
  for (const [index, spec] of items.entries()) {
    const item = ok(
      await api().post(`/c/${demo}/customer/${customerId}/item`, { sku: spec.sku, name: `Supply item ${spec.sku}`, order_unit: 'PAK', catalog_id: spec.catalogId }, tokens.writer),
    );
    itemIds.push(item.id);
    // All but the last rule start below the threshold (pending); the stock drop on the last one runs them together.
    const stock = index < items.length - 1 ? 1 : 8;
    rules.push(ok(await api().post(`/c/${demo}/rules`, { location_id: locationId, item_id: item.id, threshold: 2, capacity: 8, stock }, tokens.writer)).id);
  }
  const reply = ok(await api().post(`/c/${demo}/rules/${rules[rules.length - 1]}/stock`, { stock: 1 }, tokens.writer));
  expect(reply.decision.reason).toBe('ordered');
  // A customer with the request workflow (K-10002 in the demo data) gets a request: it becomes an order, and
  // evt.orders.created goes out, once confirmed.
  const request = await api().get(`/c/${demo}/request/${reply.decision.order_id}`, tokens.admin);
  if (request.body.Meta.code === 200) ok(await api().post(`/c/${demo}/customer/${customerId}/request/${reply.decision.order_id}/confirm`, {}, tokens.writer));
  const order = ok(await api().get(`/c/${demo}/order/${reply.decision.order_id}`, tokens.admin));
  expect(order.lines).toHaveLength(items.length);
  return { orderId: order.id as number, customerId, locationId, itemIds };
}

/** The supply of an order, once the supply service has received evt.orders.created. */
async function supplyOf(supplierId: number, orderId: number): Promise<any> {
  return eventually(
    async () => {
      const page = ok(await api().get(`/c/${demo}/supplier/${supplierId}/supply?state=all&q=${orderId}`, tokens.admin));
      return page.items.find((s: any) => s.order_id === orderId);
    },
    30_000,
    `the supply of order ${orderId}`,
  );
}

const supplyPath = (supplierId: number, supplyId: number) => `/c/${demo}/supplier/${supplierId}/supply/${supplyId}`;
const orderOf = async (orderId: number) => ok(await api().get(`/c/${demo}/order/${orderId}`, tokens.admin));

beforeAll(async () => {
  system = await startSystem();
  const signedIn = await signInDemo(system);
  Object.assign(tokens, signedIn.tokens);
  Object.assign(ids, signedIn.ids);
  ({ demo, other } = signedIn);
  for (const c of ok(await api().get(`/c/${demo}/customer?all=1&per_page=200`, tokens.admin)).items) customers[c.nr] = c.id;
  for (const s of ok(await api().get(`/c/${demo}/supplier?all=1&per_page=200`, tokens.admin)).items) suppliers[s.nr] = s.id;
  catalog100 = ok(await api().get(`/c/${demo}/supplier/${suppliers['L-100']}/catalog`, tokens.admin)).items[0];
  catalog200 = ok(await api().get(`/c/${demo}/supplier/${suppliers['L-200']}/catalog`, tokens.admin)).items[0];
  // The catalog's external id shows on the supply (an event the supply service keeps a copy of).
  catalog100 = ok(await api().patch(`/c/${demo}/supplier/${suppliers['L-100']}/catalog/${catalog100.id}`, { ext_system_id: 'EXT-SUP-100' }, tokens.admin));
  orders.push(
    await placeOrder('K-10001', 'Supply Halle 1', [
      { sku: 'SUP-1', catalogId: catalog100.id },
      { sku: 'SUP-2', catalogId: catalog100.id },
    ]),
  );
  orders.push(await placeOrder('K-10002', 'Supply Halle 2', [{ sku: 'SUP-3', catalogId: catalog100.id }]));
  orders.push(await placeOrder('K-10001', 'Supply Halle 3', [{ sku: 'SUP-4', catalogId: catalog200!.id }]));
});

afterAll(async () => {
  await system?.close();
});

describe('supplies from orders', () => {
  it('creates one supply per order at its supplier, with lines, names and the catalog external id', async () => {
    const [first] = orders;
    const supply = await supplyOf(suppliers['L-100']!, first!.orderId);
    expect(supply).toMatchObject({
      order_id: first!.orderId,
      supplier_id: suppliers['L-100'],
      supplier: 'Schraubenwerk Franken GmbH',
      customer_id: customers['K-10001'],
      customer: 'Maschinenbau Huber GmbH',
      location_id: first!.locationId,
      location: 'Supply Halle 1',
      status: 'open',
      delivered: false,
      line_count: 2,
      delivered_count: 0,
    });
    const detail = ok(await api().get(supplyPath(suppliers['L-100']!, supply.id), tokens.supplier));
    expect(detail.lines).toEqual([
      expect.objectContaining({ pos: 1, sku: 'SUP-1', name: 'Supply item SUP-1', quantity: 7, unit: 'PAK', catalog_id: catalog100.id, delivered: false, delivered_at: null }),
      expect.objectContaining({ pos: 2, sku: 'SUP-2', quantity: 7, delivered: false }),
    ]);
    expect(detail.catalog_ext_id).toBe('EXT-SUP-100');
    const order = await orderOf(first!.orderId);
    expect(detail.shipping).toBe(order.lines[0].shipping);
    expect(detail.date).toBe(order.date);
    // The order's history shows the supply (S).
    await eventually(async () => ((await orderOf(first!.orderId)).history.some((e: any) => e.type === 'S' && e.text.includes(`supply ${supply.id}`)) ? true : undefined), 30_000, 'the S event');
    // The other supplier's order went to the other supplier only.
    const third = await supplyOf(suppliers['L-200']!, orders[2]!.orderId);
    expect(third).toMatchObject({ supplier: 'Tiroler Normteile GmbH', line_count: 1 });
    const l100 = ok(await api().get(`/c/${demo}/supplier/${suppliers['L-100']}/supply?state=all`, tokens.admin));
    expect(l100.items.map((s: any) => s.order_id)).not.toContain(orders[2]!.orderId);
  });
});

describe('supply list', () => {
  it('filters by state, days and q (order id, customer, location, SKU), sorts and pages', async () => {
    const base = `/c/${demo}/supplier/${suppliers['L-100']}/supply`;
    await supplyOf(suppliers['L-100']!, orders[1]!.orderId);
    const all = ok(await api().get(`${base}?state=all`, tokens.readonly));
    expect(all.total).toBe(2);
    expect(all.items.map((s: any) => s.order_id)).toEqual([orders[1]!.orderId, orders[0]!.orderId]);
    expect(ok(await api().get(base, tokens.readonly)).total).toBe(2);
    expect(ok(await api().get(`${base}?state=delivered`, tokens.readonly)).total).toBe(0);
    expect(ok(await api().get(`${base}?state=all&days=1`, tokens.readonly)).total).toBe(2);
    expect(ok(await api().get(`${base}?q=${orders[0]!.orderId}`, tokens.readonly)).items.map((s: any) => s.order_id)).toEqual([orders[0]!.orderId]);
    expect(ok(await api().get(`${base}?q=alpen`, tokens.readonly)).items.map((s: any) => s.order_id)).toEqual([orders[1]!.orderId]);
    expect(ok(await api().get(`${base}?q=Halle%201`, tokens.readonly)).items.map((s: any) => s.order_id)).toEqual([orders[0]!.orderId]);
    expect(ok(await api().get(`${base}?q=sup-2`, tokens.readonly)).items.map((s: any) => s.order_id)).toEqual([orders[0]!.orderId]);
    expect(ok(await api().get(`${base}?q=nothing-like-this`, tokens.readonly)).total).toBe(0);
    expect(ok(await api().get(`${base}?sort=order_id&order=asc`, tokens.readonly)).items.map((s: any) => s.order_id)).toEqual([orders[0]!.orderId, orders[1]!.orderId]);
    expect(ok(await api().get(`${base}?sort=customer`, tokens.readonly)).items[0].customer).toBe('Alpen Metallwerke AG');
    const second = ok(await api().get(`${base}?per_page=1&page=2&sort=order_id&order=asc`, tokens.readonly));
    expect(second).toMatchObject({ total: 2, page: 2, per_page: 1 });
    expect(second.items.map((s: any) => s.order_id)).toEqual([orders[1]!.orderId]);
  });

  it('refuses bad parameters with 1000 and the field', async () => {
    const base = `/c/${demo}/supplier/${suppliers['L-100']}/supply`;
    expect(meta(await api().get(`${base}?state=soon`, tokens.admin))).toMatchObject({ code: 1000, field: 'state' });
    expect(meta(await api().get(`${base}?days=0`, tokens.admin))).toMatchObject({ code: 1000, field: 'days' });
    expect(meta(await api().get(`${base}?sort=price`, tokens.admin))).toMatchObject({ code: 1000, field: 'sort' });
    expect(meta(await api().get(`${base}?per_page=500`, tokens.admin))).toMatchObject({ code: 1000, field: 'per_page' });
    expect(meta(await api().get(`/c/${demo}/supplier/abc/supply`, tokens.admin))).toMatchObject({ code: 1000, field: 'supplierID' });
  });
});

describe('delivery', () => {
  it('marks a line delivered and takes it back; the order line follows; safe to repeat', async () => {
    const supply = await supplyOf(suppliers['L-100']!, orders[0]!.orderId);
    const path = supplyPath(suppliers['L-100']!, supply.id);
    const marked = ok(await api().patch(`${path}/line/2`, { delivered: true }, tokens.supplier));
    expect(marked).toMatchObject({ status: 'partial', delivered: false, delivered_count: 1 });
    expect(marked.lines[1]).toMatchObject({ pos: 2, delivered: true, delivered_by: ids.supplier });
    expect(marked.lines[1].delivered_at).toEqual(expect.any(String));
    const again = ok(await api().patch(`${path}/line/2`, { delivered: true }, tokens.supplier));
    expect(again.lines[1].delivered_at).toBe(marked.lines[1].delivered_at);
    await eventually(async () => ((await orderOf(orders[0]!.orderId)).lines[1].status === 'delivered' ? true : undefined), 30_000, 'order line 2 delivered');
    let order = await orderOf(orders[0]!.orderId);
    expect(order.status).toBe('open');
    expect(order.lines[0].status).toBe('open');
    // Taken back ("noch nicht ausgeliefert"): the line is open again.
    const back = ok(await api().patch(`${path}/line/2`, { delivered: false }, tokens.writer));
    expect(back).toMatchObject({ status: 'open', delivered_count: 0 });
    expect(back.lines[1]).toMatchObject({ delivered: false, delivered_at: null, delivered_by: null });
    await eventually(async () => ((await orderOf(orders[0]!.orderId)).lines[1].status === 'open' ? true : undefined), 30_000, 'order line 2 open again');
    order = await orderOf(orders[0]!.orderId);
    // One S event per real change (the repeated mark changed nothing), plus the one of the creation.
    expect(order.history.filter((e: any) => e.type === 'S')).toHaveLength(3);
    // each with its message's code and parameters (docs/replenishment.md "Order history")
    const supplyEvents = order.history.filter((e: any) => e.type === 'S');
    expect(supplyEvents.map((e: any) => [e.code, e.params.supply_id])).toEqual([
      ['supply_created', supply.id],
      ['supply_delivery', supply.id],
      ['supply_delivery', supply.id],
    ]);
    for (const e of supplyEvents) expect(e.text).toBe(orderEventText(e.code, e.params));
    expect(meta(await api().patch(`${path}/line/9`, { delivered: true }, tokens.admin)).code).toBe(404);
  });

  it('marks the whole supply delivered: the order is delivered; taking it back restores it', async () => {
    const target = orders[1]!;
    // Confirmed first (update to OK): taking back returns the lines to confirmed.
    ok(await api().patch(`/c/${demo}/order/${target.orderId}`, { ext_status: 1 }, tokens.writer));
    const supply = await supplyOf(suppliers['L-100']!, target.orderId);
    const path = supplyPath(suppliers['L-100']!, supply.id);
    const done = ok(await api().patch(path, { delivered: true }, tokens.admin));
    expect(done).toMatchObject({ status: 'delivered', delivered: true, delivered_count: 1 });
    expect(done.delivered_at).toEqual(expect.any(String));
    expect(ok(await api().patch(path, { delivered: true }, tokens.admin)).delivered_at).toBe(done.delivered_at);
    await eventually(async () => ((await orderOf(target.orderId)).status === 'delivered' ? true : undefined), 30_000, 'order delivered');
    expect((await orderOf(target.orderId)).lines.map((l: any) => l.status)).toEqual(['delivered']);
    const base = `/c/${demo}/supplier/${suppliers['L-100']}/supply`;
    expect(ok(await api().get(`${base}?state=delivered`, tokens.admin)).items.map((s: any) => s.id)).toEqual([supply.id]);
    expect(ok(await api().get(base, tokens.admin)).items.map((s: any) => s.id)).not.toContain(supply.id);
    const back = ok(await api().patch(path, { delivered: false }, tokens.owner));
    expect(back).toMatchObject({ status: 'open', delivered: false, delivered_at: null });
    await eventually(async () => ((await orderOf(target.orderId)).status === 'confirmed' ? true : undefined), 30_000, 'order confirmed again');
    expect((await orderOf(target.orderId)).lines.map((l: any) => l.status)).toEqual(['confirmed']);
  });

  it('refuses a bad body, unknown supplies, read-only users and other tenants', async () => {
    const supply = await supplyOf(suppliers['L-100']!, orders[0]!.orderId);
    const path = supplyPath(suppliers['L-100']!, supply.id);
    expect(meta(await api().patch(path, {}, tokens.admin))).toMatchObject({ code: 1000, field: 'delivered' });
    expect(meta(await api().patch(path, { delivered: 'yes' }, tokens.admin))).toMatchObject({ code: 1000, field: 'delivered' });
    expect(meta(await api().patch(`${path}/line/x`, { delivered: true }, tokens.admin))).toMatchObject({ code: 1000, field: 'pos' });
    expect((await api().patch(supplyPath(suppliers['L-100']!, 99999999), { delivered: true }, tokens.admin)).status).toBe(404);
    expect((await api().get(supplyPath(suppliers['L-100']!, 99999999), tokens.admin)).status).toBe(404);
    // Under another supplier the supply is unknown.
    expect((await api().get(supplyPath(suppliers['L-200']!, supply.id), tokens.admin)).status).toBe(404);
    expect((await api().patch(supplyPath(suppliers['L-200']!, supply.id), { delivered: true }, tokens.admin)).status).toBe(404);
    // Read-only users read but do not mark; customer users have no supplier access.
    expect(ok(await api().get(path, tokens.readonly)).id).toBe(supply.id);
    expect(meta(await api().patch(path, { delivered: true }, tokens.readonly)).code).toBe(1020);
    expect(meta(await api().patch(`${path}/line/1`, { delivered: true }, tokens.readonly)).code).toBe(1020);
    expect(meta(await api().get(path, tokens.customer)).code).toBe(1020);
    expect(meta(await api().get(`/c/${demo}/supplier/${suppliers['L-100']}/supply`, tokens.customer)).code).toBe(1020);
    // Another company's admin: 1020 under the demo company; the supply is unknown under their own.
    expect(meta(await api().get(`/c/${demo}/supplier/${suppliers['L-100']}/supply`, tokens.other)).code).toBe(1020);
    expect(meta(await api().get(path, tokens.other)).code).toBe(1020);
    expect(meta(await api().patch(path, { delivered: true }, tokens.other)).code).toBe(1020);
    expect(meta(await api().get(`/c/${demo}/supplier/${suppliers['L-100']}/assortment`, tokens.other)).code).toBe(1020);
    expect((await api().get(`/c/${other}/supplier/${suppliers['L-100']}/supply/${supply.id}`, tokens.other)).status).toBe(404);
    expect(ok(await api().get(`/c/${other}/supplier/${suppliers['L-100']}/supply?state=all`, tokens.other)).total).toBe(0);
    expect(ok(await api().get(path, tokens.admin)).delivered_count).toBe(0);
  });
});

describe('restrictions', () => {
  it('shows a supplier user only their supplier', async () => {
    // supplier@demo.example is restricted to L-100 (README).
    const own = await eventually(async () => {
      const answer = await api().get(`/c/${demo}/supplier/${suppliers['L-200']}/supply?state=all`, tokens.supplier);
      return answer.status === 404 ? answer : undefined;
    }, 30_000, 'the restriction copy');
    expect(own.status).toBe(404);
    const third = await supplyOf(suppliers['L-200']!, orders[2]!.orderId);
    expect((await api().get(supplyPath(suppliers['L-200']!, third.id), tokens.supplier)).status).toBe(404);
    expect((await api().patch(supplyPath(suppliers['L-200']!, third.id), { delivered: true }, tokens.supplier)).status).toBe(404);
    expect((await api().get(`/c/${demo}/supplier/${suppliers['L-200']}/assortment`, tokens.supplier)).status).toBe(404);
    expect(ok(await api().get(`/c/${demo}/supplier/${suppliers['L-100']}/supply?state=all`, tokens.supplier)).total).toBe(2);
  });

  it('narrows supplies to the customers of a customer restriction', async () => {
    const created = ok(await api().post(`/c/${demo}/accessrestriction`, { user_id: ids.readonly, customer_id: customers['K-10002'] }, tokens.admin));
    try {
      await eventually(async () => {
        const page = ok(await api().get(`/c/${demo}/supplier/${suppliers['L-100']}/supply?state=all`, tokens.readonly));
        return page.total === 1 ? page : undefined;
      }, 30_000, 'the restricted list');
      const page = ok(await api().get(`/c/${demo}/supplier/${suppliers['L-100']}/supply?state=all`, tokens.readonly));
      expect(page.items.map((s: any) => s.order_id)).toEqual([orders[1]!.orderId]);
      const hidden = await supplyOf(suppliers['L-100']!, orders[0]!.orderId);
      expect((await api().get(supplyPath(suppliers['L-100']!, hidden.id), tokens.readonly)).status).toBe(404);
    } finally {
      ok(await api().delete(`/c/${demo}/accessrestriction/${created.id}`, tokens.admin));
    }
    await eventually(async () => (ok(await api().get(`/c/${demo}/supplier/${suppliers['L-100']}/supply?state=all`, tokens.readonly)).total === 2 ? true : undefined), 30_000, 'the restriction removed');
  });
});

describe('assortment and item supplies', () => {
  it('lists the customers the supplier supplies and the items per customer', async () => {
    const base = `/c/${demo}/supplier/${suppliers['L-100']}/assortment`;
    const customersPage = ok(await api().get(base, tokens.supplier));
    expect(customersPage.total).toBe(2);
    // Sorted by customer name: Alpen Metallwerke AG (K-10002), Maschinenbau Huber GmbH (K-10001).
    expect(customersPage.items).toEqual([
      expect.objectContaining({ customer_id: customers['K-10002'], customer: 'Alpen Metallwerke AG', supplies: 1, open_supplies: 1, items: 1 }),
      expect.objectContaining({ customer_id: customers['K-10001'], customer: 'Maschinenbau Huber GmbH', supplies: 1, open_supplies: 1, items: 2 }),
    ]);
    expect(ok(await api().get(`${base}?q=huber`, tokens.supplier)).items.map((c: any) => c.customer_id)).toEqual([customers['K-10001']]);
    expect(meta(await api().get(`${base}?sort=price`, tokens.supplier))).toMatchObject({ code: 1000, field: 'sort' });
    const items = ok(await api().get(`${base}/${customers['K-10001']}`, tokens.supplier));
    expect(items.items).toEqual([
      expect.objectContaining({ item_id: orders[0]!.itemIds[0], sku: 'SUP-1', supplies: 1, quantity: 7, delivered_quantity: 0, unit: 'PAK' }),
      expect.objectContaining({ item_id: orders[0]!.itemIds[1], sku: 'SUP-2', supplies: 1, quantity: 7 }),
    ]);
    expect(ok(await api().get(`${base}/${customers['K-10001']}?q=sup-2`, tokens.supplier)).items.map((i: any) => i.sku)).toEqual(['SUP-2']);
    expect(ok(await api().get(`${base}/${customers['K-10001']}?sort=sku&order=desc`, tokens.supplier)).items.map((i: any) => i.sku)).toEqual(['SUP-2', 'SUP-1']);
    expect(ok(await api().get(`${base}/${customers['K-10003']}`, tokens.supplier)).total).toBe(0);
  });

  it('answers the last supplies of an item', async () => {
    const itemId = orders[0]!.itemIds[0]!;
    const supply = await supplyOf(suppliers['L-100']!, orders[0]!.orderId);
    const list = ok(await api().get(`/c/${demo}/supplier/${suppliers['L-100']}/item/${itemId}/supplies`, tokens.supplier));
    expect(list).toEqual([expect.objectContaining({ supply_id: supply.id, order_id: orders[0]!.orderId, pos: 1, quantity: 7, location: 'Supply Halle 1', delivered: false })]);
    expect(ok(await api().get(`/c/${demo}/supplier/${suppliers['L-200']}/item/${itemId}/supplies`, tokens.admin))).toEqual([]);
    expect(meta(await api().get(`/c/${demo}/supplier/${suppliers['L-100']}/item/${itemId}/supplies`, tokens.other)).code).toBe(1020);
  });
});
