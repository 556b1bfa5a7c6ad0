import {
  BatchError,
  MAX_BATCH,
  parseChirpstackUplink,
  parseHttpBatch,
  parseMqttPayload,
  parseTopic,
  parseTtsUplink,
  toSensorUnit,
  valueFromFields,
} from './reading-input';

const now = new Date('2026-11-27T10:00:00.000Z');
const limits = { now, oldest: new Date('2025-10-01T00:00:00.000Z') };

describe('HTTP batch', () => {
  it('keeps good readings and refuses bad ones one by one, each with its index, field and reason', () => {
    const batch = parseHttpBatch(
      {
        readings: [
          { external_id: 'scale-1', time: '2026-11-27T09:59:00Z', value: 1234.5, unit: 'g', battery: 87, signal: -71 },
          { external_id: 'scale-2', value: 'heavy' },
          { time: '2026-11-27T09:00:00Z', value: 3 },
          { external_id: 'scale-3', time: '2026-11-28T09:00:00Z', value: 3 },
          { external_id: 'scale-4', time: 1_764_237_000, value: 0.5, unit: 'kg' },
          { external_id: 'scale-5', value: 1, unit: 'lbs' },
          { external_id: 'scale-6', value: 1, battery: 140 },
          { external_id: 'scale-7', value: 1, time: '27.11.2026 09:00' },
          { external_id: 'Waage"Sued";Regal-3', value: -12 },
          { external_id: 'Waage Süd', value: 1 },
        ],
      },
      limits,
    );
    expect(batch.readings.map((r) => [r.index, r.external_id, r.value, r.unit])).toEqual([
      [0, 'scale-1', 1234.5, 'g'],
      [4, 'scale-4', 0.5, 'kg'],
      [8, 'Waage"Sued";Regal-3', -12, null],
    ]);
    expect(batch.readings[0]).toMatchObject({ time: new Date('2026-11-27T09:59:00Z'), battery: 87, signal: -71, source: 'http' });
    // Unix seconds are read as seconds; a reading without a time is taken as received now
    expect(batch.readings[1]!.time).toEqual(new Date(1_764_237_000_000));
    expect(batch.readings[2]!.time).toEqual(now);
    expect(batch.refused.map((r) => [r.index, r.external_id, r.field])).toEqual([
      [1, 'scale-2', 'value'],
      [2, null, 'external_id'],
      [3, 'scale-3', 'time'],
      [5, 'scale-5', 'unit'],
      [6, 'scale-6', 'battery'],
      [7, 'scale-7', 'time'],
      [9, null, 'external_id'],
    ]);
    expect(batch.refused[2]!.reason).toMatch(/future/);
  });

  it('refuses readings older than the retention', () => {
    const batch = parseHttpBatch([{ external_id: 'a', time: '2025-09-30T23:59:59Z', value: 1 }], limits);
    expect(batch.refused).toEqual([expect.objectContaining({ field: 'time', reason: expect.stringMatching(/longer ago than readings are kept/) })]);
  });

  it('answers a body that is no batch, an empty one and one too large as a whole', () => {
    expect(() => parseHttpBatch({ value: 1 }, limits)).toThrow(BatchError);
    expect(() => parseHttpBatch([], limits)).toThrow(/empty/);
    const many = Array.from({ length: MAX_BATCH + 1 }, (_, i) => ({ external_id: `s${i}`, value: i }));
    expect(() => parseHttpBatch({ readings: many }, limits)).toThrow(/at most 1000/);
    expect(parseHttpBatch(many.slice(0, MAX_BATCH), limits).readings).toHaveLength(MAX_BATCH);
  });
});

describe('MQTT', () => {
  it('reads the company and the device from the topic', () => {
    expect(parseTopic('kanban/12/sensors/scale-1')).toEqual({ companyKey: '12', externalId: 'scale-1' });
    expect(parseTopic('kanban/12/sensors/Waage"Sued";3')).toEqual({ companyKey: '12', externalId: 'Waage"Sued";3' });
    expect(parseTopic('kanban/12/sensors/Waage Süd')).toBeNull();
    expect(parseTopic('kanban/x/sensors/scale-1')).toBeNull();
    expect(parseTopic('kanban/12/readings/scale-1')).toBeNull();
    expect(parseTopic('kanban/12/sensors/a/b')).toBeNull();
    // another root (MQTT_TOPIC_ROOT), e.g. one broker for several environments
    expect(parseTopic('test/kanban/7/sensors/s-1', 'test/kanban')).toEqual({ companyKey: '7', externalId: 's-1' });
    expect(parseTopic('kanban/7/sensors/s-1', 'test/kanban')).toBeNull();
  });

  it('takes one reading, a list or {readings}, the device id from the topic', () => {
    expect(parseMqttPayload('scale-1', Buffer.from('{"value": 812, "battery": 55}'), limits).readings).toEqual([
      expect.objectContaining({ external_id: 'scale-1', value: 812, battery: 55, time: now, source: 'mqtt' }),
    ]);
    const list = parseMqttPayload('scale-1', '[{"value":1,"time":"2026-11-27T09:00:00Z"},{"value":2,"time":"2026-11-27T09:15:00Z"}]', limits);
    expect(list.readings.map((r) => r.value)).toEqual([1, 2]);
    const other = parseMqttPayload('scale-1', '{"readings":[{"value":1,"external_id":"scale-9"}]}', limits);
    expect(other.refused).toEqual([expect.objectContaining({ field: 'external_id', reason: expect.stringMatching(/topic/) })]);
    expect(() => parseMqttPayload('scale-1', 'not json', limits)).toThrow(/not JSON/);
  });

  it('stores a battery percentage whole (the column is a smallint): 85.5 % is 86 %', () => {
    expect(parseMqttPayload('scale-1', '{"value": 1, "battery": 85.5}', limits).readings[0]!.battery).toBe(86);
  });
});

