import { SharedPglite } from './shared-pglite';

describe('SharedPglite', () => {
  let shared: SharedPglite;

  beforeAll(async () => {
    shared = await SharedPglite.open(null);
    await shared.pglite.exec('create table t (v int)');
  });

  afterAll(() => shared.close());

  it('keeps another handle out of an open transaction until it ends', async () => {
    const a = shared.handle();
    const b = shared.handle();
    await a.query('BEGIN;');
    await a.query('insert into t values (1)');
    let bDone = false;
    const bInsert = b.query('insert into t values (2)').then(() => (bDone = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(bDone).toBe(false);
    await a.query('ROLLBACK');
    await bInsert;
    const rows = await a.query<{ v: number }>('select v from t order by v');
    // The rolled-back row is gone; the other handle's row was not swallowed by the transaction.
    expect(rows.rows.map((r) => r.v)).toEqual([2]);
  });

  it('releases the lock when a statement fails', async () => {
    const a = shared.handle();
    await expect(a.query('select * from no_such_table')).rejects.toThrow();
    await expect(shared.handle().query('select 1 as one')).resolves.toMatchObject({ rows: [{ one: 1 }] });
  });
});
