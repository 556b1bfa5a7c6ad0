import { eventually } from '@kanban/testing';
import { meta, ok, signInDemo, startSystem, type TestSystem } from '../support/system';

/**
 * The ordering flags of locations and customers (docs/ordering-flags.md) in both run modes: deltakanban (fill-up or
 * classic kanban), adhoc (orders by hand without a rule), the location's service fee line, time tracking (a service
 * visit as a line and a T event) and show_stock_in_app (customer users see stock only when it is on).
 */
jest.setTimeout(240_000);

let system: TestSystem;
let demo: number;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const customers: Record<string, number> = {};
const catalogs: Record<string, number> = {};
const api = () => system.api;

let serial = 0;
let customerId: number;

async function newItem(body: Record<string, unknown>): Promise<any> {
  const sku = `FLAG-${++serial}`;
  return ok(await api().post(`/c/${demo}/customer/${customerId}/item`, { sku, name: `Flag ${sku}`, catalog_id: catalogs['Normteile 2026'], order_unit: 'PAK', ...body }, tokens.writer));
}
async function newLocation(body: Record<string, unknown>): Promise<any> {
  return ok(await api().post(`/c/${demo}/customer/${customerId}/location/`, { name: `Flags ${++serial}`, ...body }, tokens.writer));
}
async function rule(locationId: number, itemId: number, levels: Record<string, number> = {}): Promise<any> {
  return ok(await api().post(`/c/${demo}/rules`, { location_id: locationId, item_id: itemId, threshold: 5, capacity: 20, stock: 10, ...levels }, tokens.writer));
}
const orderPath = (locationId: number) => `/c/${demo}/customer/${customerId}/location/${locationId}/order`;

beforeAll(async () => {
  system = await startSystem();
  const signedIn = await signInDemo(system);
  Object.assign(tokens, signedIn.tokens);
  Object.assign(ids, signedIn.ids);
  ({ demo } = signedIn);
  for (const c of ok(await api().get(`/c/${demo}/customer?all=1&per_page=200`, tokens.admin)).items) customers[c.nr] = c.id;
  for (const s of ok(await api().get(`/c/${demo}/supplier?all=1&per_page=200`, tokens.admin)).items) {
    for (const k of ok(await api().get(`/c/${demo}/supplier/${s.id}/catalog`, tokens.admin)).items) catalogs[k.name] = k.id;
  }
  customerId = customers['K-10001']!;
}, 240_000);

afterAll(async () => {
  await system?.close();
});

describe('deltakanban', () => {
  it('is on for a new location; on fills up to capacity, off orders the item\'s fixed order quantity', async () => {
    const delta = await newLocation({});
    expect(delta.deltakanban).toBe(true);
    const classic = await newLocation({ deltakanban: false });
    expect(classic.deltakanban).toBe(false);
    const item = await newItem({ min_order_quantity: 1, order_quantity: 8, order_quantity_increment: 1 });
    const fillUp = await rule(delta.id, item.id, { threshold: 10, capacity: 30, stock: 20 });
    const fixed = await rule(classic.id, item.id, { threshold: 10, capacity: 30, stock: 20 });
    const a = ok(await api().post(`/c/${demo}/rules/${fillUp.id}/stock`, { stock: 3 }, tokens.writer));
    expect(a.decision).toMatchObject({ reason: 'ordered', quantity: 27 });
    const b = ok(await api().post(`/c/${demo}/rules/${fixed.id}/stock`, { stock: 3 }, tokens.writer));
    expect(b.decision).toMatchObject({ reason: 'ordered', quantity: 8 });
    // with 8 confirmed on order and an empty bin, classic kanban has nothing left to order (8 - 8)
    const orders = ok(await api().get(`${orderPath(classic.id)}`, tokens.admin)).items;
    ok(await api().patch(`/c/${demo}/order/${orders[0].id}`, { ext_status: 1 }, tokens.writer));
    expect(ok(await api().post(`/c/${demo}/rules/${fixed.id}/stock`, { stock: 0 }, tokens.writer)).decision).toMatchObject({ reason: 'nothing_to_order', on_order: 8 });
    // switched on, the same rule fills up (the location's change reaches the orders service by event)
    ok(await api().patch(`/c/${demo}/customer/${customerId}/location/${classic.id}`, { deltakanban: true }, tokens.writer));
    const again = await eventually(
      async () => {
        const reply = ok(await api().get(`/c/${demo}/rules/${fixed.id}/execute`, tokens.writer));
        return reply.decision?.reason === 'ordered' ? reply : undefined;
      },
      20_000,
      'deltakanban on in the orders service',
    );
    // capacity 30 - stock 0 - 8 on order
    expect(again.decision).toMatchObject({ reason: 'ordered', quantity: 22, on_order: 8 });
  });
});

