import { randomBytes } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import {
  closeDeliveredBackorders,
  CompanyTimeZones,
  type Clock,
  JournalService,
  LAST_DECISION_COLUMNS,
  lastDecisionJoin,
  lastDecisionOf,
  loadOrdersConfig,
  markPending,
  ordersData,
  RequisitionScheduler,
  RequisitionService,
  type TimeZoneSource,
  upsertSubscription,
} from '@kanban/app-orders';
import { AppError, ErrorCode } from '@kanban/access';
import { orderEventText } from '@kanban/contracts';
import { Database, migrateService, UnitOfWork } from '@kanban/persistence';
import { PG_ADMIN_URL } from '@kanban/testing';
import { modeFromEnv } from '../support/system';

/**
 * The requisition run's customer settings against the database (PGlite embedded, a PostgreSQL database of its
 * own distributed): requests (request workflow), backorders (days and scanner), subscriptions, automatic restock
 * days, journal entries of rules without configuration and of failed runs. Injected clock; each test its company.
 */
jest.setTimeout(180_000);

const mode = modeFromEnv();
let database: Database;
let pgName: string | null = null;
let orm: MikroORM;
let uow: UnitOfWork;

class FixedClock implements Clock {
  constructor(public at: Date) {}
  now(): Date {
    return this.at;
  }
  /** moves the clock by whole days */
  days(n: number): void {
    this.at = new Date(this.at.getTime() + n * 86_400_000);
  }
}

const config = loadOrdersConfig({});
const noZones: TimeZoneSource = { load: async () => new Map() };
function runner(clock: Clock): RequisitionService {
  return new RequisitionService(uow, new CompanyTimeZones(noZones, config), clock, undefined, undefined, new JournalService(uow, clock));
}

beforeAll(async () => {
  if (mode === 'distributed') {
    pgName = `kanban_reqx_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = new Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database "${pgName}"`);
    await admin.end();
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${pgName}`;
    database = await Database.open({ kind: 'postgres', url: url.toString(), poolMax: 4 });
  } else {
    database = await Database.open({ kind: 'pglite', dataDir: null });
  }
  await migrateService(database, ordersData);
  orm = await MikroORM.init(database.ormOptions(ordersData));
  uow = new UnitOfWork(orm);
});

afterAll(async () => {
  await orm?.close();
  await database?.close();
  if (pgName) {
    const admin = new Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists "${pgName}" with (force)`);
    await admin.end();
  }
});

