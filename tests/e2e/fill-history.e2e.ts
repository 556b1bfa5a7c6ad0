// A bin's fill-level history in one call (docs/storages.md "Fill level"), in both run modes: the rule's stock changes,
// its orders, threshold and capacity, its bin and the bin sensor's readings over HTTP, converted to pieces with the
// bin's calibration at the period's resolution; customer users without show_stock_in_app get no stock.
import { randomBytes } from 'node:crypto';
import { eventually } from '@kanban/testing';
import { meta, ok, signInDemo, startSystem, type TestSystem } from '../support/system';

jest.setTimeout(180_000);

let system: TestSystem;
let demo: number;
const tokens: Record<string, string> = {};
let customerId: number;
let locationId: number;
let ruleId: number;
let bareRuleId: number;
let storageId: number;
let sensorId: number;
let key: string;
const externalId = `fill-${randomBytes(3).toString('hex')}`;
const api = () => system.api;

type Fill = {
  rule_id: number;
  rule_created_at: string;
  threshold: number;
  capacity: number;
  stock: number | null;
  stock_hidden: boolean;
  start_stock: number | null;
  events: { at: string; kind: string; stock_before: number; stock: number }[];
  orders: { order_id: number; quantity: number; status: string; ordered_at: string; delivered_at: string | null }[];
  bin: { storage_id: number; label: string; sensor: { id: number; unit: string } | null } | null;
  readings: { unit: string; resolution: string; points: { at: string; count: number; min: number; max: number; last: number }[] } | null;
};

const fill = (id: number, query: string, token = tokens.writer) => api().get(`/c/${demo}/rules/${id}/fill?${query}`, token);

beforeAll(async () => {
  system = await startSystem(undefined, {
    ingest: true,
    env: { MQTT_TOPIC_ROOT: `e2e-fill-${process.pid}/kanban`, MQTT_SHARED_GROUP: `g${randomBytes(4).toString('hex')}`, INGEST_FLUSH_MS: '50' },
  });
  const signedIn = await signInDemo(system);
  Object.assign(tokens, signedIn.tokens);
  demo = signedIn.demo;
  // K-10001: the demo customer user's customer, show_stock_in_app off
  customerId = ok(await api().get(`/c/${demo}/customer?all=1&per_page=200`, tokens.admin)).items.find((c: { nr: string }) => c.nr === 'K-10001').id;
  locationId = ok(await api().post(`/c/${demo}/customer/${customerId}/location/`, { name: 'Füllstand; "Halle 7"' }, tokens.writer)).id;
  const item = ok(await api().post(`/c/${demo}/customer/${customerId}/item`, { sku: 'FILL-1', name: 'Scheibe M8', order_unit: 'PCE' }, tokens.writer));
  const bare = ok(await api().post(`/c/${demo}/customer/${customerId}/item`, { sku: 'FILL-2', name: 'Mutter M8', order_unit: 'PCE' }, tokens.writer));
  ruleId = ok(await api().post(`/c/${demo}/rules`, { location_id: locationId, item_id: item.id, threshold: 5, capacity: 20, stock: 12 }, tokens.writer)).id;
  bareRuleId = ok(await api().post(`/c/${demo}/rules`, { location_id: locationId, item_id: bare.id, threshold: 2, capacity: 8, stock: 8 }, tokens.writer)).id;
  // at the threshold: the run orders (fill-up to capacity)
  ok(await api().post(`/c/${demo}/rules/${ruleId}/stock`, { stock: 4 }, tokens.writer));
  sensorId = ok(await api().post(`/c/${demo}/sensor`, { name: 'Waage Füllstand', external_id: externalId, type: 'weight', unit: 'g', interval_minutes: 5 }, tokens.admin)).id;
  storageId = ok(await api().post(`/c/${demo}/customer/${customerId}/location/${locationId}/storage/`, { name: 'Regal F', rows: 1, columns: 2 }, tokens.writer)).id;
  ok(
    await api().call('PUT', `/c/${demo}/customer/${customerId}/location/${locationId}/storage/${storageId}/bins/1/2`, {
      body: { kanban_rule_id: ruleId, sensor_id: sensorId, measured: 'weight_g', wanted: 'pieces', tare: 200, piece_weight: 10 },
      token: tokens.writer,
    }),
  );
  key = ok(await api().post(`/c/${demo}/sensor/devicekey`, {}, tokens.admin)).key;
  // three readings of the last hours: 20, 10 and (below the tare) 0 pieces
  const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000).toISOString();
  const response = await fetch(`${system.ingestUrl}/api/ingest/v1/readings`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
    body: JSON.stringify({
      readings: [
        { external_id: externalId, time: at(3), value: 400 },
        { external_id: externalId, time: at(2), value: 300 },
        { external_id: externalId, time: at(1), value: 150 },
      ],
    }),
  });
  expect(response.status).toBe(202);
}, 180_000);

afterAll(async () => {
  await system?.close();
});

