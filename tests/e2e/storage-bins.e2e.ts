import sharp from 'sharp';
import { login, startSystem, type TestSystem } from '../support/system';

jest.setTimeout(180_000);

let system: TestSystem;
let demo: number;
const tokens: Record<string, string> = {};
let customerId: number;
let locationId: number;
let otherLocationId: number;
let itemId: number;
const rules: number[] = [];
const itemOf: number[] = [];
let foreignRule: number;

type Bin = { row: number; column: number; number: number; label: string; kanban_rule_id: number | null; rule: Record<string, unknown> | null; [key: string]: unknown };

const api = () => system.api;
const ok = <T = any>(answer: { body: { Meta: { code: number }; Data: T } }): T => {
  if (answer.body.Meta.code !== 200) throw new Error(`call failed: ${JSON.stringify(answer.body.Meta)}`);
  return answer.body.Data;
};
const base = (location = locationId, customer = customerId) => `/c/${demo}/customer/${customer}/location/${location}/storage`;
const put = (path: string, body: unknown, token = tokens.writer) => api().call('PUT', path, { body, token });

beforeAll(async () => {
  system = await startSystem();
  for (const name of ['admin', 'writer', 'readonly', 'customer', 'supplier']) tokens[name] = (await login(system, `${name}@demo.example`)).token;
  demo = (await api().get('/company', tokens.admin)).body.Data[0].id;
  customerId = ok(await api().post(`/c/${demo}/customer/`, { name: 'Fach Kunde GmbH', nr: 'BIN-1' }, tokens.admin)).id;
  locationId = ok(await api().post(`/c/${demo}/customer/${customerId}/location/`, { name: 'Fachhalle' }, tokens.admin)).id;
  otherLocationId = ok(await api().post(`/c/${demo}/customer/${customerId}/location/`, { name: 'Andere Halle' }, tokens.admin)).id;
  for (const n of [1, 2, 3]) {
    itemId = ok(await api().post(`/c/${demo}/customer/${customerId}/item`, { sku: `BIN-${n}`, name: `Schraube M${n}; "verzinkt"`, order_unit: 'PCE' }, tokens.admin)).id;
    itemOf.push(itemId);
    rules.push(ok(await api().post(`/c/${demo}/rules`, { location_id: locationId, item_id: itemId, threshold: 4, capacity: 20, stock: 5 * n }, tokens.admin)).id);
  }
  foreignRule = ok(await api().post(`/c/${demo}/rules`, { location_id: otherLocationId, item_id: itemId, threshold: 1, capacity: 5, stock: 5 }, tokens.admin)).id;
});

afterAll(async () => {
  await system?.close();
});

async function rack(body: Record<string, unknown>, location = locationId): Promise<{ id: number }> {
  return ok(await api().post(`${base(location)}/`, body, tokens.writer));
}

