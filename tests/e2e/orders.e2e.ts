import { orderEventText } from '@kanban/contracts';
import { meta, ok, signInDemo, startSystem, type TestSystem } from '../support/system';

/** The orders read API (spec 7 `[/customer/{id}][/location/{id}]/order?days=&extstatus=`, `order/{orderID}`) in both run modes. */
jest.setTimeout(240_000);

let system: TestSystem;
let demo: number;
let other: number;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const customers: Record<string, number> = {};

const api = () => system.api;

/** Two locations of K-10001 and one of K-10002, each with one order; the first one confirmed (OK). */
const placed: { customerId: number; locationId: number; orderId: number; runId: number }[] = [];

async function order(customer: string, sku: string): Promise<{ customerId: number; locationId: number; orderId: number; runId: number }> {
  const customerId = customers[customer]!;
  const locationId = ok(await api().post(`/c/${demo}/customer/${customerId}/location/`, { name: `Orders ${sku}` }, tokens.writer)).id;
  const item = ok(await api().post(`/c/${demo}/customer/${customerId}/item`, { sku, name: `Order item ${sku}`, order_unit: 'PAK' }, tokens.writer));
  const rule = ok(await api().post(`/c/${demo}/rules`, { location_id: locationId, item_id: item.id, threshold: 2, capacity: 8, stock: 8 }, tokens.writer));
  const reply = ok(await api().post(`/c/${demo}/rules/${rule.id}/stock`, { stock: 1 }, tokens.writer));
  expect(reply.decision.reason).toBe('ordered');
  const orderId = reply.decision.order_id;
  if (customer === 'K-10002') {
    // K-10002 approves its orders (demo data: request workflow): the run's order waits as a request, not among the
    // orders, until it is confirmed
    expect(ok(await api().get(`/c/${demo}/request/${orderId}`, tokens.admin)).status).toBe('request');
    expect(ok(await api().get(`/c/${demo}/order`, tokens.admin)).items.map((o: any) => o.id)).not.toContain(orderId);
    ok(await api().post(`/c/${demo}/request/${orderId}/confirm`, {}, tokens.admin));
  }
  return { customerId, locationId, orderId, runId: reply.decision.run_id };
}

beforeAll(async () => {
  system = await startSystem();
  const signedIn = await signInDemo(system);
  Object.assign(tokens, signedIn.tokens);
  Object.assign(ids, signedIn.ids);
  ({ demo, other } = signedIn);
  for (const c of ok(await api().get(`/c/${demo}/customer?all=1&per_page=200`, tokens.admin)).items) customers[c.nr] = c.id;
  placed.push(await order('K-10001', 'ORD-1'), await order('K-10001', 'ORD-2'), await order('K-10002', 'ORD-3'));
  ok(await api().patch(`/c/${demo}/order/${placed[0]!.orderId}`, { ext_status: 1 }, tokens.writer));
});

afterAll(async () => {
  await system?.close();
});

const idsOf = (page: { items: { id: number }[] }) => page.items.map((o) => o.id).sort((a, b) => a - b);

describe('order lists', () => {
  it('lists the company, customer and location orders, newest first', async () => {
    const company = ok(await api().get(`/c/${demo}/order`, tokens.readonly));
    expect(idsOf(company)).toEqual(placed.map((p) => p.orderId).sort((a, b) => a - b));
    expect(company.items[0].id).toBe(placed[2]!.orderId);
    expect(company).toMatchObject({ total: 3, page: 1, per_page: 50 });
    const customer = ok(await api().get(`/c/${demo}/customer/${placed[0]!.customerId}/order`, tokens.customer));
    expect(idsOf(customer)).toEqual([placed[0]!.orderId, placed[1]!.orderId]);
    const location = ok(await api().get(`/c/${demo}/customer/${placed[1]!.customerId}/location/${placed[1]!.locationId}/order`, tokens.admin));
    expect(idsOf(location)).toEqual([placed[1]!.orderId]);
    expect(location.items[0]).toMatchObject({ customer: 'Maschinenbau Huber GmbH', location: 'Orders ORD-2', status: 'open', ext_status: 0, ext_status_text: 'KA', line_count: 1 });
    expect(ok(await api().get(`/c/${demo}/order?per_page=2&page=2`, tokens.admin))).toMatchObject({ total: 3, items: [expect.anything()] });
  });

  it('filters by ext status and days', async () => {
    expect(idsOf(ok(await api().get(`/c/${demo}/order?extstatus=1`, tokens.admin)))).toEqual([placed[0]!.orderId]);
    expect(idsOf(ok(await api().get(`/c/${demo}/order?extstatus=0`, tokens.admin)))).toEqual([placed[1]!.orderId, placed[2]!.orderId].sort((a, b) => a - b));
    expect(ok(await api().get(`/c/${demo}/order?extstatus=-1`, tokens.admin)).total).toBe(0);
    expect(ok(await api().get(`/c/${demo}/order?days=1`, tokens.admin)).total).toBe(3);
    expect(meta(await api().get(`/c/${demo}/order?days=0`, tokens.admin))).toMatchObject({ code: 1000, field: 'days' });
    expect(meta(await api().get(`/c/${demo}/order?extstatus=2`, tokens.admin))).toMatchObject({ code: 1000, field: 'extstatus' });
  });
});

