// What arrives from sensors, read and checked before anything is looked up or written (docs/sensors.md, "Ingestion"):
// the HTTP batch, an MQTT message, an uplink of The Things Stack or ChirpStack. Every reading is checked on its own; a
// bad one is refused with its index, field and reason, the good ones go on. Pure functions: no clock but the one
// passed in, no database, no bus.
import { SENSOR_EXTERNAL_ID_PATTERN, SENSOR_UNIT_CODES, type SensorType, type SensorUnit } from '@kanban/contracts';

/** Readings in one HTTP call or MQTT message at most (larger batches answer 1000 as a whole). */
export const MAX_BATCH = 1000;
/** A reading's time may be this far ahead of the server's clock (devices' clocks drift). */
export const MAX_FUTURE_MS = 5 * 60_000;
/** Values beyond this (in any unit) are no measurement. */
export const MAX_ABS_VALUE = 1e9;
/** A device id as sensors are registered (docs/sensors.md): printable ASCII without space, `/`, `+` and `#` (MQTT topics). */
const EXTERNAL_ID = SENSOR_EXTERNAL_ID_PATTERN;

export type ReadingSource = 'http' | 'mqtt' | 'tts' | 'chirpstack';

/** A reading that passed the checks of its own fields; its value is still in the unit it came in. */
export interface IncomingReading {
  /** the reading's place in the batch (0-based), for the answer */
  index: number;
  external_id: string;
  time: Date;
  /** the measured value; null when it is still to be picked from `fields` (LoRaWAN: by the sensor's type) */
  value: number | null;
  /** the unit it came in; null: the sensor's own unit */
  unit: SensorUnit | null;
  battery: number | null;
  signal: number | null;
  source: ReadingSource;
  /** LoRaWAN: the decoded payload's numeric fields (booleans as 0 and 1) */
  fields?: Record<string, number>;
  /** LoRaWAN: the uplink's other device ids (its name beside its EUI): the sensor may be registered under either */
  alternatives?: string[];
}

/** A reading refused, with why (the answer lists these; nothing of it is kept). */
export interface Refusal {
  index: number;
  external_id: string | null;
  field: string;
  reason: string;
}

export interface ParsedBatch {
  readings: IncomingReading[];
  refused: Refusal[];
}

/** A body that is no batch at all: answered 1000 as a whole. */
export class BatchError extends Error {
  constructor(
    readonly field: string,
    reason: string,
  ) {
    super(`${field}: ${reason}`);
    this.name = 'BatchError';
  }
}

export interface InputLimits {
  /** the server's clock */
  now: Date;
  /** readings older than this are refused (the raw readings' retention) */
  oldest: Date;
}

/**
 * `POST /api/ingest/v1/readings`: `{"readings": [ {external_id, time?, value, unit?, battery?, signal?}, … ]}` or the
 * array itself.
 */
export function parseHttpBatch(body: unknown, limits: InputLimits): ParsedBatch {
  const list = Array.isArray(body) ? body : isObject(body) && Array.isArray(body['readings']) ? body['readings'] : undefined;
  if (!list) throw new BatchError('readings', 'must be a list of readings (or an object with one under "readings")');
  if (list.length === 0) throw new BatchError('readings', 'is empty');
  if (list.length > MAX_BATCH) throw new BatchError('readings', `holds ${list.length} readings, at most ${MAX_BATCH} per call`);
  return collect(list.map((item, index) => readReading(item, index, 'http', limits)));
}

/**
 * The parts of an MQTT topic `{root}/{companyKey}/sensors/{externalId}` (root `kanban` unless MQTT_TOPIC_ROOT says
 * otherwise); null when the topic is not of that form.
 */
export function parseTopic(topic: string, root = 'kanban'): { companyKey: string; externalId: string } | null {
  if (!topic.startsWith(`${root}/`)) return null;
  const parts = topic.slice(root.length + 1).split('/');
  if (parts.length !== 3 || parts[1] !== 'sensors') return null;
  const [companyKey, , externalId] = parts as [string, string, string];
  if (!/^[1-9][0-9]{0,9}$/.test(companyKey) || !EXTERNAL_ID.test(externalId)) return null;
  return { companyKey, externalId };
}

