import { eventually } from '@kanban/testing';
import { ordersSql } from '../support/orders-sql';
import { login, meta, ok, startSystem, type TestSystem } from '../support/system';

/**
 * Statistics and reports (docs/statistics.md) in both run modes: order statistics and their lines, rule
 * statistics (rulescheck), the service analysis and the location report PDF. The figures are checked against
 * orders the test places through the rules API (a stock drop orders).
 */
jest.setTimeout(240_000);

let system: TestSystem;
let demo: number;
let other: number;
const tokens: Record<string, string> = {};
const customers: Record<string, number> = {};
const catalogs: Record<string, number> = {};

const api = () => system.api;

/** Location A (K-10001): N1, N2 (Schraubenwerk) and A1 (Arbeitsschutz); B (K-10001): N3; C (K-10002): N4. */
const loc: Record<'A' | 'B' | 'C', number> = { A: 0, B: 0, C: 0 };
const rules: Record<string, any> = {};
let today = '';

async function location(customer: string, name: string): Promise<number> {
  return ok(await api().post(`/c/${demo}/customer/${customers[customer]}/location/`, { name }, tokens.writer)).id;
}
async function rule(customer: string, locationId: number, sku: string, catalog: string): Promise<any> {
  const item = ok(await api().post(`/c/${demo}/customer/${customers[customer]}/item`, { sku, name: `Stats ${sku}`, catalog_id: catalogs[catalog], order_unit: 'PAK' }, tokens.writer));
  // stock 1 at threshold 2: the next run orders capacity - stock = 7
  return ok(await api().post(`/c/${demo}/rules`, { location_id: locationId, item_id: item.id, threshold: 2, capacity: 8, stock: 1 }, tokens.writer));
}

beforeAll(async () => {
  system = await startSystem();
  for (const name of ['owner', 'admin', 'writer', 'readonly', 'customer', 'supplier']) tokens[name] = (await login(system, `${name}@demo.example`)).token;
  tokens.other = (await login(system, 'admin@other.example')).token;
  demo = (await api().get('/company', tokens.admin)).body.Data[0].id;
  other = (await api().get('/company', tokens.other)).body.Data[0].id;
  for (const c of ok(await api().get(`/c/${demo}/customer?all=1&per_page=200`, tokens.admin)).items) customers[c.nr] = c.id;
  for (const s of ok(await api().get(`/c/${demo}/supplier?all=1&per_page=200`, tokens.admin)).items) {
    for (const k of ok(await api().get(`/c/${demo}/supplier/${s.id}/catalog`, tokens.admin)).items) catalogs[k.name] = k.id;
  }
  loc.A = await location('K-10001', 'Stats A');
  loc.B = await location('K-10001', 'Stats B');
  loc.C = await location('K-10002', 'Stats C');
  rules.N1 = await rule('K-10001', loc.A, 'STAT-N1', 'Normteile 2026');
  rules.N2 = await rule('K-10001', loc.A, 'STAT-N2', 'Normteile 2026');
  rules.A1 = await rule('K-10001', loc.A, 'STAT-A1', 'Arbeitsschutz');
  rules.N3 = await rule('K-10001', loc.B, 'STAT-N3', 'Normteile 2026');
  rules.N4 = await rule('K-10002', loc.C, 'STAT-N4', 'Normteile 2026');
  // One stock report runs every pending rule of the company: all five order now (A: two orders, B and C one each).
  const reply = ok(await api().post(`/c/${demo}/rules/${rules.N1.id}/stock`, { stock: 1 }, tokens.writer));
  expect(reply.decision.reason).toBe('ordered');
  // K-10002 uses the request workflow: its order waits as a request, which the statistics leave out until confirmed.
  const waiting = ok(await api().get(`/c/${demo}/requests`, tokens.admin)).items;
  expect(waiting).toHaveLength(1);
  expect(ok(await api().post(`/c/${demo}/stats/orders`, {}, tokens.admin)).totals).toEqual({ orders: 3, lines: 4, quantity: 28 });
  ok(await api().post(`/c/${demo}/request/${waiting[0].id}/confirm`, {}, tokens.admin));
  const orders = ok(await api().get(`/c/${demo}/order`, tokens.admin));
  expect(orders.total).toBe(4);
  today = orders.items[0].date;
  // The order of location B is confirmed (OK).
  const orderB = orders.items.find((o: any) => o.location_id === loc.B);
  ok(await api().patch(`/c/${demo}/order/${orderB.id}`, { ext_status: 1 }, tokens.writer));
});

