import type { ListQuery } from './identity';

/** Request/reply subjects of the catalog service for the company's sensors and its device key (docs/sensors.md). */
export const SensorSubjects = {
  list: 'catalog.sensor.list',
  get: 'catalog.sensor.get',
  create: 'catalog.sensor.create',
  update: 'catalog.sensor.update',
  delete: 'catalog.sensor.delete',
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
  created_at: string;
  updated_at: string;
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
