import { MikroORM } from '@mikro-orm/postgresql';
import { CompanyTimeZones, type Clock, loadOrdersConfig, OrderQueueService, ordersData, RequisitionScheduler, RequisitionService } from '@kanban/app-orders';
import { Database, UnitOfWork, unitOfWorkToken } from '@kanban/persistence';
import { eventually } from '@kanban/testing';
import { ordersCreatedEvents, ordersSql } from '../support/orders-sql';
import { meta, ok, signInDemo, startSystem, type TestSystem } from '../support/system';

/**
 * The order queue (spec 7 `orderqueue`, `orderqueue/{id}`, requeue and delete; docs/replenishment.md "Order
 * queue") in both run modes: entries from runs, orders by hand and confirmed requests (not from waiting
 * requests), transmitted when the supply service has the order, in error at once without a supplier (2001) and
 * after the timeout (2005, by the scheduler with an injected clock); requeue sends the order again and the supply
 * exists once; delete keeps the order; all or nothing; errors, roles, restrictions and tenancy.
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
const idQuery = (list: (number | string)[]) => list.map((id) => `id=${encodeURIComponent(String(id))}`).join('&');
const requeue = (list: (number | string)[], token = tokens.writer) => api().call('POST', `/c/${demo}/orderqueue?${idQuery(list)}`, { token });
const remove = (list: (number | string)[], token = tokens.writer) => api().delete(`/c/${demo}/orderqueue?${idQuery(list)}`, token);

let catalog100: number;
let serial = 0;

/** A location of the customer with one rule per item spec (catalog null: an item without a supplier). */
async function place(customer: string, name: string, catalogs: (number | null)[]) {
  const customerId = customers[customer]!;
  const locationId = ok(await api().post(`/c/${demo}/customer/${customerId}/location/`, { name }, tokens.writer)).id as number;
  const rules: number[] = [];
  const items: number[] = [];
  for (const catalogId of catalogs) {
    const sku = `QUE-${++serial}`;
    const item = ok(await api().post(`/c/${demo}/customer/${customerId}/item`, { sku, name: `Queue ${sku}`, order_unit: 'PAK', ...(catalogId ? { catalog_id: catalogId } : {}) }, tokens.writer));
    items.push(item.id);
    rules.push(ok(await api().post(`/c/${demo}/rules`, { location_id: locationId, item_id: item.id, threshold: 2, capacity: 8, stock: 8 }, tokens.writer)).id);
  }
  return { customerId, locationId, rules, items };
}

/** A stock drop on the rule: a run orders it; answers the order id. */
async function runOrder(ruleId: number): Promise<number> {
  const reply = ok(await api().post(`/c/${demo}/rules/${ruleId}/stock`, { stock: 0 }, tokens.writer));
  expect(reply.decision.reason).toBe('ordered');
  return reply.decision.order_id as number;
}

/** The company's queue (all=1) as the admin sees it. */
async function entryOf(orderId: number, token = tokens.admin): Promise<any> {
  return ok(await api().get(`/c/${demo}/orderqueue?all=1&q=${orderId}&per_page=200`, token)).items.find((e: any) => e.order_id === orderId);
}

async function transmitted(orderId: number): Promise<any> {
  return eventually(
    async () => {
      const entry = await entryOf(orderId);
      return entry?.state === 'transmitted' ? entry : undefined;
    },
    30_000,
    `the queue entry of order ${orderId} to be transmitted`,
  );
}

/** The supplies of an order at the supplier (the supply service creates one per order). */
async function suppliesOf(supplierId: number, orderId: number): Promise<any[]> {
  return ok(await api().get(`/c/${demo}/supplier/${supplierId}/supply?state=all&q=${orderId}`, tokens.admin)).items.filter((s: any) => s.order_id === orderId);
}

const historyOf = async (orderId: number) => ok(await api().get(`/c/${demo}/order/${orderId}`, tokens.admin)).history as any[];