describe('storage bins: the grid', () => {
  it('answers every cell in layout order with its number and label, empty at first', async () => {
    const { id } = await rack({ name: 'Linksregal', rows: 2, columns: 3, layout: 'left', prefix: 'L', format: '{prefix}{row}.{column}' });
    const grid = ok(await api().get(`${base()}/${id}/bins`, tokens.readonly));
    expect(grid.storage).toMatchObject({ id, name: 'Linksregal' });
    expect(grid.show_stock).toBe(true);
    expect(grid.bins.map((b: Bin) => [b.number, b.label])).toEqual([
      [1, 'L1.1'],
      [2, 'L1.2'],
      [3, 'L1.3'],
      [4, 'L2.1'],
      [5, 'L2.2'],
      [6, 'L2.3'],
    ]);
    expect(grid.bins.every((b: Bin) => b.kanban_rule_id === null && b.rule === null && b.sensor === null)).toBe(true);
    const down = await rack({ name: 'Spaltenregal', rows: 2, columns: 2, layout: 'down' });
    expect(ok(await api().get(`${base()}/${down.id}/bins`, tokens.admin)).bins.map((b: Bin) => b.label)).toEqual(['1-1', '2-1', '1-2', '2-2']);
  });

  it('puts a rule into a bin and shows its item, stock, threshold, capacity and fill level; clears it again', async () => {
    const { id } = await rack({ name: 'Regelregal', rows: 2, columns: 2 });
    // the second rule's item has a picture: the bin answers it
    const picture = await sharp({ create: { width: 120, height: 80, channels: 3, background: { r: 90, g: 120, b: 200 } } }).png().toBuffer();
    const form = new FormData();
    form.append('item_id', String(itemOf[1]));
    form.append('image', new Blob([picture], { type: 'image/png' }), 'mutter.png');
    const image = ok(await api().postForm(`/c/${demo}/image/`, form, tokens.writer));
    const bin = ok(await put(`${base()}/${id}/bins/1/2`, { kanban_rule_id: rules[1] }));
    expect(bin.rule.image_url).toBe(image.url);
    expect(bin).toMatchObject({ row: 1, column: 2, number: 2, label: '1-2', kanban_rule_id: rules[1], below_threshold: false });
    expect(bin.rule).toMatchObject({ id: rules[1], sku: 'BIN-2', name: 'Schraube M2; "verzinkt"', stock: 10, threshold: 4, capacity: 20, fill_percent: 50 });
    const low = ok(await put(`${base()}/${id}/bins/2/1`, { kanban_rule_id: rules[0] }));
    expect([low.rule.stock, low.below_threshold, low.rule.image_url]).toEqual([5, false, null]);
    ok(await api().post(`/c/${demo}/rules/${rules[0]}/stock`, { stock: 3 }, tokens.writer));
    const grid = ok(await api().get(`${base()}/${id}/bins`, tokens.readonly));
    expect(grid.bins.filter((b: Bin) => b.kanban_rule_id !== null).map((b: Bin) => [b.label, b.below_threshold, (b.rule as { fill_percent: number }).fill_percent])).toEqual([
      ['1-2', false, 50],
      ['2-1', true, 15],
    ]);
    // moving the rule within the same bin is fine; the same rule in a second bin is not
    expect(ok(await put(`${base()}/${id}/bins/1/2`, { kanban_rule_id: rules[1] })).kanban_rule_id).toBe(rules[1]);
    const twice = await put(`${base()}/${id}/bins/2/2`, { kanban_rule_id: rules[1] });
    expect([twice.body.Meta.code, twice.body.Meta.field]).toEqual([1000, 'kanban_rule_id']);
    expect(twice.body.Meta.message).toMatch(/1-2.*Regelregal/);
    expect(ok(await api().delete(`${base()}/${id}/bins/1/2`, tokens.writer))).toBeNull();
    expect(ok(await put(`${base()}/${id}/bins/2/2`, { kanban_rule_id: rules[1] })).label).toBe('2-2');
    // an empty put empties the bin as DELETE does
    expect(ok(await put(`${base()}/${id}/bins/2/2`, {})).kanban_rule_id).toBeNull();
    expect(ok(await api().delete(`${base()}/${id}/bins/2/2`, tokens.writer))).toBeNull();
  });

  it('refuses rules of another location or unknown, cells outside the grid and sensors (1000 at the field)', async () => {
    const { id } = await rack({ name: 'Fehlerfächer', rows: 1, columns: 2 });
    const cases: [string, Record<string, unknown>, string][] = [
      ['1/1', { kanban_rule_id: foreignRule }, 'kanban_rule_id'],
      ['1/1', { kanban_rule_id: 99999999 }, 'kanban_rule_id'],
      ['1/1', { kanban_rule_id: -3 }, 'kanban_rule_id'],
      ['2/1', { kanban_rule_id: rules[2] }, 'row'],
      ['1/3', { kanban_rule_id: rules[2] }, 'column'],
      ['1/1', { sensor_id: 4 }, 'measured'],
      ['1/1', { sensor_id: 4, measured: 'weight_g' }, 'wanted'],
      ['1/1', { sensor_id: 4, measured: 'litres', wanted: 'pieces' }, 'measured'],
      ['1/1', { sensor_id: 4, measured: 'distance_mm', wanted: 'pieces', empty_distance: 10, full_distance: 20 }, 'full_distance'],
      ['1/1', { sensor_id: 99999999, measured: 'weight_g', wanted: 'pieces', piece_weight: 2 }, 'sensor_id'],
      ['1/1', { dead_time_seconds: 90000 }, 'dead_time_seconds'],
      ['1/1', { sensor_id: 4, measured: 'weight_g', wanted: 'pieces', noise_band: -0.5 }, 'noise_band'],
      ['1/1', { sensor_id: 4, measured: 'weight_g', wanted: 'pieces', noise_band: 1_000_000 }, 'noise_band'],
    ];
    for (const [cell, body, field] of cases) {
      const answer = await put(`${base()}/${id}/bins/${cell}`, body);
      expect([cell, body, answer.body.Meta.code, answer.body.Meta.field]).toEqual([cell, body, 1000, field]);
    }
    expect((await put(`${base()}/${id}/bins/0/1`, {})).body.Meta.code).toBe(1000);
  });

  it('refuses to shrink a rack below bins that hold something, naming them; deleting the rack frees its rules', async () => {
    const { id } = await rack({ name: 'Schrumpfregal', rows: 3, columns: 3 });
    ok(await put(`${base()}/${id}/bins/3/2`, { kanban_rule_id: rules[2] }));
    const rows = await api().patch(`${base()}/${id}`, { rows: 2 }, tokens.writer);
    expect([rows.body.Meta.code, rows.body.Meta.field]).toEqual([1000, 'rows']);
    expect(rows.body.Meta.message).toMatch(/3-2/);
    const columns = await api().patch(`${base()}/${id}`, { columns: 1 }, tokens.writer);
    expect([columns.body.Meta.code, columns.body.Meta.field]).toEqual([1000, 'columns']);
    expect(ok(await api().patch(`${base()}/${id}`, { columns: 2, rows: 3 }, tokens.writer)).columns).toBe(2);
    ok(await api().delete(`${base()}/${id}`, tokens.writer));
    const next = await rack({ name: 'Nachfolger', rows: 1, columns: 1 });
    expect(ok(await put(`${base()}/${next.id}/bins/1/1`, { kanban_rule_id: rules[2] })).rule.sku).toBe('BIN-3');
    ok(await api().delete(`${base()}/${next.id}/bins/1/1`, tokens.writer));
  });
});

