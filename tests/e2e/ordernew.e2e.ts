import { eventually } from '@kanban/testing';
import { ordersCreatedEvents } from '../support/orders-sql';
import { meta, ok, signInDemo, startSystem, type TestSystem } from '../support/system';

/**
 * New orders by hand (`POST [/customer/{c}]/location/{l}/order`, docs/replenishment.md "Orders by hand") in both
 * run modes: every check with its code and field, nothing written on an error, one order per supplier, the
 * one-open-line-per-rule refusal, the outbox event, roles and tenancy.
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

let serial = 0;
let customerId: number;
let locationId: number;
const items: Record<string, any> = {};
const path = (c = customerId, l = locationId) => `/c/${demo}/customer/${c}/location/${l}/order`;

async function newItem(body: Record<string, unknown>, customer = customerId): Promise<any> {
  const sku = `MAN-${++serial}`;
  return ok(await api().post(`/c/${demo}/customer/${customer}/item`, { sku, name: `Manual ${sku}`, catalog_id: catalogs['Normteile 2026'], order_unit: 'PAK', ...body }, tokens.writer));
}
async function rule(itemId: number, location = locationId): Promise<any> {
  return ok(await api().post(`/c/${demo}/rules`, { location_id: location, item_id: itemId, threshold: 1, capacity: 100, stock: 50 }, tokens.writer));
}
async function orderCount(): Promise<number> {
  return ok(await api().get(`/c/${demo}/customer/${customerId}/location/${locationId}/order`, tokens.admin)).total;
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
  customerId = customers['K-10001']!;
  locationId = ok(await api().post(`/c/${demo}/customer/${customerId}/location/`, { name: 'Handbestellung', delivery_days: ['tuesday'] }, tokens.writer)).id;
  items.bolt = await newItem({ min_order_quantity: 2, order_quantity: 2, max_order_quantity: 10, order_quantity_increment: 2, lead_time_days: 1 });
  items.glove = await newItem({ catalog_id: catalogs['Arbeitsschutz'], order_unit: 'PAAR', min_order_quantity: 1, order_quantity_increment: 0.5 });
  items.norule = await newItem({});
  items.service = await newItem({ order_unit: 'H' });
  await rule(items.bolt.id);
  await rule(items.glove.id);
}, 240_000);

afterAll(async () => {
  await system?.close();
});

describe('checks (nothing written on an error)', () => {
  it('names the line and field of each failed check', async () => {
    const cases: [Record<string, unknown>[], number, string][] = [
      [[{ item_id: items.bolt.id, quantity: 1 }], 1014, 'lines[0].quantity'],
      [[{ item_id: items.glove.id, quantity: 1 }, { item_id: items.bolt.id, quantity: 12 }], 1015, 'lines[1].quantity'],
      [[{ item_id: items.bolt.id, quantity: 5 }], 1016, 'lines[0].quantity'],
      [[{ item_id: items.glove.id, quantity: 1.25 }], 1016, 'lines[0].quantity'],
      [[{ item_id: items.bolt.id, quantity: 4, unit: 'STK' }], 1017, 'lines[0].unit'],
      [[{ item_id: items.bolt.id, quantity: 4, sku: 'WRONG' }], 1017, 'lines[0].sku'],
      [[{ item_id: items.glove.id, quantity: 1 }, { item_id: items.norule.id, quantity: 1 }], 1040, 'lines[1].item_id'],
      [[{ item_id: items.service.id, quantity: 1 }], 1040, 'lines[0].item_id'],
      [[{ item_id: 99999999, quantity: 1 }], 1000, 'lines[0].item_id'],
      [[{ item_id: items.bolt.id, quantity: 0 }], 1000, 'lines[0].quantity'],
      [[{ item_id: items.bolt.id, quantity: 2 }, { item_id: items.bolt.id, quantity: 4 }], 1000, 'lines[1].item_id'],
      [[], 1000, 'lines'],
    ];
    for (const [lines, code, field] of cases) {
      expect({ lines, ...meta(await api().post(path(), { lines }, tokens.writer)) }).toMatchObject({ lines, code, field });
    }
    expect(meta(await api().post(path(), { lines: 'x' }, tokens.writer))).toMatchObject({ code: 1000, field: 'lines' });
    expect(await orderCount()).toBe(0);
  });

  it('answers every bad line at once: 1000 naming the first, Data.errors each line with its field, catalogue code and params', async () => {
    const lines = [
      { item_id: items.bolt.id, quantity: 1 },
      { item_id: items.glove.id, quantity: 1.5 },
      { item_id: items.glove.id, quantity: 2 },
      { item_id: items.norule.id, quantity: 1, unit: 'KG' },
      { item_id: items.bolt.id, quantity: 0 },
    ];
    const answer = await api().post(path(), { lines: [lines[0], { item_id: items.glove.id, quantity: 1.25 }, lines[3], { item_id: 99999999, quantity: 1 }] }, tokens.writer);
    expect(answer.status).toBe(422);
    expect(meta(answer)).toMatchObject({ code: 1000, field: 'lines[0].quantity' });
    expect(answer.body.Data.errors).toEqual([
      { field: 'lines[0].quantity', code: 1014, message: 'the minimum order quantity is 2', params: { moq: 2, unit: 'PAK' } },
      { field: 'lines[1].quantity', code: 1016, message: 'the quantity must be a multiple of 0.5', params: { increment: 0.5, unit: 'PAAR' } },
      { field: 'lines[2].item_id', code: 1040, message: 'no kanban rule for this item at the location', params: { reason: 'no_rule' } },
      { field: 'lines[2].unit', code: 1017, message: 'the item is ordered in PAK', params: { unit: 'PAK', units: 'PAK' } },
      { field: 'lines[3].item_id', code: 1000, message: 'unknown item', params: { reason: 'unknown' } },
    ]);
    // shape problems (quantity 0, an item twice) come in the same list as the item checks
    const shaped = await api().post(path(), { lines: [lines[1], lines[2], lines[4]] }, tokens.writer);
    expect(meta(shaped)).toMatchObject({ code: 1000, field: 'lines[1].item_id' });
    expect(shaped.body.Data.errors.map((e: any) => [e.field, e.code, e.params.reason])).toEqual([
      ['lines[1].item_id', 1000, 'twice'],
      ['lines[2].quantity', 1000, 'positive'],
    ]);
    // a single bad line keeps its own code, with the same list of one
    const one = await api().post(path(), { lines: [lines[1], lines[0]] }, tokens.writer);
    expect(meta(one)).toMatchObject({ code: 1014, field: 'lines[1].quantity' });
    expect(one.body.Data.errors).toEqual([expect.objectContaining({ field: 'lines[1].quantity', code: 1014, params: { moq: 2, unit: 'PAK' } })]);
    expect(await orderCount()).toBe(0);
  });

  it('searches the items for a new order: orderable ones first with supplier and catalog, the others with the reason', async () => {
    const search = (q: string, token = tokens.writer) => api().get(`/c/${demo}/customer/${customerId}/location/${locationId}/orderable_items?q=${encodeURIComponent(q)}`, token);
    const found = ok(await search('Manual MAN-')).items;
    const bolt = found.find((i: any) => i.id === items.bolt.id);
    expect(bolt).toMatchObject({
      sku: items.bolt.sku,
      supplier_name: 'Schraubenwerk Franken GmbH',
      catalog_name: 'Normteile 2026',
      order_unit: 'PAK',
      min_order_quantity: 2,
      max_order_quantity: 10,
      order_quantity_increment: 2,
      orderable: true,
      reason: null,
      open_order_id: null,
    });
    expect(found.find((i: any) => i.id === items.norule.id)).toMatchObject({ orderable: false, reason: 'no_rule', rule_id: null });
    const firstNot = found.findIndex((i: any) => !i.orderable);
    expect(found.slice(0, firstNot).every((i: any) => i.orderable)).toBe(true);
    expect(found.slice(firstNot).every((i: any) => !i.orderable)).toBe(true);
    expect(ok(await search(items.glove.sku)).items.map((i: any) => i.id)).toEqual([items.glove.id]);
    expect(meta(await search('M'))).toMatchObject({ code: 1000, field: 'q' });
    expect(meta(await search('Manual', tokens.readonly)).code).toBe(1020);
    expect((await api().get(`/c/${demo}/customer/${customers['K-10002']!}/location/${locationId}/orderable_items?q=Manual`, tokens.writer)).status).toBe(404);
  });

  it('1039 for an inactive location, 1038 for a customer without rules, 404 for a location of another customer', async () => {
    const idle = ok(await api().post(`/c/${demo}/customer/${customerId}/location/`, { name: 'Stillgelegt' }, tokens.writer)).id;
    await rule(items.bolt.id, idle);
    ok(await api().get(`/c/${demo}/customer/${customerId}/location/${idle}/toggleActive?active=0`, tokens.writer));
    expect(meta(await api().post(path(customerId, idle), { lines: [{ item_id: items.bolt.id, quantity: 4 }] }, tokens.writer)).code).toBe(1039);
    const bare = ok(await api().post(`/c/${demo}/customer/`, { name: 'Ohne Regeln GmbH' }, tokens.writer)).id;
    const bareLocation = ok(await api().post(`/c/${demo}/customer/${bare}/location/`, { name: 'Lager' }, tokens.writer)).id;
    const bareItem = await newItem({}, bare);
    expect(meta(await api().post(path(bare, bareLocation), { lines: [{ item_id: bareItem.id, quantity: 1 }] }, tokens.writer)).code).toBe(1038);
    expect((await api().post(path(customers['K-10002']!, locationId), { lines: [{ item_id: items.bolt.id, quantity: 4 }] }, tokens.writer)).status).toBe(404);
    // an item of another customer is unknown here
    expect(meta(await api().post(path(), { lines: [{ item_id: bareItem.id, quantity: 1 }] }, tokens.writer))).toMatchObject({ code: 1000, field: 'lines[0].item_id' });
  });

  it('1032 for a service (time-tracking) line while the customer has no service fee item; with one the line needs no rule', async () => {
    ok(await api().patch(`/c/${demo}/customer/${customerId}`, { time_tracking_item_id: items.service.id }, tokens.writer));
    expect(meta(await api().post(path(), { lines: [{ item_id: items.service.id, quantity: 2 }] }, tokens.writer))).toMatchObject({ code: 1032, field: 'lines[0].item_id' });
    const fee = await newItem({ order_unit: 'EUR' });
    ok(await api().patch(`/c/${demo}/customer/${customerId}`, { service_fee_item_id: fee.id }, tokens.writer));
    const reply = ok(await api().post(path(), { lines: [{ item_id: items.service.id, quantity: 2 }] }, tokens.writer));
    expect(reply.orders[0].lines).toEqual([expect.objectContaining({ item_id: items.service.id, rule_id: null, quantity: 2, unit: 'H', status: 'open' })]);
    ok(await api().patch(`/c/${demo}/customer/${customerId}`, { time_tracking_item_id: 0, service_fee_item_id: 0 }, tokens.writer));
  });
});

describe('creating', () => {
  let created: any[];

  it('creates one order per supplier, source manual, by the user, with open lines, shipping on a delivery day and an R event', async () => {
    const before = await orderCount();
    const reply = ok(
      await api().post(
        path(),
        { lines: [{ item_id: items.bolt.id, quantity: 4, unit: 'PAK', sku: items.bolt.sku }, { item_id: items.glove.id, quantity: 1.5 }], comment: 'dringend' },
        tokens.customer,
      ),
    );
    expect(reply.requests).toBe(false);
    created = reply.orders;
    expect(created).toHaveLength(2);
    expect(await orderCount()).toBe(before + 2);
    const bySupplier = Object.fromEntries(created.map((o: any) => [o.supplier, o]));
    expect(bySupplier['Schraubenwerk Franken GmbH']).toMatchObject({
      customer_id: customerId,
      location_id: locationId,
      location: 'Handbestellung',
      source: 'manual',
      status: 'open',
      created_by: ids.customer,
      comment: 'dringend',
      line_count: 1,
      lines: [expect.objectContaining({ pos: 1, item_id: items.bolt.id, quantity: 4, unit: 'PAK', status: 'open' })],
      history: [expect.objectContaining({ type: 'R', text: 'ordered by hand', user_id: ids.customer })],
    });
    const line = bySupplier['Schraubenwerk Franken GmbH'].lines[0];
    expect(new Date(`${line.shipping}T00:00:00Z`).getUTCDay()).toBe(2); // Tuesday, the location's delivery day
    expect(Object.values(bySupplier).map((o: any) => o.lines[0].sku).sort()).toEqual([items.bolt.sku, items.glove.sku].sort());
    // counted as on order by the rule
    const rules = ok(await api().get(`/c/${demo}/rules?location_id=${locationId}`, tokens.admin)).items;
    expect(rules.find((r: any) => r.item_id === items.bolt.id).on_order).toBe(4);
  });

  it('refuses a second open line of the same rule (1059 naming the line) and writes nothing', async () => {
    const before = await orderCount();
    const answer = meta(await api().post(path(), { lines: [{ item_id: items.bolt.id, quantity: 2 }] }, tokens.writer));
    expect(answer).toMatchObject({ code: 1059, field: 'lines[0].item_id' });
    const holder = created.find((o: any) => o.lines[0].item_id === items.bolt.id).id;
    expect(answer.message).toContain(String(holder));
    // the answer names the order that holds the item, to link it; the search says so before
    const held = await api().post(path(), { lines: [{ item_id: items.bolt.id, quantity: 2 }, { item_id: items.glove.id, quantity: 0.5 }] }, tokens.writer);
    expect(meta(held)).toMatchObject({ code: 1000, field: 'lines[0].item_id' });
    expect(held.body.Data.errors.map((e: any) => [e.field, e.code, e.params])).toEqual([
      ['lines[0].item_id', 1059, { order_id: holder }],
      ['lines[1].item_id', 1059, { order_id: created.find((o: any) => o.lines[0].item_id === items.glove.id).id }],
      ['lines[1].quantity', 1014, { moq: 1, unit: 'PAAR' }],
    ]);
    const search = ok(await api().get(`/c/${demo}/customer/${customerId}/location/${locationId}/orderable_items?q=${items.bolt.sku}`, tokens.writer)).items;
    expect(search).toEqual([expect.objectContaining({ id: items.bolt.id, orderable: true, open_order_id: holder })]);
    expect(await orderCount()).toBe(before);
    // once the order is updated to OK, the rule has no open line and may be ordered again
    const bolt = created.find((o: any) => o.lines[0].item_id === items.bolt.id);
    ok(await api().patch(`/c/${demo}/order/${bolt.id}`, { ext_status: 1 }, tokens.writer));
    expect(ok(await api().post(path(), { lines: [{ item_id: items.bolt.id, quantity: 2 }] }, tokens.writer)).orders).toHaveLength(1);
  });

  it('takes a line in the item unit, converted to order units', async () => {
    const box = await newItem({ item_unit: 'STK', order_unit: 'PAK', quantity_per_order_unit: 10, min_order_quantity: 1, order_quantity_increment: 1 });
    await rule(box.id);
    expect(meta(await api().post(path(), { lines: [{ item_id: box.id, quantity: 25, unit: 'STK' }] }, tokens.writer))).toMatchObject({ code: 1016, field: 'lines[0].quantity' });
    const reply = ok(await api().post(path(), { lines: [{ item_id: box.id, quantity: 30, unit: 'STK' }] }, tokens.writer));
    expect(reply.orders[0].lines).toEqual([expect.objectContaining({ item_id: box.id, quantity: 3, unit: 'PAK' })]);
  });

  it('puts evt.orders.created for each order into the outbox', async () => {
    const payloads = await ordersCreatedEvents(system);
    for (const order of created) {
      expect(payloads).toContainEqual(
        expect.objectContaining({ id: order.id, customer_id: customerId, location_id: locationId, run_id: null, trigger: null, lines: [expect.objectContaining({ item_id: order.lines[0].item_id, quantity: order.lines[0].quantity })] }),
      );
    }
  });
});

describe('roles and tenancy', () => {
  it('read-only and supplier users get 1020, the other company 1020, a restricted customer user 404 for another customer', async () => {
    const body = { lines: [{ item_id: items.glove.id, quantity: 1 }] };
    expect(meta(await api().post(path(), body, tokens.readonly)).code).toBe(1020);
    expect(meta(await api().post(path(), body, tokens.supplier)).code).toBe(1020);
    expect(meta(await api().post(path(), body, tokens.other)).code).toBe(1020);
    expect((await api().post(`/c/${other}/customer/${customerId}/location/${locationId}/order`, body, tokens.other)).status).toBe(404);
    const k2 = customers['K-10002']!;
    const k2Location = ok(await api().post(`/c/${demo}/customer/${k2}/location/`, { name: 'K2 Lager' }, tokens.writer)).id;
    // The demo customer user is restricted to K-10001; the restriction reaches the orders service by event.
    const hidden = await eventually(
      async () => {
        const answer = await api().post(path(k2, k2Location), body, tokens.customer);
        return answer.status === 404 ? answer : undefined;
      },
      20_000,
      'the customer user restriction in the orders service',
    );
    expect(hidden.status).toBe(404);
  });
});
