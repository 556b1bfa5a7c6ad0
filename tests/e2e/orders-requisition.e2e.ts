import { randomBytes } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import {
  loadOrdersConfig,
  CompanyTimeZones,
  type Clock,
  LAST_DECISION_COLUMNS,
  lastDecisionJoin,
  lastDecisionOf,
  OrdersService,
  ordersData,
  QUANTITY_CASES,
  RequisitionScheduler,
  RequisitionService,
  type TimeZoneSource,
} from '@kanban/app-orders';
import { Database, migrateService, UnitOfWork } from '@kanban/persistence';
import { PG_ADMIN_URL } from '@kanban/testing';
import { modeFromEnv } from '../support/system';

/**
 * The requisition run against the database itself: PGlite in the embedded mode, a PostgreSQL server (a
 * database of this test's own) in the distributed mode. Quantity rules through the run's SQL, two runs at
 * once, a run killed before its commit, the scheduler's time window with an injected clock, the days filter.
 */
jest.setTimeout(180_000);

const mode = modeFromEnv();
let database: Database;
let pgName: string | null = null;
const orms: MikroORM[] = [];
let uow: UnitOfWork;
let second: UnitOfWork;

class FixedClock implements Clock {
  constructor(public at: Date) {}
  now(): Date {
    return this.at;
  }
}

const config = loadOrdersConfig({});
const zonesOf = (entries: [number, string][]): TimeZoneSource => ({ load: async () => new Map(entries) });
function runner(work: UnitOfWork, clock: Clock, zones: [number, string][] = []): RequisitionService {
  return new RequisitionService(work, new CompanyTimeZones(zonesOf(zones), config), clock);
}

