import { ordersSql } from '../support/orders-sql';
import { meta, ok, signInDemo, startSystem, type TestSystem } from '../support/system';

/**
 * The journal (spec: GET /api/v2/c/{companyID}/journal?filter=, POST .../journal/acknowledge) in both run modes:
 * entries come from real runs (rules whose item has no supplier: 2001), the filter syntax and its errors,
 * acknowledging by ids and all, roles (user group) and tenant isolation.
 */
jest.setTimeout(240_000);

let system: TestSystem;
let demo: number;
let other: number;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let customerId: number;
const ruleIds: number[] = [];
const orderIds: number[] = [];

const api = () => system.api;
const journal = (company = demo, filter?: unknown) =>
  `/v2/c/${company}/journal${filter === undefined ? '' : `?filter=${encodeURIComponent(typeof filter === 'string' ? filter : JSON.stringify(filter))}`}`;
const acknowledge = (company = demo) => `/v2/c/${company}/journal/acknowledge`;
const UNACKNOWLEDGED = [{ field: 'acknowledged_at', operation: 'eq', value: null }];

beforeAll(async () => {
  system = await startSystem();
  const signedIn = await signInDemo(system);
  Object.assign(tokens, signedIn.tokens);
  Object.assign(ids, signedIn.ids);
  ({ demo, other } = signedIn);
  customerId = ok(await api().get(`/c/${demo}/customer?all=1&per_page=200`, tokens.admin)).items.find((c: { nr: string }) => c.nr === 'K-10001').id;
  // Three rules whose items belong to no supplier's catalog: each stock drop orders without a supplier (2001 per order).
  const locationId = ok(await api().post(`/c/${demo}/customer/${customerId}/location/`, { name: 'Journal' }, tokens.writer)).id;
  for (let i = 1; i <= 3; i++) {
    const item = ok(await api().post(`/c/${demo}/customer/${customerId}/item`, { sku: `JRN-${i}`, name: `Journal item ${i}`, order_unit: 'PCE' }, tokens.writer));
    const rule = ok(await api().post(`/c/${demo}/rules`, { location_id: locationId, item_id: item.id, threshold: 2, capacity: 8, stock: 8 }, tokens.writer));
    const reply = ok(await api().post(`/c/${demo}/rules/${rule.id}/stock`, { stock: 1 }, tokens.writer));
    expect(reply.decision).toMatchObject({ reason: 'ordered', quantity: 7 });
    ruleIds.push(rule.id);
    orderIds.push(reply.decision.order_id);
  }
  // Executing again orders nothing (the line is open): no further entry.
  ok(await api().get(`/c/${demo}/rules/${ruleIds[0]}/execute`, tokens.writer));
});

afterAll(async () => {
  await system?.close();
});

