import { eventually } from '@kanban/testing';
import { meta, ok, signInDemo, startSystem, type TestSystem } from '../support/system';

/** Kanban rules over HTTP (spec 7 `rules`), stock signals and the runs they start, in both run modes. */
jest.setTimeout(240_000);

let system: TestSystem;
let demo: number;
let other: number;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const customers: Record<string, number> = {};
const catalogs: Record<string, number> = {};

const api = () => system.api;
const rules = (company = demo) => `/c/${company}/rules`;

beforeAll(async () => {
  system = await startSystem();
  const signedIn = await signInDemo(system);
  Object.assign(tokens, signedIn.tokens);
  Object.assign(ids, signedIn.ids);
  ({ demo, other } = signedIn);
  for (const c of ok(await api().get(`/c/${demo}/customer?all=1&per_page=200`, tokens.admin)).items) customers[c.nr] = c.id;
  for (const s of ok(await api().get(`/c/${demo}/supplier?all=1&per_page=200`, tokens.admin)).items) {
    for (const k of ok(await api().get(`/c/${demo}/supplier/${s.id}/catalog`, tokens.admin)).items) catalogs[k.name] = k.id;
  }
});

afterAll(async () => {
  await system?.close();
});

let serial = 0;
async function newLocation(customerId: number, body: Record<string, unknown> = {}): Promise<number> {
  return ok(await api().post(`/c/${demo}/customer/${customerId}/location/`, { name: `Rules ${++serial}`, ...body }, tokens.writer)).id;
}
async function newItem(customerId: number, body: Record<string, unknown> = {}): Promise<any> {
  const sku = `RULE-${++serial}`;
  return ok(await api().post(`/c/${demo}/customer/${customerId}/item`, { sku, name: `Rule item ${sku}`, catalog_id: catalogs['Normteile 2026'], ...body }, tokens.writer));
}
async function newRule(body: Record<string, unknown>, token = tokens.writer): Promise<any> {
  return ok(await api().post(rules(), body, token));
}
/** A fresh location and item of a customer and a rule for them (no schedule: stock events order at once). */
async function fixture(ruleBody: Record<string, unknown> = {}, itemBody: Record<string, unknown> = {}, customer = 'K-10001') {
  const customerId = customers[customer]!;
  const locationId = await newLocation(customerId);
  const item = await newItem(customerId, itemBody);
  const rule = await newRule({ location_id: locationId, item_id: item.id, threshold: 10, capacity: 50, stock: 40, ...ruleBody });
  return { customerId, locationId, item, rule };
}
const ordersOf = async (locationId: number, customerId = customers['K-10001']!) =>
  ok(await api().get(`/c/${demo}/customer/${customerId}/location/${locationId}/order`, tokens.admin)).items as any[];
const detail = async (orderId: number) => ok(await api().get(`/c/${demo}/order/${orderId}`, tokens.admin));

