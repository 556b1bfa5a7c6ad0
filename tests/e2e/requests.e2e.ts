import { eventually } from '@kanban/testing';
import { ordersCreatedEvents } from '../support/orders-sql';
import { meta, ok, signInDemo, startSystem, type TestSystem } from '../support/system';

/**
 * Requests (spec 7 `[/customer/{id}][/location/{id}]/requests?days=`, `request/{requestID}`, confirm and reject;
 * docs/replenishment.md "Requests") in both run modes: orders of a customer with the request workflow wait as
 * requests, are not among the orders, hold their rule's open line, and go out only when confirmed.
 */
jest.setTimeout(240_000);

let system: TestSystem;
let demo: number;
let other: number;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const customers: Record<string, number> = {};
const catalogs: Record<string, number> = {};

const api = () => system.api;

let customerId: number;
let locationId: number;
let serial = 0;
const rules: any[] = [];
const items: any[] = [];

async function request(index: number, token = tokens.writer): Promise<any> {
  const reply = ok(await api().post(`/c/${demo}/customer/${customerId}/location/${locationId}/order`, { lines: [{ item_id: items[index].id, quantity: 3 }] }, token));
  expect(reply.requests).toBe(true);
  return reply.orders[0];
}

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
  // K-10001 (the demo customer user's customer) approves its orders.
  customerId = customers['K-10001']!;
  ok(await api().patch(`/c/${demo}/customer/${customerId}`, { use_request_workflow: true }, tokens.writer));
  locationId = ok(await api().post(`/c/${demo}/customer/${customerId}/location/`, { name: 'Freigabe' }, tokens.writer)).id;
  for (let i = 0; i < 4; i++) {
    const sku = `REQ-${++serial}`;
    const item = ok(await api().post(`/c/${demo}/customer/${customerId}/item`, { sku, name: `Request ${sku}`, catalog_id: catalogs['Normteile 2026'], order_unit: 'PAK' }, tokens.writer));
    items.push(item);
    rules.push(ok(await api().post(`/c/${demo}/rules`, { location_id: locationId, item_id: item.id, threshold: 1, capacity: 10, stock: 8 }, tokens.writer)));
  }
}, 240_000);

afterAll(async () => {
  await system?.close();
});