describe('journal list', () => {
  it('lists the entries newest first with their context; the filter picks unacknowledged ones', async () => {
    const page = ok(await api().get(journal(), tokens.admin));
    expect(page).toMatchObject({ total: 3, page: 1, per_page: 50 });
    expect(page.items.map((e: { rule_id: number }) => e.rule_id)).toEqual([...ruleIds].reverse());
    expect(page.items.map((e: { order_id: number }) => e.order_id)).toEqual([...orderIds].reverse());
    expect(page.items[0]).toMatchObject({ code: 2001, customer_id: customerId, acknowledged_at: null, acknowledged_by: null });
    expect(page.items[0].message).toBe(`order ${orderIds[2]}: JRN-3 without a supplier (no catalog of a supplier): the order cannot be transmitted`);
    expect(typeof page.items[0].run_id).toBe('number');
    expect(ok(await api().get(journal(demo, UNACKNOWLEDGED), tokens.writer)).total).toBe(3);
    expect(ok(await api().get(journal(demo, [{ field: 'code', operation: 'eq', value: 2002 }]), tokens.writer)).total).toBe(0);
    expect(ok(await api().get(journal(demo, [{ field: 'created_at', operation: 'gte', value: '2000-01-01' }]), tokens.writer)).total).toBe(3);
    const second = ok(await api().get(`${journal()}?per_page=2&page=2`, tokens.admin));
    expect(second).toMatchObject({ total: 3, page: 2, per_page: 2 });
    expect(second.items).toHaveLength(1);
  });

  it('stores the message as a key with params (translated by the web) and lists the names of its context', async () => {
    const customer = ok(await api().get(`/c/${demo}/customer/${customerId}`, tokens.admin));
    const [newest] = ok(await api().get(journal(), tokens.admin)).items;
    expect(newest).toMatchObject({
      message_key: 'order_no_supplier',
      params: { order_id: orderIds[2], skus: 'JRN-3' },
      rule_id: ruleIds[2],
      rule_sku: 'JRN-3',
      rule_item_name: 'Journal item 3',
      customer_name: customer.name,
      location_name: 'Journal',
    });
    expect(newest.rule_customer_id).toBe(customerId);
    expect(newest.rule_location_id).toBe(newest.location_id);
    // the stored row: key and params columns beside the English text
    const [row] = await ordersSql<{ message_key: string; params: unknown }>(system, 'select message_key, params from orders.journal_entry where id = ?', [newest.id]);
    expect(row!.message_key).toBe('order_no_supplier');
    expect(typeof row!.params === 'string' ? JSON.parse(row!.params) : row!.params).toEqual({ order_id: orderIds[2], skus: 'JRN-3' });
  });

  it('answers 1000 (field filter) for a filter it cannot read', async () => {
    for (const bad of ['{nope', [{ field: 'message', operation: 'eq', value: 'x' }], [{ field: 'acknowledged_at', operation: 'lt', value: null }], [{ field: 'acknowledged_at', operation: 'gte', value: null }], [{ field: 'acknowledged_at', operation: 'gte', value: 'yesterday' }], [{ field: 'code', operation: 'eq', value: '2001' }], [3]]) {
      expect(meta(await api().get(journal(demo, bad), tokens.admin))).toMatchObject({ code: 1000, field: 'filter' });
    }
    expect(meta(await api().get(`${journal()}?per_page=500`, tokens.admin))).toMatchObject({ code: 1000 });
  });
});

describe('acknowledging', () => {
  it('acknowledges by ids (once), then all; the filter tells acknowledged from unacknowledged', async () => {
    const before = new Date(Date.now() - 1000).toISOString();
    const [newest] = ok(await api().get(journal(demo, UNACKNOWLEDGED), tokens.admin)).items;
    expect(ok(await api().post(acknowledge(), { ids: [newest.id] }, tokens.writer))).toEqual({ acknowledged: 1 });
    expect(ok(await api().post(acknowledge(), { ids: [newest.id] }, tokens.writer))).toEqual({ acknowledged: 0 });
    const acknowledged = ok(await api().get(journal(demo, [{ field: 'acknowledged_at', operation: 'gte', value: before }]), tokens.admin));
    expect(acknowledged.items.map((e: { id: number }) => e.id)).toEqual([newest.id]);
    expect(acknowledged.items[0]).toMatchObject({ acknowledged_by: ids.writer });
    expect(ok(await api().get(journal(demo, UNACKNOWLEDGED), tokens.admin)).total).toBe(2);

    expect(meta(await api().post(acknowledge(), {}, tokens.admin))).toMatchObject({ code: 1000, field: 'ids' });
    expect(meta(await api().post(acknowledge(), { ids: [] }, tokens.admin))).toMatchObject({ code: 1000, field: 'ids' });
    expect(meta(await api().post(acknowledge(), { ids: ['x'] }, tokens.admin))).toMatchObject({ code: 1000, field: 'ids' });
    expect(meta(await api().post(acknowledge(), { all: 'yes' }, tokens.admin))).toMatchObject({ code: 1000, field: 'all' });

    expect(ok(await api().post(acknowledge(), { all: true }, tokens.owner))).toEqual({ acknowledged: 2 });
    expect(ok(await api().get(journal(demo, UNACKNOWLEDGED), tokens.admin)).total).toBe(0);
    expect(ok(await api().get(journal(), tokens.admin)).total).toBe(3);
  });
});