describe('rules: create, read, list, change, toggle, delete', () => {
  it('creates a rule for an item at a location and answers it with the item constraints and its location', async () => {
    const { customerId, locationId, item, rule } = await fixture({ scan_code: 'BIN-A1' }, { quantity_per_order_unit: 10, min_order_quantity: 2, max_order_quantity: 40, order_quantity: 2, order_quantity_increment: 2, lead_time_days: 3, transit_days: 1, item_unit: 'PCE', order_unit: 'BOX' });
    expect(rule).toMatchObject({
      customer_id: customerId,
      location_id: locationId,
      item_id: item.id,
      threshold: 10,
      capacity: 50,
      stock: 40,
      scan_code: 'BIN-A1',
      active: true,
      on_order: 0,
      last_decision: null,
      item: {
        sku: item.sku,
        item_unit: 'PCE',
        order_unit: 'BOX',
        quantity_per_order_unit: 10,
        min_order_quantity: 2,
        max_order_quantity: 40,
        order_quantity_increment: 2,
        lead_time_days: 3,
        transit_days: 1,
        supplier_id: item.supplier_id,
        catalog_id: item.catalog_id,
        disabled: false,
        paused_until: null,
      },
      location: { inactive: false, deleted: false, delivery_days: [] },
      customer: { name: 'Maschinenbau Huber GmbH', inactive: false },
    });
    expect(ok(await api().get(`${rules()}/${rule.id}/`, tokens.readonly))).toEqual(rule);
    expect(ok(await api().get(`${rules()}/${rule.id}`, tokens.customer)).id).toBe(rule.id);
  });

  it('gives a rule without a scan code KR + id', async () => {
    const { rule } = await fixture();
    expect(rule.scan_code).toBe(`KR${rule.id}`);
  });

  it('lists with filters, sorting and pages; inactive rules only with all=1', async () => {
    const customerId = customers['K-10002']!;
    const locationId = await newLocation(customerId, { name: 'Liste Halle' });
    const made = [];
    for (const [sku, stock] of [
      ['LIST-B', 30],
      ['LIST-A', 20],
      ['LIST-C', 10],
    ] as const) {
      const item = await newItem(customerId, { sku, name: `List ${sku}` });
      made.push(await newRule({ location_id: locationId, item_id: item.id, threshold: 5, capacity: 50, stock }));
    }
    const list = async (query: string, token = tokens.admin) => ok(await api().get(`${rules()}?location_id=${locationId}${query}`, token));
    expect((await list('')).items.map((r: any) => r.item.sku)).toEqual(['LIST-A', 'LIST-B', 'LIST-C']);
    expect((await list('&sort=stock&order=desc')).items.map((r: any) => r.stock)).toEqual([30, 20, 10]);
    expect(await list('&per_page=2&page=2')).toMatchObject({ total: 3, page: 2, per_page: 2, items: [expect.objectContaining({ item: expect.objectContaining({ sku: 'LIST-C' }) })] });
    expect((await list('&q=list-b')).items.map((r: any) => r.id)).toEqual([made[0].id]);
    expect((await list(`&customer_id=${customerId}&item_id=${made[1].item_id}`)).total).toBe(1);
    expect((await list(`&customer_id=${customers['K-10001']}`)).total).toBe(0);
    expect(ok(await api().get(`${rules()}/${made[2].id}/toggleActive?active=0`, tokens.writer)).active).toBe(false);
    // Safe to repeat.
    expect(ok(await api().get(`${rules()}/${made[2].id}/toggleActive?active=0`, tokens.writer)).active).toBe(false);
    expect((await list('')).total).toBe(2);
    expect((await list('&all=1')).total).toBe(3);
    expect(ok(await api().get(`${rules()}/${made[2].id}/toggleActive?active=1`, tokens.writer)).active).toBe(true);
    expect(meta(await api().get(`${rules()}?sort=bogus`, tokens.admin))).toMatchObject({ code: 1000, field: 'sort' });
  });

  it('changes threshold, capacity, scan code; a stock change through PATCH is a stock event', async () => {
    const { rule } = await fixture();
    const changed = ok(await api().patch(`${rules()}/${rule.id}`, { threshold: 12, capacity: 60, scan_code: `SC-${rule.id}` }, tokens.writer));
    expect(changed).toMatchObject({ threshold: 12, capacity: 60, scan_code: `SC-${rule.id}`, stock: 40, last_decision: null });
    const stocked = ok(await api().patch(`${rules()}/${rule.id}`, { stock: 30 }, tokens.writer));
    expect(stocked.stock).toBe(30);
    expect(stocked.last_decision).toMatchObject({ reason: 'above_threshold', trigger: 'stock', stock: 30 });
    const history = ok(await api().get(`${rules()}/${rule.id}/stock`, tokens.readonly));
    expect(history).toMatchObject({ total: 1, items: [{ kind: 'rule_update', stock_before: 40, stock: 30, user_id: ids.writer }] });
  });

  it('answers 1000 naming the field', async () => {
    const customerId = customers['K-10001']!;
    const locationId = await newLocation(customerId);
    const item = await newItem(customerId);
    const post = (body: Record<string, unknown>) => api().post(rules(), body, tokens.writer);
    expect(meta(await post({ location_id: locationId, item_id: item.id }))).toMatchObject({ code: 1000, field: 'capacity' });
    expect(meta(await post({ location_id: locationId, item_id: item.id, capacity: 10, threshold: 10 }))).toMatchObject({ code: 1000, field: 'threshold' });
    expect(meta(await post({ location_id: locationId, item_id: item.id, capacity: 10, stock: -1 }))).toMatchObject({ code: 1000, field: 'stock' });
    expect(meta(await post({ location_id: 'x', item_id: item.id, capacity: 10 }))).toMatchObject({ code: 1000, field: 'location_id' });
    expect(meta(await post({ location_id: locationId, item_id: 99_999_999, capacity: 10 }))).toMatchObject({ code: 1000, field: 'item_id' });
    expect(meta(await post({ location_id: 99_999_999, item_id: item.id, capacity: 10 }))).toMatchObject({ code: 1000, field: 'location_id' });
    expect(meta(await post({ location_id: locationId, item_id: item.id, capacity: 10, scan_code: 'with space' }))).toMatchObject({ code: 1000, field: 'scan_code' });
    // An item of another customer than the location's.
    const foreign = await newItem(customers['K-10002']!);
    expect(meta(await post({ location_id: locationId, item_id: foreign.id, capacity: 10 }))).toMatchObject({ code: 1000, field: 'item_id' });
    // The other company's item is unknown here.
    const otherCustomer = ok(await api().get(`/c/${other}/customer`, tokens.other)).items[0].id;
    const otherItem = ok(await api().get(`/c/${other}/customer/${otherCustomer}/item`, tokens.other)).items[0];
    expect(meta(await post({ location_id: locationId, item_id: otherItem.id, capacity: 10 }))).toMatchObject({ code: 1000, field: 'item_id' });
    const { rule } = await fixture();
    expect(meta(await api().patch(`${rules()}/${rule.id}`, { capacity: 5 }, tokens.writer))).toMatchObject({ code: 1000, field: 'threshold' });
    expect(meta(await api().patch(`${rules()}/${rule.id}`, { stock: 'many' }, tokens.writer))).toMatchObject({ code: 1000, field: 'stock' });
  });

  it('answers 1059 for a second rule of the same item at the location, and for a scan code in use', async () => {
    const { locationId, item, rule } = await fixture({ scan_code: `DUP-${serial}` });
    expect(meta(await api().post(rules(), { location_id: locationId, item_id: item.id, capacity: 9 }, tokens.writer))).toMatchObject({ code: 1059, field: 'item_id' });
    const second = await fixture();
    expect(meta(await api().patch(`${rules()}/${second.rule.id}`, { scan_code: rule.scan_code }, tokens.writer))).toMatchObject({ code: 1059, field: 'scan_code' });
  });

  it('answers 1039 for an inactive location or customer, on create and on activation', async () => {
    const customerId = customers['K-10001']!;
    const locationId = await newLocation(customerId);
    const item = await newItem(customerId);
    const rule = await newRule({ location_id: locationId, item_id: item.id, capacity: 20 });
    ok(await api().get(`${rules()}/${rule.id}/toggleActive?active=0`, tokens.writer));
    ok(await api().get(`/c/${demo}/customer/${customerId}/location/${locationId}/toggleActive?active=0`, tokens.writer));
    const second = await newItem(customerId);
    expect(meta(await api().post(rules(), { location_id: locationId, item_id: second.id, capacity: 20 }, tokens.writer)).code).toBe(1039);
    // The location's deactivation reaches the orders service as an event.
    await eventually(async () => ((await api().get(`${rules()}/${rule.id}`, tokens.admin)).body.Data.location.inactive ? true : undefined), 20_000, 'the location copy');
    expect(meta(await api().get(`${rules()}/${rule.id}/toggleActive?active=1`, tokens.writer)).code).toBe(1039);
    ok(await api().get(`/c/${demo}/customer/${customerId}/location/${locationId}/toggleActive?active=1`, tokens.writer));
    await eventually(async () => ((await api().get(`${rules()}/${rule.id}/toggleActive?active=1`, tokens.writer)).body.Meta.code === 200 ? true : undefined), 20_000, 'activation');

    // An inactive customer: its items get no rules.
    const closedCustomer = ok(await api().post(`/c/${demo}/customer/`, { name: `Rules closed ${++serial}` }, tokens.writer)).id;
    const closedLocation = await newLocation(closedCustomer);
    const closedItem = await newItem(closedCustomer);
    ok(await api().get(`/c/${demo}/customer/${closedCustomer}/toggleActive?active=0`, tokens.writer));
    expect(meta(await api().post(rules(), { location_id: closedLocation, item_id: closedItem.id, capacity: 20 }, tokens.writer)).code).toBe(1039);
  });

  it('answers 404 for unknown rules and rules of other companies, 1020 for other companies and roles', async () => {
    const { rule } = await fixture();
    expect((await api().get(`${rules()}/99999999`, tokens.admin)).status).toBe(404);
    expect(meta(await api().get(`${rules()}/${rule.id}`, tokens.other)).code).toBe(1020);
    expect(meta(await api().get(rules(), tokens.other)).code).toBe(1020);
    expect(meta(await api().get(rules(), tokens.supplier)).code).toBe(1020);
    expect(meta(await api().post(rules(), { location_id: rule.location_id, item_id: rule.item_id, capacity: 5 }, tokens.readonly)).code).toBe(1020);
    expect(meta(await api().post(rules(), { location_id: rule.location_id, item_id: rule.item_id, capacity: 5 }, tokens.customer)).code).toBe(1020);
    expect(meta(await api().patch(`${rules()}/${rule.id}`, { capacity: 99 }, tokens.readonly)).code).toBe(1020);
    expect(meta(await api().delete(`${rules()}/${rule.id}`, tokens.customer)).code).toBe(1020);
    expect(meta(await api().get(`${rules()}/${rule.id}/execute`, tokens.customer)).code).toBe(1020);
    expect(meta(await api().get(`${rules()}/${rule.id}/toggleActive?active=0`, tokens.readonly)).code).toBe(1020);
    expect(meta(await api().post(`${rules()}/${rule.id}/stock`, { stock: 1 }, tokens.readonly)).code).toBe(1020);
    expect(meta(await api().post(`${rules()}/scan`, { code: rule.scan_code, empty: true }, tokens.readonly)).code).toBe(1020);
    // The other company's rule, asked for under the demo company, is unknown.
    const otherCustomer = ok(await api().get(`/c/${other}/customer`, tokens.other)).items[0].id;
    const otherLocation = ok(await api().post(`/c/${other}/customer/${otherCustomer}/location/`, { name: 'Other rules' }, tokens.other)).id;
    const otherItem = ok(await api().get(`/c/${other}/customer/${otherCustomer}/item`, tokens.other)).items[0];
    const otherRule = ok(await api().post(rules(other), { location_id: otherLocation, item_id: otherItem.id, capacity: 5 }, tokens.other));
    expect((await api().get(`${rules()}/${otherRule.id}`, tokens.admin)).status).toBe(404);
    expect((await api().patch(`${rules()}/${otherRule.id}`, { capacity: 9 }, tokens.admin)).status).toBe(404);
    expect((await api().get(`${rules()}/${otherRule.id}/execute`, tokens.admin)).status).toBe(404);
    expect(ok(await api().get(rules(), tokens.admin)).items.map((r: any) => r.id)).not.toContain(otherRule.id);
    expect((await api().get(`${rules()}/${otherRule.id}/decisions`, tokens.admin)).status).toBe(404);
    expect(meta(await api().get(`${rules()}/${rule.id}/decisions`, tokens.other)).code).toBe(1020);
    expect(meta(await api().get(`${rules()}/${rule.id}/decisions`, tokens.supplier)).code).toBe(1020);
    expect(meta(await api().get(`${rules()}/${rule.id}/decisions?per_page=0`, tokens.admin))).toMatchObject({ code: 1000, field: 'per_page' });
  });

  it('keeps the decision history: each changed decision once, newest first, with its run, trigger and order', async () => {
    const { rule } = await fixture({ threshold: 10, capacity: 50, stock: 40 });
    const empty = ok(await api().get(`${rules()}/${rule.id}/decisions`, tokens.readonly));
    expect(empty).toMatchObject({ total: 0, items: [], page: 1 });
    const above = ok(await api().post(`${rules()}/${rule.id}/stock`, { stock: 30 }, tokens.writer)).decision;
    expect(above.reason).toBe('above_threshold');
    // The same outcome again (same reason, stock and levels) is not a new entry.
    expect(ok(await api().get(`${rules()}/${rule.id}/execute`, tokens.writer)).decision).toMatchObject({ reason: 'above_threshold', stock: 30 });
    const ordered = ok(await api().post(`${rules()}/${rule.id}/stock`, { stock: 4 }, tokens.writer)).decision;
    expect(ordered).toMatchObject({ reason: 'ordered', quantity: 46 });
    ok(await api().get(`${rules()}/${rule.id}/execute`, tokens.writer));
    const history = ok(await api().get(`${rules()}/${rule.id}/decisions`, tokens.readonly));
    expect(history.total).toBe(3);
    expect(history.items.map((d: any) => [d.reason, d.trigger])).toEqual([
      ['already_on_order', 'execute'],
      ['ordered', 'stock'],
      ['above_threshold', 'stock'],
    ]);
    expect(history.items[0].decided_at).toBe(ok(await api().get(`${rules()}/${rule.id}`, tokens.admin)).last_decision.decided_at);
    expect(history.items[1]).toMatchObject({ rule_id: rule.id, run_id: ordered.run_id, order_id: ordered.order_id, quantity: 46, stock: 4, threshold: 10, capacity: 50, on_order: 0 });
    expect(history.items[2]).toMatchObject({ stock: 30, order_id: null, quantity: 0 });
    expect(Date.parse(history.items[0].decided_at)).toBeGreaterThanOrEqual(Date.parse(history.items[1].decided_at));
    const second = ok(await api().get(`${rules()}/${rule.id}/decisions?per_page=2&page=2`, tokens.customer));
    expect(second).toMatchObject({ total: 3, page: 2, per_page: 2 });
    expect(second.items.map((d: any) => d.reason)).toEqual(['above_threshold']);
    expect(ok(await api().get(`${rules()}/${rule.id}/decisions?page=9`, tokens.admin))).toMatchObject({ total: 3, items: [] });
  });

  it('deletes: 1002 with a stock history unless confirmed, 1007 while order lines are not delivered', async () => {
    const plain = await fixture();
    ok(await api().delete(`${rules()}/${plain.rule.id}`, tokens.writer));
    expect((await api().get(`${rules()}/${plain.rule.id}`, tokens.admin)).status).toBe(404);

    const counted = await fixture();
    ok(await api().post(`${rules()}/${counted.rule.id}/stock`, { stock: 35 }, tokens.writer));
    expect(meta(await api().delete(`${rules()}/${counted.rule.id}`, tokens.writer)).code).toBe(1002);
    ok(await api().delete(`${rules()}/${counted.rule.id}?confirm=1`, tokens.writer));

    const ordered = await fixture();
    ok(await api().post(`${rules()}/${ordered.rule.id}/stock`, { stock: 0 }, tokens.writer));
    expect(meta(await api().delete(`${rules()}/${ordered.rule.id}?confirm=1`, tokens.writer)).code).toBe(1007);
  });
});