describe('requests', () => {
  let waiting: any;

  it('a new order of such a customer waits as a request: listed among requests, not among orders, no event yet', async () => {
    waiting = await request(0);
    expect(waiting).toMatchObject({ status: 'request', source: 'manual', lines: [expect.objectContaining({ status: 'open', quantity: 3 })] });
    expect(waiting.history).toEqual([expect.objectContaining({ type: 'R', code: 'manual_request', params: {}, text: 'ordered by hand, waiting for approval' })]);
    for (const list of [`/c/${demo}/requests`, `/c/${demo}/customer/${customerId}/requests`, `/c/${demo}/customer/${customerId}/location/${locationId}/requests?days=7`]) {
      expect(ok(await api().get(list, tokens.readonly)).items.map((o: any) => o.id)).toContain(waiting.id);
    }
    expect(ok(await api().get(`/c/${demo}/order`, tokens.admin)).items.map((o: any) => o.id)).not.toContain(waiting.id);
    expect(ok(await api().get(`/c/${demo}/request/${waiting.id}`, tokens.customer))).toMatchObject({ id: waiting.id, status: 'request', lines: [expect.anything()] });
    expect(ok(await api().get(`/c/${demo}/customer/${customerId}/request/${waiting.id}`, tokens.admin)).id).toBe(waiting.id);
    expect((await ordersCreatedEvents(system)).map((e) => e.id)).not.toContain(waiting.id);
    // the open line holds the rule: a second request of the item is refused, the run finds it on order
    expect(meta(await api().post(`/c/${demo}/customer/${customerId}/location/${locationId}/order`, { lines: [{ item_id: items[0].id, quantity: 1 }] }, tokens.writer))).toMatchObject({
      code: 1059,
      field: 'lines[0].item_id',
    });
    const run = ok(await api().post(`/c/${demo}/rules/${rules[0].id}/stock`, { stock: 0 }, tokens.writer));
    expect(run.decision.reason).toBe('already_on_order');
    // updating a request to OK is refused: it must be confirmed first
    expect(meta(await api().patch(`/c/${demo}/order/${waiting.id}`, { ext_status: 1 }, tokens.writer))).toMatchObject({ code: 1000, field: 'ext_status' });
  });

  it('confirming opens the order, records who did it and sends evt.orders.created; a second confirm answers 1000 status', async () => {
    const confirmed = ok(await api().post(`/c/${demo}/customer/${customerId}/request/${waiting.id}/confirm`, {}, tokens.customer));
    expect(confirmed).toMatchObject({ id: waiting.id, status: 'open', lines: [expect.objectContaining({ status: 'open' })] });
    expect(confirmed.history.at(-1)).toMatchObject({ type: 'U', code: 'request_confirmed', params: {}, text: 'request confirmed', user_id: ids.customer });
    const event = (await ordersCreatedEvents(system)).find((e) => e.id === waiting.id);
    expect(event).toMatchObject({ customer_id: customerId, location_id: locationId, run_id: null, trigger: null, lines: [expect.objectContaining({ item_id: items[0].id, quantity: 3, rule_id: rules[0].id })] });
    expect(ok(await api().get(`/c/${demo}/order`, tokens.admin)).items.map((o: any) => o.id)).toContain(waiting.id);
    expect(ok(await api().get(`/c/${demo}/requests`, tokens.admin)).items.map((o: any) => o.id)).not.toContain(waiting.id);
    expect((await api().get(`/c/${demo}/request/${waiting.id}`, tokens.admin)).status).toBe(404);
    expect(meta(await api().post(`/c/${demo}/request/${waiting.id}/confirm`, {}, tokens.admin))).toMatchObject({ code: 1000, field: 'status' });
    expect(meta(await api().post(`/c/${demo}/request/${waiting.id}/reject`, {}, tokens.admin))).toMatchObject({ code: 1000, field: 'status' });
  });

  it('rejecting cancels order and lines with the reason in the history; the rule may order again', async () => {
    const second = await request(1);
    const rejected = ok(await api().post(`/c/${demo}/request/${second.id}/reject`, { reason: 'zu teuer' }, tokens.writer));
    expect(rejected).toMatchObject({ status: 'cancelled', lines: [expect.objectContaining({ status: 'cancelled' })] });
    expect(rejected.history.at(-1)).toEqual(expect.objectContaining({ type: 'U', code: 'request_rejected', params: { reason: 'zu teuer' }, text: 'request rejected: zu teuer', user_id: ids.writer }));
    expect((await ordersCreatedEvents(system)).map((e) => e.id)).not.toContain(second.id);
    expect(ok(await api().get(`/c/${demo}/rules/${rules[1].id}`, tokens.admin)).on_order).toBe(0);
    const again = await request(1);
    expect(again.status).toBe('request');
    expect(meta(await api().post(`/c/${demo}/request/${again.id}/reject`, { reason: 'x'.repeat(501) }, tokens.writer))).toMatchObject({ code: 1000, field: 'reason' });
    // without a reason
    const bare = ok(await api().post(`/c/${demo}/request/${again.id}/reject`, { reason: '  ' }, tokens.writer));
    expect(bare.history.at(-1)).toEqual(expect.objectContaining({ type: 'U', code: 'request_rejected', params: { reason: null }, text: 'request rejected' }));
  });

  it('a requisition run of such a customer creates requests too, confirmed like the others', async () => {
    const run = ok(await api().post(`/c/${demo}/rules/${rules[2].id}/stock`, { stock: 0 }, tokens.writer));
    expect(run.decision.reason).toBe('ordered');
    const listed = ok(await api().get(`/c/${demo}/customer/${customerId}/location/${locationId}/requests`, tokens.admin)).items.map((o: any) => o.id);
    // the run wrote it as a request, without evt.orders.created; confirming sends it with the run's id and trigger
    expect(listed).toContain(run.decision.order_id);
    expect((await ordersCreatedEvents(system)).map((e) => e.id)).not.toContain(run.decision.order_id);
    expect(ok(await api().get(`/c/${demo}/request/${run.decision.order_id}`, tokens.admin)).history).toEqual([
      expect.objectContaining({ type: 'R', code: 'requisition_run', params: { run_id: run.decision.run_id, trigger: 'stock' }, text: `requisition run ${run.decision.run_id} (stock)` }),
    ]);
    ok(await api().post(`/c/${demo}/request/${run.decision.order_id}/confirm`, {}, tokens.writer));
    expect(ok(await api().get(`/c/${demo}/order/${run.decision.order_id}`, tokens.admin)).status).toBe('open');
    expect((await ordersCreatedEvents(system)).find((e) => e.id === run.decision.order_id)).toMatchObject({
      trigger: 'stock',
      run_id: expect.any(Number),
      lines: [expect.objectContaining({ rule_id: rules[2].id })],
    });
  });

  it('checks roles, scope and tenancy', async () => {
    const third = await request(3);
    expect(meta(await api().post(`/c/${demo}/request/${third.id}/confirm`, {}, tokens.readonly)).code).toBe(1020);
    expect(meta(await api().post(`/c/${demo}/request/${third.id}/reject`, {}, tokens.readonly)).code).toBe(1020);
    expect(meta(await api().get(`/c/${demo}/requests`, tokens.supplier)).code).toBe(1020);
    expect(meta(await api().post(`/c/${demo}/request/${third.id}/confirm`, {}, tokens.supplier)).code).toBe(1020);
    expect(meta(await api().get(`/c/${demo}/requests`, tokens.other)).code).toBe(1020);
    expect(meta(await api().post(`/c/${demo}/request/${third.id}/confirm`, {}, tokens.other)).code).toBe(1020);
    expect((await api().post(`/c/${other}/request/${third.id}/confirm`, {}, tokens.other)).status).toBe(404);
    expect((await api().get(`/c/${other}/request/${third.id}`, tokens.other)).status).toBe(404);
    expect((await api().post(`/c/${demo}/customer/${customers['K-10002']}/request/${third.id}/confirm`, {}, tokens.admin)).status).toBe(404);
    expect(meta(await api().get(`/c/${demo}/requests?days=0`, tokens.admin))).toMatchObject({ code: 1000, field: 'days' });
    // a customer user restricted to K-10001 sees no request of K-10002
    const k2 = customers['K-10002']!;
    ok(await api().patch(`/c/${demo}/customer/${k2}`, { use_request_workflow: true }, tokens.writer));
    const k2Location = ok(await api().post(`/c/${demo}/customer/${k2}/location/`, { name: 'K2 Freigabe' }, tokens.writer)).id;
    const k2Item = ok(await api().post(`/c/${demo}/customer/${k2}/item`, { sku: 'REQ-K2', name: 'K2', catalog_id: catalogs['Normteile 2026'] }, tokens.writer));
    ok(await api().post(`/c/${demo}/rules`, { location_id: k2Location, item_id: k2Item.id, threshold: 1, capacity: 10, stock: 8 }, tokens.writer));
    const k2Request = ok(await api().post(`/c/${demo}/customer/${k2}/location/${k2Location}/order`, { lines: [{ item_id: k2Item.id, quantity: 1 }] }, tokens.writer)).orders[0];
    // the restriction reaches the orders service by event
    await eventually(
      async () => (ok(await api().get(`/c/${demo}/requests`, tokens.customer)).items.some((o: any) => o.id === k2Request.id) ? undefined : true),
      20_000,
      'the customer user restriction in the orders service',
    );
    expect((await api().post(`/c/${demo}/request/${k2Request.id}/confirm`, {}, tokens.customer)).status).toBe(404);
    expect(ok(await api().post(`/c/${demo}/request/${k2Request.id}/confirm`, {}, tokens.admin)).status).toBe('open');
  });
});
