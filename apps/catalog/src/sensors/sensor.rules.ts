import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '@kanban/access';
import {
  SENSOR_EXTERNAL_ID_PATTERN,
  SENSOR_INTERVAL_MAX,
  SENSOR_TYPES,
  SENSOR_UNITS,
  sensorAlarms,
  type SensorAlarmFacts,
  type SensorChanged,
  type SensorDto,
  type SensorInput,
  type SensorSort,
  type SensorType,
  type SensorUnit,
} from '@kanban/contracts';
import { sortProperty } from '../shared/list-query';
import type { Sensor } from './sensor.entity';

/** The text fields and their longest length. */
const TEXTS = { name: 200, version: 50 } as const;

/**
 * The service's own check of a sensor payload (the gateway validates the DTO first): name trimmed, 1..200
 * (required on create); external id by SENSOR_EXTERNAL_ID_PATTERN (required on create); a known type (required on
 * create); a unit of SENSOR_UNITS (the combination with the type is checked on the whole record:
 * `checkSensorUnit`); version up to 50; interval 1..10080 minutes; active a boolean. The reported state is not
 * writable: fields other than these are ignored. Answers the cleaned input or throws 1000 naming the field.
 */
export function normalizeSensorInput(input: SensorInput, mode: 'create' | 'update'): SensorInput {
  const sent = (input ?? {}) as Record<string, unknown>;
  const out: SensorInput = {};
  for (const [field, max] of Object.entries(TEXTS) as [keyof typeof TEXTS, number][]) {
    const value = sent[field];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw AppError.validation(field, 'must be a string');
    const text = value.trim();
    if (text.length > max) throw AppError.validation(field, `must be at most ${max} characters`);
    out[field] = text;
  }
  if (mode === 'create' && out.name === undefined) throw AppError.validation('name', 'is required');
  if (out.name !== undefined && out.name.length === 0) throw AppError.validation('name', 'should not be empty');
  if (sent.external_id !== undefined || mode === 'create') {
    const value = sent.external_id;
    if (value === undefined) throw AppError.validation('external_id', 'is required');
    if (typeof value !== 'string' || !SENSOR_EXTERNAL_ID_PATTERN.test(value)) {
      throw AppError.validation('external_id', 'must be 1 to 100 visible characters without spaces, /, + or #');
    }
    out.external_id = value;
  }
  if (sent.type !== undefined || mode === 'create') {
    if (!(SENSOR_TYPES as readonly unknown[]).includes(sent.type)) throw AppError.validation('type', `must be one of ${SENSOR_TYPES.join(', ')}`);
    out.type = sent.type as SensorType;
  }
  if (sent.unit !== undefined) {
    const all = Object.values(SENSOR_UNITS).flat();
    if (!all.includes(sent.unit as string)) throw AppError.validation('unit', `must be one of ${[...new Set(all)].join(', ')}`);
    out.unit = sent.unit as SensorUnit;
  }
  if (sent.interval_minutes !== undefined) {
    const value = sent.interval_minutes;
    if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > SENSOR_INTERVAL_MAX) {
      throw AppError.validation('interval_minutes', `must be a whole number of minutes from 1 to ${SENSOR_INTERVAL_MAX}`);
    }
    out.interval_minutes = value as number;
  }
  if (sent.active !== undefined) {
    if (typeof sent.active !== 'boolean') throw AppError.validation('active', 'must be a boolean');
    out.active = sent.active;
  }
  return out;
}

/** Writes a normalized input onto the entity; a new type without a unit takes the type's first unit. */
export function applySensorInput(sensor: Sensor, input: SensorInput): void {
  if (input.name !== undefined) sensor.name = input.name;
  if (input.external_id !== undefined) sensor.externalId = input.external_id;
  if (input.type !== undefined) {
    if (input.unit === undefined && !SENSOR_UNITS[input.type].includes(sensor.unit)) sensor.unit = SENSOR_UNITS[input.type][0] as SensorUnit;
    sensor.type = input.type;
  }
  if (input.unit !== undefined) sensor.unit = input.unit;
  if (input.version !== undefined) sensor.version = input.version;
  if (input.interval_minutes !== undefined) sensor.intervalMinutes = input.interval_minutes;
  if (input.active !== undefined) sensor.active = input.active;
}

