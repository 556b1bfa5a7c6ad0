import { PGlite } from '@electric-sql/pglite';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  restrictedByColumnCondition,
  restrictedRecordsCondition,
  restrictedRowsCondition,
  restrictedSides,
  userGrantedCondition,
  userRestrictedCondition,
} from './sql-helpers';

// Opening PGlite takes seconds on a busy machine.
jest.setTimeout(60_000);

/** `?` placeholders as PGlite's `$n`. */
function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

describe('restrictedRowsCondition', () => {
  let db: PGlite;

  beforeAll(async () => {
    db = new PGlite();
    await db.exec(`
      create schema s;
      create table s.access_restriction (company_id int, user_id int, customer_id int, location_id int, supplier_id int);
      create table s.row (id int, customer_id int, location_id int, supplier_id int);
      insert into s.row values (1, 10, 100, 1000), (2, 10, 101, 1001), (3, 11, 110, 1000), (4, 12, 120, 1001);
      -- user 1: no restrictions; user 2: customer 10; user 3: location 110; user 4: supplier 1000;
      -- user 5: customer 10 and supplier 1001; user 6 of company 2 holds restrictions that must not leak to company 1.
      insert into s.access_restriction values (1, 2, 10, null, null), (1, 3, null, 110, null), (1, 4, null, null, 1000),
        (1, 5, 10, null, null), (1, 5, null, null, 1001), (2, 1, 12, null, null);
    `);
  });

  afterAll(() => db.close());

  async function visible(userId: number, supplier: boolean): Promise<number[]> {
    const [condition, params] = restrictedRowsCondition(
      's',
      { companyId: 1, userId },
      supplier ? { customer: 'r.customer_id', location: 'r.location_id', supplier: 'r.supplier_id' } : { customer: 'r.customer_id', location: 'r.location_id' },
    );
    const result = await db.query<{ id: number }>(numbered(`select r.id from s.row r where ${condition} order by r.id`), params);
    return result.rows.map((r) => r.id);
  }

  it('applies customer, location and supplier restrictions together', async () => {
    expect(await visible(1, true)).toEqual([1, 2, 3, 4]);
    expect(await visible(2, true)).toEqual([1, 2]);
    expect(await visible(3, true)).toEqual([3]);
    expect(await visible(4, true)).toEqual([1, 3]);
    expect(await visible(5, true)).toEqual([2]);
  });

  it('without a supplier column applies only customer and location restrictions (a location a supplier restriction does not hide)', async () => {
    expect(await visible(1, false)).toEqual([1, 2, 3, 4]);
    expect(await visible(2, false)).toEqual([1, 2]);
    expect(await visible(3, false)).toEqual([3]);
    expect(await visible(4, false)).toEqual([1, 2, 3, 4]);
    expect(await visible(5, false)).toEqual([1, 2]);
  });

  it('binds every value (one placeholder per parameter, none quoted into the text)', () => {
    const [full, fullParams] = restrictedRowsCondition('s', { companyId: 7, userId: 8 }, { customer: 'c', location: 'l', supplier: 'p' });
    const [place, placeParams] = restrictedRowsCondition('s', { companyId: 7, userId: 8 }, { customer: 'c', location: 'l' });
    expect(full.match(/\?/g)).toHaveLength(fullParams.length);
    expect(place.match(/\?/g)).toHaveLength(placeParams.length);
    expect(fullParams).toEqual([7, 8, 7, 8, 7, 8, 7, 8, 7, 8]);
    expect(placeParams).toEqual([7, 8, 7, 8, 7, 8]);
    expect(`${full}${place}`).not.toMatch(/\b[78]\b/);
  });
});