beforeAll(async () => {
  system = await startSystem();
  const signedIn = await signInDemo(system);
  Object.assign(tokens, signedIn.tokens);
  Object.assign(ids, signedIn.ids);
  ({ demo, other } = signedIn);
  for (const c of ok(await api().get(`/c/${demo}/customer?all=1&per_page=200`, tokens.admin)).items) customers[c.nr] = c.id;
  for (const s of ok(await api().get(`/c/${demo}/supplier?all=1&per_page=200`, tokens.admin)).items) suppliers[s.nr] = s.id;
  catalog100 = ok(await api().get(`/c/${demo}/supplier/${suppliers['L-100']}/catalog`, tokens.admin)).items[0].id;
}, 240_000);

afterAll(async () => {
  await system?.close();
});

describe('entries come with the orders', () => {
  let k1: Awaited<ReturnType<typeof place>>;
  let runOrderId: number;
  let noSupplierOrderId: number;

  beforeAll(async () => {
    // K-10001 (the customer user's customer): two items of L-100, one without a supplier, one for a manual order.
    k1 = await place('K-10001', 'Queue Halle 1', [catalog100, null, catalog100, catalog100]);
    runOrderId = await runOrder(k1.rules[0]!);
    noSupplierOrderId = await runOrder(k1.rules[1]!);
  });

  it('a run\'s order is queued, transmitted once the supply service has it, then listed only with all=1', async () => {
    const entry = await transmitted(runOrderId);
    expect(entry).toMatchObject({
      order_id: runOrderId,
      customer_id: k1.customerId,
      customer: 'Maschinenbau Huber GmbH',
      location_id: k1.locationId,
      location: 'Queue Halle 1',
      supplier_id: suppliers['L-100'],
      supplier: 'Schraubenwerk Franken GmbH',
      state: 'transmitted',
      error: null,
      attempts: 1,
      order_status: 'open',
    });
    expect(entry.transmitted_at).toEqual(expect.any(String));
    expect(entry.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(ok(await api().get(`/c/${demo}/orderqueue/${entry.id}`, tokens.readonly))).toEqual(entry);
    const orderIdsOf = async (query: string) => ok(await api().get(`/c/${demo}/orderqueue?${query}&per_page=200`, tokens.admin)).items.map((e: any) => e.order_id);
    expect(await orderIdsOf(`q=${runOrderId}`)).not.toContain(runOrderId);
    expect(await orderIdsOf(`state=transmitted&q=${runOrderId}`)).toContain(runOrderId);
    expect(await suppliesOf(suppliers['L-100']!, runOrderId)).toHaveLength(1);
  });

  it('an order without a supplier is in error at once (2001) and listed by default and with state=error', async () => {
    const entry = await entryOf(noSupplierOrderId);
    expect(entry).toMatchObject({ state: 'error', supplier_id: null, attempts: 1, transmitted_at: null, error: { code: 2001, message: expect.stringContaining('no supplier') } });
    expect(ok(await api().get(`/c/${demo}/orderqueue`, tokens.admin)).items.map((e: any) => e.id)).toContain(entry.id);
    const errors = ok(await api().get(`/c/${demo}/orderqueue?state=error&per_page=200`, tokens.admin)).items;
    expect(errors.map((e: any) => e.id)).toContain(entry.id);
    expect(errors.every((e: any) => e.state === 'error')).toBe(true);
  });

  it('an order by hand is queued with the user who ordered; one without a supplier gets its journal entry 2001 once', async () => {
    const reply = ok(await api().post(`/c/${demo}/customer/${k1.customerId}/location/${k1.locationId}/order`, { lines: [{ item_id: k1.items[2], quantity: 3 }] }, tokens.writer));
    const orderId = reply.orders[0].id as number;
    const entry = await entryOf(orderId);
    expect(entry).toMatchObject({ order_id: orderId, user_id: ids.writer, attempts: 1 });
    expect(['waiting', 'transmitted']).toContain(entry.state);
    await transmitted(orderId);

    const place2 = await place('K-10001', 'Queue Halle 1b', [null]);
    const manual = ok(await api().post(`/c/${demo}/customer/${place2.customerId}/location/${place2.locationId}/order`, { lines: [{ item_id: place2.items[0], quantity: 2 }] }, tokens.writer)).orders[0];
    expect(await entryOf(manual.id)).toMatchObject({ state: 'error', error: { code: 2001 }, user_id: ids.writer });
    const journal = ok(await api().get(`/v2/c/${demo}/journal?filter=${encodeURIComponent(JSON.stringify([{ field: 'code', operation: 'eq', value: 2001 }]))}&per_page=200`, tokens.admin)).items;
    expect(journal.filter((j: any) => j.order_id === manual.id)).toHaveLength(1);
  });

  it('a request is queued only when confirmed', async () => {
    // the rule's snapshot carries the customer's request workflow to the orders service
    ok(await api().patch(`/c/${demo}/customer/${customers['K-10002']}`, { use_request_workflow: true }, tokens.writer));
    const k2 = await place('K-10002', 'Queue Halle 2', [catalog100]);
    const orderId = await runOrder(k2.rules[0]!);
    expect(ok(await api().get(`/c/${demo}/request/${orderId}`, tokens.admin)).status).toBe('request');
    expect(await entryOf(orderId)).toBeUndefined();
    ok(await api().post(`/c/${demo}/request/${orderId}/confirm`, {}, tokens.admin));
    expect(await entryOf(orderId)).toMatchObject({ order_id: orderId, user_id: ids.admin, customer_id: k2.customerId });
    await transmitted(orderId);
  });
});

describe('requeue and delete', () => {
  let k3: Awaited<ReturnType<typeof place>>;
  const orders: number[] = [];

  beforeAll(async () => {
    k3 = await place('K-10001', 'Queue Halle 3', [catalog100, catalog100, null, catalog100]);
    for (const rule of k3.rules) orders.push(await runOrder(rule));
    for (const orderId of [orders[0]!, orders[1]!, orders[3]!]) await transmitted(orderId);
  });

  it('requeues a transmitted entry: waiting, attempts + 1, the caller as user, the order sent again; the supply exists once', async () => {
    const before = await entryOf(orders[0]!);
    const eventsBefore = (await ordersCreatedEvents(system)).filter((e) => e.id === orders[0]).length;
    expect(ok(await requeue([before.id], tokens.admin))).toEqual({ requeued: 1 });
    const after = await transmitted(orders[0]!);
    expect(after).toMatchObject({ id: before.id, attempts: 2, user_id: ids.admin, state: 'transmitted', error: null });
    const events = (await ordersCreatedEvents(system)).filter((e) => e.id === orders[0]);
    expect(events).toHaveLength(eventsBefore + 1);
    expect(events.at(-1)).toMatchObject({ id: orders[0], customer_id: k3.customerId, location_id: k3.locationId, supplier_id: suppliers['L-100'], lines: [expect.objectContaining({ pos: 1, item_id: k3.items[0] })] });
    // the supply service created nothing twice, and said so
    await eventually(
      async () => ((await historyOf(orders[0]!)).some((h) => h.type === 'S' && /arrived again/.test(h.text)) ? true : undefined),
      30_000,
      'the S event of the repeated order',
    );
    expect(await suppliesOf(suppliers['L-100']!, orders[0]!)).toHaveLength(1);
    expect((await historyOf(orders[0]!)).filter((h) => h.type === 'U' && h.text === 'requeued in the order queue (attempt 2)')).toEqual([
      expect.objectContaining({ user_id: ids.admin, code: 'queue_requeued', params: { attempt: 2 } }),
    ]);
    expect((await historyOf(orders[0]!)).filter((h) => h.code === 'supply_repeated')).toHaveLength(1);
  });

  it('requeues an entry without a supplier back into error 2001 without sending anything', async () => {
    const entry = await entryOf(orders[2]!);
    const eventsBefore = (await ordersCreatedEvents(system)).filter((e) => e.id === orders[2]).length;
    expect(ok(await requeue([entry.id]))).toEqual({ requeued: 1 });
    expect(await entryOf(orders[2]!)).toMatchObject({ state: 'error', attempts: 2, user_id: ids.writer, error: { code: 2001 } });
    expect((await ordersCreatedEvents(system)).filter((e) => e.id === orders[2])).toHaveLength(eventsBefore);
  });

  it('is all or nothing: an unknown id, another company\'s or a repeated bad one answers 404 and changes nothing', async () => {
    const entry = await entryOf(orders[1]!);
    for (const call of [requeue, remove]) {
      const answer = await call([entry.id, 99_999_999]);
      expect(answer.status).toBe(404);
      expect(meta(answer).message).toContain('99999999');
    }
    expect(await entryOf(orders[1]!)).toMatchObject({ id: entry.id, attempts: 1, state: 'transmitted' });
    // another company's admin cannot reach the demo company's entries through its own company
    expect((await api().call('POST', `/c/${other}/orderqueue?id=${entry.id}`, { token: tokens.other })).status).toBe(404);
    expect((await api().delete(`/c/${other}/orderqueue?id=${entry.id}`, tokens.other)).status).toBe(404);
    expect((await api().get(`/c/${other}/orderqueue/${entry.id}`, tokens.other)).status).toBe(404);
    expect(ok(await api().get(`/c/${other}/orderqueue?all=1`, tokens.other)).items.map((e: any) => e.id)).not.toContain(entry.id);
    expect(await entryOf(orders[1]!)).toMatchObject({ id: entry.id, attempts: 1 });
  });

  it('deletes several entries at once: gone from the queue, the orders stay with a U event', async () => {
    const a = await entryOf(orders[1]!);
    const b = await entryOf(orders[2]!);
    expect(ok(await remove([a.id, b.id, a.id], tokens.owner))).toEqual({ deleted: 2 });
    expect((await api().get(`/c/${demo}/orderqueue/${a.id}`, tokens.admin)).status).toBe(404);
    expect(await entryOf(orders[2]!)).toBeUndefined();
    for (const orderId of [orders[1]!, orders[2]!]) {
      expect((await historyOf(orderId)).filter((h) => h.type === 'U' && h.text === 'taken out of the order queue')).toEqual([
        expect.objectContaining({ user_id: ids.owner, code: 'queue_removed', params: {} }),
      ]);
    }
    expect((await remove([a.id])).status).toBe(404);
    expect((await requeue([b.id])).status).toBe(404);
  });

  it('marks entries not transmitted in time as error 2005 once (the scheduler, injected clock), and a requeue brings them through', async () => {
    // An entry handed on whose confirmation never came: waiting since an hour ago.
    const entry = await entryOf(orders[3]!);
    await ordersSql(system, `update orders.order_queue set state = 'waiting', transmitted_at = null, queued_at = now() - interval '1 hour' where id = ?`, [entry.id]);
    const scheduler = await schedulerAt(new Date(Date.now() + 60_000), { ORDERS_QUEUE_TIMEOUT_MS: '600000' });
    try {
      const tick = await scheduler.tick();
      expect(tick.timedOut).toBeGreaterThanOrEqual(1);
      const failed = await entryOf(orders[3]!);
      expect(failed).toMatchObject({ state: 'error', attempts: 1, error: { code: 2005, message: expect.stringContaining('10 min') } });
      expect(ok(await api().get(`/c/${demo}/orderqueue?state=error&q=${orders[3]}&per_page=200`, tokens.admin)).items.map((e: any) => e.order_id)).toContain(orders[3]);
      // once: the next tick finds nothing waiting, the journal holds one 2005 entry for the order
      expect((await scheduler.tick()).timedOut).toBe(0);
      const journal = ok(await api().get(`/v2/c/${demo}/journal?filter=${encodeURIComponent(JSON.stringify([{ field: 'code', operation: 'eq', value: 2005 }]))}&per_page=200`, tokens.admin)).items;
      expect(journal.filter((j: any) => j.order_id === orders[3])).toEqual([expect.objectContaining({ code: 2005, customer_id: k3.customerId, location_id: k3.locationId })]);
      // a fresh entry (queued now) is not touched by the same sweep
      const fresh = await entryOf(orders[0]!);
      expect(fresh.state).toBe('transmitted');
    } finally {
      await closeScheduler();
    }
    ok(await requeue([entry.id]));
    expect(await transmitted(orders[3]!)).toMatchObject({ attempts: 2, error: null });
    expect(await suppliesOf(suppliers['L-100']!, orders[3]!)).toHaveLength(1);
  });
});

describe('checks', () => {
  let entryId: number;
  let k2EntryId: number;

  beforeAll(async () => {
    const k1 = await place('K-10001', 'Queue Halle 4', [catalog100]);
    entryId = (await transmitted(await runOrder(k1.rules[0]!))).id;
    ok(await api().patch(`/c/${demo}/customer/${customers['K-10002']}`, { use_request_workflow: false }, tokens.writer));
    const k2 = await place('K-10002', 'Queue Halle 5', [null]);
    k2EntryId = (await entryOf(await runOrder(k2.rules[0]!))).id;
  });

  it('answers 1000 with the field for bad parameters and ids', async () => {
    for (const [query, field] of [
      ['state=lost', 'state'],
      ['sort=id', 'sort'],
      ['order=up', 'order'],
      ['all=yes', 'all'],
      ['per_page=0', 'per_page'],
      ['per_page=201', 'per_page'],
      ['page=0', 'page'],
    ] as const) {
      expect(meta(await api().get(`/c/${demo}/orderqueue?${query}`, tokens.admin))).toMatchObject({ code: 1000, field });
    }
    expect(meta(await api().get(`/c/${demo}/orderqueue/abc`, tokens.admin))).toMatchObject({ code: 1000, field: 'queueID' });
    expect((await api().get(`/c/${demo}/orderqueue/99999999`, tokens.admin)).status).toBe(404);
    expect(meta(await api().call('POST', `/c/${demo}/orderqueue`, { token: tokens.admin }))).toMatchObject({ code: 1000, field: 'id' });
    expect(meta(await api().delete(`/c/${demo}/orderqueue`, tokens.admin))).toMatchObject({ code: 1000, field: 'id' });
    for (const bad of [['abc'], ['0'], ['-3'], ['1.5'], [entryId, 'x']]) {
      expect(meta(await requeue(bad, tokens.admin))).toMatchObject({ code: 1000, field: 'id' });
      expect(meta(await remove(bad, tokens.admin))).toMatchObject({ code: 1000, field: 'id' });
    }
    const many = Array.from({ length: 201 }, (_, i) => i + 1);
    expect(meta(await requeue(many, tokens.admin))).toMatchObject({ code: 1000, field: 'id' });
    expect(meta(await remove(many, tokens.admin))).toMatchObject({ code: 1000, field: 'id' });
  });

  it('filters, sorts and pages on the server', async () => {
    const all = ok(await api().get(`/c/${demo}/orderqueue?all=1&per_page=200`, tokens.admin));
    expect(all.total).toBe(all.items.length);
    expect(all.total).toBeGreaterThanOrEqual(8);
    const created = all.items.map((e: any) => e.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    const page2 = ok(await api().get(`/c/${demo}/orderqueue?all=1&per_page=2&page=2`, tokens.admin));
    expect(page2).toMatchObject({ page: 2, per_page: 2, total: all.total });
    expect(page2.items.map((e: any) => e.id)).toEqual(all.items.slice(2, 4).map((e: any) => e.id));
    const byAttempts = ok(await api().get(`/c/${demo}/orderqueue?all=1&sort=attempts&order=desc&per_page=200`, tokens.admin)).items.map((e: any) => e.attempts);
    expect([...byAttempts].sort((a, b) => b - a)).toEqual(byAttempts);
    const byCustomer = ok(await api().get(`/c/${demo}/orderqueue?all=1&sort=customer&per_page=200`, tokens.admin)).items.map((e: any) => e.customer.toLowerCase());
    expect([...byCustomer].sort()).toEqual(byCustomer);
    const halle = ok(await api().get(`/c/${demo}/orderqueue?all=1&q=${encodeURIComponent('Queue Halle 5')}`, tokens.admin)).items;
    expect(halle.map((e: any) => e.id)).toEqual([k2EntryId]);
    const customerList = ok(await api().get(`/c/${demo}/customer/${customers['K-10002']}/orderqueue?all=1&per_page=200`, tokens.admin)).items;
    expect(customerList.length).toBeGreaterThan(0);
    expect(customerList.every((e: any) => e.customer_id === customers['K-10002'])).toBe(true);
  });

  it('lets the customer group read and the user group change; others get 1020', async () => {
    for (const name of ['owner', 'admin', 'writer', 'readonly']) {
      expect(ok(await api().get(`/c/${demo}/orderqueue?all=1`, tokens[name])).total).toBeGreaterThan(0);
    }
    for (const name of ['readonly', 'customer', 'supplier']) {
      expect(meta(await requeue([entryId], tokens[name])).code).toBe(1020);
      expect(meta(await remove([entryId], tokens[name])).code).toBe(1020);
    }
    expect(meta(await api().get(`/c/${demo}/orderqueue`, tokens.supplier)).code).toBe(1020);
    expect(meta(await api().get(`/c/${demo}/orderqueue/${entryId}`, tokens.supplier)).code).toBe(1020);
    expect(meta(await api().get(`/c/${demo}/orderqueue`, tokens.other)).code).toBe(1020);
    expect(meta(await api().get(`/c/${demo}/orderqueue/${entryId}`, tokens.other)).code).toBe(1020);
    expect(meta(await requeue([entryId], tokens.other)).code).toBe(1020);
    expect(meta(await remove([entryId], tokens.other)).code).toBe(1020);
    expect(ok(await api().get(`/c/${demo}/orderqueue/${entryId}`, tokens.admin))).toMatchObject({ attempts: 1, state: 'transmitted' });
  });

  it('narrows lists and entries by access restrictions: the customer user sees K-10001 only (404 otherwise)', async () => {
    await eventually(
      async () => {
        const items = ok(await api().get(`/c/${demo}/orderqueue?all=1&per_page=200`, tokens.customer)).items;
        return items.length > 0 && items.every((e: any) => e.customer_id === customers['K-10001']) ? items : undefined;
      },
      20_000,
      'the customer user restriction in the orders service',
    );
    expect(ok(await api().get(`/c/${demo}/orderqueue/${entryId}`, tokens.customer)).id).toBe(entryId);
    expect((await api().get(`/c/${demo}/orderqueue/${k2EntryId}`, tokens.customer)).status).toBe(404);
    expect(ok(await api().get(`/c/${demo}/customer/${customers['K-10002']}/orderqueue?all=1`, tokens.customer)).items).toEqual([]);
    // a restricted staff member: hidden ids are 404 for requeue and delete too, and nothing changes
    ok(await api().post(`/c/${demo}/accessrestriction`, { user_id: ids.writer, customer_id: customers['K-10001'] }, tokens.admin));
    await eventually(
      async () => ((await api().get(`/c/${demo}/orderqueue/${k2EntryId}`, tokens.writer)).status === 404 ? true : undefined),
      20_000,
      'the writer restriction in the orders service',
    );
    expect((await requeue([entryId, k2EntryId], tokens.writer)).status).toBe(404);
    expect((await remove([k2EntryId], tokens.writer)).status).toBe(404);
    expect(ok(await api().get(`/c/${demo}/orderqueue/${k2EntryId}`, tokens.admin))).toMatchObject({ attempts: 1, state: 'error' });
    expect(ok(await api().get(`/c/${demo}/orderqueue/${entryId}`, tokens.admin))).toMatchObject({ attempts: 1 });
  });
});

// -------------------------------------------------------------------------------------------------------------
// The scheduler with an injected clock on the system's own orders schema (embedded: the app's unit of work;
// distributed: a unit of work of this test on the run's PostgreSQL database).
// -------------------------------------------------------------------------------------------------------------

let closers: (() => Promise<void>)[] = [];

async function schedulerAt(at: Date, env: Record<string, string>): Promise<RequisitionScheduler> {
  let uow: UnitOfWork;
  if (system.app) {
    uow = system.app.get<UnitOfWork>(unitOfWorkToken('orders'), { strict: false });
  } else {
    const database = await Database.open({ kind: 'postgres', url: system.distributed!.databaseUrl, poolMax: 2 });
    const orm = await MikroORM.init(database.ormOptions(ordersData));
    closers.push(async () => {
      await orm.close();
      await database.close();
    });
    uow = new UnitOfWork(orm);
  }
  const clock: Clock = { now: () => at };
  const config = loadOrdersConfig(env);
  // No company time zone is known to this scheduler: it runs no slot, only the retries and the queue sweep.
  const zones = new CompanyTimeZones({ load: async () => new Map() }, config);
  return new RequisitionScheduler(uow, new RequisitionService(uow, zones, clock), zones, clock, config, new OrderQueueService(uow, clock, config));
}

async function closeScheduler(): Promise<void> {
  for (const close of closers) await close();
  closers = [];
}