/** 1000 at `unit` unless the unit is one the sensor's type measures in (weight g/kg, distance mm/cm, others count). */
export function checkSensorUnit(sensor: Pick<Sensor, 'type' | 'unit'>): void {
  const units = SENSOR_UNITS[sensor.type];
  if (!units.includes(sensor.unit)) throw AppError.validation('unit', `must be one of ${units.join(', ')} for a ${sensor.type} sensor`);
}

/** The sensor as the calls answer it; `alarms` by the shared rule at `now` (`minuteMs`: SENSOR_INTERVAL_UNIT_MS). */
export function toSensorDto(sensor: Sensor, now = Date.now(), minuteMs = 60_000): SensorDto {
  return {
    id: sensor.id,
    name: sensor.name,
    external_id: sensor.externalId,
    type: sensor.type,
    unit: sensor.unit,
    version: sensor.version,
    interval_minutes: sensor.intervalMinutes,
    active: sensor.active,
    battery: sensor.battery,
    signal: sensor.signal,
    last_seen_at: sensor.lastSeenAt ? sensor.lastSeenAt.toISOString() : null,
    last_value: sensor.lastValue === null ? null : Number(sensor.lastValue),
    alarms: sensorAlarms(alarmFacts(sensor), now, minuteMs),
    offline_since: sensor.offlineSince ? sensor.offlineSince.toISOString() : null,
    battery_low_since: sensor.batteryLowSince ? sensor.batteryLowSince.toISOString() : null,
    created_at: sensor.createdAt.toISOString(),
    updated_at: sensor.updatedAt.toISOString(),
  };
}

/** What the shared alarm rule (sensorAlarms) reads of a stored sensor. */
export function alarmFacts(sensor: Pick<Sensor, 'active' | 'intervalMinutes' | 'lastSeenAt' | 'createdAt' | 'battery'>): SensorAlarmFacts {
  return { active: sensor.active, interval_minutes: sensor.intervalMinutes, last_seen_at: sensor.lastSeenAt, created_at: sensor.createdAt, battery: sensor.battery };
}

export function sensorChanged(sensor: Sensor): SensorChanged & Record<string, unknown> {
  return { id: sensor.id, company_id: sensor.companyId, external_id: sensor.externalId, type: sensor.type, active: sensor.active };
}

const SORT_COLUMNS: Record<SensorSort, string> = { name: 'name', external_id: 'externalId', type: 'type', last_seen_at: 'lastSeenAt' };

/** The entity property a sensor list is sorted by; unknown values sort by name. */
export function sensorSortProperty(sort: string | undefined): string {
  return sortProperty(sort, SORT_COLUMNS, 'name');
}

/** A new device key: the public id (`keyId`), the whole key as shown once, and the hash that is stored. */
export function newDeviceKey(): { keyId: string; key: string; hash: string } {
  const keyId = randomBytes(6).toString('hex');
  const key = `dk_${keyId}_${randomBytes(24).toString('base64url')}`;
  return { keyId, key, hash: deviceKeyHash(key) };
}

/** The public id of a key as sent (`dk_<12 hex>_<secret>`), or null when it is not shaped like one. */
export function deviceKeyId(key: unknown): string | null {
  if (typeof key !== 'string' || key.length > 200) return null;
  const match = /^dk_([0-9a-f]{12})_([A-Za-z0-9_-]{20,})$/.exec(key);
  return match ? match[1]! : null;
}

/** SHA-256 (hex) of a whole key. */
export function deviceKeyHash(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Whether a key as sent matches a stored hash (compared in constant time). */
export function deviceKeyMatches(key: string, hash: string): boolean {
  const given = Buffer.from(deviceKeyHash(key), 'hex');
  const stored = Buffer.from(hash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The shown form of a key id. */
export function deviceKeyPrefix(keyId: string): string {
  return `dk_${keyId}`;
}
