import { AppError, ErrorCode } from '@kanban/access';
import { Sensor } from './sensor.entity';
import {
  applySensorInput,
  checkSensorUnit,
  deviceKeyHash,
  deviceKeyId,
  deviceKeyMatches,
  newDeviceKey,
  normalizeSensorInput,
  sensorSortProperty,
  toSensorDto,
} from './sensor.rules';

function fieldOf(work: () => unknown): string | undefined {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(ErrorCode.Validation);
    return (error as AppError).field;
  }
  throw new Error('expected a validation error');
}

const valid = { name: 'Waage 1', external_id: 'eui-70b3d57ed0001234', type: 'weight' as const };

describe('normalizeSensorInput', () => {
  it('requires name, external id and type on create, not on update, and keeps names as given', () => {
    expect(fieldOf(() => normalizeSensorInput({ external_id: 'a', type: 'weight' }, 'create'))).toBe('name');
    expect(fieldOf(() => normalizeSensorInput({ name: 'S', type: 'weight' }, 'create'))).toBe('external_id');
    expect(fieldOf(() => normalizeSensorInput({ name: 'S', external_id: 'a' }, 'create'))).toBe('type');
    expect(fieldOf(() => normalizeSensorInput({ name: '  ' }, 'update'))).toBe('name');
    expect(normalizeSensorInput({ interval_minutes: 5 }, 'update')).toEqual({ interval_minutes: 5 });
    expect(normalizeSensorInput({ ...valid, name: ' Waage "Süd"; 📦 ' }, 'create').name).toBe('Waage "Süd"; 📦');
  });

  it('takes external ids of 1..100 visible characters without spaces or MQTT wildcards', () => {
    for (const external_id of ['', ' a', 'a b', 'a/b', 'a+b', 'a#b', 'x'.repeat(101), 'ä', 'a\tb', 7]) {
      expect(fieldOf(() => normalizeSensorInput({ ...valid, external_id } as never, 'create'))).toBe('external_id');
    }
    for (const external_id of ['A4:C1:38:0F:12:34', 'eui-70b3d57ed0001234', 'x'.repeat(100), '!"$%&\'()*,-.~']) {
      expect(normalizeSensorInput({ ...valid, external_id }, 'create').external_id).toBe(external_id);
    }
  });

  it('checks type, unit, version, interval and active', () => {
    expect(fieldOf(() => normalizeSensorInput({ ...valid, type: 'camera' } as never, 'create'))).toBe('type');
    expect(fieldOf(() => normalizeSensorInput({ ...valid, unit: 'lb' } as never, 'create'))).toBe('unit');
    expect(fieldOf(() => normalizeSensorInput({ ...valid, version: 'v'.repeat(51) }, 'create'))).toBe('version');
    for (const interval_minutes of [0, 10_081, 1.5, '15', null]) {
      expect(fieldOf(() => normalizeSensorInput({ ...valid, interval_minutes } as never, 'create'))).toBe('interval_minutes');
    }
    expect(normalizeSensorInput({ ...valid, interval_minutes: 10_080 }, 'create').interval_minutes).toBe(10_080);
    expect(fieldOf(() => normalizeSensorInput({ ...valid, active: 1 } as never, 'create'))).toBe('active');
  });

  it('ignores the reported state (the ingestion sets it)', () => {
    const input = normalizeSensorInput({ ...valid, battery: 5, last_value: 3 } as never, 'create');
    expect(input).not.toHaveProperty('battery');
    expect(input).not.toHaveProperty('last_value');
  });
});

describe('applySensorInput, checkSensorUnit, toSensorDto, sensorSortProperty', () => {
  const sensor = () => Object.assign(new Sensor(), { id: 3, companyId: 1, createdAt: new Date(0), updatedAt: new Date(0) });

  it('gives a new sensor the first unit of its type, and a changed type a fitting unit', () => {
    const s = sensor();
    applySensorInput(s, normalizeSensorInput(valid, 'create'));
    expect(s.unit).toBe('g');
    applySensorInput(s, normalizeSensorInput({ unit: 'kg' }, 'update'));
    expect(s.unit).toBe('kg');
    applySensorInput(s, normalizeSensorInput({ type: 'distance' }, 'update'));
    expect(s.unit).toBe('mm');
    applySensorInput(s, normalizeSensorInput({ type: 'button' }, 'update'));
    expect(s.unit).toBe('count');
    expect(() => checkSensorUnit(s)).not.toThrow();
  });

  it('refuses units that do not fit the type', () => {
    expect(fieldOf(() => checkSensorUnit({ type: 'weight', unit: 'mm' }))).toBe('unit');
    expect(fieldOf(() => checkSensorUnit({ type: 'distance', unit: 'count' }))).toBe('unit');
    expect(fieldOf(() => checkSensorUnit({ type: 'rfid', unit: 'g' }))).toBe('unit');
    const s = sensor();
    applySensorInput(s, normalizeSensorInput({ ...valid, type: 'light_barrier', unit: 'kg' }, 'create'));
    expect(fieldOf(() => checkSensorUnit(s))).toBe('unit');
  });

  it('answers the sensor with its reported state (null until reported)', () => {
    const s = sensor();
    applySensorInput(s, normalizeSensorInput({ ...valid, version: 'fw 2.1', active: false }, 'create'));
    expect(toSensorDto(s)).toMatchObject({ id: 3, name: 'Waage 1', type: 'weight', unit: 'g', version: 'fw 2.1', interval_minutes: 15, active: false, battery: null, signal: null, last_seen_at: null, last_value: null });
    Object.assign(s, { battery: 80, signal: -71, lastSeenAt: new Date('2026-01-01T10:00:00Z'), lastValue: '1234.500' });
    expect(toSensorDto(s)).toMatchObject({ battery: 80, signal: -71, last_seen_at: '2026-01-01T10:00:00.000Z', last_value: 1234.5 });
  });

  it('sorts by the known columns, else by name', () => {
    expect(sensorSortProperty('external_id')).toBe('externalId');
    expect(sensorSortProperty('last_seen_at')).toBe('lastSeenAt');
    expect(sensorSortProperty('battery')).toBe('name');
  });
});

describe('device keys', () => {
  it('are dk_<id>_<secret>, found by their id, matched by their hash only', () => {
    const a = newDeviceKey();
    const b = newDeviceKey();
    expect(a.key).toMatch(/^dk_[0-9a-f]{12}_[A-Za-z0-9_-]{32}$/);
    expect(a.keyId).not.toBe(b.keyId);
    expect(deviceKeyId(a.key)).toBe(a.keyId);
    expect(a.hash).toBe(deviceKeyHash(a.key));
    expect(a.hash).not.toContain(a.key.slice(16));
    expect(deviceKeyMatches(a.key, a.hash)).toBe(true);
    expect(deviceKeyMatches(b.key, a.hash)).toBe(false);
    expect(deviceKeyMatches(`${a.key}x`, a.hash)).toBe(false);
  });

  it('refuses what is not shaped like a key', () => {
    for (const key of [undefined, null, 42, '', 'dk_', 'dk_zzzzzzzzzzzz_abcdefghijklmnopqrstuvwxyz', 'dk_0123456789ab_short', `dk_0123456789ab_${'a'.repeat(300)}`, 'Bearer x']) {
      expect(deviceKeyId(key)).toBeNull();
    }
  });
});
