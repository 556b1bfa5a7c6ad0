// The sensors' alarms end to end in both run modes (docs/sensors.md "Alarms"): a sensor in a bin goes silent, the
// catalog's periodic check raises the offline alarm once (journal 2005 through evt.catalog.sensor_alarm, the
// dashboards' call, the plan, the sensor), readings bring it back online and report a low battery (journal 2000, once
// per episode), a good battery ends that, and a second silence is a second alarm. One interval minute lasts a
// second here (SENSOR_INTERVAL_UNIT_MS) and the check runs every 250 ms (SENSOR_ALARM_CHECK_MS): no waiting minutes.
import { randomBytes } from 'node:crypto';
import { eventually } from '@kanban/testing';
import { fastSensorAlarmsEnv, ok, signInDemo, startSystem, type TestSystem } from '../support/system';

jest.setTimeout(180_000);

let system: TestSystem;
let admin: string;
let company: number;
let key: string;
let customerId: number;
let locationId: number;
let storageId: number;
let sensorId: number;
const externalId = `alarm-${randomBytes(3).toString('hex')}`;

type Entry = { code: number; message_key: string; params: Record<string, unknown>; location_id: number | null; customer_id: number | null; message: string };

async function entries(code: number): Promise<Entry[]> {
  const filter = encodeURIComponent(JSON.stringify([{ field: 'code', operation: 'eq', value: code }]));
  const page = ok(await system.api.get(`/v2/c/${company}/journal?filter=${filter}&per_page=200`, admin)) as { items: Entry[] };
  return page.items.filter((e) => e.params?.sensor_id === sensorId);
}

const alarmsAt = async (scope: string) => ok(await system.api.get(`/c/${company}/sensor/alarms${scope}`, admin));
const sensor = async () => ok(await system.api.get(`/c/${company}/sensor/${sensorId}`, admin));

async function reading(battery: number): Promise<void> {
  const response = await fetch(`${system.ingestUrl}/api/ingest/v1/readings`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
    body: JSON.stringify({ readings: [{ external_id: externalId, value: 1200, unit: 'g', battery }] }),
  });
  expect(response.status).toBe(202);
}

/** Keeps the sensor reporting (a reading every 400 ms, well within its 3 s) until stopped. */
function reporting(battery: () => number): () => Promise<void> {
  let on = true;
  const loop = (async () => {
    while (on) {
      await reading(battery());
      await new Promise((r) => setTimeout(r, 400));
    }
  })();
  return async () => {
    on = false;
    await loop;
  };
}

beforeAll(async () => {
  system = await startSystem(undefined, {
    ingest: true,
    env: fastSensorAlarmsEnv(),
  });
  const demo = await signInDemo(system);
  admin = demo.tokens.admin!;
  company = demo.demo;
  customerId = ok(await system.api.post(`/c/${company}/customer/`, { name: 'Alarm Kunde; "Süd"', nr: `AL-${externalId}` }, admin)).id;
  locationId = ok(await system.api.post(`/c/${company}/customer/${customerId}/location/`, { name: 'Alarmhalle' }, admin)).id;
  storageId = ok(await system.api.post(`/c/${company}/customer/${customerId}/location/${locationId}/storage/`, { name: 'Alarmregal', rows: 1, columns: 2 }, admin)).id;
  // five-minute interval first: 15 s of grace, so the new sensor is seen without an alarm before it goes silent
  sensorId = ok(await system.api.post(`/c/${company}/sensor`, { name: 'Waage Alarm', external_id: externalId, type: 'weight', unit: 'g', interval_minutes: 5 }, admin)).id;
  ok(await system.api.call('PUT', `/c/${company}/customer/${customerId}/location/${locationId}/storage/${storageId}/bins/1/2`, { body: { sensor_id: sensorId, measured: 'weight_g', wanted: 'pieces', tare: 0, piece_weight: 10 }, token: admin }));
  key = ok(await system.api.post(`/c/${company}/sensor/devicekey`, {}, admin)).key;
});

afterAll(async () => {
  await system?.close();
});

