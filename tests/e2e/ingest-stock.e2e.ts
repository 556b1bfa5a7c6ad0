// Sensor readings become stock, end to end in both run modes (docs/storages.md "Readings become stock"): a reading
// published with mosquitto_pub, a batch over HTTP and a LoRaWAN uplink of The Things Stack each change the stock of the
// kanban rule in the sensor's bin (stock event kind `sensor`); a drop below the threshold orders; a reading below the
// empty bin gives journal 2007 and no stock change; an older reading arriving late changes nothing; a bin's own noise
// band keeps a move within it out of the stock and lets one beyond it through; a stock step that keeps failing is
// journal 2006, retried from the journal.
import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { eventually } from '@kanban/testing';
import { type Answer, ok, signInDemo, startSystem, type TestSystem } from '../support/system';

jest.setTimeout(240_000);

const run = promisify(execFile);
const MQTT_URL = process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const topicRoot = `e2e-${process.pid}-${randomBytes(3).toString('hex')}/kanban`;
// the test-only EVENT_FAILURE_FILE: the orders service's stock step fails for the sensor named with this mark
const failureFile = path.join(tmpdir(), `ingest-stock-failures-${process.pid}-${randomBytes(3).toString('hex')}`);
const mark = `FAILMARK${randomBytes(3).toString('hex')}`;

let system: TestSystem;
let admin: string;
let company: number;
let key: string;
const rules: Record<string, number> = {};
let locationPath: string;
let storageId: number;
const sensors: Record<string, number> = {};
const started = Date.now();
/** reading times counted up from 20 minutes ago, so each reading is newer than the one before */
let tick = 0;
const nextTime = () => new Date(started - 20 * 60_000 + ++tick * 10_000).toISOString();