describe('order detail and update', () => {
  it('answers the order with lines and history at each level; an order of another customer or location is unknown', async () => {
    const [first, second] = placed as [(typeof placed)[0], (typeof placed)[0]];
    const full = ok(await api().get(`/c/${demo}/customer/${first.customerId}/location/${first.locationId}/order/${first.orderId}`, tokens.customer));
    expect(full).toMatchObject({
      id: first.orderId,
      status: 'confirmed',
      ext_status: 1,
      ext_status_text: 'OK',
      lines: [expect.objectContaining({ pos: 1, sku: 'ORD-1', name: 'Order item ORD-1', quantity: 7, unit: 'PAK', status: 'confirmed', ext_status: 1 })],
      history: [
        expect.objectContaining({ type: 'R', code: 'requisition_run', params: { run_id: first.runId, trigger: 'stock' }, text: `requisition run ${first.runId} (stock)` }),
        expect.objectContaining({ type: 'U', code: 'status_ok', params: {}, text: 'status updated to OK', user_id: ids.writer }),
      ],
    });
    expect(ok(await api().get(`/c/${demo}/order/${first.orderId}`, tokens.admin))).toEqual(full);
    expect(ok(await api().get(`/c/${demo}/customer/${first.customerId}/order/${first.orderId}`, tokens.admin)).id).toBe(first.orderId);
    expect((await api().get(`/c/${demo}/customer/${first.customerId}/location/${second.locationId}/order/${first.orderId}`, tokens.admin)).status).toBe(404);
    expect((await api().get(`/c/${demo}/customer/${placed[2]!.customerId}/order/${first.orderId}`, tokens.admin)).status).toBe(404);
    expect((await api().get(`/c/${demo}/order/99999999`, tokens.admin)).status).toBe(404);
  });

  it('updates to OK once (safe to repeat) and keeps a comment; only OK is accepted', async () => {
    const target = placed[1]!;
    const path = `/c/${demo}/customer/${target.customerId}/order/${target.orderId}`;
    const updated = ok(await api().patch(path, { ext_status: 1, comment: 'bestätigt per Telefon' }, tokens.admin));
    expect(updated).toMatchObject({ ext_status: 1, status: 'confirmed', comment: 'bestätigt per Telefon' });
    const again = ok(await api().patch(path, { ext_status: 1 }, tokens.admin));
    expect(again.history.filter((e: any) => e.type === 'U')).toHaveLength(1);
    // every event of the orders (R, U and the supply's S events once they arrived) carries its message's code and
    // parameters, and its text is their English (docs/replenishment.md "Order history")
    for (const p of placed) {
      for (const e of ok(await api().get(`/c/${demo}/order/${p.orderId}`, tokens.admin)).history) {
        expect(e.code).toEqual(expect.any(String));
        expect(e.text).toBe(orderEventText(e.code, e.params));
      }
    }
    expect(meta(await api().patch(path, { ext_status: 0 }, tokens.admin))).toMatchObject({ code: 1000, field: 'ext_status' });
    expect(meta(await api().patch(path, { ext_status: -1 }, tokens.admin))).toMatchObject({ code: 1000, field: 'ext_status' });
  });

  it('checks tenancy and roles', async () => {
    const target = placed[2]!;
    expect(meta(await api().get(`/c/${demo}/order`, tokens.other)).code).toBe(1020);
    expect(meta(await api().get(`/c/${demo}/order`, tokens.supplier)).code).toBe(1020);
    expect(meta(await api().get(`/c/${demo}/order/${target.orderId}`, tokens.other)).code).toBe(1020);
    expect(meta(await api().patch(`/c/${demo}/order/${target.orderId}`, { ext_status: 1 }, tokens.readonly)).code).toBe(1020);
    expect(meta(await api().patch(`/c/${demo}/order/${target.orderId}`, { ext_status: 1 }, tokens.customer)).code).toBe(1020);
    // The other company sees none of these; the demo company's order is unknown under the other company.
    expect(ok(await api().get(`/c/${other}/order`, tokens.other)).items.map((o: any) => o.id)).not.toContain(target.orderId);
    expect((await api().get(`/c/${other}/order/${target.orderId}`, tokens.other)).status).toBe(404);
  });
});