describe('stock signals and runs', () => {
  it('a manual stock entry below the threshold orders up to capacity; the order is visible with its line and history', async () => {
    const { rule, locationId, item, customerId } = await fixture({}, { order_unit: 'PCE' });
    const reply = ok(await api().post(`${rules()}/${rule.id}/stock`, { stock: 7 }, tokens.writer));
    expect(reply.rule).toMatchObject({ stock: 7, on_order: 43 });
    expect(reply.decision).toMatchObject({ reason: 'ordered', trigger: 'stock', quantity: 43, stock: 7, threshold: 10, capacity: 50, on_order: 0 });
    const [order] = await ordersOf(locationId, customerId);
    expect(order).toMatchObject({ id: reply.decision.order_id, customer_id: customerId, location_id: locationId, supplier_id: item.supplier_id, status: 'open', source: 'requisition', ext_status: 0, ext_status_text: 'KA', line_count: 1, created_by: ids.writer });
    const full = await detail(order.id);
    expect(full.lines).toEqual([
      expect.objectContaining({ pos: 1, rule_id: rule.id, item_id: item.id, sku: item.sku, name: item.name, quantity: 43, unit: 'PCE', status: 'open', ext_status: 0, supplier: 'Schraubenwerk Franken GmbH', catalog: 'Normteile 2026' }),
    ]);
    // S events (the supply service's notification, docs/supplies.md) arrive asynchronously.
    expect(full.history.filter((e: any) => e.type !== 'S')).toEqual([expect.objectContaining({ type: 'R', text: expect.stringContaining('(stock)') })]);
    expect(ok(await api().get(`${rules()}/${rule.id}/stock`, tokens.admin)).items[0]).toMatchObject({ kind: 'manual', stock_before: 40, stock: 7 });
    // GET of the rule shows the last decision.
    expect(ok(await api().get(`${rules()}/${rule.id}`, tokens.readonly)).last_decision).toMatchObject({ reason: 'ordered', order_id: order.id });
  });

  it('a scan of the bin label reports empty or a count; unknown codes answer 404', async () => {
    const { rule, locationId } = await fixture({ scan_code: `SCAN-${serial}` });
    const counted = ok(await api().post(`${rules()}/scan`, { code: rule.scan_code, count: 25 }, tokens.customer));
    // the customer (K-10001) does not show stock in the app: its user's answer hides the stock (docs/ordering-flags.md)
    expect(counted.decision).toMatchObject({ reason: 'above_threshold', stock: null });
    expect(ok(await api().get(`${rules()}/${rule.id}`, tokens.admin)).stock).toBe(25);
    const empty = ok(await api().post(`${rules()}/scan`, { code: rule.scan_code, empty: true }, tokens.customer));
    expect(empty.decision).toMatchObject({ reason: 'ordered', stock: null, quantity: 50 });
    expect(ok(await api().get(`${rules()}/${rule.id}`, tokens.admin)).last_decision).toMatchObject({ reason: 'ordered', stock: 0, quantity: 50 });
    expect((await ordersOf(locationId))[0].created_by).toBe(ids.customer);
    expect(ok(await api().get(`${rules()}/${rule.id}/stock`, tokens.admin)).items.map((e: any) => e.kind)).toEqual(['scan_empty', 'scan_count']);
    expect((await api().post(`${rules()}/scan`, { code: 'NO-SUCH-BIN', empty: true }, tokens.customer)).status).toBe(404);
    expect(meta(await api().post(`${rules()}/scan`, { code: rule.scan_code }, tokens.customer))).toMatchObject({ code: 1000, field: 'count' });
  });

  it('execute orders once: a repeat, a further stock drop and concurrent calls find the pending line', async () => {
    const { rule, locationId } = await fixture({ stock: 3 });
    const calls = await Promise.all([1, 2, 3, 4].map(() => api().get(`${rules()}/${rule.id}/execute`, tokens.writer)));
    for (const call of calls) expect(meta(call).code).toBe(200);
    const reasons = calls.map((c) => c.body.Data.decision.reason).sort();
    expect(reasons.filter((r) => r === 'ordered').length).toBeLessThanOrEqual(1);
    const orders = await ordersOf(locationId);
    expect(orders).toHaveLength(1);
    expect((await detail(orders[0].id)).lines).toEqual([expect.objectContaining({ quantity: 47 })]);
    const again = ok(await api().get(`${rules()}/${rule.id}/execute`, tokens.writer));
    expect(again.decision).toMatchObject({ reason: 'already_on_order', on_order: 47 });
    const scans = await Promise.all([0, 1, 0].map((stock) => api().post(`${rules()}/${rule.id}/stock`, { stock }, tokens.writer)));
    for (const scan of scans) expect(meta(scan).code).toBe(200);
    expect(await ordersOf(locationId)).toHaveLength(1);
    expect(ok(await api().get(`${rules()}/${rule.id}`, tokens.admin)).last_decision.reason).toBe('already_on_order');
  });

  it('applies the item constraints: units, increment, minimum, maximum', async () => {
    // 100 pieces per box; short 870 pieces = 8.7 boxes -> 9 -> increment 4 -> 12 -> at most 10.
    const capped = await fixture({ threshold: 200, capacity: 1000, stock: 500 }, { quantity_per_order_unit: 100, order_quantity_increment: 4, min_order_quantity: 1, max_order_quantity: 10, order_quantity: 4 });
    expect(ok(await api().post(`${rules()}/${capped.rule.id}/stock`, { stock: 130 }, tokens.writer)).decision).toMatchObject({ reason: 'ordered', quantity: 10 });
    // Short 7: above the minimum of 6, ordered as is; short 2: raised to the minimum.
    const raised = await fixture({ threshold: 5, capacity: 12, stock: 12 }, { min_order_quantity: 6, order_quantity: 6 });
    expect(ok(await api().post(`${rules()}/${raised.rule.id}/stock`, { stock: 5 }, tokens.writer)).decision).toMatchObject({ reason: 'ordered', quantity: 7 });
    expect(ok(await api().get(`${rules()}/${raised.rule.id}/execute`, tokens.writer)).decision.reason).toBe('already_on_order');
    const tiny = await fixture({ threshold: 10, capacity: 12, stock: 12 }, { min_order_quantity: 6, order_quantity: 6 });
    expect(ok(await api().post(`${rules()}/${tiny.rule.id}/stock`, { stock: 11 }, tokens.writer)).decision).toMatchObject({ reason: 'above_threshold', quantity: 0 });
    expect(ok(await api().post(`${rules()}/${tiny.rule.id}/stock`, { stock: 10 }, tokens.writer)).decision).toMatchObject({ reason: 'ordered', quantity: 6 });
  });

  it('nets what is on order: once the order is OK, a further drop orders only what is still short', async () => {
    const { rule, locationId } = await fixture({ threshold: 30, capacity: 100, stock: 100 });
    const first = ok(await api().post(`${rules()}/${rule.id}/stock`, { stock: 30 }, tokens.writer)).decision;
    expect(first).toMatchObject({ reason: 'ordered', quantity: 70 });
    // Still pending: no second order whatever the stock.
    expect(ok(await api().post(`${rules()}/${rule.id}/stock`, { stock: 0 }, tokens.writer)).decision).toMatchObject({ reason: 'already_on_order', on_order: 70 });
    const confirmed = ok(await api().patch(`/c/${demo}/order/${first.order_id}`, { ext_status: 1 }, tokens.writer));
    expect(confirmed).toMatchObject({ ext_status: 1, ext_status_text: 'OK', status: 'confirmed', lines: [expect.objectContaining({ status: 'confirmed', ext_status: 1 })] });
    expect(confirmed.history.map((e: any) => e.type).filter((t: string) => t !== 'S')).toEqual(['R', 'U']);
    // 0 in stock + 70 on order > 30: enough is coming.
    expect(ok(await api().get(`${rules()}/${rule.id}/execute`, tokens.writer)).decision).toMatchObject({ reason: 'already_on_order', on_order: 70 });
    // With a threshold of 80, 70 on order is not enough: fill up to 100 net of the 70.
    ok(await api().patch(`${rules()}/${rule.id}`, { threshold: 80 }, tokens.writer));
    const second = ok(await api().get(`${rules()}/${rule.id}/execute`, tokens.writer)).decision;
    expect(second).toMatchObject({ reason: 'ordered', quantity: 30, on_order: 70 });
    expect(await ordersOf(locationId)).toHaveLength(2);
    expect(ok(await api().get(`${rules()}/${rule.id}`, tokens.admin)).on_order).toBe(100);
  });

  it('groups the ordered rules of a location by supplier into orders with lines', async () => {
    const customerId = customers['K-10001']!;
    const locationId = await newLocation(customerId, { delivery_days: ['monday', 'thursday'] });
    const made = [];
    for (const [catalog, sku] of [
      ['Normteile 2026', 'GRP-N2'],
      ['Normteile 2026', 'GRP-N1'],
      ['Arbeitsschutz', 'GRP-A1'],
    ] as const) {
      const item = await newItem(customerId, { sku, name: sku, catalog_id: catalogs[catalog], lead_time_days: 2, transit_days: 1 });
      made.push(await newRule({ location_id: locationId, item_id: item.id, threshold: 5, capacity: 10, stock: 0 }));
    }
    // The first stock change runs every pending rule of the company: all three order now.
    ok(await api().post(`${rules()}/${made[0].id}/stock`, { stock: 1 }, tokens.writer));
    const orders = await ordersOf(locationId);
    expect(orders).toHaveLength(2);
    const bySupplier = Object.fromEntries(await Promise.all(orders.map(async (o: any) => [o.supplier, (await detail(o.id)).lines])));
    expect(bySupplier['Schraubenwerk Franken GmbH'].map((l: any) => [l.pos, l.sku])).toEqual([
      [1, 'GRP-N1'],
      [2, 'GRP-N2'],
    ]);
    expect(bySupplier['Tiroler Normteile GmbH'].map((l: any) => l.sku)).toEqual(['GRP-A1']);
    // Shipping: the first delivery day (Monday or Thursday) on or after today + 3 days, in the company's zone.
    const zone = (await api().get('/company', tokens.admin)).body.Data[0].timezone as string;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
    const day = new Date(`${today}T12:00:00Z`);
    day.setUTCDate(day.getUTCDate() + 3);
    while (![1, 4].includes(day.getUTCDay())) day.setUTCDate(day.getUTCDate() + 1);
    for (const line of [...bySupplier['Schraubenwerk Franken GmbH'], ...bySupplier['Tiroler Normteile GmbH']]) expect(line.shipping).toBe(day.toISOString().slice(0, 10));
    expect(orders[0].date).toBe(today);
  });

  it('explains why it does not order: paused, disabled, location inactive, scheduled location', async () => {
    /** Waits until the catalog's change reached the orders service's copy (an event), then executes. */
    const executeWhen = async (ruleId: number, copied: (rule: any) => boolean) => {
      await eventually(async () => (copied(ok(await api().get(`${rules()}/${ruleId}`, tokens.admin))) ? true : undefined), 20_000, 'the catalog change');
      return ok(await api().get(`${rules()}/${ruleId}/execute`, tokens.writer)).decision;
    };
    const paused = await fixture({ stock: 0 });
    ok(await api().patch(`/c/${demo}/customer/${paused.customerId}/item/${paused.item.id}`, { paused_until: '2099-12-31' }, tokens.writer));
    expect(await executeWhen(paused.rule.id, (r) => r.item.paused_until === '2099-12-31')).toMatchObject({ reason: 'item_paused', quantity: 0 });
    expect(await ordersOf(paused.locationId)).toHaveLength(0);
    expect(ok(await api().get(`${rules()}?reason=item_paused&location_id=${paused.locationId}`, tokens.admin)).total).toBe(1);

    const disabled = await fixture({ stock: 0 });
    ok(await api().patch(`/c/${demo}/customer/${disabled.customerId}/item/${disabled.item.id}?confirm=1`, { disabled: true }, tokens.writer));
    expect((await executeWhen(disabled.rule.id, (r) => r.item.disabled)).reason).toBe('item_disabled');

    const closed = await fixture({ stock: 0 });
    ok(await api().get(`/c/${demo}/customer/${closed.customerId}/location/${closed.locationId}/toggleActive?active=0`, tokens.writer));
    expect((await executeWhen(closed.rule.id, (r) => r.location.inactive)).reason).toBe('location_inactive');
    expect(await ordersOf(closed.locationId)).toHaveLength(0);

    // A location with a schedule is ordered at its slots: a stock event waits, an explicit execute orders.
    const customerId = customers['K-10001']!;
    const scheduledLocation = await newLocation(customerId, { schedule: { business_days: ['06:00'] } });
    const item = await newItem(customerId);
    const rule = await newRule({ location_id: scheduledLocation, item_id: item.id, threshold: 5, capacity: 20, stock: 20 });
    expect(ok(await api().post(`${rules()}/${rule.id}/stock`, { stock: 2 }, tokens.writer)).decision).toMatchObject({ reason: 'outside_schedule', quantity: 18 });
    expect(await ordersOf(scheduledLocation)).toHaveLength(0);
    expect(ok(await api().get(`${rules()}/${rule.id}/execute`, tokens.writer)).decision).toMatchObject({ reason: 'ordered', quantity: 18 });
    // An inactive rule is not executed.
    ok(await api().get(`${rules()}/${rule.id}/toggleActive?active=0`, tokens.writer));
    expect(meta(await api().get(`${rules()}/${rule.id}/execute`, tokens.writer))).toMatchObject({ code: 1000, field: 'active' });
  });
});