const sql = <T = Record<string, any>>(query: string, params: unknown[] = []) => uow.read((em) => em.execute<T[]>(query, params));
const parsed = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, any>;
// the calendar day in the company's time zone (the default, Europe/Berlin), as the run counts days: in UTC the day
// differs for an hour or two before midnight, and the backorder test then failed at those hours
const companyDay = new Intl.DateTimeFormat('en-CA', { timeZone: config.defaultTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
const day = (d: Date) => companyDay.format(d);

let nextId = 50_000;
interface Customer {
  use_request_workflow?: boolean;
  use_backorder?: boolean;
  backorder_type?: 'days' | 'scanner';
  use_subscription?: boolean;
  automatic_restock_days?: number;
}
interface Fixture {
  companyId: number;
  customerId: number;
  locationId: number;
  supplierId: number;
  itemIds: number[];
  ruleIds: number[];
}

/** A company with one customer (its settings from `customer`), a location, a supplier and `rules` items with a rule each. */
async function seed(customer: Customer, rules: number, over: { stock?: number; threshold?: number; capacity?: number; supplier?: boolean; createdAt?: Date; subscriptionInterval?: number; orderQuantity?: number } = {}): Promise<Fixture> {
  const companyId = ++nextId;
  const customerId = ++nextId;
  const locationId = ++nextId;
  const supplierId = ++nextId;
  const now = new Date();
  await sql(
    `insert into orders.customer_copy (id, company_id, name, inactive, deleted, version, use_request_workflow, use_backorder, backorder_type, use_subscription, automatic_restock_days)
     values (?, ?, ?, false, false, ?, ?, ?, ?, ?, ?)`,
    [customerId, companyId, `Customer ${customerId}`, now, !!customer.use_request_workflow, !!customer.use_backorder, customer.backorder_type ?? 'days', !!customer.use_subscription, customer.automatic_restock_days ?? 0],
  );
  await sql('insert into orders.supplier_copy (id, company_id, name, active, deleted, version) values (?, ?, ?, true, false, ?)', [supplierId, companyId, `Supplier ${supplierId}`, now]);
  await sql(
    `insert into orders.location_copy (id, company_id, customer_id, name, inactive, deleted, delivery_days, delivery_isodow, schedule, slots, scheduled, version)
     values (?, ?, ?, ?, false, false, '[]', '[]', '{}', '{}', false, ?)`,
    [locationId, companyId, customerId, `Location ${locationId}`, now],
  );
  const fixture: Fixture = { companyId, customerId, locationId, supplierId, itemIds: [], ruleIds: [] };
  for (let i = 0; i < rules; i++) {
    const itemId = ++nextId;
    await sql(
      `insert into orders.item_copy (id, company_id, customer_id, catalog_id, supplier_id, sku, name, item_unit, order_unit, quantity_per_order_unit,
         min_order_quantity, max_order_quantity, order_quantity, order_quantity_increment, lead_time_days, transit_days, subscription_interval, disabled, deleted, version)
       values (?, ?, ?, null, ?, ?, ?, 'PCE', 'BOX', 1, 1, 0, ?, 1, 2, 0, ?, false, false, ?)`,
      [itemId, companyId, customerId, over.supplier === false ? null : supplierId, `SKU-${itemId}`, `Item ${itemId}`, over.orderQuantity ?? 1, over.subscriptionInterval ?? 0, now],
    );
    const created = over.createdAt ?? now;
    const [rule] = await sql<{ id: number }>(
      `insert into orders.kanban_rule (company_id, customer_id, location_id, item_id, threshold, capacity, stock, scan_code, active, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, true, ?, ?) returning id`,
      [companyId, customerId, locationId, itemId, over.threshold ?? 5, over.capacity ?? 20, over.stock ?? 0, `X${itemId}`, created, created],
    );
    await pending(companyId, Number(rule!.id));
    fixture.ruleIds.push(Number(rule!.id));
    fixture.itemIds.push(itemId);
  }
  return fixture;
}

const linesOf = (companyId: number) =>
  sql<{ id: number; rule_id: number | null; item_id: number; quantity: number; status: string; order_id: number; shipping: unknown }>(
    'select id, rule_id, item_id, quantity, status, order_id, shipping from orders.purchase_order_line where company_id = ? order by id',
    [companyId],
  );
const ordersOf = (companyId: number) => sql<{ id: number; status: string; comment: string }>('select id, status, comment from orders.purchase_order where company_id = ? order by id', [companyId]);
const eventsOf = async (companyId: number, subject: string) =>
  (await sql<{ payload: unknown }>(`select payload from orders.outbox where subject = ? and payload -> 'data' ->> 'company_id' = ? order by created_at, id`, [subject, String(companyId)])).map(
    (r) => parsed(r.payload).data as Record<string, any>,
  );
// the rule's last decision as the rules API reads it (its latest row in requisition_decision)
const decisionOf = async (ruleId: number) =>
  lastDecisionOf((await sql(`select ${LAST_DECISION_COLUMNS} from orders.kanban_rule r ${lastDecisionJoin('r')} where r.id = ?`, [ruleId]))[0]!) as Record<string, any>;
// a stock change not yet evaluated, marked as a stock entry marks it (at the database's clock: two changes in one test
// clock stay apart)
const pending = (companyId: number, ruleId: number) => uow.forCompany(companyId).write((em) => markPending(em, companyId, [ruleId]));
const journalOf = (companyId: number) =>
  sql<{ code: number; rule_id: number | null; message: string; run_id: number | null; message_key: string; params: unknown }>(
    'select code, rule_id, message, run_id, message_key, params from orders.journal_entry where company_id = ? order by id',
    [companyId],
  );
/** A scheduled run of the given local day (a slot of its own per call: each claims a new slot key). */
let slotSerial = 0;
const scheduled = (clock: FixedClock, companyId: number) =>
  runner(clock).run(companyId, 'schedule', { slot: { date: day(clock.at), weekday: 'monday', slot: '06:00', key: `${day(clock.at)}T06:00#${++slotSerial}` } });

describe('requests: customers with the request workflow', () => {
  it('get their orders as requests (lines open, no evt.orders.created); other customers as orders with the event; never twice', async () => {
    const requesting = await seed({ use_request_workflow: true }, 2, { stock: 1 });
    const clock = new FixedClock(new Date());
    const summary = await runner(clock).run(requesting.companyId, 'stock');
    expect(summary).toMatchObject({ evaluated: 2, orders: 1, lines: 2, requests: 1 });
    expect((await ordersOf(requesting.companyId)).map((o) => o.status)).toEqual(['request']);
    expect((await linesOf(requesting.companyId)).map((l) => [l.status, Number(l.quantity)])).toEqual([
      ['open', 19],
      ['open', 19],
    ]);
    expect(await eventsOf(requesting.companyId, 'evt.orders.created')).toHaveLength(0);
    // the request waits for approval: one order_notice request_waiting (notification rules of that event)
    const [request] = await ordersOf(requesting.companyId);
    expect(await eventsOf(requesting.companyId, 'evt.orders.order_notice')).toEqual([
      expect.objectContaining({ event: 'request_waiting', order_id: Number(request!.id), customer_id: requesting.customerId, location_id: requesting.locationId }),
    ]);
    expect(await decisionOf(requesting.ruleIds[0]!)).toMatchObject({ reason: 'ordered', quantity: 19 });
    // The open request lines count as on order: a second run orders nothing.
    for (const ruleId of requesting.ruleIds) {
      await runner(clock).run(requesting.companyId, 'execute', { ruleId });
      expect(await decisionOf(ruleId)).toMatchObject({ reason: 'already_on_order' });
    }
    expect(await linesOf(requesting.companyId)).toHaveLength(2);

    const plain = await seed({}, 1, { stock: 1 });
    expect(await runner(clock).run(plain.companyId, 'stock')).toMatchObject({ orders: 1, requests: 0 });
    expect((await ordersOf(plain.companyId)).map((o) => o.status)).toEqual(['open']);
    expect(await eventsOf(plain.companyId, 'evt.orders.created')).toHaveLength(1);
  });
});

describe('backorders', () => {
  /** Confirms the rule's open line and puts its shipping day `daysAgo` days before the clock's day. */
  async function confirmedOverdue(companyId: number, clock: FixedClock, daysAgo: number) {
    const shipping = day(new Date(clock.at.getTime() - daysAgo * 86_400_000));
    await sql(`update orders.purchase_order_line set status = 'confirmed', ext_status = 1, shipping = ? where company_id = ? and status = 'open'`, [shipping, companyId]);
  }

  it('type days: overdue confirmed lines become backorders, after 7 days the line is cancelled and ordered once anew', async () => {
    const f = await seed({ use_backorder: true, backorder_type: 'days' }, 1, { stock: 2 });
    const clock = new FixedClock(new Date());
    await runner(clock).run(f.companyId, 'stock');
    const [first] = await linesOf(f.companyId);
    expect(Number(first!.quantity)).toBe(18);

    // Shipping day yesterday, not delivered: a backorder of 18, published once.
    await confirmedOverdue(f.companyId, clock, 1);
    await runner(clock).run(f.companyId, 'execute', { ruleId: f.ruleIds[0] });
    expect(await decisionOf(f.ruleIds[0]!)).toMatchObject({ reason: 'already_on_order', backorder: 18, on_order: 18 });
    let events = await eventsOf(f.companyId, 'evt.orders.backorder_changed');
    expect(events).toEqual([expect.objectContaining({ order_id: Number(first!.order_id), pos: 1, item_id: f.itemIds[0], customer_id: f.customerId, location_id: f.locationId, quantity: 18 })]);
    await runner(clock).run(f.companyId, 'execute', { ruleId: f.ruleIds[0] });
    expect(await eventsOf(f.companyId, 'evt.orders.backorder_changed')).toHaveLength(1);

    // Six days after the shipping day: still waiting.
    clock.days(5);
    await runner(clock).run(f.companyId, 'stock');
    expect((await linesOf(f.companyId)).map((l) => l.status)).toEqual(['confirmed']);

    // Seven days after the shipping day: any run (here a stock run with no stock change) cancels and reorders.
    clock.days(1);
    const summary = await runner(clock).run(f.companyId, 'stock');
    expect(summary).toMatchObject({ backorderReorders: 1, lines: 1 });
    const lines = await linesOf(f.companyId);
    expect(lines.map((l) => [l.status, Number(l.quantity)])).toEqual([
      ['cancelled', 18],
      ['open', 18],
    ]);
    expect(await decisionOf(f.ruleIds[0]!)).toMatchObject({ reason: 'backorder', quantity: 18, on_order: 0, backorder: 0 });
    events = await eventsOf(f.companyId, 'evt.orders.backorder_changed');
    expect(events.map((e) => e.quantity)).toEqual([18, 0]);
    const history = await sql<{ code: string; params: unknown; text: string }>('select code, params, text from orders.purchase_order_event where order_id = ? order by id', [
      first!.order_id,
    ]);
    expect(history.map((h) => h.text).join('\n')).toMatch(/backorder: line 1 not delivered 7 days after its shipping day/);
    // the history event's message: code and parameters, its text the English of them (docs/replenishment.md "Order history")
    const [shipping] = await sql<{ shipping: string }>('select shipping::text as shipping from orders.purchase_order_line where id = ?', [first!.id]);
    const backorder = history.find((h) => h.code === 'backorder_reordered')!;
    expect(parsed(backorder.params)).toEqual({ pos: 1, shipping: shipping!.shipping, run_id: summary!.runId });
    expect(backorder.text).toBe(orderEventText('backorder_reordered', { pos: 1, shipping: shipping!.shipping, run_id: summary!.runId }));

    // Runs after it: the new open line is on order, nothing more.
    for (let i = 0; i < 3; i++) await runner(clock).run(f.companyId, 'execute', { ruleId: f.ruleIds[0] });
    expect(await linesOf(f.companyId)).toHaveLength(2);
    expect(await decisionOf(f.ruleIds[0]!)).toMatchObject({ reason: 'already_on_order' });
    expect(await eventsOf(f.companyId, 'evt.orders.backorder_changed')).toHaveLength(2);
  });

  it('type scanner: never reordered; the backorder shows on the decision until the line is delivered (event back to 0)', async () => {
    const f = await seed({ use_backorder: true, backorder_type: 'scanner' }, 1, { stock: 0 });
    const clock = new FixedClock(new Date());
    await runner(clock).run(f.companyId, 'stock');
    await confirmedOverdue(f.companyId, clock, 30);
    await sql(`update orders.kanban_rule set stock = 0 where id = ?`, [f.ruleIds[0]]);
    await pending(f.companyId, f.ruleIds[0]!);
    const scan = await runner(clock).run(f.companyId, 'stock');
    expect(scan).toMatchObject({ lines: 0, backorderReorders: 0, backorderEvents: 1 });
    expect(await decisionOf(f.ruleIds[0]!)).toMatchObject({ reason: 'already_on_order', backorder: 20 });
    clock.days(20);
    await runner(clock).run(f.companyId, 'execute', { ruleId: f.ruleIds[0] });
    expect((await linesOf(f.companyId)).map((l) => l.status)).toEqual(['confirmed']);

    // The supplies side marks the line delivered and closes the backorder in its own transaction.
    await uow.forCompany(f.companyId).write(async (em) => {
      await em.execute(`update orders.purchase_order_line set status = 'delivered' where company_id = ?`, [f.companyId]);
      expect(await closeDeliveredBackorders(em, f.companyId, clock.now())).toMatchObject({ events: 1, reorderRuleIds: [] });
    });
    expect((await eventsOf(f.companyId, 'evt.orders.backorder_changed')).map((e) => e.quantity)).toEqual([20, 0]);
    clock.at = new Date(clock.at.getTime() + 3_600_000);
    await runner(clock).run(f.companyId, 'execute', { ruleId: f.ruleIds[0] });
    expect(await decisionOf(f.ruleIds[0]!)).toMatchObject({ reason: 'ordered', backorder: 0 });
    expect(await eventsOf(f.companyId, 'evt.orders.backorder_changed')).toHaveLength(2);
  });

  it('a delivery noticed by the run closes the backorder too; customers without backorders get none', async () => {
    const f = await seed({ use_backorder: true, backorder_type: 'scanner' }, 1, { stock: 0 });
    const clock = new FixedClock(new Date());
    await runner(clock).run(f.companyId, 'stock');
    await confirmedOverdue(f.companyId, clock, 2);
    await runner(clock).run(f.companyId, 'stock');
    await sql(`update orders.purchase_order_line set status = 'delivered' where company_id = ?`, [f.companyId]);
    clock.at = new Date(clock.at.getTime() + 3_600_000);
    expect(await runner(clock).run(f.companyId, 'stock')).toMatchObject({ backorderEvents: 1 });
    expect((await eventsOf(f.companyId, 'evt.orders.backorder_changed')).map((e) => e.quantity)).toEqual([20, 0]);

    const none = await seed({ use_backorder: false }, 1, { stock: 0 });
    await runner(clock).run(none.companyId, 'stock');
    await confirmedOverdue(none.companyId, clock, 30);
    await runner(clock).run(none.companyId, 'execute', { ruleId: none.ruleIds[0] });
    expect(await eventsOf(none.companyId, 'evt.orders.backorder_changed')).toHaveLength(0);
    expect((await linesOf(none.companyId)).map((l) => l.status)).toEqual(['confirmed']);
  });
});

describe('subscriptions', () => {
  it('order the order quantity every interval days in scheduled runs, once per interval, only for customers using them', async () => {
    const f = await seed({ use_subscription: true }, 2, { stock: 50, threshold: 5, capacity: 60, subscriptionInterval: 7, orderQuantity: 3 });
    const clock = new FixedClock(new Date('2026-11-23T05:10:00Z'));
    await uow.forCompany(f.companyId).write(async (em) => {
      await upsertSubscription(em, { company_id: f.companyId, location_id: f.locationId, item_id: f.itemIds[0]!, active: true }, new Date());
      await upsertSubscription(em, { company_id: f.companyId, location_id: f.locationId, item_id: f.itemIds[1]!, active: false }, new Date());
    });
    // Stock runs do not order subscriptions.
    await runner(clock).run(f.companyId, 'stock');
    expect(await linesOf(f.companyId)).toHaveLength(0);
    const first = await scheduled(clock, f.companyId);
    expect(first).toMatchObject({ subscriptionLines: 1, lines: 1 });
    let lines = await linesOf(f.companyId);
    expect(lines.map((l) => [l.rule_id, l.item_id, Number(l.quantity), l.status])).toEqual([[null, f.itemIds[0], 3, 'open']]);
    expect((await ordersOf(f.companyId)).map((o) => o.comment)).toEqual(['subscription']);
    const [event] = await sql<{ code: string; params: unknown; text: string }>('select code, params, text from orders.purchase_order_event where company_id = ?', [f.companyId]);
    expect([event!.code, parsed(event!.params), event!.text]).toEqual(['subscription_run', { run_id: first!.runId }, `subscription: requisition run ${first!.runId}`]);
    const created = await eventsOf(f.companyId, 'evt.orders.created');
    expect(created).toHaveLength(1);
    expect(created[0]!.lines).toEqual([expect.objectContaining({ item_id: f.itemIds[0], quantity: 3, rule_id: null })]);
    // ... and waits in the order queue for its transmission (docs/replenishment.md "Order queue")
    const queued = await sql('select order_id, state, attempts from orders.order_queue where company_id = ?', [f.companyId]);
    expect(queued.map((q) => [Number(q.order_id), q.state, Number(q.attempts)])).toEqual([[Number(created[0]!.id), 'waiting', 1]]);
    // The rule of the same item is untouched by the subscription line (above its threshold anyway).
    expect(await decisionOf(f.ruleIds[0]!)).toMatchObject({ reason: 'above_threshold', on_order: 0 });

    // Later slots of the same day and the next six days: nothing.
    for (let i = 0; i < 6; i++) {
      await scheduled(clock, f.companyId);
      clock.days(1);
    }
    expect(await linesOf(f.companyId)).toHaveLength(1);
    // Day 7: ordered again.
    clock.days(1);
    expect(await scheduled(clock, f.companyId)).toMatchObject({ subscriptionLines: 1 });
    lines = await linesOf(f.companyId);
    expect(lines).toHaveLength(2);
    // Deactivated (a newer event): nothing any more; an older event does not turn it back on.
    await uow.forCompany(f.companyId).write(async (em) => {
      await upsertSubscription(em, { company_id: f.companyId, location_id: f.locationId, item_id: f.itemIds[0]!, active: false }, new Date(Date.now() + 1000));
      await upsertSubscription(em, { company_id: f.companyId, location_id: f.locationId, item_id: f.itemIds[0]!, active: true }, new Date(Date.now() - 60_000));
    });
    clock.days(30);
    expect(await scheduled(clock, f.companyId)).toMatchObject({ subscriptionLines: 0 });

    const off = await seed({ use_subscription: false }, 1, { stock: 50, threshold: 5, capacity: 60, subscriptionInterval: 7, orderQuantity: 3 });
    await uow.forCompany(off.companyId).write((em) => upsertSubscription(em, { company_id: off.companyId, location_id: off.locationId, item_id: off.itemIds[0]!, active: true }, new Date()));
    expect(await scheduled(clock, off.companyId)).toMatchObject({ subscriptionLines: 0, lines: 0 });
  });

  it('the scheduler runs companies whose only active thing is a subscription', async () => {
    const f = await seed({ use_subscription: true }, 1, { stock: 50, threshold: 5, capacity: 60, subscriptionInterval: 7, orderQuantity: 4 });
    await sql('update orders.kanban_rule set active = false where company_id = ?', [f.companyId]);
    await uow.forCompany(f.companyId).write((em) => upsertSubscription(em, { company_id: f.companyId, location_id: f.locationId, item_id: f.itemIds[0]!, active: true }, new Date()));
    const clock = new FixedClock(new Date('2026-11-23T09:10:00+01:00'));
    const zones = new CompanyTimeZones({ load: async () => new Map([[f.companyId, 'Europe/Berlin']]) }, config);
    const scheduler = new RequisitionScheduler(uow, new RequisitionService(uow, zones, clock), zones, clock, config);
    expect((await scheduler.tick()).scheduled.get(f.companyId)).toBe('2026-11-23T08:00');
    expect((await linesOf(f.companyId)).map((l) => [l.rule_id, Number(l.quantity)])).toEqual([[null, 4]]);
  });

  it('a request customer gets its subscription order as a request', async () => {
    const f = await seed({ use_subscription: true, use_request_workflow: true }, 1, { stock: 50, threshold: 5, capacity: 60, subscriptionInterval: 14, orderQuantity: 2 });
    await uow.forCompany(f.companyId).write((em) => upsertSubscription(em, { company_id: f.companyId, location_id: f.locationId, item_id: f.itemIds[0]!, active: true }, new Date()));
    const clock = new FixedClock(new Date());
    expect(await scheduled(clock, f.companyId)).toMatchObject({ subscriptionLines: 1, requests: 1 });
    expect((await ordersOf(f.companyId)).map((o) => o.status)).toEqual(['request']);
    expect(await eventsOf(f.companyId, 'evt.orders.created')).toHaveLength(0);
    const [request] = await ordersOf(f.companyId);
    expect(await eventsOf(f.companyId, 'evt.orders.order_notice')).toEqual([expect.objectContaining({ event: 'request_waiting', order_id: Number(request!.id), location_id: f.locationId })]);
    expect(await sql('select id from orders.order_queue where company_id = ?', [f.companyId])).toHaveLength(0);
  });
});

describe('automatic restock days', () => {
  it('fill up a rule above its threshold not ordered for N days, in scheduled runs only', async () => {
    const clock = new FixedClock(new Date());
    const f = await seed({ automatic_restock_days: 3 }, 1, { stock: 12, threshold: 5, capacity: 20, createdAt: new Date(clock.at.getTime() - 2 * 86_400_000) });
    // Created two days ago: not yet.
    await scheduled(clock, f.companyId);
    expect(await decisionOf(f.ruleIds[0]!)).toMatchObject({ reason: 'above_threshold' });
    // Stock runs never restock.
    clock.days(1);
    await pending(f.companyId, f.ruleIds[0]!);
    await runner(clock).run(f.companyId, 'stock');
    expect(await decisionOf(f.ruleIds[0]!)).toMatchObject({ reason: 'above_threshold' });
    expect(await linesOf(f.companyId)).toHaveLength(0);
    // Three days: restocked to capacity, once.
    expect(await scheduled(clock, f.companyId)).toMatchObject({ lines: 1 });
    expect(await decisionOf(f.ruleIds[0]!)).toMatchObject({ reason: 'restock', quantity: 8 });
    await scheduled(clock, f.companyId);
    expect(await decisionOf(f.ruleIds[0]!)).toMatchObject({ reason: 'above_threshold', on_order: 8 });
    // Delivered the next day: the last order is one day old, nothing; three days after the order, again.
    await sql(`update orders.purchase_order_line set status = 'delivered' where company_id = ?`, [f.companyId]);
    clock.days(1);
    await scheduled(clock, f.companyId);
    expect(await linesOf(f.companyId)).toHaveLength(1);
    clock.days(2);
    await scheduled(clock, f.companyId);
    expect((await linesOf(f.companyId)).map((l) => Number(l.quantity))).toEqual([8, 8]);

    const off = await seed({ automatic_restock_days: 0 }, 1, { stock: 12, threshold: 5, capacity: 20, createdAt: new Date(clock.at.getTime() - 90 * 86_400_000) });
    await scheduled(clock, off.companyId);
    expect(await linesOf(off.companyId)).toHaveLength(0);
  });
});

describe('journal entries of runs', () => {
  it('an order of items without a supplier gets 2001 (once per order); capacity not above the threshold is config_invalid (2002, once)', async () => {
    const f = await seed({}, 2, { stock: 0, supplier: false });
    const clock = new FixedClock(new Date());
    await runner(clock).run(f.companyId, 'stock');
    expect(await decisionOf(f.ruleIds[0]!)).toMatchObject({ reason: 'ordered' });
    await runner(clock).run(f.companyId, 'execute', { ruleId: f.ruleIds[0] });
    let journal = await journalOf(f.companyId);
    const [line] = await linesOf(f.companyId);
    expect(journal.map((j) => [Number(j.code), j.rule_id])).toEqual([[2001, null]]);
    expect(journal[0]!.message).toBe(`order ${line!.order_id}: SKU-${f.itemIds[0]}, SKU-${f.itemIds[1]} without a supplier (no catalog of a supplier): the order cannot be transmitted`);
    // the same as a code with params, for the web to translate
    expect([journal[0]!.message_key, parsed(journal[0]!.params)]).toEqual(['order_no_supplier', { order_id: line!.order_id, skus: `SKU-${f.itemIds[0]}, SKU-${f.itemIds[1]}` }]);

    await sql(`update orders.purchase_order_line set status = 'delivered' where company_id = ?`, [f.companyId]);
    await sql('update orders.kanban_rule set threshold = 30, capacity = 20 where id = ?', [f.ruleIds[0]]);
    await sql('update orders.item_copy set supplier_id = ? where company_id = ?', [f.supplierId, f.companyId]);
    await runner(clock).run(f.companyId, 'execute', { ruleId: f.ruleIds[0] });
    await runner(clock).run(f.companyId, 'execute', { ruleId: f.ruleIds[0] });
    expect(await decisionOf(f.ruleIds[0]!)).toMatchObject({ reason: 'config_invalid', quantity: 0 });
    journal = await journalOf(f.companyId);
    expect(journal.map((j) => [Number(j.code), j.rule_id === null ? null : Number(j.rule_id)])).toEqual([
      [2001, null],
      [2002, f.ruleIds[0]],
    ]);
    expect([journal[1]!.message_key, parsed(journal[1]!.params)]).toEqual(['rule_config_invalid', { rule_id: f.ruleIds[0], sku: `SKU-${f.itemIds[0]}` }]);
    expect(await linesOf(f.companyId)).toHaveLength(2);
  });

  it('an inactive supplier: its rules are skipped (supplier_inactive), nothing is ordered from it, one 2001 per run names them', async () => {
    const f = await seed({}, 2, { stock: 0 });
    // a second supplier, active, with one item and rule at the same location
    const otherSupplier = ++nextId;
    const otherItem = ++nextId;
    const now = new Date();
    await sql('insert into orders.supplier_copy (id, company_id, name, active, deleted, version) values (?, ?, ?, true, false, ?)', [otherSupplier, f.companyId, 'Active Supplier', now]);
    await sql(
      `insert into orders.item_copy (id, company_id, customer_id, catalog_id, supplier_id, sku, name, item_unit, order_unit, quantity_per_order_unit,
         min_order_quantity, max_order_quantity, order_quantity, order_quantity_increment, lead_time_days, transit_days, subscription_interval, disabled, deleted, version)
       values (?, ?, ?, null, ?, ?, ?, 'PCE', 'BOX', 1, 1, 0, 1, 1, 2, 0, 0, false, false, ?)`,
      [otherItem, f.companyId, f.customerId, otherSupplier, `SKU-${otherItem}`, `Item ${otherItem}`, now],
    );
    const [other] = await sql<{ id: number }>(
      `insert into orders.kanban_rule (company_id, customer_id, location_id, item_id, threshold, capacity, stock, scan_code, active, created_at, updated_at)
       values (?, ?, ?, ?, 5, 20, 0, ?, true, ?, ?) returning id`,
      [f.companyId, f.customerId, f.locationId, otherItem, `X${otherItem}`, now, now],
    );
    const otherRule = Number(other!.id);
    await pending(f.companyId, otherRule);
    await sql(`update orders.supplier_copy set active = false, name = 'Paused Supplier AG' where id = ?`, [f.supplierId]);

    const clock = new FixedClock(new Date());
    const first = await runner(clock).run(f.companyId, 'stock');
    expect(first).toMatchObject({ evaluated: 3, orders: 1, lines: 1, journal: 1 });
    // nothing from the inactive supplier: the only line is the active supplier's
    expect((await linesOf(f.companyId)).map((l) => Number(l.item_id))).toEqual([otherItem]);
    const [order] = await sql<{ supplier_id: number }>('select supplier_id from orders.purchase_order where company_id = ?', [f.companyId]);
    expect(Number(order!.supplier_id)).toBe(otherSupplier);
    // the rules' last decision says why
    for (const ruleId of f.ruleIds) expect(await decisionOf(ruleId)).toMatchObject({ reason: 'supplier_inactive', quantity: 0, order_id: null, run_id: first!.runId });
    expect(await decisionOf(otherRule)).toMatchObject({ reason: 'ordered', quantity: 20 });
    // one journal entry for the run, naming the supplier and its rules
    let journal = await journalOf(f.companyId);
    expect(journal.map((j) => [Number(j.code), j.rule_id, Number(j.run_id)])).toEqual([[2001, null, first!.runId]]);
    expect(journal[0]!.message).toBe(
      `not ordered automatically, supplier inactive: Paused Supplier AG (2 rules: rule ${f.ruleIds[0]} (SKU-${f.itemIds[0]}), rule ${f.ruleIds[1]} (SKU-${f.itemIds[1]}))`,
    );
    expect(journal[0]!.message_key).toBe('supplier_inactive');
    expect(parsed(journal[0]!.params)).toEqual({
      suppliers: [
        {
          supplier_id: f.supplierId,
          name: 'Paused Supplier AG',
          rules: [
            { rule_id: f.ruleIds[0], sku: `SKU-${f.itemIds[0]}` },
            { rule_id: f.ruleIds[1], sku: `SKU-${f.itemIds[1]}` },
          ],
        },
      ],
    });
    const [entry] = await sql('select customer_id, location_id from orders.journal_entry where company_id = ?', [f.companyId]);
    expect([Number(entry!.customer_id), entry!.location_id]).toEqual([f.customerId, null]);

    // later runs (scheduled, execute): still nothing from it, no second entry for the same rules
    await scheduled(clock, f.companyId);
    await runner(clock).run(f.companyId, 'execute', { ruleId: f.ruleIds[0] });
    expect(await linesOf(f.companyId)).toHaveLength(1);
    expect(await journalOf(f.companyId)).toHaveLength(1);
    expect(await decisionOf(f.ruleIds[0]!)).toMatchObject({ reason: 'supplier_inactive' });

    // active again: the next run orders its rules; inactive once more: one new entry, for the one rule it skips
    await sql('update orders.supplier_copy set active = true where id = ?', [f.supplierId]);
    const again = await scheduled(clock, f.companyId);
    expect(again).toMatchObject({ orders: 1, lines: 2, journal: 0 });
    expect((await decisionOf(f.ruleIds[1]!)).reason).toBe('ordered');
    await sql('update orders.supplier_copy set active = false where id = ?', [f.supplierId]);
    await runner(clock).run(f.companyId, 'execute', { ruleId: f.ruleIds[1] });
    journal = await journalOf(f.companyId);
    expect(journal).toHaveLength(2);
    expect(Number(journal[1]!.rule_id)).toBe(f.ruleIds[1]);
    expect(journal[1]!.message).toBe(`not ordered automatically, supplier inactive: Paused Supplier AG (1 rule: rule ${f.ruleIds[1]} (SKU-${f.itemIds[1]}))`);
    expect(await linesOf(f.companyId)).toHaveLength(3);
  });

  it('a failed run leaves nothing but its journal entry (2000), written in a transaction of its own, without the database text', async () => {
    const f = await seed({}, 3, { stock: 0 });
    const clock = new FixedClock(new Date());
    // A real database error inside the run: its text (relation names) goes to the log, never into the tenant's journal.
    await expect(
      runner(clock).run(f.companyId, 'stock', { beforeCommit: (em) => em.execute('select secret_column from orders.no_such_table').then(() => undefined) }),
    ).rejects.toThrow(/no_such_table/);
    expect(await linesOf(f.companyId)).toHaveLength(0);
    let journal = await journalOf(f.companyId);
    expect(journal.map((j) => Number(j.code))).toEqual([2000]);
    expect(journal[0]!.message).toBe('requisition run (stock) failed: unknown error (500)');
    expect(journal[0]!.message).not.toMatch(/no_such_table|secret_column|relation/);
    expect([journal[0]!.message_key, parsed(journal[0]!.params)]).toEqual(['run_failed', { trigger: 'stock', error_code: 500, error: 'unknown error' }]);
    // An AppError's code and text are meant for users: they are kept.
    await expect(
      runner(clock).run(f.companyId, 'stock', {
        beforeCommit: async () => {
          throw new AppError(ErrorCode.InconsistentData, 'the location is gone');
        },
      }),
    ).rejects.toThrow('the location is gone');
    journal = await journalOf(f.companyId);
    expect(journal.map((j) => j.message).sort()).toEqual(['requisition run (stock) failed: the location is gone (1017)', 'requisition run (stock) failed: unknown error (500)']);
    expect(await runner(clock).run(f.companyId, 'stock')).toMatchObject({ lines: 3 });
  });
});
