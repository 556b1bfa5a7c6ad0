import { orderEventText } from '@kanban/contracts';
import { login, ok, startSystem, type TestSystem } from '../support/system';

/**
 * The demo data's replenishment history (README "Demo data", docs/replenishment.md "Demo data"), in both run modes:
 * a system started with it has months of orders, so the statistics and dashboards show curves; the figures agree
 * with the rows behind them; supplies are delivered and open in step with their orders; and the rules are live
 * (a bin counted below its threshold orders on `execute`).
 */
jest.setTimeout(300_000);

let system: TestSystem;
let demo: number;
const tokens: Record<string, string> = {};
const customers: Record<string, number> = {};
const suppliers: Record<string, number> = {};

const api = () => system.api;

/** Every item of a paged list. */
async function all(path: string, token = tokens.admin): Promise<any[]> {
  const items: any[] = [];
  for (let page = 1; ; page++) {
    const data = ok(await api().get(`${path}${path.includes('?') ? '&' : '?'}page=${page}&per_page=200`, token));
    items.push(...data.items);
    if (items.length >= data.total || data.items.length === 0) return items;
  }
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  system = await startSystem(undefined, { demoHistory: true });
  for (const name of ['admin', 'customer', 'supplier']) tokens[name] = (await login(system, `${name}@demo.example`)).token;
  demo = (await api().get('/company', tokens.admin)).body.Data[0].id;
  for (const c of ok(await api().get(`/c/${demo}/customer?all=1&per_page=200`, tokens.admin)).items) customers[c.nr] = c.id;
  for (const s of ok(await api().get(`/c/${demo}/supplier?all=1&per_page=200`, tokens.admin)).items) suppliers[s.nr] = s.id;
});

afterAll(async () => {
  await system?.close();
});

