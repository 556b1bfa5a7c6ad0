// The sensor ingestion end to end, in both run modes (docs/sensors.md): the device key, a batch over HTTP with bad
// readings refused one by one, a reading published with mosquitto_pub to the machine's Mosquitto, uplinks of The
// Things Stack and ChirpStack, each stored once and readable as the sensor's history through the gateway.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { eventually } from '@kanban/testing';
import { type Answer, ok, signInDemo, startSystem, type TestSystem } from '../support/system';

jest.setTimeout(180_000);

const run = promisify(execFile);
const MQTT_URL = process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';
// this run's own topics and shared group on the machine's broker (other runs use the same broker)
const topicRoot = `e2e-${process.pid}-${randomBytes(3).toString('hex')}/kanban`;

let system: TestSystem;
let admin: string;
let company: number;
let key: string;
const sensors: Record<string, number> = {};

async function ingest(path: string, body: unknown, headers: Record<string, string> = { Authorization: `Bearer ${key}` }): Promise<Answer> {
  const response = await fetch(`${system.ingestUrl}/api/ingest/v1${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

/**
 * A sensor's stored points once there are `count` of them: the embedded run answers after the commit, the distributed
 * one after the readings are in the work stream, and its writers store them a moment later.
 */
function historyOf(sensor: string, count: number) {
  return eventually(async () => {
    const points = await history(sensor);
    return points.length >= count ? points : undefined;
  }, 30_000, `${count} readings of ${sensor}`);
}

async function history(sensor: string, resolution = 'raw', from = '2026-01-01T00:00:00Z', to?: string) {
  const end = to ?? new Date(Date.now() + 3_600_000).toISOString();
  const start = resolution === 'raw' ? new Date(Date.now() - 6 * 86_400_000).toISOString() : from;
  const answer = await system.api.get(`/c/${company}/sensor/${sensors[sensor]}/readings?from=${encodeURIComponent(start)}&to=${encodeURIComponent(end)}&resolution=${resolution}`, admin);
  return ok(answer) as { at: string; count: number; last: number }[];
}

beforeAll(async () => {
  system = await startSystem(undefined, {
    ingest: true,
    env: { MQTT_URL, MQTT_TOPIC_ROOT: topicRoot, MQTT_SHARED_GROUP: `g${randomBytes(4).toString('hex')}`, INGEST_FLUSH_MS: '50' },
  });
  const demo = await signInDemo(system);
  admin = demo.tokens.admin!;
  company = demo.demo;
  for (const [external_id, name, type, unit] of [
    ['scale-A', 'Waage "Regal 1"; Fach 3 🔩', 'weight', 'g'],
    ['70B3D57ED005A1B2', 'LoRa distance', 'distance', 'mm'],
    ['0101010101010101', 'ChirpStack scale', 'weight', 'kg'],
    ['button-off', 'Knopf (inaktiv)', 'button', 'count'],
  ] as const) {
    const created = ok(await system.api.post(`/c/${company}/sensor`, { name, external_id, type, unit, interval_minutes: 5 }, admin));
    sensors[external_id] = created.id;
  }
  ok(await system.api.patch(`/c/${company}/sensor/${sensors['button-off']}`, { active: false }, admin));
  key = ok(await system.api.post(`/c/${company}/sensor/devicekey`, {}, admin)).key;
});

afterAll(async () => {
  await system?.close();
});

describe(`sensor ingestion (${process.env.E2E_MODE})`, () => {
  it('takes readings only with the company’s device key', async () => {
    const none = await ingest('/readings', { readings: [{ external_id: 'scale-A', value: 1 }] }, {});
    expect([none.status, none.body.Meta.code]).toEqual([401, 401]);
    const wrong = await ingest('/readings', { readings: [{ external_id: 'scale-A', value: 1 }] }, { 'X-Device-Key': `${key.slice(0, -4)}AAAA` });
    expect([wrong.status, wrong.body.Meta.code]).toEqual([401, 401]);
    // a user's access token is no device key
    const user = await ingest('/readings', { readings: [{ external_id: 'scale-A', value: 1 }] }, { Authorization: `Bearer ${admin}` });
    expect(user.status).toBe(401);
  });

  it('keeps the good readings of a batch and refuses the bad ones one by one, with reasons', async () => {
    const started = Date.now();
    const t = (minutesAgo: number) => new Date(started - minutesAgo * 60_000).toISOString();
    const answer = await ingest('/readings', {
      readings: [
        { external_id: 'scale-A', time: t(30), value: 1520.5, unit: 'g', battery: 81, signal: -67 },
        { external_id: 'scale-A', time: t(20), value: 1.25, unit: 'kg' },
        { external_id: 'unknown-device', time: t(20), value: 3 },
        { external_id: 'scale-A', time: t(10), value: 'viel' },
        { external_id: 'scale-A', time: t(10), value: 12, unit: 'mm' },
        { external_id: 'button-off', value: 1 },
        { external_id: 'scale-A', time: new Date(Date.now() + 3_600_000).toISOString(), value: 1 },
      ],
    });
    expect(answer.status).toBe(202);
    expect(answer.body.Data.accepted).toBe(2);
    expect(answer.body.Data.refused.map((r: { index: number; field: string }) => [r.index, r.field])).toEqual([
      [2, 'external_id'],
      [3, 'value'],
      [4, 'unit'],
      [5, 'external_id'],
      [6, 'time'],
    ]);
    expect(answer.body.Data.refused[0].reason).toMatch(/no sensor of the company/);
    expect(answer.body.Data.refused[3].reason).toMatch(/inactive/);
    expect((await historyOf('scale-A', 2)).map((p) => p.last)).toEqual([1520.5, 1250]);
    // the catalog keeps the sensor's reported state: the latest reading, the latest battery and signal
    const reported = await eventually(async () => {
      const sensor = ok(await system.api.get(`/c/${company}/sensor/${sensors['scale-A']}`, admin));
      return sensor.last_seen_at ? sensor : undefined;
    }, 30_000, 'the sensor to show its last reading');
    expect(reported).toMatchObject({ last_seen_at: t(20), last_value: 1250, battery: 81, signal: -67 });
    // a reading sent again (a device that did not see the answer) beside a new one: the new one stored, the old once
    const again = await ingest('/readings', { readings: [{ external_id: 'scale-A', time: t(30), value: 1520.5 }, { external_id: 'scale-A', time: t(25), value: 1400 }] });
    expect(again.body.Data.accepted).toBe(2);
    expect((await historyOf('scale-A', 3)).map((p) => p.last)).toEqual([1520.5, 1400, 1250]);
  });

  it('answers a body that is no batch with 1000 (HTTP 422 as the gateway) naming the field', async () => {
    const notBatch = await ingest('/readings', { value: 3 });
    expect([notBatch.status, notBatch.body.Meta.code, notBatch.body.Meta.field]).toEqual([422, 1000, 'readings']);
    const many = await ingest('/readings', { readings: Array.from({ length: 1001 }, () => ({ external_id: 'scale-A', value: 1 })) });
    expect([many.status, many.body.Meta.code]).toEqual([422, 1000]);
    const broken = await ingest('/readings', '{"readings": [');
    expect([broken.status, broken.body.Meta.code]).toEqual([422, 1000]);
  });

  it('takes a reading published with mosquitto_pub to the company’s topic', async () => {
    const time = new Date(Date.now() - 5 * 60_000).toISOString();
    await run('mosquitto_pub', ['-L', `${MQTT_URL}/${topicRoot}/${company}/sensors/scale-A`, '-q', '1', '-m', JSON.stringify({ time, value: 980, battery: 79 })]);
    const points = await historyOf('scale-A', 4);
    expect(points[3]).toMatchObject({ at: time, last: 980 });
    // a message to another company's topic does not reach this company's sensor of the same device id
    await run('mosquitto_pub', ['-L', `${MQTT_URL}/${topicRoot}/${company + 1000}/sensors/scale-A`, '-q', '1', '-m', JSON.stringify({ value: 1 })]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await history('scale-A')).toHaveLength(4);
    // a device that publishes at QoS 0 (no acknowledgement) and a batch in one message
    const t0 = new Date(Date.now() - 4 * 60_000).toISOString();
    const t1 = new Date(Date.now() - 3 * 60_000).toISOString();
    await run('mosquitto_pub', ['-L', `${MQTT_URL}/${topicRoot}/${company}/sensors/scale-A`, '-q', '0', '-m', JSON.stringify([{ time: t0, value: 970 }, { time: t1, value: 960 }])]);
    const more = await historyOf('scale-A', 6);
    expect(more.slice(4).map((p) => [p.at, p.last])).toEqual([
      [t0, 970],
      [t1, 960],
    ]);
  });

  it('takes uplinks of The Things Stack and ChirpStack, the value picked by the sensor type', async () => {
    const received = new Date(Date.now() - 2 * 60_000).toISOString();
    const tts = await ingest('/lorawan/tts', {
      end_device_ids: { device_id: 'rack-2-distance', dev_eui: '70B3D57ED005A1B2', application_ids: { application_id: 'kanban' } },
      received_at: received,
      uplink_message: { f_port: 2, decoded_payload: { distance_cm: 41.2, battery: 90 }, rx_metadata: [{ rssi: -101 }] },
    }, { 'X-Device-Key': key });
    expect([tts.status, tts.body.Data.accepted]).toEqual([202, 1]);
    expect((await historyOf('70B3D57ED005A1B2', 1)).map((p) => [p.at, p.last])).toEqual([[received, 412]]);

    const chirp = await ingest('/lorawan/chirpstack?event=up', {
      time: received,
      deviceInfo: { devEui: '0101010101010101', deviceName: 'scale-chirp' },
      object: { weight_g: 2500 },
      rxInfo: [{ rssi: -90 }],
    });
    expect([chirp.status, chirp.body.Data.accepted]).toEqual([202, 1]);
    // grams decoded, the sensor measures in kg
    expect((await historyOf('0101010101010101', 1)).map((p) => p.last)).toEqual([2.5]);
    // other events of the integration (joins, status) are passed over
    const join = await ingest('/lorawan/chirpstack?event=join', { deviceInfo: { devEui: '0101010101010101' } });
    expect([join.status, join.body.Data.accepted, join.body.Data.ignored]).toEqual([202, 0, true]);
    // a payload without a value of the sensor's type is refused with its reason
    const none = await ingest('/lorawan/tts', {
      end_device_ids: { dev_eui: '70B3D57ED005A1B2' },
      uplink_message: { decoded_payload: { temperature: 21 } },
    });
    expect(none.body.Data.refused).toEqual([expect.objectContaining({ field: 'decoded_payload', reason: expect.stringMatching(/distance/) })]);
  });

  it('answers the history as hourly aggregates and refuses a sensor of another company', async () => {
    const hours = await history('scale-A', 'hour', new Date(Date.now() - 86_400_000).toISOString());
    expect(hours.reduce((n, h) => n + h.count, 0)).toBe(6);
    const other = await system.api.get(`/c/${company}/sensor/999999/readings?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z`, admin);
    expect(other.body.Meta.code).toBe(404);
    const bad = await system.api.get(`/c/${company}/sensor/${sensors['scale-A']}/readings?from=yesterday&to=2026-01-02T00:00:00Z`, admin);
    expect([bad.body.Meta.code, bad.body.Meta.field]).toEqual([1000, 'from']);
  });
});
