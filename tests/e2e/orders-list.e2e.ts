import { eventually } from '@kanban/testing';
import { meta, ok, signInDemo, startSystem, type TestSystem } from '../support/system';

/**
 * The orders list query (docs/replenishment.md "Orders": `q`, `status`, `extstatus`, `sort`, `order`) and the update to
 * OK refused where it means nothing (a cancelled or a delivered order: 1000 `ext_status`), in both run modes; and a
 * requisition run with an inactive supplier (issue 16): nothing ordered from it, the rule's last decision and one
 * journal entry say why, the rule statistics count it.
 */
jest.setTimeout(300_000);

let system: TestSystem;
let demo: number;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const customers: Record<string, number> = {};
const suppliers: Record<string, number> = {};
const catalogs: Record<string, number> = {};

const api = () => system.api;
const restrictions: number[] = [];

interface Placed {
  orderId: number;
  customerId: number;
  locationId: number;
  ruleId: number;
}

/** An order of one rule at a new location of `customer`, its item in the catalog of `supplier`. */
async function placeOrder(customer: string, location: string, supplier: string, sku: string): Promise<Placed> {
  const customerId = customers[customer]!;
  const locationId = ok(await api().post(`/c/${demo}/customer/${customerId}/location/`, { name: location }, tokens.writer)).id;
  const item = ok(await api().post(`/c/${demo}/customer/${customerId}/item`, { sku, name: `List item ${sku}`, order_unit: 'PAK', catalog_id: catalogs[supplier] }, tokens.writer));
  const rule = ok(await api().post(`/c/${demo}/rules`, { location_id: locationId, item_id: item.id, threshold: 2, capacity: 8, stock: 8 }, tokens.writer));
  const reply = ok(await api().post(`/c/${demo}/rules/${rule.id}/stock`, { stock: 1 }, tokens.writer));
  expect(reply.decision.reason).toBe('ordered');
  return { orderId: reply.decision.order_id, customerId, locationId, ruleId: rule.id };
}

const orderOf = async (orderId: number) => ok(await api().get(`/c/${demo}/order/${orderId}`, tokens.admin));
const idsOf = (page: { items: { id: number }[] }) => page.items.map((o) => o.id);
const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
const list = async (query: string, token = tokens.admin) => ok(await api().get(`/c/${demo}/order?${query}`, token));

/** open (K-10001, L-100), confirmed (K-10001, L-200), cancelled (K-10002, a rejected request), delivered (K-10001, L-100, never OK). */
let open: Placed;
let confirmed: Placed;
let cancelled: Placed;
let delivered: Placed;

beforeAll(async () => {
  system = await startSystem();
  const signedIn = await signInDemo(system);
  Object.assign(tokens, signedIn.tokens);
  Object.assign(ids, signedIn.ids);
  ({ demo } = signedIn);
  for (const c of ok(await api().get(`/c/${demo}/customer?all=1&per_page=200`, tokens.admin)).items) customers[c.nr] = c.id;
  for (const s of ok(await api().get(`/c/${demo}/supplier?all=1&per_page=200`, tokens.admin)).items) suppliers[s.nr] = s.id;
  for (const nr of ['L-100', 'L-200']) catalogs[nr] = ok(await api().get(`/c/${demo}/supplier/${suppliers[nr]}/catalog`, tokens.admin)).items[0].id;

  open = await placeOrder('K-10001', 'Lager Nord', 'L-100', 'OL-1');
  confirmed = await placeOrder('K-10001', 'Halle Süd', 'L-200', 'OL-2');
  ok(await api().patch(`/c/${demo}/order/${confirmed.orderId}`, { ext_status: 1 }, tokens.writer));
  // K-10002 approves its orders (demo data: request workflow): rejected, the request is a cancelled order
  cancelled = await placeOrder('K-10002', 'Werk Linz', 'L-100', 'OL-3');
  ok(await api().post(`/c/${demo}/request/${cancelled.orderId}/reject`, { reason: 'nicht benötigt' }, tokens.writer));
  delivered = await placeOrder('K-10001', 'Lager West', 'L-100', 'OL-4');
  // the supplier delivers it without an OK before: delivered, ext status still 0
  const supply = await eventually(
    async () => ok(await api().get(`/c/${demo}/supplier/${suppliers['L-100']}/supply?state=all&q=${delivered.orderId}`, tokens.admin)).items.find((s: any) => s.order_id === delivered.orderId),
    30_000,
    'the supply of the delivered order',
  );
  ok(await api().patch(`/c/${demo}/supplier/${suppliers['L-100']}/supply/${supply.id}`, { delivered: true }, tokens.supplier));
  await eventually(async () => ((await orderOf(delivered.orderId)).status === 'delivered' ? true : undefined), 30_000, 'order delivered');
});

afterAll(async () => {
  for (const id of restrictions) await api().delete(`/c/${demo}/accessrestriction/${id}`, tokens.admin);
  await system?.close();
});