afterAll(async () => {
  await system?.close();
});

const companyStats = (body: object = {}, token = tokens.admin) => api().post(`/c/${demo}/stats/orders`, body, token);
const customerStats = (customer: string, body: object = {}, token = tokens.admin) => api().post(`/c/${demo}/customer/${customers[customer]}/stats/orders`, body, token);

describe('order statistics', () => {
  it('counts orders, lines and quantities per day, source, supplier, location and status (default: the last 30 days)', async () => {
    const stats = ok(await companyStats({}, tokens.readonly));
    expect(stats.to).toBe(today);
    expect(stats.per_day).toHaveLength(30);
    expect(stats.per_day[0].day).toBe(stats.from);
    expect(stats.per_day[29]).toEqual({ day: today, orders: 4, lines: 5, quantity: 35 });
    expect(stats.per_day.slice(0, 29).every((d: any) => d.orders === 0 && d.lines === 0)).toBe(true);
    expect(stats.totals).toEqual({ orders: 4, lines: 5, quantity: 35 });
    expect(stats.per_source).toEqual([{ source: 'requisition', orders: 4, lines: 5, quantity: 35 }]);
    expect(stats.per_supplier).toEqual([
      expect.objectContaining({ supplier: 'Schraubenwerk Franken GmbH', orders: 3, lines: 4, quantity: 28 }),
      expect.objectContaining({ orders: 1, lines: 1, quantity: 7 }),
    ]);
    expect(stats.per_location).toEqual([
      expect.objectContaining({ location_id: loc.A, location: 'Stats A', customer_id: customers['K-10001'], orders: 2, lines: 3, quantity: 21 }),
      expect.objectContaining({ location_id: loc.B, orders: 1, lines: 1, quantity: 7 }),
      expect.objectContaining({ location_id: loc.C, orders: 1, lines: 1, quantity: 7 }),
    ]);
    expect(stats.per_status).toEqual([
      { status: 'confirmed', lines: 1, quantity: 7 },
      { status: 'open', lines: 4, quantity: 28 },
    ]);
  });

  it('narrows by customer (path or filter), location, supplier, source and period', async () => {
    const k1 = ok(await customerStats('K-10001', {}, tokens.customer));
    expect(k1.totals).toEqual({ orders: 3, lines: 4, quantity: 28 });
    expect(ok(await companyStats({ customer_id: customers['K-10002'] })).totals).toEqual({ orders: 1, lines: 1, quantity: 7 });
    expect(ok(await customerStats('K-10001', { location_id: loc.B })).totals).toEqual({ orders: 1, lines: 1, quantity: 7 });
    // a location of another customer is not in this customer's statistics
    expect(ok(await customerStats('K-10001', { location_id: loc.C })).totals).toEqual({ orders: 0, lines: 0, quantity: 0 });
    const supplierId = k1.per_supplier.find((s: any) => s.supplier !== 'Schraubenwerk Franken GmbH').supplier_id;
    expect(ok(await companyStats({ supplier_id: supplierId })).totals).toEqual({ orders: 1, lines: 1, quantity: 7 });
    expect(ok(await companyStats({ source: 'manual' })).totals).toEqual({ orders: 0, lines: 0, quantity: 0 });
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const before = ok(await companyStats({ from: '2026-01-01', to: yesterday }));
    expect(before.totals.orders).toBe(0);
    expect(before.from).toBe('2026-01-01');
    const single = ok(await companyStats({ from: today, to: today }));
    expect(single.per_day).toEqual([{ day: today, orders: 4, lines: 5, quantity: 35 }]);
  });

  it('lists the lines behind the statistics, paged', async () => {
    const all = ok(await api().post(`/c/${demo}/stats/orders/details`, {}, tokens.admin));
    expect(all.total).toBe(5);
    expect(all.items.map((l: any) => l.sku).sort()).toEqual(['STAT-A1', 'STAT-N1', 'STAT-N2', 'STAT-N3', 'STAT-N4']);
    expect(all.items.find((l: any) => l.sku === 'STAT-N3')).toMatchObject({
      date: today,
      source: 'requisition',
      location_id: loc.B,
      location: 'Stats B',
      rule_id: rules.N3.id,
      quantity: 7,
      unit: 'PAK',
      status: 'confirmed',
      supplier: 'Schraubenwerk Franken GmbH',
    });
    const page = ok(await api().post(`/c/${demo}/stats/orders/details`, { per_page: 2, page: 3 }, tokens.admin));
    expect(page).toMatchObject({ total: 5, page: 3, per_page: 2 });
    expect(page.items).toHaveLength(1);
    const customer = ok(await api().post(`/c/${demo}/customer/${customers['K-10001']}/stats/orders/details`, { location_id: loc.A }, tokens.customer));
    expect(customer.items.map((l: any) => l.sku).sort()).toEqual(['STAT-A1', 'STAT-N1', 'STAT-N2']);
  });

  it('refuses bad periods and filters with 1000 and the field', async () => {
    expect(meta(await companyStats({ from: 'yesterday' }))).toMatchObject({ code: 1000, field: 'from' });
    expect(meta(await companyStats({ to: '2026-02-30' }))).toMatchObject({ code: 1000, field: 'to' });
    expect(meta(await companyStats({ from: '2026-05-02', to: '2026-05-01' }))).toMatchObject({ code: 1000, field: 'from' });
    expect(meta(await companyStats({ from: '2000-01-01', to: '2026-05-01' }))).toMatchObject({ code: 1000, field: 'from' });
    expect(meta(await companyStats({ location_id: 0 }))).toMatchObject({ code: 1000, field: 'location_id' });
    expect(meta(await customerStats('K-10001', { source: 'NOT A SOURCE' }))).toMatchObject({ code: 1000, field: 'source' });
    expect(meta(await api().post(`/c/${demo}/stats/orders/details`, { per_page: 201 }, tokens.admin))).toMatchObject({ code: 1000, field: 'per_page' });
    expect(meta(await api().post(`/c/${demo}/customer/abc/stats/orders`, {}, tokens.admin))).toMatchObject({ code: 1000, field: 'customerID' });
  });

  it('checks tenancy, roles and restrictions', async () => {
    expect(meta(await companyStats({}, tokens.other)).code).toBe(1020);
    expect(meta(await customerStats('K-10001', {}, tokens.other)).code).toBe(1020);
    expect(meta(await companyStats({}, tokens.supplier)).code).toBe(1020);
    expect(meta(await api().post(`/c/${demo}/stats/orders/details`, {}, tokens.other)).code).toBe(1020);
    // the other company's own statistics hold none of these orders
    expect(ok(await api().post(`/c/${other}/stats/orders`, {}, tokens.other)).totals.orders).toBe(0);
    // the customer user (restricted to K-10001) sees only that customer's orders, also at company level
    expect(ok(await companyStats({}, tokens.customer)).totals).toEqual({ orders: 3, lines: 4, quantity: 28 });
    expect(ok(await customerStats('K-10002', {}, tokens.customer)).totals.orders).toBe(0);
  });
});

