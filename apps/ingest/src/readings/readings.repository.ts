import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { HistoryResolution, ReadingPoint } from '@kanban/contracts';
import { queryBound } from '@kanban/persistence';
import { arrayLiterals, columnCount, type ReadingColumns } from './reading-columns';

/** What a batch stored of one sensor (its readings already stored before left out): for `evt.ingest.readings_stored`. */
export interface StoredSensor {
  company_id: number;
  sensor_id: number;
  /** new readings of the sensor */
  count: number;
  /** the smallest new value */
  min_value: number;
  /** the newest new reading, with the newest battery and signal any new reading of the sensor reported */
  last: { read_at: Date; value: number; battery: number | null; signal: number | null };
}

/** The result of storing a batch: how many readings were new, and per sensor what they were. */
export interface StoredBatch {
  stored: number;
  sensors: StoredSensor[];
}

/** `reading_pYYYYMM`: the month partition of the raw readings. */
export function partitionName(month: Date): string {
  return `reading_p${month.getUTCFullYear()}${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The first instant of the UTC month of `at`. */
export function monthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

/**
 * The first instant the raw readings are kept from: the start of the UTC month `months` before the month of `now`.
 * The writers drop partitions that end before it; the receivers refuse readings older than it (the two must agree).
 */
export function retentionStart(now: Date, months: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
}

function nextMonth(month: Date): Date {
  return new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1));
}

/**
 * The readings' SQL (docs/sensors.md, "Storage of readings"): month partitions made as months come, one statement per
 * batch that stores the new readings (a reading already stored for its sensor and time is left as it was) and adds
 * them to the hourly aggregates, the partitions' retention, the history (days summed from the hours when read).
 */
@Injectable()
export class ReadingsRepository {
  /** partitions known to exist (made or seen by this process) */
  private readonly partitions = new Set<string>();

  /**
   * Makes the month partitions of the months from `first` to `last` (Unix ms), unless known. Call outside the batch's
   * transaction (DDL).
   */
  async ensurePartitions(em: EntityManager, first: number, last: number): Promise<void> {
    const months = new Map<string, Date>();
    for (let month = monthStart(new Date(first)); month.getTime() <= last; month = nextMonth(month)) {
      const name = partitionName(month);
      if (!this.partitions.has(name)) months.set(name, month);
    }
    for (const [name, month] of months) {
      // two writers making the same month at once: the lock lets one make it, the other finds it
      await em.transactional(async (tx) => {
        await queryBound(tx as EntityManager, `select pg_advisory_xact_lock(hashtext('ingest.reading partitions'))`, []);
        await queryBound(
          tx as EntityManager,
          `create table if not exists "ingest"."${name}" partition of "ingest"."reading" for values from ('${month.toISOString()}') to ('${nextMonth(month).toISOString()}')`,
          [],
        );
      });
      this.partitions.add(name);
    }
  }

  /**
   * Stores the readings and adds them to the hourly aggregates, in the caller's transaction; answers per
   * sensor what was new (a reading already stored for its sensor and time is left as it was, and a batch delivered
   * twice counts once). The common case, every reading new, takes two statements: a plain insert and the aggregates'
   * upsert from groups summed up here (a row per sensor and hour, not per reading). When the insert meets a
   * reading stored before (a batch delivered again, a reading sent twice: a unique violation), it is undone to a
   * savepoint and `insertFindingNew` stores the batch with the statement that finds the new ones itself.
   * The readings travel as one PostgreSQL array per column (`unnest`: cheaper to send and to read than JSON; times as
   * Unix milliseconds, cheaper to read than ISO text; `to_timestamp` keeps the millisecond exactly). The aggregate
   * rows are locked in one order (sensor, bucket): writers storing batches at once (several per process, several
   * replicas) wait for each other there instead of deadlocking.
   */
  async insert(em: EntityManager, readings: ReadingColumns): Promise<StoredBatch> {
    const n = columnCount(readings);
    if (n === 0) return { stored: 0, sensors: [] };
    await queryBound(em, 'savepoint ingest_batch', []);
    try {
      // a plain insert: about a quarter cheaper than `on conflict do nothing` (no speculative insertion per row)
      await queryBound(em, INSERT_READINGS, arrayLiterals(readings), 'ingest_insert_readings');
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code !== UNIQUE_VIOLATION) throw error;
      await queryBound(em, 'rollback to savepoint ingest_batch', []);
      return this.insertFindingNew(em, readings);
    }
    const summary = summarize(readings);
    await queryBound(
      em,
      `with h as (
        select * from unnest(?::int[], ?::float8[], ?::int[], ?::int[], ?::float8[], ?::float8[], ?::float8[], ?::float8[], ?::float8[])
          as x(sensor_id, bucket_ms, company_id, count, min_value, max_value, sum_value, last_value, last_ms)
      ) ${upsertHourly(
        `select sensor_id, to_timestamp(bucket_ms / 1000), company_id, count, min_value, max_value, sum_value, last_value, to_timestamp(last_ms / 1000)
        from h order by sensor_id, bucket_ms`,
      )}`,
      groupLiterals(summary.hours),
      'ingest_add_aggregates',
    );
    return { stored: n, sensors: summary.sensors };
  }

  /**
   * Stores the readings in one statement that finds the new ones itself (`returning`) and adds only those to the
   * aggregates: for a batch with readings stored before. Runs in the caller's transaction.
   */
  async insertFindingNew(em: EntityManager, readings: ReadingColumns): Promise<StoredBatch> {
    if (columnCount(readings) === 0) return { stored: 0, sensors: [] };
    type Row = { company_id: number; sensor_id: number; count: number | string; min_value: number | string; read_at: Date | string; value: number | string; battery: number | null; signal: number | string | null };
    const rows = await queryBound<Row>(
      em,
      `with ins as (${INSERT_NEW_READINGS}
        returning company_id, sensor_id, read_at, value, battery, signal
      ), hours as (
        select sensor_id, date_trunc('hour', read_at, 'UTC') as bucket, min(company_id) as company_id, count(*) as count, min(value) as min_value,
          max(value) as max_value, sum(value) as sum_value, (array_agg(value order by read_at desc))[1] as last_value, max(read_at) as last_at
        from ins group by 1, 2
      ), hourly as (${upsertHourly('select * from hours order by sensor_id, bucket')}
      )
      select company_id, sensor_id, count(*)::int as count, min(value) as min_value, max(read_at) as read_at, (array_agg(value order by read_at desc))[1] as value,
        (array_agg(battery order by read_at desc) filter (where battery is not null))[1] as battery,
        (array_agg(signal order by read_at desc) filter (where signal is not null))[1] as signal
      from ins group by company_id, sensor_id order by company_id, sensor_id`,
      arrayLiterals(readings),
      'ingest_insert_new_readings',
    );
    const sensors = rows.map((r) => ({
      company_id: r.company_id,
      sensor_id: r.sensor_id,
      count: Number(r.count),
      min_value: Number(r.min_value),
      last: { read_at: new Date(r.read_at), value: Number(r.value), battery: r.battery, signal: r.signal === null ? null : Number(r.signal) },
    }));
    return { stored: sensors.reduce((sum, sensor) => sum + sensor.count, 0), sensors };
  }

  /** Drops the month partitions that end on or before `before` (the retention); answers their names. */
  async dropPartitionsBefore(em: EntityManager, before: Date): Promise<string[]> {
    const rows = await queryBound<{ name: string }>(
      em,
      `select c.relname as name from pg_inherits i
        join pg_class c on c.oid = i.inhrelid
        join pg_class p on p.oid = i.inhparent
        join pg_namespace n on n.oid = p.relnamespace
        where n.nspname = 'ingest' and p.relname = 'reading'`,
      [],
    );
    const dropped: string[] = [];
    for (const { name } of rows) {
      const match = /^reading_p(\d{4})(\d{2})$/.exec(name);
      if (!match) continue;
      const end = nextMonth(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
      if (end.getTime() > before.getTime()) continue;
      await queryBound(em, `drop table if exists "ingest"."${name}"`, []);
      this.partitions.delete(name);
      dropped.push(name);
    }
    return dropped.sort();
  }

  /** A sensor's readings from `from` (inclusive) to `to` (exclusive), raw or aggregated, in time order. */
  async history(em: EntityManager, q: { company_id: number; sensor_id: number; from: Date; to: Date; resolution: HistoryResolution }): Promise<ReadingPoint[]> {
    const params = [q.company_id, q.sensor_id, q.from.toISOString(), q.to.toISOString()];
    const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    type Row = { at: string; count: number | string; min: number | string; max: number | string; avg: number | string; last: number | string };
    let rows: Row[];
    if (q.resolution === 'raw') {
      rows = await queryBound<Row>(
        em,
        `select ${iso('read_at')} as at, 1 as count, value as min, value as max, value as avg, value as last from "ingest"."reading"
          where company_id = ? and sensor_id = ? and read_at >= ? and read_at < ? order by read_at limit 10000`,
        params,
      );
    } else if (q.resolution === 'hour') {
      rows = await queryBound<Row>(
        em,
        `select ${iso('bucket')} as at, count, min_value as min, max_value as max, sum_value / count as avg, last_value as last from "ingest"."reading_hourly"
          where company_id = ? and sensor_id = ? and bucket >= ? and bucket < ? order by bucket limit 10000`,
        params,
      );
    } else {
      // a UTC day: the sum of its hours (the store keeps hourly aggregates only; a day is read from at most 24 rows)
      rows = await queryBound<Row>(
        em,
        `select to_char(day, 'YYYY-MM-DD"T00:00:00.000Z"') as at, sum(count) as count, min(min_value) as min, max(max_value) as max,
            sum(sum_value) / sum(count) as avg, (array_agg(last_value order by last_at desc))[1] as last
          from (select (bucket at time zone 'UTC')::date as day, count, min_value, max_value, sum_value, last_value, last_at from "ingest"."reading_hourly"
            where company_id = ? and sensor_id = ? and bucket >= date_trunc('day', ?::timestamptz, 'UTC') and bucket < date_trunc('day', ?::timestamptz, 'UTC')) h
          group by day order by day limit 10000`,
        params,
      );
    }
    return rows.map((r) => ({ at: r.at, count: Number(r.count), min: Number(r.min), max: Number(r.max), avg: Number(r.avg), last: Number(r.last) }));
  }
}

/** The insert of a batch's columns (the parameters of `arrayLiterals`); fails with a unique violation when a reading was stored before. */
const INSERT_READINGS = `insert into "ingest"."reading" (company_id, sensor_id, read_at, value, raw_value, battery, signal, source)
        select company_id, sensor_id, to_timestamp(at_ms / 1000), value, raw_value, battery, signal, source
        from unnest(?::int[], ?::int[], ?::float8[], ?::float8[], ?::float8[], ?::smallint[], ?::real[], ?::text[])
          as x(company_id, sensor_id, at_ms, value, raw_value, battery, signal, source)`;

/** The same, leaving a reading stored before as it was. */
const INSERT_NEW_READINGS = `${INSERT_READINGS}
        on conflict (sensor_id, read_at) do nothing`;

/** SQLSTATE of a unique violation: a reading of the batch was stored before. */
const UNIQUE_VIOLATION = '23505';

/** Adds rows of the select (sensor, hour, company, count, min, max, sum, last value, last time) to the hourly aggregates. */
function upsertHourly(select: string): string {
  return `
      insert into "ingest"."reading_hourly" as a (sensor_id, bucket, company_id, count, min_value, max_value, sum_value, last_value, last_at)
      ${select}
      on conflict (sensor_id, bucket) do update set
        count = a.count + excluded.count,
        min_value = least(a.min_value, excluded.min_value),
        max_value = greatest(a.max_value, excluded.max_value),
        sum_value = a.sum_value + excluded.sum_value,
        last_value = case when excluded.last_at >= a.last_at then excluded.last_value else a.last_value end,
        last_at = greatest(a.last_at, excluded.last_at)`;
}

/** The readings of one sensor in one UTC hour (bucket: its first instant, Unix ms). */
export interface ReadingGroup {
  sensor_id: number;
  bucket: number;
  company_id: number;
  count: number;
  min_value: number;
  max_value: number;
  sum_value: number;
  last_value: number;
  last_at: number;
}

const HOUR_MS = 3_600_000;

/**
 * A batch of new readings summed up as the store's statement would (`insertFindingNew`): per sensor and UTC hour, and
 * per sensor its count, smallest value and newest reading with the newest battery and signal reported.
 */
export function summarize(c: ReadingColumns): { hours: ReadingGroup[]; sensors: StoredSensor[] } {
  // keyed by sensor × 2^21 + the hour's number since 1970 (fits 21 bits until 2209): a number, not a text per reading
  const hours = new Map<number, ReadingGroup>();
  const sensors = new Map<number, StoredSensor & { batteryAt: number; signalAt: number }>();
  for (let i = 0; i < c.sensor_id.length; i++) {
    const sensor = c.sensor_id[i]!;
    const company = c.company_id[i]!;
    const at = c.read_at[i]!;
    const value = c.value[i]!;
    const hour = Math.floor(at / HOUR_MS);
    const key = sensor * 2_097_152 + hour;
    const g = hours.get(key);
    if (!g) hours.set(key, { sensor_id: sensor, bucket: hour * HOUR_MS, company_id: company, count: 1, min_value: value, max_value: value, sum_value: value, last_value: value, last_at: at });
    else {
      g.count++;
      if (company < g.company_id) g.company_id = company;
      if (value < g.min_value) g.min_value = value;
      if (value > g.max_value) g.max_value = value;
      g.sum_value += value;
      if (at > g.last_at) {
        g.last_at = at;
        g.last_value = value;
      }
    }
    const battery = c.battery[i] ?? null;
    const signal = c.signal[i] ?? null;
    const s = sensors.get(sensor);
    if (!s) {
      sensors.set(sensor, {
        company_id: company,
        sensor_id: sensor,
        count: 1,
        min_value: value,
        last: { read_at: new Date(at), value, battery, signal },
        batteryAt: battery === null ? -Infinity : at,
        signalAt: signal === null ? -Infinity : at,
      });
      continue;
    }
    s.count++;
    if (value < s.min_value) s.min_value = value;
    if (at > s.last.read_at.getTime()) s.last = { ...s.last, read_at: new Date(at), value };
    if (battery !== null && at > s.batteryAt) {
      s.batteryAt = at;
      s.last.battery = battery;
    }
    if (signal !== null && at > s.signalAt) {
      s.signalAt = at;
      s.last.signal = signal;
    }
  }
  const ordered = (groups: Map<number, ReadingGroup>) => [...groups.values()].sort((a, b) => a.sensor_id - b.sensor_id || a.bucket - b.bucket);
  return {
    hours: ordered(hours),
    sensors: [...sensors.values()]
      .map(({ batteryAt: _b, signalAt: _s, ...sensor }) => sensor)
      .sort((a, b) => a.company_id - b.company_id || a.sensor_id - b.sensor_id),
  };
}

/** Groups as the array literals of the aggregates' upsert (sensor, bucket ms, company, count, min, max, sum, last value, last ms). */
function groupLiterals(groups: ReadingGroup[]): string[] {
  const column = (f: (g: ReadingGroup) => string) => `{${groups.map(f).join(',')}}`;
  return [
    column((g) => String(g.sensor_id)),
    column((g) => String(g.bucket)),
    column((g) => String(g.company_id)),
    column((g) => String(g.count)),
    column((g) => String(g.min_value)),
    column((g) => String(g.max_value)),
    column((g) => String(g.sum_value)),
    column((g) => String(g.last_value)),
    column((g) => String(g.last_at)),
  ];
}
