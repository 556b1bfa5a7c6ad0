import { Client } from 'pg';
import { eventually } from '@kanban/testing';
import { signInDemo, startSystem, type TestSystem } from '../support/system';

jest.setTimeout(180_000);

/**
 * A database failure that is not the caller's fault answers 1006 (HTTP 503) with a correlation id in Meta that the
 * service's log line names too, and never the database's own text. Provoked for real: the catalog's statement waits
 * for a table lock held here, and its backend is terminated (pg_terminate_backend, SQLSTATE 57P01) while it waits.
 */
describe('database failures (distributed)', () => {
  let system: TestSystem;
  let db: Client;
  let tokens: Record<string, string>;
  let demo: number;

  beforeAll(async () => {
    system = await startSystem('distributed');
    ({ tokens, demo } = await signInDemo(system));
    db = new Client({ connectionString: system.distributed!.databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await system?.close();
  });

  it('a terminated connection answers 1006 with a correlation id that the catalog logged; the next call works', async () => {
    await db.query('begin');
    await db.query('lock table catalog.customer in access exclusive mode');
    let pending: ReturnType<TestSystem['api']['post']> | undefined;
    try {
      pending = system.api.post(`/c/${demo}/customer/`, { name: 'Blocked by a lock' }, tokens.writer);
      const pid = await eventually(async () => {
        // Whoever waits for a lock waits for the one held here (the catalog's statement on its customer table).
        const { rows } = await db.query<{ pid: number }>(
          `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
        );
        return rows[0]?.pid;
      }, 30_000, "the catalog's statement to wait for the lock");
      await db.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await db.query('rollback');
    }
    const answer = await pending!;
    expect(answer.status).toBe(503);
    expect(answer.body.Meta).toEqual({ code: 1006, message: 'database error', correlation_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(JSON.stringify(answer.body)).not.toMatch(/terminat|administrator|catalog\./i);
    const id = (answer.body.Meta as unknown as { correlation_id: string }).correlation_id;
    const catalogLog = () => system.distributed!.processes.get('catalog')!.output.join('');
    await eventually(async () => (catalogLog().includes(`correlation_id=${id}`) ? true : undefined), 5_000, 'the log line');
    expect(catalogLog()).toMatch(new RegExp(`database failure \\(57P01\\) \\[correlation_id=${id}\\]`));

    // Nothing was stored, and the service answers again with a fresh connection.
    const created = await system.api.post(`/c/${demo}/customer/`, { name: 'After the failure' }, tokens.writer);
    expect(created.body.Meta.code).toBe(200);
    const { rows } = await db.query('select count(*)::int as n from catalog.customer where name = $1', ['Blocked by a lock']);
    expect(rows[0].n).toBe(0);
  });
});