describe('rule statistics (rulescheck)', () => {
  it('explains every rule: stock against threshold and capacity, on order, last decision, reasons and orders of the period', async () => {
    // A second run of N2 finds its open line: already on order.
    const again = ok(await api().get(`/c/${demo}/rules/${rules.N2.id}/execute`, tokens.writer));
    expect(again.decision.reason).toBe('already_on_order');
    const check = ok(await api().get(`/c/${demo}/stats/rulescheck?locations=${loc.A}`, tokens.readonly));
    expect(check).toMatchObject({ total: 3, days: 30, page: 1, reasons: { ordered: 3, already_on_order: 1 }, last_reasons: { ordered: 2, already_on_order: 1 } });
    expect(check.items.map((r: any) => r.sku)).toEqual(['STAT-A1', 'STAT-N1', 'STAT-N2']);
    const n2 = check.items.find((r: any) => r.rule_id === rules.N2.id);
    expect(n2).toMatchObject({
      location: 'Stats A',
      customer_id: customers['K-10001'],
      stock: 1,
      threshold: 2,
      capacity: 8,
      on_order: 7,
      below_threshold: true,
      fill: 0.125,
      reasons: { ordered: 1, already_on_order: 1 },
      ordered_lines: 1,
      ordered_quantity: 7,
      last_decision: expect.objectContaining({ reason: 'already_on_order', stock: 1, threshold: 2, capacity: 8, on_order: 7 }),
    });
    expect(n2.last_ordered_at).toEqual(expect.any(String));
    const items = ok(await api().get(`/c/${demo}/stats/rulescheck?items=${rules.N3.item_id},${rules.N4.item_id}`, tokens.admin));
    expect(items.items.map((r: any) => r.sku)).toEqual(['STAT-N3', 'STAT-N4']);
    expect(items.items[0]).toMatchObject({ on_order: 7, reasons: { ordered: 1 }, last_decision: expect.objectContaining({ reason: 'ordered' }) });
    expect(ok(await api().get(`/c/${demo}/stats/rulescheck?per_page=2&page=3`, tokens.admin))).toMatchObject({ total: 5, items: [expect.anything()] });
    // the customer user sees the rules of K-10001 only
    expect(ok(await api().get(`/c/${demo}/stats/rulescheck`, tokens.customer)).total).toBe(4);
  });

  it('answers 1000 for bad lists and days, 1020 for other companies and roles', async () => {
    expect(meta(await api().get(`/c/${demo}/stats/rulescheck?locations=a`, tokens.admin))).toMatchObject({ code: 1000, field: 'locations' });
    expect(meta(await api().get(`/c/${demo}/stats/rulescheck?items=1,-2`, tokens.admin))).toMatchObject({ code: 1000, field: 'items' });
    expect(meta(await api().get(`/c/${demo}/stats/rulescheck?days=0`, tokens.admin))).toMatchObject({ code: 1000, field: 'days' });
    expect(meta(await api().get(`/c/${demo}/stats/rulescheck`, tokens.other)).code).toBe(1020);
    expect(meta(await api().get(`/c/${demo}/stats/rulescheck`, tokens.supplier)).code).toBe(1020);
    expect(ok(await api().get(`/c/${other}/stats/rulescheck?locations=${loc.A}`, tokens.other)).total).toBe(0);
  });
});