describe('restrictedRecordsCondition and restrictedByColumnCondition (the catalog: records of a kind, rows by a column)', () => {
  let db: PGlite;

  beforeAll(async () => {
    db = new PGlite();
    await db.exec(`
      create schema c;
      create table c.access_restriction (company_id int, user_id int, customer_id int, location_id int, supplier_id int);
      create table c.customer (id int);
      create table c.location (id int, customer_id int);
      create table c.supplier (id int);
      create table c.item (id int, customer_id int, supplier_id int);
      insert into c.customer values (10), (11);
      insert into c.location values (100, 10), (101, 10), (110, 11);
      insert into c.supplier values (1000), (1001);
      insert into c.item values (1, 10, 1000), (2, 11, 1001);
      -- user 1: none; user 2: customer 10; user 3: location 101; user 4: supplier 1001
      insert into c.access_restriction values (1, 2, 10, null, null), (1, 3, null, 101, null), (1, 4, null, null, 1001);
    `);
  });

  afterAll(() => db.close());

  async function records(kind: 'customer' | 'location' | 'supplier', userId: number): Promise<number[]> {
    const [condition, params] = restrictedRecordsCondition('c', kind, 'x', { companyId: 1, userId });
    expect(condition.match(/\?/g)).toHaveLength(params.length);
    return (await db.query<{ id: number }>(numbered(`select x.id from c.${kind} x where ${condition} order by x.id`), params)).rows.map((r) => r.id);
  }

  async function items(kind: 'customer' | 'supplier', userId: number): Promise<number[]> {
    const [condition, params] = restrictedByColumnCondition('c', kind, `i.${kind}_id`, { companyId: 1, userId });
    expect(condition.match(/\?/g)).toHaveLength(params.length);
    return (await db.query<{ id: number }>(numbered(`select i.id from c.item i where ${condition} order by i.id`), params)).rows.map((r) => r.id);
  }

  it('a customer restriction grants the customer and its locations; a location restriction the location and its customer', async () => {
    expect(await records('customer', 1)).toEqual([10, 11]);
    expect(await records('customer', 2)).toEqual([10]);
    expect(await records('location', 2)).toEqual([100, 101]);
    expect(await records('customer', 3)).toEqual([10]);
    expect(await records('location', 3)).toEqual([101]);
    expect(await records('supplier', 3)).toEqual([1000, 1001]);
    expect(await records('supplier', 4)).toEqual([1001]);
    expect(await records('customer', 4)).toEqual([10, 11]);
  });

  it('rows by their customer (a location restriction grants its customer) or supplier column', async () => {
    expect(await items('customer', 1)).toEqual([1, 2]);
    expect(await items('customer', 2)).toEqual([1]);
    expect(await items('customer', 3)).toEqual([1]);
    expect(await items('supplier', 3)).toEqual([1, 2]);
    expect(await items('supplier', 4)).toEqual([2]);
  });
});

describe('restrictedSides, userRestrictedCondition and userGrantedCondition (who holds which restrictions)', () => {
  let db: PGlite;

  beforeAll(async () => {
    db = new PGlite();
    await db.exec(`
      create schema i;
      create table i.access_restriction (company_id int, user_id int, customer_id int, location_id int, supplier_id int);
      create table i.membership (company_id int, user_id int);
      insert into i.membership values (1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (2, 1);
      -- user 1: none in company 1 (customer 10 in company 2); user 2: customer 10; user 3: location 101;
      -- user 4: supplier 1001; user 5: customer 11 and supplier 1000
      insert into i.access_restriction values (2, 1, 10, null, null), (1, 2, 10, null, null), (1, 3, null, 101, null),
        (1, 4, null, null, 1001), (1, 5, 11, null, null), (1, 5, null, null, 1000);
    `);
  });

  afterAll(() => db.close());

  const owner = { company: 'm.company_id', user: 'm.user_id' };

  async function members(condition: string, params: unknown[] = []): Promise<number[]> {
    expect(condition.match(/\?/g) ?? []).toHaveLength(params.length);
    const sql = numbered(`select m.user_id from i.membership m where m.company_id = 1 and ${condition} order by m.user_id`);
    return (await db.query<{ user_id: number }>(sql, params)).rows.map((r) => r.user_id);
  }

  it('answers which sides restrict a caller, per company', async () => {
    const em = { execute: async (sql: string, params: unknown[]) => (await db.query(numbered(sql), params)).rows } as unknown as EntityManager;
    expect(await restrictedSides(em, 'i', { companyId: 1, userId: 1 })).toEqual({ customer: false, supplier: false });
    expect(await restrictedSides(em, 'i', { companyId: 2, userId: 1 })).toEqual({ customer: true, supplier: false });
    expect(await restrictedSides(em, 'i', { companyId: 1, userId: 3 })).toEqual({ customer: true, supplier: false });
    expect(await restrictedSides(em, 'i', { companyId: 1, userId: 4 })).toEqual({ customer: false, supplier: true });
    expect(await restrictedSides(em, 'i', { companyId: 1, userId: 5 })).toEqual({ customer: true, supplier: true });
  });

  it('finds the users with restrictions at all or of one side (customer: customer or location restrictions)', async () => {
    expect(await members(userRestrictedCondition('i', owner))).toEqual([2, 3, 4, 5]);
    expect(await members(userRestrictedCondition('i', owner, 'customer'))).toEqual([2, 3, 5]);
    expect(await members(userRestrictedCondition('i', owner, 'supplier'))).toEqual([4, 5]);
  });

  it('finds the users whose restrictions name one of the records, with every id bound', async () => {
    expect(await members(...userGrantedCondition('i', owner, { customer: [10], location: [], supplier: [] }))).toEqual([2]);
    expect(await members(...userGrantedCondition('i', owner, { customer: [11], location: [101] }))).toEqual([3, 5]);
    expect(await members(...userGrantedCondition('i', owner, { supplier: [1000, 1001] }))).toEqual([4, 5]);
    expect(await members(...userGrantedCondition('i', owner, { customer: [0, -1, 1.5], location: [] }))).toEqual([]);
    const [text, params] = userGrantedCondition('i', owner, { customer: [10, 11], location: [101], supplier: [1000] });
    expect(params).toEqual([10, 11, 101, 1000]);
    expect(text).not.toMatch(/\b(10|11|101|1000)\b/);
  });
});
