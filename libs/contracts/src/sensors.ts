import type { ListQuery } from './identity';

/** Request/reply subjects of the catalog service for the company's sensors and its device key (docs/sensors.md). */
export const SensorSubjects = {
  list: 'catalog.sensor.list',
  get: 'catalog.sensor.get',
  create: 'catalog.sensor.create',
  update: 'catalog.sensor.update',
  delete: 'catalog.sensor.delete',
  /** the sensors with an alarm, for the dashboards (SensorAlarmsDto) */
  alarms: 'catalog.sensor.alarms',
  /** the sensors of a company by the device ids their vendors send (for the ingestion) */
  byExternalId: 'catalog.sensor.by_external_id',
  getDeviceKey: 'catalog.sensor.devicekey.get',
  rotateDeviceKey: 'catalog.sensor.devicekey.rotate',
  /** the company of a device key, or null (for the ingestion) */
  verifyDeviceKey: 'catalog.sensor.devicekey.verify',
} as const;

/** Durable events about sensors (JetStream stream EVT_catalog). */
export const SensorEvents = {
  sensorChanged: 'evt.catalog.sensor_changed',
  /** a sensor's alarm was raised or cleared (SensorAlarm; once per episode, docs/sensors.md "Alarms") */
  sensorAlarm: 'evt.catalog.sensor_alarm',
} as const;

/** What a sensor senses (issue 17: weight, distance, light barrier, RFID, button). */
export const SENSOR_TYPES = ['weight', 'distance', 'light_barrier', 'rfid', 'button'] as const;
export type SensorType = (typeof SENSOR_TYPES)[number];

/** The units a sensor's raw value may come in, per type; the first is the default. */
export const SENSOR_UNITS: Readonly<Record<SensorType, readonly string[]>> = {
  weight: ['g', 'kg'],
  distance: ['mm', 'cm'],
  light_barrier: ['count'],
  rfid: ['count'],
  button: ['count'],
};

/** Every unit of SENSOR_UNITS once. */
export const SENSOR_UNIT_CODES = ['g', 'kg', 'mm', 'cm', 'count'] as const;
export type SensorUnit = (typeof SENSOR_UNIT_CODES)[number];

/**
 * A device id as vendors send it: 1..100 visible ASCII characters, no spaces, and none of `/`, `+`, `#` (it is one
 * level of the MQTT topic `kanban/{companyKey}/sensors/{externalId}`).
 */
export const SENSOR_EXTERNAL_ID_PATTERN = /^[\x21-\x22\x24-\x2a\x2c-\x2e\x30-\x7e]{1,100}$/;

/** The expected reporting interval in minutes: 1 to a week, 15 unless set. */
export const SENSOR_INTERVAL_MAX = 10_080;
export const SENSOR_INTERVAL_DEFAULT = 15;
/** A sensor silent for this many intervals counts as offline. */
export const SENSOR_OFFLINE_INTERVALS = 3;
/** A reported battery below this many percent is low (docs/sensors.md "Alarms"). */
export const SENSOR_BATTERY_LOW_PERCENT = 20;

/** The alarms a sensor can have: silent for more than 3 × its interval, or its battery below 20 %. */
export const SENSOR_ALARM_KINDS = ['offline', 'battery_low'] as const;
export type SensorAlarmKind = (typeof SENSOR_ALARM_KINDS)[number];

/** What the alarm rule looks at: the sensor as stored (times as Date or ISO text). */
export interface SensorAlarmFacts {
  active: boolean;
  interval_minutes: number;
  last_seen_at: Date | string | null;
  /** when the sensor was created: the silence of a sensor that never reported counts from here */
  created_at: Date | string;
  battery: number | null;
}

const timeOf = (t: Date | string): number => (typeof t === 'string' ? new Date(t).getTime() : t.getTime());

/**
 * The one rule of a sensor's alarms (docs/sensors.md "Alarms"), used by the sensor list, the rack plan, the dashboards
 * and the periodic check alike. Inactive sensors have none. **Offline**: no reading for more than 3 × the interval,
 * counted from the last reading or, for a sensor that never reported, from its creation (a new sensor gets the same
 * grace as one that just reported; one that never reports after that is as silent as one that stopped).
 * **battery_low**: the last reported battery below 20 %. `minuteMs`: the length of one interval minute (60,000;
 * the catalog's SENSOR_INTERVAL_UNIT_MS shortens it in tests).
 */
export function sensorAlarms(sensor: SensorAlarmFacts, now: number, minuteMs = 60_000): SensorAlarmKind[] {
  if (!sensor.active) return [];
  const alarms: SensorAlarmKind[] = [];
  const since = timeOf(sensor.last_seen_at ?? sensor.created_at);
  if (now - since > SENSOR_OFFLINE_INTERVALS * sensor.interval_minutes * minuteMs) alarms.push('offline');
  if (sensor.battery !== null && sensor.battery < SENSOR_BATTERY_LOW_PERCENT) alarms.push('battery_low');
  return alarms;
}