describe('storage bins: sensors', () => {
  it('puts a sensor with what it measures and its calibration into a bin; one bin per sensor; a sensor in a bin stays', async () => {
    const tag = Date.now().toString(36);
    const sensor = ok(await api().post(`/c/${demo}/sensor`, { name: `Waage ${tag}`, external_id: `bin-scale-${tag}`, type: 'weight', interval_minutes: 10 }, tokens.admin));
    const { id } = await rack({ name: 'Sensorregal', rows: 1, columns: 2 });
    const missing = await put(`${base()}/${id}/bins/1/1`, { sensor_id: sensor.id });
    expect([missing.body.Meta.code, missing.body.Meta.field]).toEqual([1000, 'measured']);
    const bin = ok(
      await put(`${base()}/${id}/bins/1/1`, {
        sensor_id: sensor.id,
        measured: 'weight_g',
        wanted: 'pieces',
        tare: 310.5,
        piece_weight: 4.2,
        empty_distance: 400,
        plausibility_min: 0,
        plausibility_max: 5000,
        dead_time_seconds: 20,
        noise_band: 2.5,
      }),
    );
    expect(bin).toMatchObject({ sensor_id: sensor.id, measured: 'weight_g', wanted: 'pieces', tare: 310.5, piece_weight: 4.2, empty_distance: null, dead_time_seconds: 20, noise_band: 2.5 });
    // never reported, but new: the silence counts from its creation (docs/sensors.md "Alarms"), so no alarm yet
    expect(bin.sensor).toMatchObject({ id: sensor.id, name: `Waage ${tag}`, external_id: `bin-scale-${tag}`, interval_minutes: 10, last_seen_at: null, offline: false, alarms: [] });
    const twice = await put(`${base()}/${id}/bins/1/2`, { sensor_id: sensor.id, measured: 'weight_g', wanted: 'pieces' });
    expect([twice.body.Meta.code, twice.body.Meta.field]).toEqual([1000, 'sensor_id']);
    expect(twice.body.Meta.message).toMatch(/1-1.*Sensorregal/);
    expect((await api().delete(`/c/${demo}/sensor/${sensor.id}`, tokens.admin)).body.Meta.code).toBe(1007);
    // without the sensor the calibration goes too (and a bin with neither rule nor sensor is empty)
    expect(ok(await put(`${base()}/${id}/bins/1/1`, { measured: 'weight_g', tare: 1, noise_band: 3 }))).toMatchObject({ sensor_id: null, measured: null, tare: null, noise_band: null, sensor: null });
    expect((await api().delete(`/c/${demo}/sensor/${sensor.id}`, tokens.admin)).body.Meta.code).toBe(200);
    ok(await api().delete(`${base()}/${id}`, tokens.writer));
  });
});