describe('access restrictions', () => {
  // The read-only user has no restriction of its own (the demo customer user is restricted to K-10001, which
  // would grant every location of that customer).
  it('narrows rules and orders to the customers and locations a user is restricted to', async () => {
    const mine = await fixture({ stock: 0 });
    const theirs = await fixture({ stock: 0 }, {}, 'K-10002');
    ok(await api().get(`${rules()}/${mine.rule.id}/execute`, tokens.writer));
    ok(await api().get(`${rules()}/${theirs.rule.id}/execute`, tokens.writer));
    const restriction = ok(await api().post(`/c/${demo}/accessrestriction`, { user_id: ids.readonly, location_id: mine.locationId }, tokens.admin));
    try {
      await eventually(
        async () => {
          const list = ok(await api().get(`${rules()}?per_page=200&all=1`, tokens.readonly));
          return list.items.every((r: any) => r.location_id === mine.locationId) ? list : undefined;
        },
        20_000,
        'the restriction to reach the orders service',
      );
      expect((await api().get(`${rules()}/${theirs.rule.id}`, tokens.readonly)).status).toBe(404);
      expect((await api().get(`${rules()}/${theirs.rule.id}/decisions`, tokens.readonly)).status).toBe(404);
      expect(ok(await api().get(`${rules()}/${mine.rule.id}/decisions`, tokens.readonly)).total).toBeGreaterThan(0);
      expect(ok(await api().get(`${rules()}/${mine.rule.id}`, tokens.readonly)).id).toBe(mine.rule.id);
      const orders = ok(await api().get(`/c/${demo}/order`, tokens.readonly)).items;
      expect(orders.length).toBeGreaterThan(0);
      expect(orders.every((o: any) => o.location_id === mine.locationId)).toBe(true);
      // K-10002 uses the request workflow: the run's order waits as a request; confirmed, it is an order.
      const waiting = ok(await api().get(`/c/${demo}/customer/${theirs.customerId}/location/${theirs.locationId}/requests`, tokens.admin)).items as any[];
      for (const request of waiting) ok(await api().post(`/c/${demo}/request/${request.id}/confirm`, {}, tokens.admin));
      const theirOrder = (await ordersOf(theirs.locationId, theirs.customerId))[0];
      expect((await api().get(`/c/${demo}/order/${theirOrder.id}`, tokens.readonly)).status).toBe(404);
      // Scanning is for customer users: the demo one is restricted to K-10001, so a bin of K-10002 is unknown to it.
      expect((await api().post(`${rules()}/scan`, { code: theirs.rule.scan_code, empty: true }, tokens.customer)).status).toBe(404);
    } finally {
      ok(await api().delete(`/c/${demo}/accessrestriction/${restriction.id}`, tokens.admin));
    }
    await eventually(async () => ((await api().get(`${rules()}/${theirs.rule.id}`, tokens.readonly)).status === 200 ? true : undefined), 20_000, 'the restriction to go');
  });

  it('a writer restricted to one customer cannot create rules at another customer\'s location (1000 location_id)', async () => {
    const customerId = customers['K-10002']!;
    const before = await fixture({}, {}, 'K-10002');
    const locationId = await newLocation(customerId);
    const item = await newItem(customerId);
    const restriction = ok(await api().post(`/c/${demo}/accessrestriction`, { user_id: ids.writer, customer_id: customers['K-10001'] }, tokens.admin));
    try {
      await eventually(
        async () => ((await api().get(`${rules()}/${before.rule.id}`, tokens.writer)).status === 404 ? true : undefined),
        20_000,
        'the restriction to reach the orders service',
      );
      expect(meta(await api().post(rules(), { location_id: locationId, item_id: item.id, threshold: 1, capacity: 5 }, tokens.writer))).toMatchObject({
        code: 1000,
        field: 'location_id',
      });
    } finally {
      ok(await api().delete(`/c/${demo}/accessrestriction/${restriction.id}`, tokens.admin));
    }
  });
});