async function ingest(path: string, body: unknown): Promise<Answer> {
  const response = await fetch(`${system.ingestUrl}/api/ingest/v1${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Device-Key': key },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const rule = async (name: string) => ok(await system.api.get(`/c/${company}/rules/${rules[name]}`, admin));

function stockOf(name: string, stock: number) {
  return eventually(async () => {
    const r = await rule(name);
    return r.stock === stock ? r : undefined;
  }, 30_000, `the stock of ${name} to become ${stock}`);
}

beforeAll(async () => {
  system = await startSystem(undefined, {
    ingest: true,
    env: {
      MQTT_URL,
      MQTT_TOPIC_ROOT: topicRoot,
      MQTT_SHARED_GROUP: `g${randomBytes(4).toString('hex')}`,
      INGEST_FLUSH_MS: '50',
      EVENT_MAX_FAILURES: '2',
      EVENT_FAILURE_FILE: failureFile,
    },
  });
  const demo = await signInDemo(system);
  admin = demo.tokens.admin!;
  company = demo.demo;
  const customer = ok(await system.api.post(`/c/${company}/customer/`, { name: 'Sensorkunde GmbH', nr: 'SENS-1' }, admin)).id;
  const location = ok(await system.api.post(`/c/${company}/customer/${customer}/location/`, { name: 'Sensorhalle' }, admin)).id;
  locationPath = `/c/${company}/customer/${customer}/location/${location}/storage`;
  storageId = ok(await system.api.post(`${locationPath}/`, { name: 'Regal S', rows: 3, columns: 2, prefix: 'S' }, admin)).id;
  for (const [external_id, name, type, unit] of [
    ['scale-S1', 'Waage S1', 'weight', 'g'],
    ['beam-S2', 'Lichtschranke S2', 'light_barrier', 'count'],
    ['70B3D57ED00500S3', 'Abstand S3', 'distance', 'mm'],
    ['scale-S4', `Waage S4 ${mark}`, 'weight', 'g'],
    ['scale-S5', 'Schraubenwaage S5', 'weight', 'g'],
  ] as const) {
    sensors[external_id] = ok(await system.api.post(`/c/${company}/sensor`, { name, external_id, type, unit, interval_minutes: 5 }, admin)).id;
  }
  const bins: [string, number, number, Record<string, unknown>][] = [
    ['weight', 1, 1, { sensor_id: sensors['scale-S1'], measured: 'weight_g', wanted: 'pieces', tare: 100, piece_weight: 10, plausibility_max: 10_000 }],
    ['count', 1, 2, { sensor_id: sensors['beam-S2'], measured: 'count', wanted: 'pieces', pieces_per_bin: 5 }],
    ['distance', 2, 1, { sensor_id: sensors['70B3D57ED00500S3'], measured: 'distance_mm', wanted: 'pieces', empty_distance: 500, full_distance: 100 }],
    ['failing', 2, 2, { sensor_id: sensors['scale-S4'], measured: 'weight_g', wanted: 'pieces', tare: 100, piece_weight: 10 }],
    // a scale of small screws (2 g each) that jitters by a few pieces: its own noise band of 3 pieces
    ['screws', 3, 1, { sensor_id: sensors['scale-S5'], measured: 'weight_g', wanted: 'pieces', tare: 0, piece_weight: 2, noise_band: 3 }],
  ];
  for (const [name, row, column, bin] of bins) {
    const item = ok(await system.api.post(`/c/${company}/customer/${customer}/item`, { sku: `SENS-${name}`, name: `Sensorteil ${name}`, order_unit: 'PCE' }, admin)).id;
    const capacity = name === 'distance' ? 50 : name === 'screws' ? 150 : 20;
    rules[name] = ok(await system.api.post(`/c/${company}/rules`, { location_id: location, item_id: item, threshold: 4, capacity, stock: capacity }, admin)).id;
    ok(await system.api.call('PUT', `${locationPath}/${storageId}/bins/${row}/${column}`, { body: { kanban_rule_id: rules[name], ...bin }, token: admin }));
  }
  key = ok(await system.api.post(`/c/${company}/sensor/devicekey`, {}, admin)).key;
});

afterAll(async () => {
  rmSync(failureFile, { force: true });
  await system?.close();
});

describe(`sensor readings become stock (${process.env.E2E_MODE})`, () => {
  it('a reading published with mosquitto_pub changes the stock of the scale’s rule', async () => {
    // 100 g tare + 15 pieces of 10 g
    await run('mosquitto_pub', ['-L', `${MQTT_URL}/${topicRoot}/${company}/sensors/scale-S1`, '-q', '1', '-m', JSON.stringify({ time: nextTime(), value: 250.4 })]);
    await stockOf('weight', 15);
    const history = ok(await system.api.get(`/c/${company}/rules/${rules.weight}/stock`, admin));
    expect(history.items.find((e: { kind: string }) => e.kind === 'sensor')).toMatchObject({ kind: 'sensor', stock_before: 20, stock: 15, user_id: null });
  });

  it('a batch over HTTP changes the stock of the light barrier’s rule (its newest reading counts)', async () => {
    const answer = await ingest('/readings', { readings: [{ external_id: 'beam-S2', time: nextTime(), value: 3 }, { external_id: 'beam-S2', time: nextTime(), value: 2 }] });
    expect([answer.status, answer.body.Data.accepted]).toEqual([202, 2]);
    await stockOf('count', 10);
  });

  it('a LoRaWAN uplink (The Things Stack) changes the stock of the distance sensor’s rule', async () => {
    const tts = await ingest('/lorawan/tts', {
      end_device_ids: { device_id: 'rack-s-distance', dev_eui: '70B3D57ED00500S3', application_ids: { application_id: 'kanban' } },
      received_at: nextTime(),
      // 30 cm = 300 mm: half way between empty (500) and full (100), half of the capacity 50
      uplink_message: { f_port: 2, decoded_payload: { distance_cm: 30 }, rx_metadata: [{ rssi: -101 }] },
    });
    expect([tts.status, tts.body.Data.accepted]).toEqual([202, 1]);
    await stockOf('distance', 25);
  });

  it('a drop below the threshold orders; wobble within noise and an older reading change nothing', async () => {
    await run('mosquitto_pub', ['-L', `${MQTT_URL}/${topicRoot}/${company}/sensors/scale-S1`, '-q', '1', '-m', JSON.stringify({ time: nextTime(), value: 120 })]);
    const low = await stockOf('weight', 2);
    const decided = await eventually(async () => {
      const r = await rule('weight');
      return r.last_decision?.reason === 'ordered' ? r : undefined;
    }, 30_000, 'the rule to be ordered');
    expect(decided.last_decision.order_id).toEqual(expect.any(Number));
    expect(low.stock).toBe(2);
    // an older reading arriving late, and a newer one within noise (2.3 pieces), change nothing
    const late = new Date(started - 19.5 * 60_000).toISOString();
    ok(await ingest('/readings', { readings: [{ external_id: 'scale-S1', time: late, value: 300 }] }));
    ok(await ingest('/readings', { readings: [{ external_id: 'scale-S1', time: nextTime(), value: 123 }] }));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect((await rule('weight')).stock).toBe(2);
  });

  it('a reading taken before a count by hand does not replace it, however late it arrives; a later movement does', async () => {
    // the light barrier's rule holds 10 (2 bins of 5); counted by hand now: 7
    ok(await system.api.post(`/c/${company}/rules/${rules.count}/stock`, { stock: 7 }, admin));
    // a reading from minutes ago (1 bin: 5 pieces) arrives after the count: the count stays
    ok(await ingest('/readings', { readings: [{ external_id: 'beam-S2', time: nextTime(), value: 1 }] }));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect((await rule('count')).stock).toBe(7);
    // a reading taken after the count with another level (3 bins: 15 pieces) is a movement: applied
    ok(await ingest('/readings', { readings: [{ external_id: 'beam-S2', time: new Date().toISOString(), value: 3 }] }));
    await stockOf('count', 15);
  });

  it('a reading below the empty bin gives journal 2007 and no stock change; the plan shows the fault', async () => {
    ok(await ingest('/readings', { readings: [{ external_id: 'scale-S1', time: nextTime(), value: 40 }] }));
    const entry = await eventually(async () => {
      const page = ok(await system.api.get(`/v2/c/${company}/journal?filter=${encodeURIComponent(JSON.stringify([{ field: 'code', operation: 'eq', value: 2007 }]))}`, admin));
      return page.items.find((e: { message_key: string }) => e.message_key === 'sensor_negative');
    }, 30_000, 'journal 2007');
    expect(entry).toMatchObject({ code: 2007, rule_id: rules.weight, params: expect.objectContaining({ sensor: 'Waage S1', storage: 'Regal S', storage_id: storageId, bin: 'S1-1', value: 40 }) });
    expect((await rule('weight')).stock).toBe(2);
    // a second negative reading of the same episode adds no entry
    ok(await ingest('/readings', { readings: [{ external_id: 'scale-S1', time: nextTime(), value: 30 }] }));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const page = ok(await system.api.get(`/v2/c/${company}/journal?filter=${encodeURIComponent(JSON.stringify([{ field: 'code', operation: 'eq', value: 2007 }]))}`, admin));
    expect(page.items.filter((e: { message_key: string }) => e.message_key === 'sensor_negative')).toHaveLength(1);
    const grid = ok(await system.api.get(`${locationPath}/${storageId}/bins`, admin));
    expect(grid.bins.find((b: { label: string }) => b.label === 'S1-1')).toMatchObject({ fault: { kind: 'negative', at: expect.any(String), value: 30 } });
  });

  it("a reading outside the bin's plausibility bounds (an implausible jump) gives a journal entry once and no stock change", async () => {
    // 10,100 g with a plausibility maximum of 10,000 g: a scale's spike or more than the bin can hold
    ok(await ingest('/readings', { readings: [{ external_id: 'scale-S1', time: nextTime(), value: 10_100 }] }));
    const implausible = () => system.api.get(`/v2/c/${company}/journal?filter=${encodeURIComponent(JSON.stringify([{ field: 'code', operation: 'eq', value: 2000 }]))}`, admin);
    const entry = await eventually(async () => ok(await implausible()).items.find((e: { message_key: string }) => e.message_key === 'sensor_implausible'), 30_000, 'the implausible reading in the journal');
    expect(entry).toMatchObject({ code: 2000, rule_id: rules.weight, params: expect.objectContaining({ sensor: 'Waage S1', storage: 'Regal S', storage_id: storageId, bin: 'S1-1', value: 10_100 }) });
    expect((await rule('weight')).stock).toBe(2);
    ok(await ingest('/readings', { readings: [{ external_id: 'scale-S1', time: nextTime(), value: 12_000 }] }));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(ok(await implausible()).items.filter((e: { message_key: string }) => e.message_key === 'sensor_implausible')).toHaveLength(1);
    const grid = ok(await system.api.get(`${locationPath}/${storageId}/bins`, admin));
    expect(grid.bins.find((b: { label: string }) => b.label === 'S1-1')).toMatchObject({ fault: { kind: 'implausible', value: 12_000 } });
    expect((await rule('weight')).stock).toBe(2);
  });

  it("the bin's noise band: a move within it changes nothing, one beyond it changes the stock; a band set on the plan applies to the next reading", async () => {
    const grid = ok(await system.api.get(`${locationPath}/${storageId}/bins`, admin));
    expect(grid.bins.find((b: { label: string }) => b.label === 'S3-1')).toMatchObject({ sensor_id: sensors['scale-S5'], noise_band: 3 });
    const reading = async (grams: number) => {
      const time = nextTime();
      expect(ok(await ingest('/readings', { readings: [{ external_id: 'scale-S5', time, value: grams }] })).accepted).toBe(1);
      // the catalog took it (the bins' levels leave in the same transaction as the sensor's last value)
      await eventually(async () => {
        const sensor = ok(await system.api.get(`/c/${company}/sensor/${sensors['scale-S5']}/`, admin));
        return sensor.last_seen_at && Date.parse(sensor.last_seen_at) === Date.parse(time) ? true : undefined;
      }, 30_000, `the scale's reading of ${grams} g to arrive`);
    };
    // 200 g: 100 pieces, the first reading, applied
    await reading(200);
    await stockOf('screws', 100);
    // 195 g: 97.5 pieces, 2.5 from the level applied: within the band of 3 (half a piece, the default, would take it)
    await reading(195);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect((await rule('screws')).stock).toBe(100);
    // 193.4 g: 96.7 pieces, 3.3 from it: beyond the band, the stock moves
    await reading(193.4);
    await stockOf('screws', 97);
    // the band set back to the type's default on the plan (null: half a piece for a scale): a move of one piece counts
    ok(await system.api.call('PUT', `${locationPath}/${storageId}/bins/3/1`, {
      body: { kanban_rule_id: rules.screws, sensor_id: sensors['scale-S5'], measured: 'weight_g', wanted: 'pieces', tare: 0, piece_weight: 2, noise_band: null },
      token: admin,
    }));
    await reading(191.4);
    await stockOf('screws', 96);
    const history = ok(await system.api.get(`/c/${company}/rules/${rules.screws}/stock`, admin));
    const sensorSteps = history.items
      .filter((e: { kind: string }) => e.kind === 'sensor')
      .map((e: { stock_before: number; stock: number }) => [e.stock_before, e.stock])
      .sort((a: number[], b: number[]) => b[0]! - a[0]!);
    expect(sensorSteps).toEqual([
      [150, 100],
      [100, 97],
      [97, 96],
    ]);
  });

  it('refuses a noise band out of range at its field (1000), keeping the bin as it was', async () => {
    for (const noise_band of [-1, 100_001, 'drei']) {
      const refused = await system.api.call('PUT', `${locationPath}/${storageId}/bins/3/1`, {
        body: { kanban_rule_id: rules.screws, sensor_id: sensors['scale-S5'], measured: 'weight_g', wanted: 'pieces', tare: 0, piece_weight: 2, noise_band },
        token: admin,
      });
      expect([noise_band, refused.body.Meta.code, refused.body.Meta.field]).toEqual([noise_band, 1000, 'noise_band']);
    }
    const grid = ok(await system.api.get(`${locationPath}/${storageId}/bins`, admin));
    expect(grid.bins.find((b: { label: string }) => b.label === 'S3-1')).toMatchObject({ sensor_id: sensors['scale-S5'], noise_band: null });
  });

  it('a stock step that keeps failing is journal 2006 (a dead letter); retried from the journal, the reading becomes stock and orders', async () => {
    writeFileSync(failureFile, `orders.sensor_stock ${mark}\n`);
    // 3 pieces: below the threshold 4
    ok(await ingest('/readings', { readings: [{ external_id: 'scale-S4', time: nextTime(), value: 130 }] }));
    const entry = await eventually(async () => {
      const page = ok(await system.api.get(`/v2/c/${company}/journal?filter=${encodeURIComponent(JSON.stringify([{ field: 'code', operation: 'eq', value: 2006 }]))}`, admin));
      return page.items.find((e: { message_key: string }) => e.message_key === 'sensor_store_failed');
    }, 60_000, 'journal 2006');
    expect(entry).toMatchObject({ code: 2006, dead_letter: true, params: expect.objectContaining({ stage: 'orders', consumer: 'sensor_stock', failures: 2 }) });
    expect((await rule('failing')).stock).toBe(20);
    rmSync(failureFile, { force: true });
    expect(ok(await system.api.post(`/v2/c/${company}/journal/${entry.id}/retry`, {}, admin))).toMatchObject({ retried: true });
    await stockOf('failing', 3);
    // the stock run follows the retried step as any stock change: the rule is ordered
    await eventually(async () => ((await rule('failing')).last_decision?.reason === 'ordered' ? true : undefined), 30_000, 'the retried rule to be ordered');
  });
});
