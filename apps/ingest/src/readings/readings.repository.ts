import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { HistoryResolution, ReadingPoint, ResolvedReading } from '@kanban/contracts';
import { queryBound } from '@kanban/persistence';

/** A reading the batch stored (not a duplicate of one stored before). */
export interface StoredRow {
  company_id: number;
  sensor_id: number;
  read_at: Date;
  value: number;
  battery: number | null;
  signal: number | null;
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
 * them to the hourly and daily aggregates, the partitions' retention, the history.
 */
@Injectable()
export class ReadingsRepository {
  /** partitions known to exist (made or seen by this process) */
  private readonly partitions = new Set<string>();

  /** Makes the month partitions the times fall into, unless known. Call outside the batch's transaction (DDL). */
  async ensurePartitions(em: EntityManager, times: Date[]): Promise<void> {
    const months = new Map<string, Date>();
    for (const at of times) {
      const month = monthStart(at);
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
   * Stores the readings in one statement and answers those that were new; the same statement adds the new ones to
   * the hourly and daily aggregates (so a batch delivered twice counts once). Runs in the caller's transaction.
   * The aggregate rows are locked in one order (sensor, bucket): writers storing batches at once (several per
   * process, several replicas) wait for each other there instead of deadlocking.
   */
  async insert(em: EntityManager, readings: ResolvedReading[]): Promise<StoredRow[]> {
    if (readings.length === 0) return [];
    const aggregate = (table: string, bucket: string) => `
      insert into "ingest"."${table}" as a (sensor_id, bucket, company_id, count, min_value, max_value, sum_value, last_value, last_at)
      select sensor_id, ${bucket}, min(company_id), count(*), min(value), max(value), sum(value), (array_agg(value order by read_at desc))[1], max(read_at)
      from ins group by sensor_id, ${bucket}
      order by sensor_id, ${bucket}
      on conflict (sensor_id, bucket) do update set
        count = a.count + excluded.count,
        min_value = least(a.min_value, excluded.min_value),
        max_value = greatest(a.max_value, excluded.max_value),
        sum_value = a.sum_value + excluded.sum_value,
        last_value = case when excluded.last_at >= a.last_at then excluded.last_value else a.last_value end,
        last_at = greatest(a.last_at, excluded.last_at)`;
    const rows = await queryBound<StoredRow>(
      em,
      `with input as (
        select * from jsonb_to_recordset(?::jsonb) as x(company_id int, sensor_id int, read_at timestamptz, value float8, raw_value float8, battery int, signal real, source text)
      ), ins as (
        insert into "ingest"."reading" (company_id, sensor_id, read_at, value, raw_value, battery, signal, source)
        select company_id, sensor_id, read_at, value, raw_value, battery, signal, source from input
        on conflict (sensor_id, read_at) do nothing
        returning company_id, sensor_id, read_at, value, battery, signal
      ), hourly as (${aggregate('reading_hourly', `date_trunc('hour', read_at, 'UTC')`)}
      ), daily as (${aggregate('reading_daily', `(read_at at time zone 'UTC')::date`)}
      )
      select company_id, sensor_id, read_at, value, battery, signal from ins`,
      [JSON.stringify(readings)],
      'ingest_insert_readings',
    );
    return rows.map((r) => ({ ...r, read_at: new Date(r.read_at), value: Number(r.value), signal: r.signal === null ? null : Number(r.signal) }));
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
    } else {
      const day = q.resolution === 'day';
      const at = day ? `to_char(bucket, 'YYYY-MM-DD"T00:00:00.000Z"')` : iso('bucket');
      rows = await queryBound<Row>(
        em,
        `select ${at} as at, count, min_value as min, max_value as max, sum_value / count as avg, last_value as last from "ingest"."${day ? 'reading_daily' : 'reading_hourly'}"
          where company_id = ? and sensor_id = ? and bucket >= ${day ? `(?::timestamptz at time zone 'UTC')::date` : '?'} and bucket < ${day ? `(?::timestamptz at time zone 'UTC')::date` : '?'} order by bucket limit 10000`,
        params,
      );
    }
    return rows.map((r) => ({ at: r.at, count: Number(r.count), min: Number(r.min), max: Number(r.max), avg: Number(r.avg), last: Number(r.last) }));
  }
}