describe('adhoc', () => {
  it('off: a line without a rule answers 1040; on: it is ordered without a rule, with the item\'s supplier and catalog, and the search offers it as ad hoc', async () => {
    const plain = await newLocation({});
    const open = await newLocation({ adhoc: true });
    const withRule = await newItem({});
    const without = await newItem({});
    await rule(plain.id, withRule.id, { stock: 50 });
    await rule(open.id, withRule.id, { stock: 50 });
    expect(meta(await api().post(orderPath(plain.id), { lines: [{ item_id: without.id, quantity: 2 }] }, tokens.customer))).toMatchObject({
      code: 1040,
      field: 'lines[0].item_id',
    });
    const searchPlain = ok(await api().get(`/c/${demo}/customer/${customerId}/location/${plain.id}/orderable_items?q=${without.sku}`, tokens.writer)).items;
    expect(searchPlain).toEqual([expect.objectContaining({ id: without.id, orderable: false, reason: 'no_rule', adhoc: false })]);
    const searchOpen = ok(await api().get(`/c/${demo}/customer/${customerId}/location/${open.id}/orderable_items?q=${without.sku}`, tokens.writer)).items;
    expect(searchOpen).toEqual([expect.objectContaining({ id: without.id, orderable: true, reason: null, adhoc: true, rule_id: null })]);
    const reply = ok(await api().post(orderPath(open.id), { lines: [{ item_id: without.id, quantity: 2 }, { item_id: withRule.id, quantity: 1 }] }, tokens.customer));
    expect(reply.orders).toHaveLength(1);
    const lines = reply.orders[0].lines;
    expect(lines.find((l: any) => l.item_id === without.id)).toMatchObject({ rule_id: null, quantity: 2, supplier: 'Schraubenwerk Franken GmbH', catalog: 'Normteile 2026', status: 'open' });
    expect(lines.find((l: any) => l.item_id === withRule.id).rule_id).not.toBeNull();
    // ad hoc lines hold no rule: the same item may be ordered again at once
    expect(ok(await api().post(orderPath(open.id), { lines: [{ item_id: without.id, quantity: 1 }] }, tokens.customer)).orders).toHaveLength(1);
  });

  it('on: a customer without any kanban rule may still order ad hoc (no 1038)', async () => {
    const bare = ok(await api().post(`/c/${demo}/customer`, { name: `Ad hoc ${++serial}` }, tokens.writer)).id;
    const where = ok(await api().post(`/c/${demo}/customer/${bare}/location/`, { name: 'Lager', adhoc: true }, tokens.writer)).id;
    const closed = ok(await api().post(`/c/${demo}/customer/${bare}/location/`, { name: 'Lager 2' }, tokens.writer)).id;
    const item = ok(await api().post(`/c/${demo}/customer/${bare}/item`, { sku: `FLAG-${++serial}`, name: 'Ad hoc', catalog_id: catalogs['Normteile 2026'], order_unit: 'PAK' }, tokens.writer));
    expect(meta(await api().post(`/c/${demo}/customer/${bare}/location/${closed}/order`, { lines: [{ item_id: item.id, quantity: 1 }] }, tokens.writer)).code).toBe(1038);
    const reply = ok(await api().post(`/c/${demo}/customer/${bare}/location/${where}/order`, { lines: [{ item_id: item.id, quantity: 1 }] }, tokens.writer));
    expect(reply.orders[0].lines).toEqual([expect.objectContaining({ item_id: item.id, rule_id: null })]);
  });
});