export const SENSOR_SORTS = ['name', 'external_id', 'type', 'last_seen_at'] as const;
export type SensorSort = (typeof SENSOR_SORTS)[number];

/** A sensor of the company (master data; docs/sensors.md). The reported state is set by the ingestion only. */
export interface SensorDto {
  id: number;
  name: string;
  /** the device id the vendor sends, unique in the company */
  external_id: string;
  type: SensorType;
  /** the unit of the raw value (SENSOR_UNITS of the type) */
  unit: SensorUnit;
  /** firmware or model version, free text */
  version: string;
  /** the expected reporting interval in minutes */
  interval_minutes: number;
  active: boolean;
  /** reported: battery in percent (0..100); null: never reported */
  battery: number | null;
  /** reported: signal strength in dBm; null: never reported */
  signal: number | null;
  /** reported: when the last reading arrived; null: never */
  last_seen_at: string | null;
  /** reported: the last raw value in `unit`; null: never */
  last_value: number | null;
  /** the alarms now, by sensorAlarms (offline also for a sensor that never reported within 3 intervals of its creation) */
  alarms: SensorAlarmKind[];
  /** when the periodic check raised the offline alarm of the current silence; null: none raised (yet) */
  offline_since: string | null;
  /** when the periodic check raised the low-battery alarm of the current episode; null: none */
  battery_low_since: string | null;
  created_at: string;
  updated_at: string;
}

/** Where a sensor sits: a bin of a rack (label set) or a rack that names it as its sensor (label null). */
export interface SensorPlace {
  storage_id: number;
  storage_name: string;
  location_id: number;
  customer_id: number;
  /** the bin's label (e.g. "A-03"); null: the rack's own sensor */
  label: string | null;
}

/**
 * evt.catalog.sensor_alarm: the periodic check raised an alarm (`offline`, `battery_low`: once per episode) or saw it
 * end (`back_online` after readings came back, `battery_ok` after a battery at or above 20 % or the sensor
 * deactivated). The orders service writes journal entries of the raised ones; notification rules subscribe here.
 */
export interface SensorAlarm {
  company_id: number;
  sensor_id: number;
  kind: 'offline' | 'battery_low' | 'back_online' | 'battery_ok';
  /** when the check saw it */
  at: string;
  name: string;
  external_id: string;
  interval_minutes: number;
  last_seen_at: string | null;
  battery: number | null;
  /** where the sensor sits (at most 20) */
  places: SensorPlace[];
}

/** GET …/sensor/alarms: the sensors with an alarm now (staff: every one; customer users: those in racks of their locations). */
export interface SensorAlarmsQuery {
  customer_id?: number;
  location_id?: number;
}

export interface SensorAlarmEntry {
  sensor: Pick<SensorDto, 'id' | 'name' | 'external_id' | 'type' | 'interval_minutes' | 'last_seen_at' | 'battery' | 'offline_since' | 'battery_low_since'>;
  alarms: SensorAlarmKind[];
  places: SensorPlace[];
}

export interface SensorAlarmsDto {
  /** sensors with an alarm in the scope */
  total: number;
  offline: number;
  battery_low: number;
  /** the first 50, offline first, by name */
  items: SensorAlarmEntry[];
}

/** The writable fields of a sensor (create needs name, external_id and type; PATCH changes what it names). */
export type SensorInput = Partial<Pick<SensorDto, 'name' | 'external_id' | 'type' | 'unit' | 'version' | 'interval_minutes' | 'active'>>;

export interface SensorListQuery extends ListQuery {
  /** only sensors of this type */
  type?: SensorType;
}

/** evt.catalog.sensor_changed: a sensor was created, changed or deleted. */
export interface SensorChanged {
  id: number;
  company_id: number;
  external_id: string;
  type: SensorType;
  active: boolean;
  deleted?: boolean;
}

/** The company's device key as shown (never its secret). */
export interface DeviceKeyInfo {
  /** whether the company has a valid key */
  exists: boolean;
  /** the key's public start (`dk_<id>`); the full key is `dk_<id>_<secret>` */
  prefix: string | null;
  created_at: string | null;
  last_used_at: string | null;
  /** the key replaced by the last rotation, valid until `expires_at` (24 h after the rotation) */
  previous: { prefix: string; expires_at: string; last_used_at: string | null } | null;
}

/** A new device key: `key` is shown this once. */
export interface DeviceKeyCreated extends DeviceKeyInfo {
  key: string;
}

/** How long a rotated-away device key stays valid. */
export const DEVICE_KEY_GRACE_HOURS = 24;