describe(`fill-level history (${process.env.E2E_MODE})`, () => {
  it("answers a day of the rule's stock, orders, threshold, capacity, bin and the sensor's raw readings in pieces", async () => {
    // the distributed writers store the readings a moment after the 202
    const day: Fill = await eventually(async () => {
      const answer: Fill = ok(await fill(ruleId, 'period=24h'));
      return (answer.readings?.points.length ?? 0) >= 3 ? answer : undefined;
    }, 30_000, 'three readings in the fill history');
    expect(day).toMatchObject({ rule_id: ruleId, threshold: 5, capacity: 20, stock_hidden: false });
    expect(Date.parse(day.rule_created_at)).toBeGreaterThan(Date.now() - 3_600_000);
    expect(day.events).toContainEqual(expect.objectContaining({ kind: 'manual', stock_before: 12, stock: 4 }));
    expect(day.orders.length).toBeGreaterThanOrEqual(1);
    expect(day.orders[0]).toMatchObject({ status: 'open', delivered_at: null });
    expect(day.orders[0]!.quantity).toBeGreaterThan(0);
    const order = ok(await api().get(`/c/${demo}/customer/${customerId}/location/${locationId}/order/${day.orders[0]!.order_id}`, tokens.writer));
    expect(order.lines.some((l: { rule_id: number }) => l.rule_id === ruleId)).toBe(true);
    expect(day.bin).toMatchObject({ storage_id: storageId, label: '1-2', sensor: { id: sensorId, unit: 'g' } });
    expect(day.readings!.unit).toBe('pieces');
    expect(day.readings!.resolution).toBe('raw');
    expect(day.readings!.points.map((p) => p.last)).toEqual([20, 10, 0]);
    expect(new Date(day.readings!.points[0]!.at).getTime()).toBeLessThan(new Date(day.readings!.points[2]!.at).getTime());
  });

  it('answers hourly aggregates for a week and a month, daily ones beyond', async () => {
    const week: Fill = ok(await fill(ruleId, 'period=7d'));
    expect(week.readings!.resolution).toBe('hour');
    expect(week.readings!.points.reduce((n, p) => n + p.count, 0)).toBe(3);
    expect(week.readings!.points.every((p) => p.min <= p.max)).toBe(true);
    expect(ok(await fill(ruleId, 'period=30d')).readings.resolution).toBe('hour');
    const quarter: Fill = ok(await fill(ruleId, 'period=90d'));
    expect(quarter.readings!.resolution).toBe('day');
    expect(quarter.readings!.points.reduce((n, p) => n + p.count, 0)).toBe(3);
    // before the readings and the rule: nothing, and the stock at the start unknown
    const before: Fill = ok(await fill(ruleId, `from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z`));
    expect([before.events, before.orders, before.readings!.points, before.start_stock]).toEqual([[], [], [], null]);
    // after the changes: the stock at the start is the last change's
    const later: Fill = ok(await fill(ruleId, `from=${encodeURIComponent(new Date(Date.now() + 1000).toISOString())}&to=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`));
    expect(later.start_stock).toBe(later.stock);
  });

  it('answers raw readings in the sensor unit while the bin is not calibrated, and no readings without a bin', async () => {
    const path = `/c/${demo}/customer/${customerId}/location/${locationId}/storage/${storageId}/bins/1/2`;
    ok(await api().call('PUT', path, { body: { kanban_rule_id: ruleId, sensor_id: sensorId, measured: 'weight_g', wanted: 'pieces', tare: 200 }, token: tokens.writer }));
    try {
      const raw: Fill = ok(await fill(ruleId, 'period=24h'));
      expect(raw.readings!.unit).toBe('g');
      expect(raw.readings!.points.map((p) => p.last)).toEqual([400, 300, 150]);
      // a customer user gets no raw sensor values
      ok(await api().patch(`/c/${demo}/customer/${customerId}`, { show_stock_in_app: true }, tokens.writer));
      try {
        const shown: Fill = await eventually(async () => {
          const answer: Fill = ok(await fill(ruleId, 'period=24h', tokens.customer));
          return answer.stock_hidden ? undefined : answer;
        }, 20_000, 'show_stock_in_app in the orders service');
        expect([shown.readings, shown.bin!.sensor]).toEqual([null, null]);
      } finally {
        ok(await api().patch(`/c/${demo}/customer/${customerId}`, { show_stock_in_app: false }, tokens.writer));
      }
    } finally {
      ok(await api().call('PUT', path, { body: { kanban_rule_id: ruleId, sensor_id: sensorId, measured: 'weight_g', wanted: 'pieces', tare: 200, piece_weight: 10 }, token: tokens.writer }));
    }
    const bare: Fill = ok(await fill(bareRuleId, 'period=7d'));
    expect([bare.bin, bare.readings, bare.stock, bare.threshold, bare.capacity]).toEqual([null, null, 8, 2, 8]);
  });

  it('shows a customer user without show_stock_in_app no stock and no readings, but threshold, capacity and orders', async () => {
    const hidden: Fill = await eventually(async () => {
      const answer: Fill = ok(await fill(ruleId, 'period=24h', tokens.customer));
      return answer.stock_hidden ? answer : undefined;
    }, 20_000, 'show_stock_in_app off again in the orders service');
    expect(hidden).toMatchObject({ stock: null, start_stock: null, events: [], readings: null, threshold: 5, capacity: 20 });
    expect(hidden.orders.length).toBeGreaterThanOrEqual(1);
    expect(hidden.bin).toMatchObject({ label: '1-2', sensor: null });
  });

  it('refuses bad periods; 404 for an unknown rule, 403 for another company and for supplier users', async () => {
    expect(meta(await fill(ruleId, 'period=1y'))).toMatchObject({ code: 1000 });
    expect(meta(await fill(ruleId, 'from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z'))).toMatchObject({ code: 1000 });
    expect(meta(await fill(ruleId, 'from=2024-01-01T00:00:00Z&to=2026-01-01T00:00:00Z'))).toMatchObject({ code: 1000 });
    expect((await fill(999_999, 'period=24h')).status).toBe(404);
    expect((await api().get(`/c/${demo}/rules/${ruleId}/fill`, tokens.other)).status).toBe(403);
    expect((await fill(ruleId, 'period=24h', tokens.supplier)).status).toBe(403);
  });
});