describe('service analysis', () => {
  const service = (customer: string, body: object = {}, token = tokens.admin) => api().post(`/c/${demo}/customer/${customers[customer]}/report/service`, body, token);

  it('measures ordered, due, delivered and late lines per location and item', async () => {
    const report = ok(await service('K-10001', {}, tokens.customer));
    expect(report).toMatchObject({ period: '3m', to: today });
    const details = ok(await api().post(`/c/${demo}/customer/${customers['K-10001']}/report/service/details`, {}, tokens.customer));
    expect(details.total).toBe(4);
    const due = details.items.filter((l: any) => l.shipping <= today).length;
    expect(report.totals).toEqual({
      lines: 4,
      quantity: 28,
      due,
      delivered: 0,
      on_time: 0,
      delivered_dated: 0,
      delivered_late: 0,
      late: 0,
      cancelled: 0,
      service_level: due > 0 ? 0 : null,
      on_time_rate: null,
      avg_delay_days: null,
    });
    expect(details.items[0]).toMatchObject({ late: false, on_time: null, delivered_at: null, delay_days: null });
    expect(report.per_supplier.map((s: any) => [s.supplier, s.lines])).toEqual([
      ['Schraubenwerk Franken GmbH', 3],
      [expect.any(String), 1],
    ]);
    // every week of the period, the lines in the week of their order day
    expect(report.per_week.length).toBeGreaterThanOrEqual(13);
    expect(report.per_week[0].week <= report.from).toBe(true);
    expect(report.per_week.at(-1)).toMatchObject({ lines: 4 });
    expect(report.per_week.reduce((n: number, w: any) => n + w.lines, 0)).toBe(4);
    expect(report.per_location).toEqual([
      expect.objectContaining({ location_id: loc.A, location: 'Stats A', lines: 3, quantity: 21 }),
      expect.objectContaining({ location_id: loc.B, lines: 1 }),
    ]);
    expect(report.per_item.map((i: any) => i.sku).sort()).toEqual(['STAT-A1', 'STAT-N1', 'STAT-N2', 'STAT-N3']);
    expect(ok(await service('K-10001', { location_id: loc.B })).totals.lines).toBe(1);
    for (const period of ['6m', '12m']) expect(ok(await service('K-10001', { period })).totals.lines).toBe(4);
    const lastYear = ok(await service('K-10001', { period: 'last_year' }));
    const year = Number(today.slice(0, 4)) - 1;
    expect(lastYear).toMatchObject({ from: `${year}-01-01`, to: `${year}-12-31`, totals: expect.objectContaining({ lines: 0, service_level: null }) });
    expect(lastYear.per_location).toEqual([]);
  });

  it('counts a line delivered through its supply (the supplier marks it delivered)', async () => {
    const orderB = ok(await api().get(`/c/${demo}/customer/${customers['K-10001']}/location/${loc.B}/order`, tokens.admin)).items[0];
    const supplierId = orderB.supplier_id;
    const supply = await eventually(
      async () => ok(await api().get(`/c/${demo}/supplier/${supplierId}/supply?state=all&q=${orderB.id}`, tokens.admin)).items.find((x: any) => x.order_id === orderB.id),
      30_000,
      'the supply of the order of location B',
    );
    ok(await api().patch(`/c/${demo}/supplier/${supplierId}/supply/${supply.id}`, { delivered: true }, tokens.admin));
    const line = await eventually(
      async () => ok(await api().get(`/c/${demo}/order/${orderB.id}`, tokens.admin)).lines.find((l: any) => l.status === 'delivered'),
      30_000,
      'the order line delivered',
    );
    // the order line keeps when the supplier marked it (the supply line's time)
    const supplyLine = ok(await api().get(`/c/${demo}/supplier/${supplierId}/supply/${supply.id}`, tokens.admin)).lines[0];
    expect(line.delivered_at).toBe(supplyLine.delivered_at);
    expect(Math.abs(Date.parse(line.delivered_at) - Date.now())).toBeLessThan(120_000);
    const before = ok(await service('K-10001'));
    const report = ok(await service('K-10001', { location_id: loc.B }));
    // delivered today, on or before its shipping day: on time
    expect(report.totals).toMatchObject({ lines: 1, delivered: 1, late: 0, cancelled: 0, delivered_dated: 1, on_time: 1, delivered_late: 0, on_time_rate: 1, avg_delay_days: null });
    expect(report.totals.service_level).toBe(report.totals.due > 0 ? 1 : null);
    expect(before.totals.delivered).toBe(1);
    expect(before.per_location.find((l: any) => l.location_id === loc.B)).toMatchObject({ delivered: 1 });
    const stats = ok(await customerStats('K-10001'));
    expect(stats.per_status).toEqual([
      { status: 'delivered', lines: 1, quantity: 7 },
      { status: 'open', lines: 3, quantity: 21 },
    ]);
    const lines = ok(await api().post(`/c/${demo}/customer/${customers['K-10001']}/report/service/details`, { location_id: loc.B }, tokens.admin));
    expect(lines.items[0]).toMatchObject({ sku: 'STAT-N3', status: 'delivered', late: false, on_time: true, delivered_at: line.delivered_at });
    expect(lines.items[0].delay_days).toBeLessThanOrEqual(0);
  });

  it('counts a line delivered after its shipping day late with its delay, and forgets the delivery when it is taken back', async () => {
    const k1 = customers['K-10001'];
    const orderA = ok(await api().get(`/c/${demo}/customer/${k1}/location/${loc.A}/order`, tokens.admin)).items.find((o: any) => o.line_count === 2);
    // The order's lines were expected three days ago (what no call can set: the shipping day comes from lead and transit days).
    const expected = new Date(Date.parse(`${today}T00:00:00Z`) - 3 * 86_400_000).toISOString().slice(0, 10);
    await ordersSql(system, 'update orders.purchase_order_line set shipping = ?::date where order_id = ? and company_id = ?', [expected, orderA.id, demo]);
    const supply = await eventually(
      async () => ok(await api().get(`/c/${demo}/supplier/${orderA.supplier_id}/supply?state=all&q=${orderA.id}`, tokens.admin)).items.find((x: any) => x.order_id === orderA.id),
      30_000,
      'the supply of the order of location A',
    );
    const orderLine = async (pos: number) => ok(await api().get(`/c/${demo}/order/${orderA.id}`, tokens.admin)).lines.find((l: any) => l.pos === pos);
    // the supplier delivers line 1 today: three days late; line 2 is still on its way (due, not delivered: late)
    ok(await api().patch(`/c/${demo}/supplier/${orderA.supplier_id}/supply/${supply.id}/line/1`, { delivered: true }, tokens.supplier));
    const delivered = await eventually(async () => ((await orderLine(1)).status === 'delivered' ? orderLine(1) : undefined), 30_000, 'line 1 delivered');
    expect(delivered.delivered_at).toEqual(expect.any(String));
    expect((await orderLine(2)).delivered_at).toBeNull();
    const a = ok(await service('K-10001', { location_id: loc.A }));
    expect(a.totals).toMatchObject({ delivered: 1, delivered_dated: 1, on_time: 0, delivered_late: 1, on_time_rate: 0, avg_delay_days: 3, late: 1 });
    // the customer's analysis: B on time, A late; per supplier, location and in the week of the orders
    const all = ok(await service('K-10001', {}, tokens.customer));
    expect(all.totals).toMatchObject({ delivered: 2, delivered_dated: 2, on_time: 1, delivered_late: 1, on_time_rate: 0.5, avg_delay_days: 3 });
    expect(all.per_supplier.find((s: any) => s.supplier === 'Schraubenwerk Franken GmbH')).toMatchObject({ delivered_dated: 2, on_time: 1, on_time_rate: 0.5 });
    expect(all.per_location.find((l: any) => l.location_id === loc.A)).toMatchObject({ on_time: 0, delivered_late: 1, avg_delay_days: 3, customer: expect.any(String) });
    expect(all.per_week.at(-1)).toMatchObject({ delivered_dated: 2, on_time: 1, on_time_rate: 0.5 });
    const details = ok(await api().post(`/c/${demo}/customer/${k1}/report/service/details`, { location_id: loc.A }, tokens.customer));
    expect(details.items.find((l: any) => l.order_id === orderA.id && l.pos === 1)).toMatchObject({ on_time: false, delay_days: 3, late: false, delivered_at: delivered.delivered_at });
    expect(details.items.find((l: any) => l.order_id === orderA.id && l.pos === 2)).toMatchObject({ on_time: null, delay_days: null, late: true });

    // the supplier's own analysis (its dashboard): its lines of every customer it may see
    const own = ok(await api().post(`/c/${demo}/supplier/${orderA.supplier_id}/report/service`, {}, tokens.supplier));
    expect(own.totals).toMatchObject({ lines: 4, delivered_dated: 2, on_time: 1, on_time_rate: 0.5 });
    expect(own.per_supplier).toEqual([expect.objectContaining({ supplier_id: orderA.supplier_id, lines: 4 })]);
    expect(own.per_location.map((l: any) => l.location_id).sort()).toEqual([loc.A, loc.B, loc.C].sort());
    const otherSupplier = all.per_supplier.find((s: any) => s.supplier_id !== orderA.supplier_id).supplier_id;
    // the supplier user is restricted to its supplier (the restriction reaches the orders service's copy a moment after the start)
    await eventually(
      async () => (meta(await api().post(`/c/${demo}/supplier/${otherSupplier}/report/service`, {}, tokens.supplier)).code === 404 ? true : undefined),
      30_000,
      'another supplier unknown to the supplier user',
    );
    expect(ok(await api().post(`/c/${demo}/supplier/${otherSupplier}/report/service`, {}, tokens.admin)).totals).toMatchObject({ lines: 1, delivered: 0 });
    expect(meta(await api().post(`/c/${demo}/supplier/${orderA.supplier_id}/report/service`, {}, tokens.customer)).code).toBe(1020);
    expect(meta(await api().post(`/c/${demo}/supplier/${orderA.supplier_id}/report/service`, { period: '1y' }, tokens.admin))).toMatchObject({ code: 1000, field: 'period' });

    // taken back: the line is on its way again, its delivery time gone, and the analysis no longer counts it
    ok(await api().patch(`/c/${demo}/supplier/${orderA.supplier_id}/supply/${supply.id}/line/1`, { delivered: false }, tokens.supplier));
    const back = await eventually(async () => ((await orderLine(1)).status !== 'delivered' ? orderLine(1) : undefined), 30_000, 'line 1 taken back');
    expect(back.delivered_at).toBeNull();
    const after = ok(await service('K-10001'));
    expect(after.totals).toMatchObject({ delivered: 1, delivered_dated: 1, on_time: 1, delivered_late: 0, on_time_rate: 1, avg_delay_days: null, late: 2 });
  });

  it('answers 1000 for a bad period, 1020 for other companies and roles', async () => {
    expect(meta(await service('K-10001', { period: '2m' }))).toMatchObject({ code: 1000, field: 'period' });
    expect(meta(await api().post(`/c/${demo}/customer/${customers['K-10001']}/report/service/details`, { period: 'year' }, tokens.admin))).toMatchObject({ code: 1000, field: 'period' });
    expect(meta(await service('K-10001', {}, tokens.other)).code).toBe(1020);
    expect(meta(await service('K-10001', {}, tokens.supplier)).code).toBe(1020);
    expect(ok(await service('K-10002', {}, tokens.customer)).totals.lines).toBe(0);
  });
});