describe('orders list: search, filters, sorting', () => {
  it('has the four orders in their states', async () => {
    expect((await orderOf(open.orderId)).status).toBe('open');
    expect(await orderOf(confirmed.orderId)).toMatchObject({ status: 'confirmed', ext_status: 1 });
    expect(await orderOf(cancelled.orderId)).toMatchObject({ status: 'cancelled', ext_status: 0 });
    expect(await orderOf(delivered.orderId)).toMatchObject({ status: 'delivered', ext_status: 0 });
  });

  it('searches the order number and the customer, location and supplier names (case-insensitive, a part)', async () => {
    expect(idsOf(await list(`q=${open.orderId}`))).toEqual([open.orderId]);
    expect(idsOf(await list(`q=%23${open.orderId}`))).toEqual([open.orderId]);
    expect(idsOf(await list(`q=${encodeURIComponent('halle süd')}`))).toEqual([confirmed.orderId]);
    expect(idsOf(await list('q=alpen'))).toEqual([cancelled.orderId]);
    expect(sorted(idsOf(await list('q=franken')))).toEqual(sorted([open.orderId, cancelled.orderId, delivered.orderId]));
    expect(idsOf(await list('q=tiroler'))).toEqual([confirmed.orderId]);
    expect(await list('q=nothing-like-this')).toMatchObject({ items: [], total: 0 });
    // the search narrows a customer's list too
    expect(idsOf(ok(await api().get(`/c/${demo}/customer/${customers['K-10001']}/order?q=franken`, tokens.admin)))).toEqual([delivered.orderId, open.orderId]);
    expect(meta(await api().get(`/c/${demo}/order?q=${'x'.repeat(101)}`, tokens.admin))).toMatchObject({ code: 1000, field: 'q' });
  });

  it('filters by status and ext status; "not yet confirmed" leaves out delivered and cancelled orders', async () => {
    expect(idsOf(await list('status=cancelled'))).toEqual([cancelled.orderId]);
    expect(idsOf(await list('status=delivered'))).toEqual([delivered.orderId]);
    expect(idsOf(await list('status=confirmed'))).toEqual([confirmed.orderId]);
    expect(idsOf(await list('status=open'))).toEqual([open.orderId]);
    expect(idsOf(await list('extstatus=0'))).toEqual([open.orderId]);
    expect(idsOf(await list('extstatus=1'))).toEqual([confirmed.orderId]);
    expect(idsOf(await list('extstatus=0&q=franken'))).toEqual([open.orderId]);
    expect(await list('status=open&extstatus=1')).toMatchObject({ total: 0 });
    expect(meta(await api().get(`/c/${demo}/order?status=request`, tokens.admin))).toMatchObject({ code: 1000, field: 'status' });
    expect(meta(await api().get(`/c/${demo}/order?status=done`, tokens.admin))).toMatchObject({ code: 1000, field: 'status' });
  });

  it('sorts by a column both ways, newest first by default', async () => {
    const all = [open, confirmed, cancelled, delivered].map((p) => p.orderId);
    expect(idsOf(await list(''))).toEqual([...all].reverse());
    expect(idsOf(await list('sort=id'))).toEqual(all);
    expect(idsOf(await list('sort=id&order=desc'))).toEqual([...all].reverse());
    // supplier names: Schraubenwerk Franken GmbH (three, by id) before Tiroler Normteile GmbH
    expect(idsOf(await list('sort=supplier'))).toEqual([open.orderId, cancelled.orderId, delivered.orderId, confirmed.orderId]);
    expect(idsOf(await list('sort=supplier&order=desc'))).toEqual([confirmed.orderId, delivered.orderId, cancelled.orderId, open.orderId]);
    expect(idsOf(await list('sort=location'))).toEqual([confirmed.orderId, open.orderId, delivered.orderId, cancelled.orderId]);
    expect(idsOf(await list('sort=status'))).toEqual([cancelled.orderId, confirmed.orderId, delivered.orderId, open.orderId]);
    // customers: Maschinenbau Huber GmbH (three) before Alpen Metallwerke when descending
    expect(idsOf(await list('sort=customer&order=desc&per_page=1&page=4'))).toEqual([cancelled.orderId]);
    expect(meta(await api().get(`/c/${demo}/order?sort=line_count`, tokens.admin))).toMatchObject({ code: 1000, field: 'sort' });
    expect(meta(await api().get(`/c/${demo}/order?sort=id&order=up`, tokens.admin))).toMatchObject({ code: 1000, field: 'order' });
  });

  it('keeps access restrictions: a user restricted to a supplier finds nothing of another supplier', async () => {
    restrictions.push(ok(await api().post(`/c/${demo}/accessrestriction`, { user_id: ids.readonly!, supplier_id: suppliers['L-200']! }, tokens.admin)).id);
    await eventually(async () => ((await list('', tokens.readonly)).total === 1 ? true : undefined), 30_000, 'the restriction in the orders service');
    expect(idsOf(await list('', tokens.readonly))).toEqual([confirmed.orderId]);
    expect(await list('q=franken', tokens.readonly)).toMatchObject({ items: [], total: 0 });
    expect(await list(`q=${open.orderId}`, tokens.readonly)).toMatchObject({ items: [], total: 0 });
    expect(await list('status=delivered', tokens.readonly)).toMatchObject({ total: 0 });
    expect(idsOf(await list('sort=supplier&q=gmbh', tokens.readonly))).toEqual([confirmed.orderId]);
    // the customer user sees its customer's orders only (K-10001 in the demo data)
    expect(await list('q=alpen', tokens.customer)).toMatchObject({ total: 0 });
  });
});