describe(`sensor alarms (${process.env.E2E_MODE})`, () => {
  it('raises the offline alarm of a silent sensor once, clears it with readings, and raises low battery once per episode', async () => {
    // a sensor that never reported has the grace of its interval from its creation
    expect(await sensor()).toMatchObject({ last_seen_at: null, alarms: [], offline_since: null });
    ok(await system.api.patch(`/c/${company}/sensor/${sensorId}`, { interval_minutes: 1 }, admin));

    // silent for more than 3 intervals: the journal names it once, at the rack's location
    const [offline] = await eventually(async () => {
      const found = await entries(2005);
      return found.length > 0 ? found : undefined;
    }, 30_000, 'the offline journal entry');
    expect(offline).toMatchObject({ message_key: 'sensor_offline', location_id: locationId, customer_id: customerId });
    expect(offline!.params).toMatchObject({ sensor: 'Waage Alarm', external_id: externalId, interval_minutes: 1, last_seen_at: null });
    expect(offline!.params.places).toEqual([{ storage_id: storageId, storage_name: 'Alarmregal', location_id: locationId, customer_id: customerId, label: expect.any(String) }]);
    expect(offline!.message).toMatch(/offline/);
    expect((await sensor()).offline_since).not.toBeNull();
    expect((await sensor()).alarms).toEqual(['offline']);

    // the dashboards' call: the location, its customer and the company see it; another location does not
    for (const scope of [`?location_id=${locationId}`, `?customer_id=${customerId}`, '']) {
      const answer = await alarmsAt(scope);
      const mine = answer.items.find((i: { sensor: { id: number } }) => i.sensor.id === sensorId);
      expect(mine).toMatchObject({ alarms: ['offline'], places: [{ storage_id: storageId, location_id: locationId }] });
      expect(answer.offline).toBeGreaterThanOrEqual(1);
    }
    // customer users see only sensors in racks of locations they see (never one in no rack); suppliers none (1020)
    const demo = await signInDemo(system);
    const theirs = ok(await system.api.get(`/c/${company}/sensor/alarms`, demo.tokens.customer!)) as { items: { places: unknown[] }[] };
    expect(theirs.items.every((i) => i.places.length > 0)).toBe(true);
    expect((await system.api.get(`/c/${company}/sensor/alarms`, demo.tokens.supplier!)).body.Meta.code).toBe(1020);
    const other = ok(await system.api.post(`/c/${company}/customer/${customerId}/location/`, { name: 'Ruhige Halle' }, admin)).id;
    expect(await alarmsAt(`?location_id=${other}`)).toEqual({ total: 0, offline: 0, battery_low: 0, items: [] });
    // the plan: the bin's sensor is offline by the same rule
    const plan = ok(await system.api.get(`/c/${company}/customer/${customerId}/location/${locationId}/storage/${storageId}/bins`, admin));
    const bin = plan.bins.find((b: { sensor_id: number | null }) => b.sensor_id === sensorId);
    expect(bin.sensor).toMatchObject({ offline: true, battery_low: false, alarms: ['offline'] });

    // readings come back, with a low battery: online again, one battery alarm however many readings say so
    let battery = 12;
    const stop = reporting(() => battery);
    try {
      await eventually(async () => {
        const s = await sensor();
        return s.offline_since === null && s.battery_low_since !== null ? s : undefined;
      }, 30_000, 'back online with a low battery');
      expect((await sensor()).alarms).toEqual(['battery_low']);
      const [low] = await eventually(async () => {
        const found = await entries(2000);
        return found.length > 0 ? found : undefined;
      }, 30_000, 'the low-battery journal entry');
      expect(low).toMatchObject({ message_key: 'sensor_battery_low', location_id: locationId });
      expect(low!.params).toMatchObject({ sensor_id: sensorId, battery: 12 });
      const lowNow = (await alarmsAt(`?location_id=${locationId}`)).items.find((i: { sensor: { id: number } }) => i.sensor.id === sensorId);
      expect(lowNow).toMatchObject({ alarms: ['battery_low'] });
      // a new battery ends the episode: nothing left to show at the location
      battery = 95;
      await eventually(async () => ((await sensor()).battery_low_since === null ? true : undefined), 30_000, 'the battery alarm to end');
      await eventually(async () => ((await alarmsAt(`?location_id=${locationId}`)).total === 0 ? true : undefined), 30_000, 'no alarm at the location');
      expect(await entries(2000)).toHaveLength(1);
      expect(await entries(2005)).toHaveLength(1);
    } finally {
      await stop();
    }

    // silent again: a second silence, a second entry (and only one)
    await eventually(async () => ((await entries(2005)).length === 2 ? true : undefined), 30_000, 'the second offline entry');
    await new Promise((r) => setTimeout(r, 1000));
    expect(await entries(2005)).toHaveLength(2);
    expect((await entries(2005))[0]!.params.last_seen_at).not.toBeNull();
  });
});