/**
 * An MQTT message on `kanban/{companyKey}/sensors/{externalId}`: one reading `{time?, value, unit?, battery?,
 * signal?}`, a list of them, or `{"readings": [...]}`; the device id comes from the topic (a reading may not name
 * another one).
 */
export function parseMqttPayload(externalId: string, payload: Buffer | string, limits: InputLimits): ParsedBatch {
  let body: unknown;
  try {
    body = JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8'));
  } catch {
    throw new BatchError('payload', 'is not JSON');
  }
  const list = Array.isArray(body) ? body : isObject(body) && Array.isArray(body['readings']) ? body['readings'] : [body];
  if (list.length === 0) throw new BatchError('readings', 'is empty');
  if (list.length > MAX_BATCH) throw new BatchError('readings', `holds ${list.length} readings, at most ${MAX_BATCH} per message`);
  return collect(
    list.map((item, index) => {
      if (isObject(item) && item['external_id'] !== undefined && item['external_id'] !== externalId) {
        return refusal(index, externalId, 'external_id', 'differs from the topic’s device id');
      }
      return readReading(item, index, 'mqtt', limits, externalId);
    }),
  );
}

/**
 * An uplink of The Things Stack (v3 webhook, "uplink message"): the device is `end_device_ids.dev_eui` (or its
 * `device_id` when the sensor was registered under that), the time `received_at`, the values the payload formatter's
 * `uplink_message.decoded_payload`, the signal the best `rx_metadata[].rssi`. Other messages of the webhook (joins,
 * acknowledgements) hold no reading: an empty batch.
 */
export function parseTtsUplink(body: unknown, limits: InputLimits): ParsedBatch {
  if (!isObject(body) || !isObject(body['end_device_ids'])) throw new BatchError('end_device_ids', 'missing: not an uplink of The Things Stack');
  const ids = body['end_device_ids'];
  const uplink = body['uplink_message'];
  // joins, acknowledgements, location solves…: no readings, nothing wrong (the webhook may send every kind)
  if (!isObject(uplink)) return { readings: [], refused: [] };
  const deviceIds = [ids['dev_eui'], ids['device_id']].filter((v): v is string => typeof v === 'string' && v.length > 0);
  const rssi = bestRssi(uplink['rx_metadata']);
  return lorawanReading(deviceIds, body['received_at'] ?? uplink['received_at'], uplink['decoded_payload'], rssi, 'tts', limits);
}

/**
 * An uplink event of ChirpStack v4 (HTTP integration, `?event=up`): the device is `deviceInfo.devEui`, the time
 * `time`, the values the codec's `object`, the signal the best `rxInfo[].rssi`.
 */
export function parseChirpstackUplink(body: unknown, limits: InputLimits): ParsedBatch {
  if (!isObject(body) || !isObject(body['deviceInfo'])) throw new BatchError('deviceInfo', 'missing: not an uplink event of ChirpStack');
  const info = body['deviceInfo'];
  const deviceIds = [info['devEui'], info['deviceName']].filter((v): v is string => typeof v === 'string' && v.length > 0);
  return lorawanReading(deviceIds, body['time'], body['object'], bestRssi(body['rxInfo']), 'chirpstack', limits);
}

/** The decoded-payload fields that carry a sensor type's value, in order of preference, with their unit. */
const VALUE_FIELDS: Record<SensorType, readonly [string, SensorUnit | null][]> = {
  weight: [
    ['weight_g', 'g'],
    ['weight_kg', 'kg'],
    ['weight', null],
    ['mass', null],
    ['value', null],
  ],
  distance: [
    ['distance_mm', 'mm'],
    ['distance_cm', 'cm'],
    ['distance', null],
    ['value', null],
  ],
  light_barrier: [
    ['count', 'count'],
    ['bins', 'count'],
    ['value', null],
  ],
  rfid: [
    ['count', 'count'],
    ['tags', 'count'],
    ['value', null],
  ],
  button: [
    ['count', 'count'],
    ['pressed', 'count'],
    ['presses', 'count'],
    ['value', null],
  ],
};
const BATTERY_FIELDS = ['battery', 'battery_percent', 'batteryLevel', 'bat'];