beforeAll(async () => {
  if (mode === 'distributed') {
    pgName = `kanban_req_${process.pid}_${randomBytes(3).toString('hex')}`;
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
  // Two ORMs: two connection pools (PostgreSQL), as two replicas of the orders service would have.
  for (let i = 0; i < 2; i++) orms.push(await MikroORM.init(database.ormOptions(ordersData)));
  uow = new UnitOfWork(orms[0]!);
  second = new UnitOfWork(orms[1]!);
});

afterAll(async () => {
  for (const orm of orms) await orm.close();
  await database?.close();
  if (pgName) {
    const admin = new Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists "${pgName}" with (force)`);
    await admin.end();
  }
});

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => uow.read((em) => em.execute<T[]>(query, params));

let nextId = 1000;
interface Seeded {
  companyId: number;
  locationId: number;
  ruleIds: number[];
  itemIds: number[];
}

/**
 * One company with a customer, a location and `rules` items with one rule each, written straight into the
 * read model and the rule table. Item constraints and rule levels from `over`.
 */
async function seed(
  companyId: number,
  rules: number,
  over: {
    stock?: number;
    threshold?: number;
    capacity?: number;
    perOrderUnit?: number;
    moq?: number;
    mxoq?: number;
    increment?: number;
    orderQuantity?: number;
    deltakanban?: boolean;
    pending?: boolean;
    schedule?: object;
    scheduled?: boolean;
    slots?: object;
  } = {},
  locationId = ++nextId,
): Promise<Seeded> {
  const customerId = ++nextId;
  const supplierId = ++nextId;
  const now = new Date();
  await sql('insert into orders.customer_copy (id, company_id, name, inactive, deleted, version) values (?, ?, ?, false, false, ?) on conflict do nothing', [customerId, companyId, `Customer ${customerId}`, now]);
  await sql('insert into orders.supplier_copy (id, company_id, name, active, deleted, version) values (?, ?, ?, true, false, ?)', [supplierId, companyId, `Supplier ${supplierId}`, now]);
  await sql(
    `insert into orders.location_copy (id, company_id, customer_id, name, inactive, deleted, delivery_days, delivery_isodow, schedule, slots, scheduled, deltakanban, version)
     values (?, ?, ?, ?, false, false, '[]', '[]', ?, ?, ?, ?, ?) on conflict (id) do nothing`,
    [locationId, companyId, customerId, `Location ${locationId}`, JSON.stringify(over.schedule ?? {}), JSON.stringify(over.slots ?? {}), over.scheduled ?? false, over.deltakanban ?? true, now],
  );
  const seeded: Seeded = { companyId, locationId, ruleIds: [], itemIds: [] };
  for (let i = 0; i < rules; i++) {
    const itemId = ++nextId;
    await sql(
      `insert into orders.item_copy (id, company_id, customer_id, catalog_id, supplier_id, sku, name, item_unit, order_unit, quantity_per_order_unit,
         min_order_quantity, max_order_quantity, order_quantity, order_quantity_increment, lead_time_days, transit_days, disabled, deleted, version)
       values (?, ?, ?, null, ?, ?, ?, 'PCE', 'BOX', ?, ?, ?, ?, ?, 0, 0, false, false, ?)`,
      [itemId, companyId, customerId, supplierId, `SKU-${itemId}`, `Item ${itemId}`, over.perOrderUnit ?? 1, over.moq ?? 1, over.mxoq ?? 0, over.orderQuantity ?? 1, over.increment ?? 1, now],
    );
    const [rule] = await sql<{ id: number }>(
      `insert into orders.kanban_rule (company_id, customer_id, location_id, item_id, threshold, capacity, stock, scan_code, active, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, true, ?, ?) returning id`,
      [companyId, customerId, locationId, itemId, over.threshold ?? 5, over.capacity ?? 20, over.stock ?? 0, `T${itemId}`, now, now],
    );
    if (over.pending !== false) await sql('insert into orders.rule_pending (company_id, rule_id, changed_at) values (?, ?, ?)', [companyId, rule!.id, now]);
    seeded.ruleIds.push(Number(rule!.id));
    seeded.itemIds.push(itemId);
  }
  return seeded;
}

const linesOf = (companyId: number) =>
  sql<{ rule_id: number; quantity: number; status: string; order_id: number }>('select rule_id, quantity, status, order_id from orders.purchase_order_line where company_id = ? order by rule_id', [companyId]);
// the rule's last decision as the rules API reads it (its latest row in requisition_decision)
const decisionOf = async (ruleId: number) =>
  lastDecisionOf((await sql<Record<string, unknown>>(`select ${LAST_DECISION_COLUMNS} from orders.kanban_rule r ${lastDecisionJoin('r')} where r.id = ?`, [ruleId]))[0]!) as Record<string, any>;

describe(`requisition quantities through the run's SQL (${mode === 'embedded' ? 'PGlite' : 'PostgreSQL'})`, () => {
  it.each(QUANTITY_CASES)('$name', async (c) => {
    const companyId = ++nextId;
    const { ruleIds, itemIds, locationId } = await seed(companyId, 1, {
      stock: c.stock,
      threshold: c.threshold,
      capacity: c.capacity,
      perOrderUnit: c.perOrderUnit,
      moq: c.moq,
      mxoq: c.mxoq,
      increment: c.increment,
      orderQuantity: c.orderQuantity,
      deltakanban: c.deltakanban,
    });
    if (c.onOrder > 0) {
      // What is on order: a confirmed line of an earlier order.
      const [order] = await sql<{ id: number }>(
        `insert into orders.purchase_order (company_id, customer_id, location_id, order_date, created_at, status, ext_status, updated_at)
         values (?, 1, ?, current_date, now(), 'confirmed', 1, now()) returning id`,
        [companyId, locationId],
      );
      await sql(
        `insert into orders.purchase_order_line (company_id, order_id, pos, rule_id, item_id, sku, name, quantity, shipping, status, ext_status, created_at)
         values (?, ?, 1, ?, ?, 'x', 'x', ?, current_date, 'confirmed', 1, now())`,
        [companyId, order!.id, ruleIds[0], itemIds[0], c.onOrder],
      );
    }
    const summary = await runner(uow, new FixedClock(new Date())).run(companyId, 'execute', { ruleId: ruleIds[0] });
    expect(summary).toMatchObject({ evaluated: 1, lines: c.reason === 'ordered' ? 1 : 0 });
    expect(await decisionOf(ruleIds[0]!)).toMatchObject({ reason: c.reason, quantity: c.quantity, on_order: c.onOrder });
    const open = (await linesOf(companyId)).filter((l) => l.status === 'open');
    expect(open.map((l) => Number(l.quantity))).toEqual(c.reason === 'ordered' ? [c.quantity] : []);
  });
});

describe('never a duplicate order', () => {
  it('two runs at once, on two connection pools, order each rule once', async () => {
    const companyId = ++nextId;
    const { ruleIds } = await seed(companyId, 150, { stock: 1, threshold: 5, capacity: 20 });
    const clock = new FixedClock(new Date());
    const [a, b] = await Promise.all([runner(uow, clock).run(companyId, 'stock'), runner(second, clock).run(companyId, 'stock')]);
    expect([a!.lines, b!.lines].sort((x, y) => x - y)).toEqual([0, 150]);
    const lines = await linesOf(companyId);
    expect(lines).toHaveLength(150);
    expect(new Set(lines.map((l) => Number(l.rule_id))).size).toBe(150);
    expect(lines.every((l) => Number(l.quantity) === 19)).toBe(true);
    // One order for the location and supplier, 150 lines; one evt.orders.created in the outbox, its lines in order.
    expect(new Set(lines.map((l) => Number(l.order_id))).size).toBe(1);
    const events = await sql<{ payload: unknown }>(`select payload from orders.outbox where subject = 'evt.orders.created' and payload -> 'data' ->> 'company_id' = ?`, [String(companyId)]);
    expect(events).toHaveLength(1);
    const raw = events[0]!.payload;
    const payload = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<string, any>;
    expect(payload.data).toMatchObject({ company_id: companyId, trigger: 'stock', id: Number(lines[0]!.order_id) });
    expect(payload.data.lines.map((l: { pos: number }) => l.pos)).toEqual(Array.from({ length: 150 }, (_, i) => i + 1));
    expect(Object.keys(payload.data.lines[0])).toEqual(['pos', 'rule_id', 'item_id', 'sku', 'name', 'quantity', 'unit', 'shipping']);
    // The order and its lines carry the names of the read model (joined once per order, the catalog's per line).
    const [names] = await sql<Record<string, string>>(
      `select o.customer_name, c.name as customer, o.location_name, l.name as location, o.supplier_name, s.name as supplier,
              (select count(*) from orders.purchase_order_line ol where ol.order_id = o.id and ol.supplier_name = s.name)::int as lines_named
         from orders.purchase_order o
         join orders.customer_copy c on c.id = o.customer_id and c.company_id = o.company_id
         join orders.location_copy l on l.id = o.location_id and l.company_id = o.company_id
         join orders.supplier_copy s on s.id = o.supplier_id and s.company_id = o.company_id
        where o.company_id = ?`,
      [companyId],
    );
    expect(names).toMatchObject({ customer_name: names!.customer, location_name: names!.location, supplier_name: names!.supplier, lines_named: 150 });
    expect(names!.supplier_name).toMatch(/^Supplier /);
    // The runs took turns (the company's lock): the second found no stock change left to evaluate.
    expect(Number((await sql<{ n: string }>('select count(*) as n from orders.rule_pending where company_id = ?', [companyId]))[0]!.n)).toBe(0);
    expect(await decisionOf(ruleIds[149]!)).toMatchObject({ reason: 'ordered', quantity: 19 });
  });

  it('the database refuses a second open line of a rule, whoever writes it', async () => {
    const companyId = ++nextId;
    const { ruleIds } = await seed(companyId, 1, { stock: 0 });
    await runner(uow, new FixedClock(new Date())).run(companyId, 'execute', { ruleId: ruleIds[0] });
    const [line] = await linesOf(companyId);
    await expect(
      sql(
        `insert into orders.purchase_order_line (company_id, order_id, pos, rule_id, item_id, sku, name, quantity, shipping, status, ext_status, created_at)
         values (?, ?, 2, ?, 1, 'x', 'x', 1, current_date, 'open', 0, now())`,
        [companyId, line!.order_id, ruleIds[0]],
      ),
    ).rejects.toThrow(/order_line_open_rule|unique/i);
  });

  it('a run killed before its commit leaves nothing; the next run orders once', async () => {
    const companyId = ++nextId;
    await seed(companyId, 20, { stock: 0, threshold: 2, capacity: 10 });
    const clock = new FixedClock(new Date());
    const killed = runner(uow, clock).run(companyId, 'stock', {
      beforeCommit: async (em) => {
        // The statements ran (the orders exist inside the transaction) ...
        const [inside] = await em.execute<{ n: string }[]>('select count(*) as n from orders.purchase_order_line where company_id = ?', [companyId]);
        expect(Number(inside!.n)).toBe(20);
        // ... then the process dies: PostgreSQL loses the connection, PGlite the transaction.
        if (mode === 'distributed') {
          const [{ pid }] = await em.execute<{ pid: number }[]>('select pg_backend_pid() as pid');
          const admin = new Client({ connectionString: PG_ADMIN_URL.replace(/\/[^/]*$/, `/${pgName}`) });
          await admin.connect();
          await admin.query('select pg_terminate_backend($1)', [pid]);
          await admin.end();
        } else {
          throw new Error('killed');
        }
      },
    });
    await expect(killed).rejects.toThrow();
    expect(await linesOf(companyId)).toHaveLength(0);
    expect(await sql('select id from orders.requisition_run where company_id = ?', [companyId])).toHaveLength(0);
    expect(await sql(`select id from orders.outbox where payload -> 'data' ->> 'company_id' = ?`, [String(companyId)])).toHaveLength(0);
    expect(Number((await sql<{ n: string }>('select count(*) as n from orders.rule_pending where company_id = ?', [companyId]))[0]!.n)).toBe(20);

    const rerun = await runner(uow, clock).run(companyId, 'stock');
    expect(rerun).toMatchObject({ evaluated: 20, lines: 20, orders: 1 });
    const again = await runner(uow, clock).run(companyId, 'stock');
    expect(again).toMatchObject({ evaluated: 0, lines: 0 });
    // Every rule evaluated anew by the scheduled sweep finds its pending line.
    const rules = await sql<{ id: number }>('select id from orders.kanban_rule where company_id = ?', [companyId]);
    for (const { id } of rules.slice(0, 3)) {
      await runner(uow, clock).run(companyId, 'execute', { ruleId: Number(id) });
      expect(await decisionOf(Number(id))).toMatchObject({ reason: 'already_on_order' });
    }
    expect(await linesOf(companyId)).toHaveLength(20);
  });
});

describe('the scheduler: every 2 hours 06:00-24:00 in the company time zone', () => {
  // Monday 2026-11-23 in Berlin (UTC+1).
  const berlin = (local: string) => new Date(`2026-11-23T${local}:00+01:00`);

  it('runs each slot once per company, only in the window, and only the locations scheduled at the slot', async () => {
    const companyId = ++nextId;
    const everySlot = await seed(companyId, 1, { stock: 0, pending: false });
    const sixOnly = await seed(companyId, 1, { stock: 0, pending: false, scheduled: true, schedule: { business_days: ['06:00'] }, slots: { monday: ['06:00'], tuesday: ['06:00'] } });
    const clock = new FixedClock(berlin('05:30'));
    const zones: [number, string][] = [[companyId, 'Europe/Berlin']];
    const scheduler = (work: UnitOfWork) => {
      const zoneCache = new CompanyTimeZones(zonesOf(zones), config);
      return new RequisitionScheduler(work, new RequisitionService(work, zoneCache, clock), zoneCache, clock, config);
    };
    const a = scheduler(uow);
    const b = scheduler(second);

    expect((await a.tick()).scheduled.has(companyId)).toBe(false);
    expect(await linesOf(companyId)).toHaveLength(0);

    clock.at = berlin('06:10');
    expect((await a.tick()).scheduled.get(companyId)).toBe('2026-11-23T06:00');
    expect((await linesOf(companyId)).map((l) => Number(l.rule_id)).sort()).toEqual([everySlot.ruleIds[0], sixOnly.ruleIds[0]].sort());
    // The same slot again, on either replica: nothing.
    clock.at = berlin('07:55');
    expect((await a.tick()).scheduled.has(companyId)).toBe(false);
    expect((await b.tick()).scheduled.has(companyId)).toBe(false);

    // Both replicas tick at 08:05: the 08:00 slot runs once; the 06:00-only location is not evaluated.
    await sql('update orders.purchase_order_line set status = ? where company_id = ?', ['delivered', companyId]);
    clock.at = berlin('08:05');
    const [ta, tb] = await Promise.all([a.tick(), b.tick()]);
    expect([ta.scheduled.get(companyId), tb.scheduled.get(companyId)].filter(Boolean)).toEqual(['2026-11-23T08:00']);
    expect(await sql('select id from orders.requisition_run where company_id = ? and slot_key = ?', [companyId, '2026-11-23T08:00'])).toHaveLength(1);
    const open = (await linesOf(companyId)).filter((l) => l.status === 'open').map((l) => Number(l.rule_id));
    expect(open).toEqual([everySlot.ruleIds[0]]);
    expect(await decisionOf(sixOnly.ruleIds[0]!)).toMatchObject({ trigger: 'schedule', reason: 'ordered' });

    // 24:00 belongs to Monday: at 00:30 on Tuesday it is Monday's last slot; 02:00 to 06:00 has none.
    clock.at = new Date('2026-11-24T00:30:00+01:00');
    expect((await a.tick()).scheduled.get(companyId)).toBe('2026-11-23T24:00');
    clock.at = new Date('2026-11-24T03:00:00+01:00');
    expect((await a.tick()).scheduled.has(companyId)).toBe(false);
    expect((await sql<{ slot_key: string }>('select slot_key from orders.requisition_run where company_id = ? order by id', [companyId])).map((r) => r.slot_key)).toEqual([
      '2026-11-23T06:00',
      '2026-11-23T08:00',
      '2026-11-23T24:00',
    ]);
  });

  it('evaluates a stock change whose own run failed once it is overdue', async () => {
    const companyId = ++nextId;
    await seed(companyId, 2, { stock: 0 });
    const clock = new FixedClock(new Date(Date.now() + 10 * 60_000));
    const zoneCache = new CompanyTimeZones(zonesOf([]), config);
    const scheduler = new RequisitionScheduler(uow, new RequisitionService(uow, zoneCache, clock), zoneCache, clock, config);
    const tick = await scheduler.tick();
    expect(tick.retried).toContain(companyId);
    expect(await linesOf(companyId)).toHaveLength(2);
  });
});

describe('order lists: the days filter', () => {
  it('answers the orders of the last 30 days unless told otherwise', async () => {
    const companyId = ++nextId;
    const { locationId } = await seed(companyId, 0);
    for (const daysAgo of [1, 29, 31, 90]) {
      await sql(
        `insert into orders.purchase_order (company_id, customer_id, location_id, order_date, created_at, status, ext_status, updated_at, comment)
         values (?, 1, ?, current_date, now() - (? * interval '1 day'), 'open', 0, now(), ?)`,
        [companyId, locationId, daysAgo, `${daysAgo} days ago`],
      );
    }
    const service = new OrdersService(uow, new FixedClock(new Date()));
    const caller = { companyId, userId: 1, operator: false, role: 3 } as const;
    const comments = async (days?: number) => (await service.list(caller, {}, { days })).items.map((o) => o.comment);
    expect(await comments()).toEqual(['1 days ago', '29 days ago']);
    expect(await comments(2)).toEqual(['1 days ago']);
    expect(await comments(365)).toEqual(['1 days ago', '29 days ago', '31 days ago', '90 days ago']);
  });
});
