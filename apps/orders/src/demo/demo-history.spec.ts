import type { ReplenishmentSnapshot } from '@kanban/contracts';
import { addDays, INACTIVE_SUPPLIER_DAYS, localInstant, simulateDemoHistory } from './demo-history';

/** A small catalog: two customers (one with the request workflow, one with automatic restock days), three locations, 40 items. */
function snapshot(): ReplenishmentSnapshot {
  const updated_at = '2026-01-01T08:00:00.000Z';
  const customer = (id: number, request: boolean, restock: number) => ({
    id,
    company_id: 7,
    name: `Customer ${id}`,
    inactive: false,
    use_request_workflow: request,
    use_backorder: false,
    backorder_type: 'days' as const,
    use_subscription: false,
    automatic_restock_days: restock,
    service_fee_item_id: null,
    time_tracking_item_id: null,
    updated_at,
  });
  const location = (id: number, customerId: number, delivery: string[], slots: string[]) => ({
    id,
    company_id: 7,
    customer_id: customerId,
    name: `Location ${id}`,
    inactive: false,
    delivery_days: delivery as never,
    schedule: { business_days: slots } as never,
    updated_at,
  });
  const items = Array.from({ length: 40 }, (_, i) => ({
    id: 100 + i,
    company_id: 7,
    customer_id: i % 2 === 0 ? 1 : 2,
    catalog_id: 10 + (i % 2),
    sku: `SKU-${i}`,
    name: `Item ${i}`,
    disabled: i === 5,
    paused_until: null,
    supplier_id: 20 + (i % 2),
    item_unit: 'PCE',
    order_unit: 'BOX',
    quantity_per_order_unit: [1, 10, 100][i % 3]!,
    min_order_quantity: [1, 2, 5][i % 3]!,
    max_order_quantity: i % 4 === 0 ? 0 : 40,
    order_quantity: 2,
    order_quantity_increment: i % 5 === 0 ? 2 : 1,
    lead_time_days: 1 + (i % 4),
    transit_days: i % 2,
    contract_end_date: null,
    subscription_interval: 0,
    purchaseable: true,
    instant_delivery: false,
    updated_at,
  }));
  return {
    customers: [customer(1, false, 7), customer(2, true, 0)],
    locations: [location(30, 1, ['monday', 'wednesday', 'friday'], ['06:00', '14:00']), location(31, 1, [], ['10:00']), location(32, 2, ['tuesday', 'thursday'], ['08:00'])],
    suppliers: [20, 21].map((id) => ({ id, company_id: 7, name: `Supplier ${id}`, active: true, updated_at })),
    catalogs: [10, 11].map((id) => ({ id, company_id: 7, supplier_id: id + 10, name: `Catalog ${id}`, updated_at })),
    items,
  };
}

const now = new Date('2026-11-24T13:37:00Z');
const input = () => ({
  companyId: 7,
  now,
  timeZone: 'Europe/Berlin',
  snapshot: snapshot(),
  users: { admin: 2, writer: 3, customer: { userId: 4, customerId: 1 }, supplier: { userId: 5, supplierId: 20 } },
  days: 120,
});