/**
 * A LoRaWAN reading's value, picked from the decoded payload by the sensor's type (VALUE_FIELDS); null when the
 * payload has none of that type's fields.
 */
export function valueFromFields(type: SensorType, fields: Record<string, number>): { value: number; unit: SensorUnit | null; field: string } | null {
  for (const [field, unit] of VALUE_FIELDS[type]) {
    const value = fields[field];
    if (value !== undefined) return { value, unit, field };
  }
  return null;
}

/**
 * A value converted into the sensor's unit (kg → g, cm → mm); null when the units do not fit (a weight sent for a
 * distance sensor).
 */
export function toSensorUnit(value: number, from: SensorUnit | null, to: SensorUnit): number | null {
  if (from === null || from === to) return value;
  if (from === 'kg' && to === 'g') return value * 1000;
  if (from === 'g' && to === 'kg') return value / 1000;
  if (from === 'cm' && to === 'mm') return value * 10;
  if (from === 'mm' && to === 'cm') return value / 10;
  return null;
}

function lorawanReading(
  deviceIds: string[],
  time: unknown,
  decoded: unknown,
  rssi: number | null,
  source: ReadingSource,
  limits: InputLimits,
): ParsedBatch {
  const externalId = deviceIds.find((id) => EXTERNAL_ID.test(id));
  if (!externalId) throw new BatchError('device', 'the uplink names no device id');
  if (!isObject(decoded)) return collect([refusal(0, externalId, 'decoded_payload', 'missing: set up a payload formatter (codec) that decodes the sensor’s values')]);
  const fields: Record<string, number> = {};
  for (const [key, value] of Object.entries(decoded)) {
    if (typeof value === 'number' && Number.isFinite(value)) fields[key] = value;
    else if (typeof value === 'boolean') fields[key] = value ? 1 : 0;
  }
  const at = readTime(time, limits);
  if (typeof at === 'string') return collect([refusal(0, externalId, 'time', at)]);
  const batteryField = BATTERY_FIELDS.find((f) => fields[f] !== undefined);
  const battery = batteryField === undefined ? null : Math.round(fields[batteryField]!);
  if (battery !== null && !(battery >= 0 && battery <= 100)) return collect([refusal(0, externalId, 'battery', 'must be a percentage from 0 to 100')]);
  const reading: IncomingReading = { index: 0, external_id: externalId, time: at, value: null, unit: null, battery, signal: rssi, source, fields };
  const alternatives = deviceIds.filter((id) => id !== externalId && EXTERNAL_ID.test(id));
  if (alternatives.length > 0) reading.alternatives = alternatives;
  return collect([reading]);
}

/** `topicId`: the device id of the MQTT topic (checked with the topic), in place of the reading's own. */
function readReading(item: unknown, index: number, source: ReadingSource, limits: InputLimits, topicId?: string): IncomingReading | Refusal {
  if (!isObject(item)) return refusal(index, null, 'reading', 'must be an object');
  if (topicId !== undefined) return readFields(item, topicId, index, source, limits);
  const externalId = item['external_id'];
  if (typeof externalId !== 'string' || !EXTERNAL_ID.test(externalId)) {
    return refusal(index, null, 'external_id', 'required: the device id as the sensor is registered (1 to 100 characters of printable ASCII without space, /, + and #)');
  }
  return readFields(item, externalId, index, source, limits);
}