describe('update to OK only where it makes sense', () => {
  it('refuses a cancelled and a delivered order (1000 ext_status), changes nothing; an open one goes through', async () => {
    for (const target of [cancelled, delivered]) {
      const before = await orderOf(target.orderId);
      const refused = await api().patch(`/c/${demo}/order/${target.orderId}`, { ext_status: 1, comment: 'should not stay' }, tokens.admin);
      expect(meta(refused)).toMatchObject({ code: 1000, field: 'ext_status' });
      const after = await orderOf(target.orderId);
      expect(after).toMatchObject({ status: before.status, ext_status: 0, comment: before.comment });
      expect(after.history.filter((e: any) => e.code === 'status_ok')).toHaveLength(0);
      expect(after.history).toHaveLength(before.history.length);
      expect(after.lines.map((l: any) => l.ext_status)).toEqual([0]);
    }
    // a comment alone is still fine on them
    expect(ok(await api().patch(`/c/${demo}/order/${delivered.orderId}`, { comment: 'geliefert ohne Bestätigung' }, tokens.admin)).comment).toBe('geliefert ohne Bestätigung');
    expect(ok(await api().patch(`/c/${demo}/order/${open.orderId}`, { ext_status: 1 }, tokens.admin))).toMatchObject({ status: 'confirmed', ext_status: 1 });
    expect(await list('extstatus=0')).toMatchObject({ total: 0 });
  });
});

describe('requisition with an inactive supplier', () => {
  it('orders nothing from it; the rule\'s last decision, one journal entry and the rule statistics say why', async () => {
    const customerId = customers['K-10001']!;
    const locationId = ok(await api().post(`/c/${demo}/customer/${customerId}/location/`, { name: 'Inaktiv Test' }, tokens.writer)).id;
    const item = ok(await api().post(`/c/${demo}/customer/${customerId}/item`, { sku: 'OL-INACT', name: 'Paused supplier item', order_unit: 'PAK', catalog_id: catalogs['L-200'] }, tokens.writer));
    const rule = ok(await api().post(`/c/${demo}/rules`, { location_id: locationId, item_id: item.id, threshold: 2, capacity: 8, stock: 8 }, tokens.writer));
    const ordersBefore = (await list('q=tiroler&days=1')).total;
    ok(await api().get(`/c/${demo}/supplier/${suppliers['L-200']}/toggleActive?active=0`, tokens.admin));
    // the orders service learns of it by an event: the rule's run says supplier_inactive once it has
    const decision = await eventually(
      async () => {
        const reply = ok(await api().get(`/c/${demo}/rules/${rule.id}/execute`, tokens.writer));
        return reply.decision.reason === 'supplier_inactive' ? reply.decision : undefined;
      },
      30_000,
      'the inactive supplier in the orders service',
    );
    expect(decision).toMatchObject({ reason: 'supplier_inactive', quantity: 0, order_id: null });
    // a stock drop below the threshold: still nothing ordered from it
    const stock = ok(await api().post(`/c/${demo}/rules/${rule.id}/stock`, { stock: 0 }, tokens.writer));
    expect(stock.decision).toMatchObject({ reason: 'supplier_inactive', quantity: 0, order_id: null });
    expect((await list('q=tiroler&days=1')).total).toBe(ordersBefore);
    expect(ok(await api().get(`/c/${demo}/rules/${rule.id}`, tokens.admin)).last_decision).toMatchObject({ reason: 'supplier_inactive' });
    // one journal entry (2001) naming the supplier and the rule, written when the rule became skipped
    const journal = ok(await api().get(`/v2/c/${demo}/journal?per_page=200`, tokens.admin)).items.filter((e: any) => e.code === 2001 && e.message.includes('OL-INACT'));
    expect(journal).toHaveLength(1);
    expect(journal[0]).toMatchObject({
      rule_id: rule.id,
      message: `not ordered automatically, supplier inactive: Tiroler Normteile GmbH (1 rule: rule ${rule.id} (OL-INACT))`,
    });
    const stats = ok(await api().get(`/c/${demo}/stats/rulescheck?locations=${locationId}`, tokens.admin));
    expect(stats).toMatchObject({ total: 1, last_reasons: { supplier_inactive: 1 } });
    expect(stats.reasons.supplier_inactive).toBeGreaterThanOrEqual(1);
    // active again: the next run orders
    ok(await api().get(`/c/${demo}/supplier/${suppliers['L-200']}/toggleActive?active=1`, tokens.admin));
    await eventually(
      async () => {
        const reply = ok(await api().get(`/c/${demo}/rules/${rule.id}/execute`, tokens.writer));
        return reply.decision.reason === 'ordered' ? true : undefined;
      },
      30_000,
      'the supplier active again',
    );
  });
});
