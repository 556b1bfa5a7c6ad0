import { Client } from 'pg';
import { eventually } from '@kanban/testing';
import { ok, signInDemo, startSystem, type TestSystem } from '../support/system';

jest.setTimeout(240_000);

/**
 * The ingestion's writers crash between a batch's commit and its acknowledgement (INGEST_EXIT_AFTER_COMMIT): the work
 * stream delivers the batch again to the restarted process, which stores the rest and nothing twice: every reading
 * once, the hourly aggregates counting each once, one readings_stored event per new reading set.
 */
describe('sensor ingestion crash recovery (distributed)', () => {
  let system: TestSystem;
  let db: Client;

  beforeAll(async () => {
    system = await startSystem('distributed', {
      ingest: true,
      // a receiver only at first: the readings wait in the work stream until a writer starts
      env: { INGEST_ACK_WAIT_MS: '2000', INGEST_BATCH_SIZE: '500', INGEST_FLUSH_MS: '100', INGEST_WRITERS: 'false' },
    });
    db = new Client({ connectionString: system.distributed!.databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await system?.close();
  });

  it('loses nothing and writes nothing twice when a writer dies after its commit', async () => {
    const { tokens, demo } = await signInDemo(system);
    const sensorIds: number[] = [];
    for (let i = 0; i < 20; i++) {
      sensorIds.push(ok(await system.api.post(`/c/${demo}/sensor`, { name: `Waage ${i}`, external_id: `crash-${i}`, type: 'weight', unit: 'g' }, tokens.admin)).id);
    }
    const key = ok(await system.api.post(`/c/${demo}/sensor/devicekey`, {}, tokens.admin)).key as string;
    const base = Date.now() - 3 * 3_600_000;
    const post = async (from: number, count: number) => {
      const readings = Array.from({ length: count }, (_, i) => ({
        external_id: `crash-${(from + i) % 20}`,
        time: new Date(base + Math.floor((from + i) / 20) * 1000).toISOString(),
        value: from + i,
      }));
      const response = await fetch(`${system.ingestUrl}/api/ingest/v1/readings`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
        body: JSON.stringify({ readings }),
      });
      expect(response.status).toBe(202);
    };
    // 4,000 readings in 8 calls, all in the work stream; nothing stored while no writer runs
    for (let i = 0; i < 8; i++) await post(i * 500, 500);
    const count = async () => Number((await db.query<{ n: string }>('select count(*) as n from ingest.reading')).rows[0]!.n);
    expect(await count()).toBe(0);

    // a writer that dies right after committing its second batch, before acknowledging it
    const port = new URL(system.ingestUrl!).port;
    await system.distributed!.kill('ingest', 'SIGTERM');
    const ingest = await system.distributed!.start('ingest', { INGEST_PORT: port, HOST: '127.0.0.1', INGEST_WRITERS: 'true', INGEST_EXIT_AFTER_COMMIT: '2' });
    await eventually(async () => (ingest.child.exitCode !== null ? true : undefined), 60_000, 'the writer to exit after its second commit');
    expect(ingest.output.join('')).toContain('exiting after committed batch 2');
    expect(await count()).toBe(1000);

    // restarted without the crash: the unacknowledged batches come again, after the acknowledgement wait
    await system.distributed!.start('ingest', { INGEST_PORT: port, HOST: '127.0.0.1', INGEST_WRITERS: 'true', INGEST_EXIT_AFTER_COMMIT: '0' });
    await eventually(
      async () => {
        const n = await count();
        return n === 4000 ? n : undefined;
      },
      120_000,
      'all 4,000 readings to be stored',
    );
    // each reading once in the aggregates, although two batches were stored and then delivered again
    const hourly = await db.query<{ n: string }>('select sum(count) as n from ingest.reading_hourly');
    expect(Number(hourly.rows[0]!.n)).toBe(4000);
    const perSensor = await db.query<{ sensor_id: number; n: string }>('select sensor_id, count(*) as n from ingest.reading group by sensor_id');
    expect(perSensor.rows.map((r) => Number(r.n))).toEqual(new Array(20).fill(200));
    // the events announce each new reading once: their counts add up to 4,000
    const events = await db.query<{ payload: { data: { sensors: { count: number }[] } } }>(`select payload from ingest.outbox where subject = 'evt.ingest.readings_stored'`);
    const announced = events.rows.reduce((n, e) => n + e.payload.data.sensors.reduce((m, s) => m + s.count, 0), 0);
    expect(announced).toBe(4000);
    expect(sensorIds).toHaveLength(20);
  });

  it('refuses HTTP batches with 503 and Retry-After while the work stream holds more than the backlog limit, and takes them once the writers caught up', async () => {
    const { tokens, demo } = await signInDemo(system);
    const key = ok(await system.api.post(`/c/${demo}/sensor/devicekey`, {}, tokens.admin)).key as string;
    const count = async () => Number((await db.query<{ n: string }>('select count(*) as n from ingest.reading')).rows[0]!.n);
    const before = await count();
    const base = Date.now() - 2 * 3_600_000;
    let next = 0;
    const post = async () => {
      const readings = Array.from({ length: 1000 }, (_, i) => ({
        external_id: `crash-${(next + i) % 20}`,
        time: new Date(base + Math.floor((next + i) / 20) * 1000).toISOString(),
        value: 1_000_000 + next + i,
      }));
      const response = await fetch(`${system.ingestUrl}/api/ingest/v1/readings`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
        body: JSON.stringify({ readings }),
      });
      const body = (await response.json()) as { Meta: { code: number; message: string }; Data: { accepted?: number; retry_after?: number } };
      if (response.status === 202) next += 1000;
      return { status: response.status, retryAfter: response.headers.get('retry-after'), body };
    };

    // a receiver only, with a backlog limit of 1 MiB: the batches pile up in the work stream until it refuses
    const port = new URL(system.ingestUrl!).port;
    const listening = () =>
      eventually(async () => ((await fetch(`${system.ingestUrl}/health`).then((r) => r.ok, () => false)) ? true : undefined), 60_000, 'the ingestion to listen');
    await system.distributed!.kill('ingest', 'SIGTERM');
    await system.distributed!.start('ingest', { INGEST_PORT: port, HOST: '127.0.0.1', INGEST_WRITERS: 'false', INGEST_BACKLOG_MAX_MB: '1' });
    await listening();
    let refused: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < 200 && !refused; i++) {
      const answer = await post();
      if (answer.status === 503) refused = answer;
      else expect(answer.status).toBe(202);
      // the size is asked of JetStream every quarter second
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(refused).toBeDefined();
    expect(refused!.retryAfter).toBe('1');
    expect(refused!.body.Data.retry_after).toBe(1);
    expect(refused!.body.Meta.message).toMatch(/writers are behind .* limit 1 MiB/);
    const taken = next;
    // more than the limit's worth was taken (a reading is about 50 bytes in the stream), but not unboundedly more
    expect(taken).toBeGreaterThanOrEqual(15_000);
    expect(taken).toBeLessThan(100_000);
    expect(await count()).toBe(before);

    // writers again: the backlog drains, the refused batch is taken when sent again, and every taken reading is stored once
    await system.distributed!.kill('ingest', 'SIGTERM');
    await system.distributed!.start('ingest', { INGEST_PORT: port, HOST: '127.0.0.1', INGEST_WRITERS: 'true', INGEST_BACKLOG_MAX_MB: '1' });
    await listening();
    await eventually(async () => ((await count()) === before + taken ? true : undefined), 120_000, 'the backlog to be stored');
    await eventually(async () => ((await post()).status === 202 ? true : undefined), 30_000, 'a batch to be taken again');
    await eventually(async () => ((await count()) === before + taken + 1000 ? true : undefined), 60_000, 'the last batch to be stored');
  });
});