describe('roles and tenants', () => {
  it('needs the user group; other companies get 1020 and never see or acknowledge these entries', async () => {
    for (const reader of ['readonly', 'customer', 'supplier']) {
      expect(meta(await api().get(journal(), tokens[reader]))).toMatchObject({ code: 1020 });
      expect(meta(await api().post(acknowledge(), { all: true }, tokens[reader]))).toMatchObject({ code: 1020 });
    }
    expect(meta(await api().get(journal(), tokens.other))).toMatchObject({ code: 1020 });
    expect(meta(await api().post(acknowledge(), { all: true }, tokens.other))).toMatchObject({ code: 1020 });
    const mine = ok(await api().get(journal(), tokens.admin)).items.map((e: { id: number }) => e.id);
    expect(ok(await api().get(journal(other), tokens.other)).items.map((e: { id: number }) => e.id)).not.toEqual(expect.arrayContaining([mine[0]]));
    expect(ok(await api().post(acknowledge(other), { ids: mine }, tokens.other))).toEqual({ acknowledged: 0 });
    expect((await api().get(journal())).status).toBe(401);
  });
});

describe('access restrictions', () => {
  // Restrictions reach the orders service's copy through evt.identity.restrictions_changed: polled with a deadline.
  async function restrict(body: Record<string, number>): Promise<number> {
    return ok(await api().post(`/c/${demo}/accessrestriction`, { user_id: ids.writer, ...body }, tokens.admin)).id as number;
  }
  async function unrestrict(id: number): Promise<void> {
    ok(await api().delete(`/c/${demo}/accessrestriction/${id}`, tokens.admin));
  }
  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  const entryIds = async (token: string) => ok(await api().get(journal(), token)).items.map((e: { id: number }) => e.id) as number[];

  it('a restricted user sees and acknowledges only the entries of their customers, locations and suppliers', async () => {
    // One more unacknowledged entry of the demo customer (an order without a supplier: 2001).
    const location = ok(await api().post(`/c/${demo}/customer/${customerId}/location/`, { name: 'Journal restricted' }, tokens.admin)).id;
    const item = ok(await api().post(`/c/${demo}/customer/${customerId}/item`, { sku: 'JRN-R', name: 'Journal restricted item', order_unit: 'PCE' }, tokens.admin));
    const rule = ok(await api().post(`/c/${demo}/rules`, { location_id: location, item_id: item.id, threshold: 2, capacity: 8, stock: 8 }, tokens.admin));
    ok(await api().post(`/c/${demo}/rules/${rule.id}/stock`, { stock: 1 }, tokens.admin));
    const all = await entryIds(tokens.admin);
    expect(all).toHaveLength(4);
    expect(await entryIds(tokens.writer)).toEqual(all);

    const otherCustomer = ok(await api().get(`/c/${demo}/customer?all=1&per_page=200`, tokens.admin)).items.find((c: { id: number }) => c.id !== customerId).id;
    let restriction = await restrict({ customer_id: otherCustomer });
    expect(await until(() => entryIds(tokens.writer), (list) => list.length === 0)).toEqual([]);
    expect(ok(await api().get(journal(demo, UNACKNOWLEDGED), tokens.writer)).total).toBe(0);
    expect(ok(await api().post(acknowledge(), { all: true }, tokens.writer))).toEqual({ acknowledged: 0 });
    expect(ok(await api().post(acknowledge(), { ids: all }, tokens.writer))).toEqual({ acknowledged: 0 });
    await unrestrict(restriction);

    // Restricted to the new location: only its entry; acknowledging all reaches only it.
    restriction = await restrict({ location_id: location });
    const visible = await until(() => entryIds(tokens.writer), (list) => list.length === 1);
    expect(visible).toEqual([all[0]]);
    expect(ok(await api().post(acknowledge(), { all: true }, tokens.writer))).toEqual({ acknowledged: 1 });
    await unrestrict(restriction);

    // A supplier restriction: these orders have no supplier, so none of their entries.
    const supplier = ok(await api().get(`/c/${demo}/supplier?all=1&per_page=200`, tokens.admin)).items[0].id;
    restriction = await restrict({ supplier_id: supplier });
    expect(await until(() => entryIds(tokens.writer), (list) => list.length === 0)).toEqual([]);
    await unrestrict(restriction);
    expect(await until(() => entryIds(tokens.writer), (list) => list.length === 4)).toEqual(all);
  });
});
