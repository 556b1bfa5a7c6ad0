// The readings' storage on both databases (docs/sensors.md, "Storage of readings"): PGlite in the embedded mode, a
// PostgreSQL database of its own in the distributed one. Month partitions made as months come, a batch stored in one
// statement and idempotent per sensor and time, the aggregates counting each reading once, the event per company
// in the outbox, the retention dropping whole months.
import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { randomBytes } from 'node:crypto';
import type { ResolvedReading } from '@kanban/contracts';
import { ingestData, loadIngestConfig, ReadingsRepository, ReadingsWriter, toColumns } from '@kanban/app-ingest';
import { Database, migrateService, queryBound, UnitOfWork } from '@kanban/persistence';
import { PG_ADMIN_URL } from '@kanban/testing';
import { modeFromEnv } from '../support/system';

jest.setTimeout(60_000);

const mode = modeFromEnv();
let database: Database;
let orm: MikroORM;
let uow: UnitOfWork;
let writer: ReadingsWriter;
let repository: ReadingsRepository;
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  if (mode === 'embedded') database = await Database.open({ kind: 'pglite', dataDir: null });
  else {
    const name = `kanban_ingest_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    database = await Database.open({ kind: 'postgres', url: url.toString(), poolMax: 4 });
    dropDatabase = async () => {
      const client = new Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    };
  }
  await migrateService(database, ingestData);
  orm = await MikroORM.init(database.ormOptions(ingestData));
  uow = new UnitOfWork(orm);
  repository = new ReadingsRepository();
  writer = new ReadingsWriter(uow, repository, loadIngestConfig({ READINGS_RETENTION_MONTHS: '13' }));
});

afterAll(async () => {
  await orm?.close();
  await database?.close();
  await dropDatabase?.();
});

const reading = (sensor: number, at: string, value: number, company = 1, extra: Partial<ResolvedReading> = {}): ResolvedReading => ({
  company_id: company,
  sensor_id: sensor,
  read_at: at,
  value,
  raw_value: value,
  battery: null,
  signal: null,
  source: 'http',
  ...extra,
});

const sql = <T extends object>(text: string, params: unknown[] = []) => uow.read((em) => queryBound<T>(em, text, params));

describe(`readings storage (${mode})`, () => {
  it('stores a batch across months in their partitions, once per sensor and time, and announces the new ones per company', async () => {
    const batch = [
      reading(11, '2026-10-31T23:59:59.500Z', 1000, 1, { battery: 80, signal: -70.5 }),
      reading(11, '2026-11-01T00:00:00.000Z', 990),
      reading(11, '2026-11-01T00:30:00.000Z', -5),
      reading(12, '2026-11-01T00:10:00.000Z', 400, 2),
      // the same sensor and time twice in one batch: stored once
      reading(12, '2026-11-01T00:10:00.000Z', 401, 2),
    ];
    expect(await writer.write(toColumns(batch))).toEqual({ stored: 4, duplicates: 1 });
    const partitions = await sql<{ name: string; n: string }>(
      `select tableoid::regclass::text as name, count(*) as n from "ingest"."reading" group by 1 order by 1`,
    );
    expect(partitions.map((p) => [p.name, Number(p.n)])).toEqual([
      ['ingest.reading_p202610', 1],
      ['ingest.reading_p202611', 3],
    ]);
    // delivered again (a writer killed after its commit): nothing new, nothing announced
    expect(await writer.write(toColumns(batch))).toEqual({ stored: 0, duplicates: 5 });
    const events = await sql<{ subject: string; payload: { data: unknown } }>(`select subject, payload from "ingest"."outbox" order by created_at`);
    expect(events.map((e) => e.subject)).toEqual(['evt.ingest.readings_stored', 'evt.ingest.readings_stored']);
    expect(events.map((e) => e.payload.data)).toEqual(
      expect.arrayContaining([
        {
          company_id: 1,
          // battery and signal: the latest the batch reported (with its first reading)
          sensors: [{ sensor_id: 11, count: 3, last: { read_at: '2026-11-01T00:30:00.000Z', value: -5, battery: 80, signal: -70.5 }, min_value: -5 }],
        },
        { company_id: 2, sensors: [{ sensor_id: 12, count: 1, last: { read_at: '2026-11-01T00:10:00.000Z', value: 400, battery: null, signal: null }, min_value: 400 }] },
      ]),
    );
  });

  it('keeps hourly aggregates that count each reading once, and sums days from them', async () => {
    await writer.write(toColumns([reading(11, '2026-11-01T00:45:00.000Z', 970), reading(11, '2026-11-01T00:45:00.000Z', 970)]));
    const hours = await uow.read((em) =>
      repository.history(em, { company_id: 1, sensor_id: 11, from: new Date('2026-10-31T00:00:00Z'), to: new Date('2026-11-02T00:00:00Z'), resolution: 'hour' }),
    );
    expect(hours).toEqual([
      { at: '2026-10-31T23:00:00.000Z', count: 1, min: 1000, max: 1000, avg: 1000, last: 1000 },
      { at: '2026-11-01T00:00:00.000Z', count: 3, min: -5, max: 990, avg: (990 - 5 + 970) / 3, last: 970 },
    ]);
    const days = await uow.read((em) =>
      repository.history(em, { company_id: 1, sensor_id: 11, from: new Date('2026-10-01T00:00:00Z'), to: new Date('2026-12-01T00:00:00Z'), resolution: 'day' }),
    );
    expect(days.map((d) => [d.at, d.count, d.last])).toEqual([
      ['2026-10-31T00:00:00.000Z', 1, 1000],
      ['2026-11-01T00:00:00.000Z', 3, 970],
    ]);
    const raw = await uow.read((em) =>
      repository.history(em, { company_id: 1, sensor_id: 11, from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-11-01T01:00:00Z'), resolution: 'raw' }),
    );
    expect(raw.map((r) => [r.at, r.last])).toEqual([
      ['2026-11-01T00:00:00.000Z', 990],
      ['2026-11-01T00:30:00.000Z', -5],
      ['2026-11-01T00:45:00.000Z', 970],
    ]);
    // another company's sensor is not in this company's history
    const other = await uow.read((em) =>
      repository.history(em, { company_id: 2, sensor_id: 11, from: new Date('2026-10-01T00:00:00Z'), to: new Date('2026-12-01T00:00:00Z'), resolution: 'raw' }),
    );
    expect(other).toEqual([]);
  });

  it('drops whole months older than the retention and keeps the aggregates', async () => {
    await writer.write(toColumns([reading(13, '2025-09-15T12:00:00.000Z', 5), reading(13, '2025-10-15T12:00:00.000Z', 6)]));
    // 13 months before 2026-11: everything before 2025-10-01 goes
    expect(await writer.retention(new Date('2026-11-27T10:00:00Z'), true)).toEqual(['reading_p202509']);
    const left = await sql<{ at: string }>(`select read_at::text as at from "ingest"."reading" where sensor_id = 13`);
    expect(left).toHaveLength(1);
    const hourly = await sql<{ n: string }>(`select count(*) as n from "ingest"."reading_hourly" where sensor_id = 13`);
    expect(Number(hourly[0]!.n)).toBe(2);
    const days = await uow.read((em) =>
      repository.history(em, { company_id: 1, sensor_id: 13, from: new Date('2025-09-01T00:00:00Z'), to: new Date('2025-11-01T00:00:00Z'), resolution: 'day' }),
    );
    expect(days.map((d) => [d.at, d.count, d.last])).toEqual([
      ['2025-09-15T00:00:00.000Z', 1, 5],
      ['2025-10-15T00:00:00.000Z', 1, 6],
    ]);
    // a reading of the dropped month again: its partition is made anew
    expect(await writer.write(toColumns([reading(13, '2025-09-16T12:00:00.000Z', 7)]))).toEqual({ stored: 1, duplicates: 0 });
  });

  it('keeps the millisecond of a time exactly (times travel as Unix milliseconds)', async () => {
    const times = ['2026-11-02T10:00:00.001Z', '2026-11-02T10:00:00.123Z', '2026-11-02T10:00:00.999Z', '2026-11-02T23:59:59.999Z'];
    expect(await writer.write(toColumns(times.map((t, i) => reading(14, t, i))))).toEqual({ stored: 4, duplicates: 0 });
    const rows = await sql<{ at: string }>(`select to_char(read_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at from "ingest"."reading" where sensor_id = 14 order by read_at`);
    expect(rows.map((r) => r.at)).toEqual(times);
    // the same times again: duplicates, found by the key
    expect(await writer.write(toColumns(times.map((t, i) => reading(14, t, i))))).toEqual({ stored: 0, duplicates: 4 });
  });

  it('sums up a batch of new readings as the statement that finds the new ones would (aggregates and event)', async () => {
    // the same readings for two sensors: 21 through insert (all new: summed up by the writer), 22 through
    // insertFindingNew (summed up by PostgreSQL); hours and days, values out of order, battery and signal now and then
    const base = Date.parse('2026-11-03T23:10:00.000Z');
    const of = (sensor: number) =>
      Array.from({ length: 40 }, (_, i) =>
        reading(sensor, new Date(base + ((i * 7919) % 40) * 180_000 + i).toISOString(), ((i * 37) % 11) - 3.25, 4, {
          battery: i % 9 === 0 ? 50 + i : null,
          signal: i % 7 === 0 ? -60.5 - i : null,
        }),
      );
    const viaWriter = await uow.write((em) => repository.insert(em, toColumns(of(21))));
    const viaSql = await uow.write((em) => repository.insertFindingNew(em, toColumns(of(22))));
    expect(viaWriter.stored).toBe(40);
    expect(viaWriter.sensors.map((s) => ({ ...s, sensor_id: 0 }))).toEqual(viaSql.sensors.map((s) => ({ ...s, sensor_id: 0 })));
    const rows = await sql<Record<string, unknown>>(
      `select sensor_id, bucket::text, company_id, count, min_value, max_value, round(sum_value::numeric, 6)::text as sum, last_value, last_at::text from "ingest"."reading_hourly" where sensor_id in (21, 22) order by bucket, sensor_id`,
    );
    const bySensor = (id: number) => rows.filter((r) => r['sensor_id'] === id).map((r) => ({ ...r, sensor_id: 0 }));
    expect(bySensor(21).length).toBeGreaterThan(1);
    expect(bySensor(21)).toEqual(bySensor(22));
    // the days (summed from the hours when read) of both, across midnight
    const daysOf = (sensor: number) =>
      uow.read((em) => repository.history(em, { company_id: 4, sensor_id: sensor, from: new Date('2026-11-03T00:00:00Z'), to: new Date('2026-11-06T00:00:00Z'), resolution: 'day' }));
    const days21 = await daysOf(21);
    expect(days21.map((d) => d.at)).toEqual(['2026-11-03T00:00:00.000Z', '2026-11-04T00:00:00.000Z']);
    expect(days21.reduce((n, d) => n + d.count, 0)).toBe(40);
    expect(days21).toEqual(await daysOf(22));
  });

  it('stores 5,000 readings of 50 sensors in batches', async () => {
    const start = Date.parse('2026-11-20T00:00:00Z');
    const all = Array.from({ length: 5000 }, (_, i) => reading(100 + (i % 50), new Date(start + Math.floor(i / 50) * 60_000).toISOString(), i, 3));
    let stored = 0;
    for (let i = 0; i < all.length; i += 1000) stored += (await writer.write(toColumns(all.slice(i, i + 1000)))).stored;
    expect(stored).toBe(5000);
    const count = await sql<{ n: string }>(`select count(*) as n from "ingest"."reading" where company_id = 3`);
    expect(Number(count[0]!.n)).toBe(5000);
  });
});