describe('location report (PDF)', () => {
  const report = (customer: string, body: object, token = tokens.admin) =>
    fetch(`${system.url}/api/c/${demo}/customer/${customers[customer]}/report/location`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('answers a PDF download of the location', async () => {
    const answer = await report('K-10001', { location_id: loc.A }, tokens.customer);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="location-report-Stats_A-${new Date().toISOString().slice(0, 10)}.pdf"`);
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);
    expect(Number(answer.headers.get('content-length'))).toBe(bytes.length);
  });

  it('answers the envelope for errors: 1000 without location, 404 for unknown or other customers\' locations, 1020', async () => {
    const envelope = async (answer: Response) => ({ status: answer.status, ...((await answer.json()) as any).Meta });
    expect(await envelope(await report('K-10001', {}))).toMatchObject({ code: 1000, field: 'location_id' });
    expect(await envelope(await report('K-10001', { location_id: loc.A, days: 0 }))).toMatchObject({ code: 1000, field: 'days' });
    expect(await envelope(await report('K-10001', { location_id: 99999999 }))).toMatchObject({ status: 404, code: 404 });
    expect(await envelope(await report('K-10001', { location_id: loc.C }))).toMatchObject({ status: 404, code: 404 });
    expect(await envelope(await report('K-10002', { location_id: loc.C }, tokens.customer))).toMatchObject({ status: 404, code: 404 });
    expect(await envelope(await report('K-10001', { location_id: loc.A }, tokens.other))).toMatchObject({ code: 1020 });
    expect(await envelope(await report('K-10001', { location_id: loc.A }, tokens.supplier))).toMatchObject({ code: 1020 });
  });
});