describe('LoRaWAN uplinks', () => {
  const tts = {
    end_device_ids: { device_id: 'bin-scale-07', application_ids: { application_id: 'kanban' }, dev_eui: '70B3D57ED005A1B2' },
    received_at: '2026-11-27T09:58:12.123456789Z',
    uplink_message: {
      f_port: 2,
      decoded_payload: { weight_g: 2310, battery: 92, temperature: 21.5, alarm: false },
      rx_metadata: [{ rssi: -97 }, { rssi: -84, channel_rssi: -84 }],
    },
  };

  it('reads The Things Stack: the EUI with the device name as alternative, the time, the decoded fields, the best RSSI', () => {
    const { readings, refused } = parseTtsUplink(tts, limits);
    expect(refused).toEqual([]);
    expect(readings).toEqual([
      expect.objectContaining({
        external_id: '70B3D57ED005A1B2',
        alternatives: ['bin-scale-07'],
        time: new Date('2026-11-27T09:58:12.123Z'),
        value: null,
        battery: 92,
        signal: -84,
        source: 'tts',
        fields: { weight_g: 2310, battery: 92, temperature: 21.5, alarm: 0 },
      }),
    ]);
  });

  it('refuses an uplink without decoded payload, passes over other messages and answers a body of no device', () => {
    const bare = { ...tts, uplink_message: { frm_payload: 'AQID' } };
    expect(parseTtsUplink(bare, limits).refused).toEqual([expect.objectContaining({ field: 'decoded_payload' })]);
    expect(() => parseTtsUplink({ join_accept: {} }, limits)).toThrow(BatchError);
    // a join or another message of the webhook: no reading, no refusal
    expect(parseTtsUplink({ end_device_ids: { device_id: 'x' }, join_accept: {} }, limits)).toEqual({ readings: [], refused: [] });
  });

  it('reads ChirpStack v4 uplink events', () => {
    const event = {
      deduplicationId: '3ac7e3c4-4401-4b8d-9386-a5c902f9202d',
      time: '2026-11-27T09:50:00.000000000+00:00',
      deviceInfo: { tenantId: 't', applicationId: 'a', deviceName: 'rack-2-distance', devEui: '0101010101010101' },
      fPort: 1,
      object: { distance_mm: 412, batteryLevel: 40 },
      rxInfo: [{ gatewayId: 'g', rssi: -110, snr: 3.5 }],
    };
    expect(parseChirpstackUplink(event, limits).readings).toEqual([
      expect.objectContaining({ external_id: '0101010101010101', alternatives: ['rack-2-distance'], time: new Date('2026-11-27T09:50:00Z'), battery: 40, signal: -110, fields: { distance_mm: 412, batteryLevel: 40 } }),
    ]);
    expect(() => parseChirpstackUplink({ time: 'x' }, limits)).toThrow(/deviceInfo/);
  });

  it('picks the value by the sensor type and converts it into the sensor unit', () => {
    expect(valueFromFields('weight', { weight_kg: 2.5, battery: 1 })).toEqual({ value: 2.5, unit: 'kg', field: 'weight_kg' });
    expect(valueFromFields('distance', { distance: 310 })).toEqual({ value: 310, unit: null, field: 'distance' });
    expect(valueFromFields('light_barrier', { bins: 3 })).toEqual({ value: 3, unit: 'count', field: 'bins' });
    expect(valueFromFields('button', { pressed: 1 })).toEqual({ value: 1, unit: 'count', field: 'pressed' });
    expect(valueFromFields('rfid', { weight_g: 3 })).toBeNull();
    expect(toSensorUnit(2.5, 'kg', 'g')).toBe(2500);
    expect(toSensorUnit(41.2, 'cm', 'mm')).toBeCloseTo(412);
    expect(toSensorUnit(500, 'g', 'kg')).toBe(0.5);
    expect(toSensorUnit(3, null, 'count')).toBe(3);
    expect(toSensorUnit(3, 'g', 'mm')).toBeNull();
    expect(toSensorUnit(3, 'count', 'g')).toBeNull();
  });
});