describe('location service fee', () => {
  it('asked for without an item: 1032 at service_fee_item_id; the customer\'s item, else the location\'s, one line per order with the quantity', async () => {
    const fee = await newItem({ order_unit: 'EUR' });
    const locationFee = await newItem({ order_unit: 'EUR' });
    const goods = await newItem({});
    const other = await newItem({ catalog_id: catalogs['Arbeitsschutz'], order_unit: 'PAAR' });
    const at = await newLocation({ service_fee_quantity: 12.5 });
    await rule(at.id, goods.id, { stock: 50 });
    await rule(at.id, other.id, { stock: 50 });
    const body = { lines: [{ item_id: goods.id, quantity: 1 }, { item_id: other.id, quantity: 1 }] };
    const refused = await api().post(orderPath(at.id), body, tokens.writer);
    expect(meta(refused)).toMatchObject({ code: 1032, field: 'service_fee_item_id' });
    expect(refused.body.Data.errors).toEqual([expect.objectContaining({ field: 'service_fee_item_id', code: 1032, params: { reason: 'no_service_fee_item' } })]);
    // the customer's service fee item
    ok(await api().patch(`/c/${demo}/customer/${customerId}`, { service_fee_item_id: fee.id }, tokens.writer));
    try {
      const reply = ok(await api().post(orderPath(at.id), body, tokens.writer));
      expect(reply.orders).toHaveLength(2);
      for (const order of reply.orders) {
        const feeLines = order.lines.filter((l: any) => l.item_id === fee.id);
        expect(feeLines).toEqual([expect.objectContaining({ rule_id: null, quantity: 12.5, unit: 'EUR', pos: order.lines.length })]);
      }
      // the location's own item overrides the customer's
      ok(await api().patch(`/c/${demo}/customer/${customerId}/location/${at.id}`, { service_fee_item_id: locationFee.id, service_fee_quantity: 3 }, tokens.writer));
      const orders = ok(await api().get(orderPath(at.id), tokens.admin)).items;
      for (const o of orders) ok(await api().patch(`/c/${demo}/order/${o.id}`, { ext_status: 1 }, tokens.writer));
      const second = ok(await api().post(orderPath(at.id), { lines: [{ item_id: goods.id, quantity: 1 }] }, tokens.writer));
      expect(second.orders[0].lines).toEqual([
        expect.objectContaining({ item_id: goods.id }),
        expect.objectContaining({ item_id: locationFee.id, rule_id: null, quantity: 3, pos: 2 }),
      ]);
      // no fee asked for (quantity 0): no fee line
      const none = await newLocation({ service_fee_item_id: locationFee.id });
      await rule(none.id, goods.id, { stock: 50 });
      const plain = ok(await api().post(orderPath(none.id), { lines: [{ item_id: goods.id, quantity: 1 }] }, tokens.writer));
      expect(plain.orders[0].lines.map((l: any) => l.item_id)).toEqual([goods.id]);
    } finally {
      ok(await api().patch(`/c/${demo}/customer/${customerId}`, { service_fee_item_id: 0 }, tokens.writer));
    }
  });
});