function readFields(item: Record<string, unknown>, externalId: string, index: number, source: ReadingSource, limits: InputLimits): IncomingReading | Refusal {
  const time = readTime(item['time'], limits);
  if (typeof time === 'string') return refusal(index, externalId, 'time', time);
  const value = item['value'];
  if (typeof value !== 'number' || !Number.isFinite(value)) return refusal(index, externalId, 'value', 'required: a number');
  if (Math.abs(value) > MAX_ABS_VALUE) return refusal(index, externalId, 'value', `must lie between -${MAX_ABS_VALUE} and ${MAX_ABS_VALUE}`);
  const unit = item['unit'];
  if (unit !== undefined && unit !== null && unit !== '' && !(SENSOR_UNIT_CODES as readonly unknown[]).includes(unit)) {
    return refusal(index, externalId, 'unit', `must be one of ${SENSOR_UNIT_CODES.join(', ')} (or left out: the sensor's unit)`);
  }
  const battery = optionalNumber(item['battery']);
  if (battery === undefined || (battery !== null && !(battery >= 0 && battery <= 100))) return refusal(index, externalId, 'battery', 'must be a percentage from 0 to 100');
  const signal = optionalNumber(item['signal']);
  if (signal === undefined || (signal !== null && !(signal >= -200 && signal <= 50))) return refusal(index, externalId, 'signal', 'must be the signal strength in dBm (-200 to 50)');
  // a percentage is stored whole (the column is a smallint): 85.5 % is 86 %
  const wholeBattery = battery === null ? null : Math.round(battery);
  return {
    index,
    external_id: externalId,
    time,
    value,
    unit: unit ? (unit as SensorUnit) : null,
    battery: wholeBattery,
    signal,
    source,
  };
}

/** A reading's time: ISO 8601 with a zone, or a Unix time in seconds or milliseconds; missing: now. A string is the reason it is refused. */
function readTime(raw: unknown, limits: InputLimits): Date | string {
  let at: Date;
  if (raw === undefined || raw === null || raw === '') return new Date(limits.now);
  if (typeof raw === 'number' && Number.isFinite(raw) && raw > 0) at = new Date(raw < 1e11 ? raw * 1000 : raw);
  else if (typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/.test(raw)) {
    // more than millisecond digits (ChirpStack sends nanoseconds) are cut to what a Date holds
    at = new Date(raw.replace(/(\.\d{3})\d+/, '$1'));
  } else return 'must be an ISO 8601 time with its zone (2026-11-27T08:15:00Z) or a Unix time';
  if (Number.isNaN(at.getTime())) return 'is no valid time';
  if (at.getTime() > limits.now.getTime() + MAX_FUTURE_MS) return 'lies in the future (check the device’s clock)';
  if (at.getTime() < limits.oldest.getTime()) return `lies before ${limits.oldest.toISOString()}, longer ago than readings are kept`;
  return at;
}

function bestRssi(metadata: unknown): number | null {
  if (!Array.isArray(metadata)) return null;
  let best: number | null = null;
  for (const gateway of metadata) {
    if (!isObject(gateway)) continue;
    const rssi = gateway['rssi'] ?? gateway['channel_rssi'];
    if (typeof rssi === 'number' && Number.isFinite(rssi) && rssi >= -200 && rssi <= 50 && (best === null || rssi > best)) best = rssi;
  }
  return best;
}

/** null or absent → null; a finite number → itself; anything else → undefined (refused). */
function optionalNumber(raw: unknown): number | null | undefined {
  if (raw === undefined || raw === null) return null;
  return typeof raw === 'number' && Number.isFinite(raw) ? raw : undefined;
}

function refusal(index: number, externalId: string | null, field: string, reason: string): Refusal {
  return { index, external_id: externalId, field, reason };
}

function collect(results: (IncomingReading | Refusal)[]): ParsedBatch {
  const batch: ParsedBatch = { readings: [], refused: [] };
  for (const result of results) {
    if ('reason' in result) batch.refused.push(result);
    else batch.readings.push(result);
  }
  return batch;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
