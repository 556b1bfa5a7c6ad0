import type { ResolvedReading } from '@kanban/contracts';

/**
 * A batch of resolved readings as one array per column: the message of the work stream `RAW_ingest` and what the
 * writers store. Columns instead of an object per reading: the message is about half as long, decoding it makes eight
 * arrays instead of thousands of objects, and the store sends each column as one PostgreSQL array (`unnest`). Times are
 * Unix milliseconds.
 */
export interface ReadingColumns {
  company_id: number[];
  sensor_id: number[];
  read_at: number[];
  value: number[];
  raw_value: number[];
  battery: (number | null)[];
  signal: (number | null)[];
  source: ResolvedReading['source'][];
}

const SOURCES = new Set<string>(['http', 'mqtt', 'tts', 'chirpstack'] satisfies ResolvedReading['source'][]);
const NAMES = ['company_id', 'sensor_id', 'read_at', 'value', 'raw_value', 'battery', 'signal', 'source'] as const;

export function emptyColumns(): ReadingColumns {
  return { company_id: [], sensor_id: [], read_at: [], value: [], raw_value: [], battery: [], signal: [], source: [] };
}

export function columnCount(columns: ReadingColumns): number {
  return columns.sensor_id.length;
}

export function toColumns(readings: readonly ResolvedReading[]): ReadingColumns {
  const c = emptyColumns();
  for (const r of readings) {
    c.company_id.push(r.company_id);
    c.sensor_id.push(r.sensor_id);
    c.read_at.push(Date.parse(r.read_at));
    c.value.push(r.value);
    c.raw_value.push(r.raw_value);
    c.battery.push(r.battery);
    c.signal.push(r.signal);
    c.source.push(r.source);
  }
  return c;
}

/** The readings back as objects (tests, reports). */
export function fromColumns(c: ReadingColumns): ResolvedReading[] {
  return c.sensor_id.map((sensor_id, i) => ({
    company_id: c.company_id[i]!,
    sensor_id,
    read_at: new Date(c.read_at[i]!).toISOString(),
    value: c.value[i]!,
    raw_value: c.raw_value[i]!,
    battery: c.battery[i]!,
    signal: c.signal[i]!,
    source: c.source[i]!,
  }));
}

/** One batch of several (the writer's batch of many messages). */
export function concatColumns(parts: readonly ReadingColumns[]): ReadingColumns {
  if (parts.length === 1) return parts[0]!;
  const c = emptyColumns();
  for (const part of parts) for (const name of NAMES) (c[name] as unknown[]).push(...(part[name] as unknown[]));
  return c;
}

/** The work stream's message of a batch. */
export function encodeColumns(columns: ReadingColumns): Uint8Array {
  return Buffer.from(JSON.stringify({ v: 2, ...columns }));
}

/**
 * A work stream's message as columns: the columnar message (`v: 2`), or `{readings: [...]}` as receivers before it
 * wrote them (messages still in the stream after an update). Throws for anything else (the caller drops it).
 */
export function decodeColumns(data: Uint8Array): ReadingColumns {
  const message = JSON.parse(Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('utf8')) as Partial<ReadingColumns> & { v?: number; readings?: ResolvedReading[] };
  if (message.v !== 2 && Array.isArray(message.readings)) return toColumns(message.readings);
  const n = Array.isArray(message.sensor_id) ? message.sensor_id.length : -1;
  for (const name of NAMES) {
    const column = message[name];
    if (!Array.isArray(column) || column.length !== n) throw new Error(`not a batch of readings: column ${name} missing or of another length`);
  }
  // the one text column goes into an array literal unquoted (arrayLiterals): only the receivers' source names
  for (const source of message.source!) if (!SOURCES.has(source)) throw new Error(`not a batch of readings: unknown source ${JSON.stringify(source)}`);
  return message as ReadingColumns;
}

/** The first and the last time of the batch (Unix ms); null when empty. */
export function timeRange(columns: ReadingColumns): { min: number; max: number } | null {
  const times = columns.read_at;
  if (times.length === 0) return null;
  let min = times[0]!;
  let max = min;
  for (let i = 1; i < times.length; i++) {
    const t = times[i]!;
    if (t < min) min = t;
    else if (t > max) max = t;
  }
  return { min, max };
}

/**
 * The columns as PostgreSQL array literals, in the order of the store's `unnest` (company, sensor, time in ms, value,
 * raw value, battery, signal, source). No element needs quoting: numbers, null and the fixed source names.
 */
export function arrayLiterals(c: ReadingColumns): string[] {
  const numbers = (column: (number | null)[]) => {
    let text = '{';
    for (let i = 0; i < column.length; i++) {
      const v = column[i];
      text += (i === 0 ? '' : ',') + (v === null || v === undefined ? 'NULL' : String(v));
    }
    return `${text}}`;
  };
  return [numbers(c.company_id), numbers(c.sensor_id), numbers(c.read_at), numbers(c.value), numbers(c.raw_value), numbers(c.battery), numbers(c.signal), `{${c.source.join(',')}}`];
}