describe('demo history', () => {
  it('order statistics of the last 30 days have orders on most working days, and agree with the orders and lines', async () => {
    const stats = ok(await api().post(`/c/${demo}/stats/orders`, {}, tokens.admin));
    expect(stats.per_day).toHaveLength(30);
    const busy = stats.per_day.filter((d: any) => d.orders > 0);
    expect(busy.length).toBeGreaterThanOrEqual(15);
    expect(new Set(busy.map((d: any) => d.orders)).size).toBeGreaterThan(2); // a curve, not a constant
    const sum = (key: 'orders' | 'lines' | 'quantity') => stats.per_day.reduce((s: number, d: any) => s + d[key], 0);
    expect(sum('orders')).toBe(stats.totals.orders);
    expect(sum('lines')).toBe(stats.totals.lines);
    expect(sum('quantity')).toBeCloseTo(stats.totals.quantity, 6);
    // the same lines, one by one
    const details = ok(await api().post(`/c/${demo}/stats/orders/details`, { per_page: 200 }, tokens.admin));
    expect(details.total).toBe(stats.totals.lines);
    // the same orders in the order list (orders of the period's days; requests are left out of both)
    const listed = (await all(`/c/${demo}/order?days=32`)).filter((o) => o.date >= stats.from && o.date <= stats.to);
    expect(listed.length).toBe(stats.totals.orders);
    expect(listed.every((o) => o.status !== 'request')).toBe(true);
    // lines per status: delivered, confirmed (on their way) and open (waiting for the OK)
    const status = Object.fromEntries(stats.per_status.map((s: any) => [s.status, s.lines]));
    expect(status.delivered).toBeGreaterThan(0);
    expect((status.open ?? 0) + (status.confirmed ?? 0)).toBeGreaterThan(0);
    expect(stats.per_source.map((s: any) => s.source)).toContain('requisition');
  });

  it('six months: orders on many days, and the service analysis measures them', async () => {
    const to = ok(await api().post(`/c/${demo}/stats/orders`, {}, tokens.admin)).to as string;
    const half = ok(await api().post(`/c/${demo}/stats/orders`, { from: addDays(to, -182), to }, tokens.admin));
    expect(half.per_day.filter((d: any) => d.orders > 0).length).toBeGreaterThanOrEqual(100);
    for (const nr of ['K-10001', 'K-10002']) {
      const report = ok(await api().post(`/c/${demo}/customer/${customers[nr]}/report/service`, { period: '6m' }, tokens.admin));
      const t = report.totals;
      expect(t.lines).toBeGreaterThan(100);
      expect(t.delivered).toBeGreaterThan(0);
      expect(t.delivered).toBeLessThanOrEqual(t.lines);
      expect(t.due).toBeGreaterThanOrEqual(t.late);
      expect(t.service_level).toBeGreaterThan(0.8);
      expect(t.service_level).toBeLessThanOrEqual(1);
      expect(report.per_location.reduce((s: number, l: any) => s + l.lines, 0)).toBe(t.lines);
      expect(report.per_item.length).toBeGreaterThan(20);
      // every delivered line has its delivery time: mostly on time, some late (the history's delays), a curve per week
      expect(t.delivered_dated).toBe(t.delivered);
      expect(t.on_time_rate).toBeGreaterThan(0.5);
      expect(t.on_time_rate).toBeLessThan(0.95);
      expect(t.avg_delay_days).toBeGreaterThanOrEqual(1);
      expect(report.per_week.length).toBeGreaterThanOrEqual(26);
      const rates = report.per_week.filter((w: any) => w.delivered_dated >= 10).map((w: any) => w.on_time_rate);
      expect(rates.length).toBeGreaterThan(15);
      expect(Math.max(...rates) - Math.min(...rates)).toBeGreaterThan(0.1);
      expect(report.per_week.reduce((s: number, w: any) => s + w.delivered_late, 0)).toBe(t.delivered_late);
      expect(report.per_supplier.reduce((s: number, x: any) => s + x.on_time, 0)).toBe(t.on_time);
      // the lines behind the analysis: as many as it counts (cancelled ones listed too)
      const details = ok(await api().post(`/c/${demo}/customer/${customers[nr]}/report/service/details`, { period: '6m', per_page: 1 }, tokens.admin));
      expect(details.total).toBe(t.lines + t.cancelled);
    }
  });

  it('the dashboards count recent orders, orders waiting for the OK, requests, journal entries and supplies', async () => {
    expect(ok(await api().get(`/c/${demo}/order?days=30&per_page=1`, tokens.admin)).total).toBeGreaterThan(20);
    expect(ok(await api().get(`/c/${demo}/order?days=30&extstatus=0&per_page=1`, tokens.admin)).total).toBeGreaterThan(0);
    expect(ok(await api().get(`/c/${demo}/customer/${customers['K-10001']}/order?days=30&per_page=1`, tokens.customer)).total).toBeGreaterThan(0);
    const requests = await all(`/c/${demo}/customer/${customers['K-10002']}/requests?days=365`);
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((r) => r.status === 'request' && r.customer_id === customers['K-10002'])).toBe(true);
    const unacknowledged = ok(await api().get(`/v2/c/${demo}/journal?filter=${encodeURIComponent('[{"field":"acknowledged_at","operation":"eq","value":null}]')}`, tokens.admin));
    const everything = ok(await api().get(`/v2/c/${demo}/journal`, tokens.admin));
    expect(unacknowledged.total).toBeGreaterThan(0);
    expect(everything.total).toBeGreaterThan(unacknowledged.total);
    const l100 = suppliers['L-100'];
    expect(ok(await api().get(`/c/${demo}/supplier/${l100}/supply?state=delivered&days=30&per_page=1`, tokens.supplier)).total).toBeGreaterThan(0);
  });

  it('the inactive supplier (Helvetia, L-300) got orders until its contract paused, none since; its rules say why', async () => {
    const orders = await all(`/c/${demo}/order?days=365&q=${encodeURIComponent('Helvetia Befestigungstechnik')}`);
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.every((o) => o.supplier_id === suppliers['L-300'])).toBe(true);
    // INACTIVE_SUPPLIER_DAYS (24) local days ago; a day of slack for the time zone
    const paused = Date.now() - 23 * 86_400_000;
    expect(orders.filter((o) => Date.parse(o.created) >= paused)).toEqual([]);
    const check = ok(await api().get(`/c/${demo}/stats/rulescheck?per_page=1`, tokens.admin));
    expect(check.last_reasons.supplier_inactive).toBeGreaterThan(0);
    const journal = await all(`/v2/c/${demo}/journal`);
    const skipped = journal.filter((e) => e.code === 2001 && e.message.startsWith('not ordered automatically, supplier inactive: Helvetia Befestigungstechnik AG ('));
    // one entry per run that skipped rules of it for the first time (rules at locations with other slots run later that
    // day): together they name each rule once
    expect(skipped.length).toBeGreaterThan(0);
    expect(new Set(skipped.map((e) => e.run_id)).size).toBe(skipped.length);
    const named = skipped.flatMap((e) => [...(e.message as string).matchAll(/rule (\d+) \(/g)].map((m) => Number(m[1])));
    expect(named.length).toBe(check.last_reasons.supplier_inactive);
    expect(new Set(named).size).toBe(named.length);
  });

  it('the order queue holds the orders handed to the suppliers as transmitted entries; nothing waits or failed', async () => {
    const queue = ok(await api().get(`/c/${demo}/orderqueue?all=1&per_page=200`, tokens.admin));
    expect(queue.total).toBeGreaterThan(20);
    expect(queue.items.every((e: any) => e.state === 'transmitted' && e.error === null && e.attempts === 1)).toBe(true);
    expect(ok(await api().get(`/c/${demo}/orderqueue`, tokens.admin)).total).toBe(0);
    // every queued order is an order (not a waiting request) with its supply at the supplier
    const entry = queue.items[0];
    const order = ok(await api().get(`/c/${demo}/order/${entry.order_id}`, tokens.admin));
    expect(order.status).not.toBe('request');
    expect(order.history.some((h: any) => h.type === 'S')).toBe(true);
    const requests = await all(`/c/${demo}/requests?days=365`);
    const queued = new Set(queue.items.map((e: any) => e.order_id));
    expect(requests.some((r) => queued.has(r.id))).toBe(false);
  });

  it('supplies are delivered and open, in step with their orders', async () => {
    let open = 0;
    for (const nr of ['L-100', 'L-200', 'L-300']) {
      const path = `/c/${demo}/supplier/${suppliers[nr]}/supply`;
      const delivered = ok(await api().get(`${path}?state=delivered&per_page=3`, tokens.admin));
      const waiting = ok(await api().get(`${path}?state=open&sort=shipping&order=asc&per_page=5`, tokens.admin));
      open += waiting.total;
      expect(delivered.total).toBeGreaterThan(0);
      for (const supply of [...delivered.items, ...waiting.items]) {
        const order = ok(await api().get(`/c/${demo}/order/${supply.order_id}`, tokens.admin));
        const detail = ok(await api().get(`${path}/${supply.id}`, tokens.admin));
        // line by line: delivered at the supplier exactly when delivered in the order
        expect(detail.lines.map((l: any) => [l.pos, l.delivered])).toEqual(order.lines.map((l: any) => [l.pos, l.status === 'delivered']));
        expect(detail.lines.every((l: any) => !l.delivered || l.delivered_at)).toBe(true);
        // the order line keeps the supply line's delivery time
        expect(order.lines.map((l: any) => l.delivered_at)).toEqual(detail.lines.map((l: any) => l.delivered_at));
        expect(order.history.some((h: any) => h.type === 'S' && h.text === `supply ${supply.id} created for the supplier`)).toBe(true);
        // the demo's events carry their message's code and parameters like the service's own (docs/replenishment.md "Order history")
        expect(order.history.some((h: any) => h.code === 'supply_created' && h.params.supply_id === supply.id)).toBe(true);
        for (const h of order.history) expect([h.code, h.text]).toEqual([expect.any(String), orderEventText(h.code, h.params)]);
        if (detail.status === 'delivered') {
          expect(order.status).toBe('delivered');
          expect(order.ext_status).toBe(1);
          expect(order.history.map((h: any) => h.type)).toEqual(expect.arrayContaining(['R', 'U', 'S']));
          expect(order.history.some((h: any) => h.type === 'S' && h.text.endsWith('(supply delivered)'))).toBe(true);
          expect(detail.delivered_at).toBe(detail.lines.map((l: any) => l.delivered_at).sort().at(-1));
        } else {
          expect(['open', 'confirmed']).toContain(order.status);
          expect(detail.delivered_count).toBe(detail.lines.filter((l: any) => l.delivered).length);
        }
      }
    }
    expect(open).toBeGreaterThan(0);
  });

  it('the rules are live: a bin counted below its threshold orders on execute, within the item limits', async () => {
    const rules = await all(`/c/${demo}/rules`);
    expect(rules.length).toBeGreaterThan(200);
    expect(rules.filter((r) => r.stock >= r.capacity).length).toBeGreaterThan(0);
    const low = rules.filter((r) => r.stock <= r.threshold && r.on_order === 0 && r.last_decision?.reason === 'above_threshold');
    expect(low.length).toBeGreaterThan(0);
    const rule = low[0];
    const history = ok(await api().get(`/c/${demo}/rules/${rule.id}/stock`, tokens.admin));
    expect(history.items[0].stock).toBe(rule.stock);
    const run = ok(await api().get(`/c/${demo}/rules/${rule.id}/execute`, tokens.admin));
    expect(run.decision.reason).toBe('ordered');
    const quantity = run.decision.quantity;
    const detail = ok(await api().get(`/c/${demo}/rules/${rule.id}/`, tokens.admin));
    expect(detail.on_order).toBe(quantity);
    const item = detail.item;
    expect(quantity).toBeGreaterThanOrEqual(item.min_order_quantity);
    if (item.max_order_quantity > 0) expect(quantity).toBeLessThanOrEqual(item.max_order_quantity);
    // a second run finds the line it created
    expect(ok(await api().get(`/c/${demo}/rules/${rule.id}/execute`, tokens.admin)).decision.reason).toBe('already_on_order');
  });
});