describe('location service fee of requisition runs', () => {
  it('a run\'s order gets the fee line after its goods; without a fee item the run orders without it', async () => {
    const fee = await newItem({ order_unit: 'EUR' });
    const goods = await newItem({});
    const at = await newLocation({ service_fee_item_id: fee.id, service_fee_quantity: 4 });
    const due = await rule(at.id, goods.id, { stock: 50 });
    const run = ok(await api().post(`/c/${demo}/rules/${due.id}/stock`, { stock: 1 }, tokens.writer));
    expect(run.decision).toMatchObject({ reason: 'ordered' });
    const order = ok(await api().get(`/c/${demo}/order/${run.decision.order_id}`, tokens.writer));
    expect(order.lines).toEqual([
      expect.objectContaining({ item_id: goods.id, rule_id: due.id, pos: 1 }),
      expect.objectContaining({ item_id: fee.id, rule_id: null, quantity: 4, unit: 'EUR', pos: 2 }),
    ]);
    // a fee asked for, but neither the location nor the customer has an item: the run still orders, without it
    const bare = await newLocation({ service_fee_quantity: 4 });
    const other = await rule(bare.id, (await newItem({})).id, { stock: 50 });
    const plain = ok(await api().post(`/c/${demo}/rules/${other.id}/stock`, { stock: 1 }, tokens.writer));
    expect(plain.decision).toMatchObject({ reason: 'ordered' });
    expect(ok(await api().get(`/c/${demo}/order/${plain.decision.order_id}`, tokens.writer)).lines).toHaveLength(1);
  });
});

describe('time tracking', () => {
  it('adds a line of the time-tracking item and a T event; without the item 1032 at time_tracking_item_id; checks minutes and roles', async () => {
    const at = await newLocation({});
    const goods = await newItem({});
    await rule(at.id, goods.id, { stock: 50 });
    const order = ok(await api().post(orderPath(at.id), { lines: [{ item_id: goods.id, quantity: 1 }] }, tokens.writer)).orders[0];
    const visit = (body: unknown, token = tokens.writer, path = `/c/${demo}/order/${order.id}/timetracking`) => api().post(path, body, token);
    expect(meta(await visit({ minutes: 45 }))).toMatchObject({ code: 1032, field: 'time_tracking_item_id' });
    expect(meta(await visit({ minutes: 45 })).message).toContain('no time tracking item');
    const hours = await newItem({ order_unit: 'HUR' });
    ok(await api().patch(`/c/${demo}/customer/${customerId}`, { time_tracking_item_id: hours.id }, tokens.writer));
    try {
      expect(meta(await visit({ minutes: 0 }))).toMatchObject({ code: 1000, field: 'minutes' });
      expect(meta(await visit({ minutes: 1441 }))).toMatchObject({ code: 1000, field: 'minutes' });
      expect(meta(await visit({ minutes: 45 }, tokens.customer)).code).toBe(1020);
      expect(meta(await visit({ minutes: 45 }, tokens.readonly)).code).toBe(1020);
      const answer = ok(await visit({ minutes: 45, comment: 'Regale gezählt; "B3" nachgefüllt 👍' }, tokens.writer, `/c/${demo}/customer/${customerId}/location/${at.id}/order/${order.id}/timetracking`));
      expect(answer.lines).toEqual([
        expect.objectContaining({ pos: 1, item_id: goods.id }),
        expect.objectContaining({ pos: 2, item_id: hours.id, rule_id: null, quantity: 0.75, unit: 'HUR', status: 'open' }),
      ]);
      const event = answer.history.find((e: any) => e.type === 'T');
      expect(event).toMatchObject({
        code: 'time_tracking',
        params: { minutes: 45, pos: 2, comment: 'Regale gezählt; "B3" nachgefüllt 👍' },
        text: 'service visit: 45 minutes (line 2): Regale gezählt; "B3" nachgefüllt 👍',
        user_id: ids.writer,
      });
      // minutes for an item counted in minutes; an order of another location in the path is 404
      const minutes = await newItem({ order_unit: 'MIN' });
      ok(await api().patch(`/c/${demo}/customer/${customerId}`, { time_tracking_item_id: minutes.id }, tokens.writer));
      const again = ok(await visit({ minutes: 20 }));
      expect(again.lines[2]).toMatchObject({ pos: 3, item_id: minutes.id, quantity: 20, unit: 'MIN' });
      const elsewhere = await newLocation({});
      expect((await visit({ minutes: 5 }, tokens.writer, `/c/${demo}/customer/${customerId}/location/${elsewhere.id}/order/${order.id}/timetracking`)).status).toBe(404);
    } finally {
      ok(await api().patch(`/c/${demo}/customer/${customerId}`, { time_tracking_item_id: 0 }, tokens.writer));
    }
  });
});