describe('demo history simulation', () => {
  const history = simulateDemoHistory(input());

  it('is the same for the same input', () => {
    const again = simulateDemoHistory(input());
    expect(again.orders.map((o) => [o.date, o.lines.length, o.status])).toEqual(history.orders.map((o) => [o.date, o.lines.length, o.status]));
    expect(again.stockEvents.length).toBe(history.stockEvents.length);
  });

  it('orders over the whole period, by run and by hand, and nothing after now', () => {
    expect(history.orders.length).toBeGreaterThan(50);
    const months = new Set(history.orders.map((o) => o.date.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(4);
    const times = [
      ...history.orders.map((o) => o.createdAt),
      ...history.events.map((e) => e.at),
      ...history.stockEvents.map((e) => e.at),
      ...history.decisions.map((d) => d.at),
      ...history.orders.flatMap((o) => o.deliveries.map((d) => d.at)),
    ];
    expect(times.every((t) => t.getTime() <= now.getTime())).toBe(true);
    expect(history.runs.every((r) => r.slotKey.startsWith(r.date))).toBe(true);
    expect(new Set(history.runs.map((r) => r.slotKey)).size).toBe(history.runs.length);
  });

  it('orders quantities the item allows and ships on delivery days after lead and transit days', () => {
    for (const order of history.orders) {
      for (const line of order.lines) {
        const item = line.rule.item;
        expect(line.quantity).toBeGreaterThanOrEqual(item.min_order_quantity);
        if (item.max_order_quantity > 0) expect(line.quantity).toBeLessThanOrEqual(item.max_order_quantity);
        const increments = line.quantity / item.order_quantity_increment;
        // a multiple of the increment, unless the MOQ (which wins) is not one
        if (line.quantity !== item.min_order_quantity) expect(Math.abs(increments - Math.round(increments))).toBeLessThan(1e-9);
        expect(line.shipping >= addDays(order.date, item.lead_time_days + item.transit_days)).toBe(true);
        const days = line.rule.location.delivery_days as string[];
        const weekday = new Date(`${line.shipping}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' }).toLowerCase();
        if (days.length > 0) expect(days).toContain(weekday);
      }
      expect(order.lines.every((l) => l.rule.location.id === order.rule0.location.id && l.rule.item.supplier_id === order.supplierId)).toBe(true);
    }
    expect(history.orders.some((o) => o.source === 'manual')).toBe(true);
    expect(history.orders.some((o) => o.source === 'requisition')).toBe(true);
  });

  it('keeps lines, orders and deliveries consistent', () => {
    for (const rule of history.rules) expect(rule.onOrder.filter((l) => l.status === 'open').length).toBeLessThanOrEqual(1);
    for (const order of history.orders) {
      const statuses = order.lines.map((l) => l.status);
      if (order.status === 'delivered') expect(statuses.every((s) => s === 'delivered')).toBe(true);
      if (order.status === 'cancelled') expect(statuses.every((s) => s === 'cancelled')).toBe(true);
      if (order.status === 'request') expect(order.supplyAt).toBeNull();
      const delivered = order.lines.filter((l) => l.status === 'delivered');
      expect(delivered.every((l) => l.deliveredAt !== null && l.extStatus === 1)).toBe(true);
      expect(order.deliveries.flatMap((d) => d.positions).sort()).toEqual(delivered.map((l) => l.pos).sort());
      if (order.deliveries.length > 0) expect(order.deliveries.at(-1)!.complete).toBe(order.status === 'delivered');
    }
    // requests of the customer with the workflow: confirmed, a few rejected, the recent ones waiting
    const requests = history.orders.filter((o) => o.rule0.customer.use_request_workflow);
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((o) => o.status === 'request').every((o) => o.date >= addDays('2026-11-24', -3))).toBe(true);
    expect(history.orders.filter((o) => !o.rule0.customer.use_request_workflow).every((o) => o.status !== 'request')).toBe(true);
    expect(history.orders.some((o) => o.status === 'delivered')).toBe(true);
    expect(history.orders.some((o) => o.status === 'open' || o.status === 'confirmed')).toBe(true);
  });

  it('records decisions only when they change, with the automatic restock of the customer that has it', () => {
    const byRule = new Map<number, typeof history.decisions>();
    for (const d of history.decisions) {
      const rule = history.ruleOf.get(d)!;
      byRule.set(rule.item.id * 1000 + rule.location.id, [...(byRule.get(rule.item.id * 1000 + rule.location.id) ?? []), d]);
    }
    for (const list of byRule.values()) {
      for (let i = 1; i < list.length; i++) {
        const [a, b] = [list[i - 1]!, list[i]!];
        const same = a.reason === b.reason && a.quantity === b.quantity && a.stock === b.stock && a.onOrder === b.onOrder && b.order === null;
        expect(same).toBe(false);
      }
    }
    const restocks = history.decisions.filter((d) => d.reason === 'restock');
    expect(restocks.length).toBeGreaterThan(0);
    expect(restocks.every((d) => history.ruleOf.get(d)!.customer.automatic_restock_days > 0)).toBe(true);
    expect(history.decisions.some((d) => d.reason === 'item_disabled')).toBe(true);
    expect(history.journal.some((j) => j.code === 2002 && j.acknowledgedAt === null)).toBe(true);
    expect(history.journal.some((j) => j.code === 2000 && j.acknowledgedAt !== null)).toBe(true);
  });

  it('an inactive supplier gets orders until its contract paused, none since: its rules are skipped, the journal says so once', () => {
    const base = input();
    const off = simulateDemoHistory({ ...base, snapshot: { ...base.snapshot, suppliers: base.snapshot.suppliers.map((s) => (s.id === 21 ? { ...s, active: false } : s)) } });
    const pausedFrom = addDays('2026-11-24', -INACTIVE_SUPPLIER_DAYS);
    const of21 = off.orders.filter((o) => o.supplierId === 21);
    expect(of21.some((o) => o.date < pausedFrom)).toBe(true);
    expect(of21.filter((o) => o.date >= pausedFrom)).toEqual([]);
    // the other supplier goes on as before
    expect(off.orders.some((o) => o.supplierId === 20 && o.date >= pausedFrom)).toBe(true);
    const skipped = off.decisions.filter((d) => d.reason === 'supplier_inactive');
    expect(skipped.length).toBeGreaterThan(0);
    expect(skipped.every((d) => off.ruleOf.get(d)!.item.supplier_id === 21)).toBe(true);
    const entries = off.journal.filter((j) => j.code === 2001);
    expect(entries.length).toBeGreaterThan(0);
    expect(new Set(entries.map((j) => j.run)).size).toBe(entries.length);
    expect(entries[0]!.message()).toMatch(/^not ordered automatically, supplier inactive: Supplier 21 \(\d+ rules?: rule /);
    // an active supplier: no such decision, no such entry
    expect(history.decisions.some((d) => d.reason === 'supplier_inactive')).toBe(false);
    expect(history.journal.some((j) => j.code === 2001)).toBe(false);
  });

  it('leaves some bins below their threshold with nothing on order, waiting for the next run', () => {
    const waiting = history.rules.filter((r) => r.stock <= r.threshold && r.onOrder.length === 0 && r.pendingAt !== null && !r.item.disabled);
    expect(waiting.length).toBeGreaterThan(0);
  });
});

describe('localInstant', () => {
  it('turns a local day and minute into the instant, summer and winter time alike', () => {
    expect(localInstant('2026-07-01', 6 * 60, 'Europe/Berlin').toISOString()).toBe('2026-07-01T04:00:00.000Z');
    expect(localInstant('2026-12-01', 6 * 60, 'Europe/Berlin').toISOString()).toBe('2026-12-01T05:00:00.000Z');
    expect(localInstant('2026-03-29', 12 * 60, 'Europe/Berlin').toISOString()).toBe('2026-03-29T10:00:00.000Z');
    expect(localInstant('2026-12-01', 24 * 60, 'Europe/Berlin').toISOString()).toBe('2026-12-01T23:00:00.000Z');
  });
});