describe('storage bins: roles and stock', () => {
  it('lets readers read the plan but not change it; suppliers and other locations get nothing', async () => {
    const { id } = await rack({ name: 'Rollenfächer', rows: 1, columns: 1 });
    expect((await api().get(`${base()}/${id}/bins`, tokens.readonly)).body.Meta.code).toBe(200);
    for (const role of ['readonly', 'customer']) {
      expect((await put(`${base()}/${id}/bins/1/1`, { kanban_rule_id: rules[0] }, tokens[role])).body.Meta.code).toBe(1020);
      expect((await api().delete(`${base()}/${id}/bins/1/1`, tokens[role])).body.Meta.code).toBe(1020);
    }
    expect((await api().get(`${base()}/${id}/bins`, tokens.supplier)).body.Meta.code).toBe(1020);
    expect((await api().get(`${base(otherLocationId)}/${id}/bins`, tokens.admin)).body.Meta.code).toBe(404);
    expect((await put(`${base(otherLocationId)}/${id}/bins/1/1`, {}, tokens.admin)).body.Meta.code).toBe(404);
    // the demo customer user sees only the demo customer K-10001
    expect((await api().get(`${base()}/${id}/bins`, tokens.customer)).body.Meta.code).toBe(404);
  });

  it("shows customer users stock and fill levels only when their customer's show_stock_in_app is on; staff always", async () => {
    const k = ok(await api().get(`/c/${demo}/customer/?q=K-10001`, tokens.admin)).items[0];
    const before = k.show_stock_in_app as boolean;
    const location = ok(await api().post(`/c/${demo}/customer/${k.id}/location/`, { name: 'Vorschauhalle' }, tokens.admin)).id;
    const item = ok(await api().post(`/c/${demo}/customer/${k.id}/item`, { sku: 'BIN-PREVIEW', name: 'Vorschau-Mutter', order_unit: 'PCE' }, tokens.admin)).id;
    const rule = ok(await api().post(`/c/${demo}/rules`, { location_id: location, item_id: item, threshold: 2, capacity: 8, stock: 2 }, tokens.admin)).id;
    const path = `/c/${demo}/customer/${k.id}/location/${location}/storage`;
    const { id } = ok(await api().post(`${path}/`, { name: 'Vorschauregal' }, tokens.writer));
    ok(await put(`${path}/${id}/bins/1/1`, { kanban_rule_id: rule }));
    try {
      ok(await api().patch(`/c/${demo}/customer/${k.id}`, { show_stock_in_app: false }, tokens.admin));
      const hidden = ok(await api().get(`${path}/${id}/bins`, tokens.customer));
      expect([hidden.show_stock, hidden.bins[0].rule]).toEqual([false, expect.objectContaining({ sku: 'BIN-PREVIEW', stock: null, capacity: null, fill_percent: null })]);
      expect(hidden.bins[0].below_threshold).toBe(false);
      const staff = ok(await api().get(`${path}/${id}/bins`, tokens.readonly));
      expect([staff.show_stock, staff.bins[0].rule.stock, staff.bins[0].rule.fill_percent, staff.bins[0].below_threshold]).toEqual([true, 2, 25, true]);
      ok(await api().patch(`/c/${demo}/customer/${k.id}`, { show_stock_in_app: true }, tokens.admin));
      const shown = ok(await api().get(`${path}/${id}/bins`, tokens.customer));
      expect([shown.show_stock, shown.bins[0].rule.stock, shown.bins[0].rule.threshold]).toEqual([true, 2, 2]);
    } finally {
      ok(await api().patch(`/c/${demo}/customer/${k.id}`, { show_stock_in_app: before }, tokens.admin));
    }
  });
});

describe('storage times', () => {
  it("keeps a weekly reading schedule in the location's structure; a bad slot answers 1000", async () => {
    const { id } = await rack({ name: 'Zeitregal' });
    expect(ok(await api().get(`${base()}/${id}/`, tokens.readonly)).schedule).toMatchObject({ monday: [], business_days: [] });
    const saved = ok(await api().patch(`${base()}/${id}`, { schedule: { business_days: ['08:00'], saturday: ['12:00', '06:00'] } }, tokens.writer));
    expect(saved.schedule).toMatchObject({ business_days: ['08:00'], saturday: ['06:00', '12:00'], monday: [], sunday: [] });
    const bad = await api().patch(`${base()}/${id}`, { schedule: { monday: ['07:30'] } }, tokens.writer);
    expect(bad.body.Meta.code).toBe(1000);
    expect(String(bad.body.Meta.field)).toMatch(/schedule/);
    expect(ok(await api().get(`${base()}/${id}/`, tokens.admin)).schedule.saturday).toEqual(['06:00', '12:00']);
  });
});