describe('show_stock_in_app', () => {
  it('customer users see stock only when their customer shows it; staff always; entering a count stays possible', async () => {
    const at = await newLocation({});
    const item = await newItem({});
    const created = await rule(at.id, item.id, { stock: 50 });
    ok(await api().post(`/c/${demo}/rules/${created.id}/stock`, { stock: 40 }, tokens.writer));
    const seen = (token: string) => api().get(`/c/${demo}/rules?location_id=${at.id}`, token).then((a) => ok(a).items[0]);
    // K-10001 does not show stock in the app (demo data): the customer user gets none
    expect(await seen(tokens.customer)).toMatchObject({ id: created.id, stock: null, stock_updated_at: null, stock_hidden: true, threshold: 5, capacity: 20 });
    expect(await seen(tokens.writer)).toMatchObject({ id: created.id, stock: 40 });
    expect((await seen(tokens.writer)).stock_hidden).toBeUndefined();
    expect(ok(await api().get(`/c/${demo}/rules/${created.id}/`, tokens.customer)).stock).toBeNull();
    const history = ok(await api().get(`/c/${demo}/rules/${created.id}/stock`, tokens.customer)).items;
    expect(history[0]).toMatchObject({ stock_before: null, stock: null });
    expect(ok(await api().get(`/c/${demo}/rules/${created.id}/stock`, tokens.writer)).items[0]).toMatchObject({ stock_before: 50, stock: 40 });
    const decisions = ok(await api().get(`/c/${demo}/rules/${created.id}/decisions`, tokens.customer)).items;
    expect(decisions.every((d: any) => d.stock === null)).toBe(true);
    // entering a count: taken, the answer hides it too
    const entered = ok(await api().post(`/c/${demo}/rules/${created.id}/stock`, { stock: 30 }, tokens.customer));
    expect(entered.rule).toMatchObject({ stock: null, stock_hidden: true });
    expect(await seen(tokens.writer)).toMatchObject({ stock: 30 });
    // the rule statistics hide it as well: stock, fill, below threshold and the decision's stock
    const check = (token: string) => api().get(`/c/${demo}/stats/rulescheck?locations=${at.id}`, token).then((a) => ok(a).items[0]);
    expect(await check(tokens.customer)).toMatchObject({ rule_id: created.id, stock: null, fill: null, below_threshold: null, stock_hidden: true, threshold: 5 });
    expect(await check(tokens.writer)).toMatchObject({ rule_id: created.id, stock: 30, fill: 1.5, below_threshold: false, stock_hidden: false });
    // sorting by stock never reveals the hidden order: a second rule with less stock stays second for the customer user
    const second = await rule(at.id, (await newItem({})).id, { stock: 2 });
    const sorted = (token: string) => api().get(`/c/${demo}/rules?location_id=${at.id}&sort=stock`, token).then((a) => ok(a).items.map((r: any) => r.id));
    expect(await sorted(tokens.writer)).toEqual([second.id, created.id]);
    expect(await sorted(tokens.customer)).toEqual([created.id, second.id]);
    // switched on: the customer user sees the stock (the change reaches the orders service by event)
    ok(await api().patch(`/c/${demo}/customer/${customerId}`, { show_stock_in_app: true }, tokens.writer));
    try {
      const shown = await eventually(async () => ((await seen(tokens.customer)).stock === 30 ? true : undefined), 20_000, 'show_stock_in_app in the orders service');
      expect(shown).toBe(true);
      expect(ok(await api().get(`/c/${demo}/rules/${created.id}/stock`, tokens.customer)).items[0]).toMatchObject({ stock_before: 40, stock: 30 });
    } finally {
      ok(await api().patch(`/c/${demo}/customer/${customerId}`, { show_stock_in_app: false }, tokens.writer));
    }
  });
});
