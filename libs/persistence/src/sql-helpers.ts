import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Small SQL helpers the services share: list paging, LIKE patterns, raw row values, batch inserts, and the condition on a
 * service's copy of identity's access restrictions (each service keeps its own copy in its own schema).
 */

/** A case-insensitive LIKE pattern that matches `q` anywhere, with LIKE's wildcards taken literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
}

/** Page and page size of a list query: page 1..1,000,000 (the gateway refuses more), 1..200 rows per page (default 50). */
export function pageOf(query: { page?: number; per_page?: number }): { page: number; perPage: number } {
  const page = Math.min(1_000_000, Math.max(1, Math.floor(Number(query.page ?? 1)) || 1));
  const perPage = Math.min(200, Math.max(1, Math.floor(Number(query.per_page ?? 50)) || 50));
  return { page, perPage };
}

/** Raw values of a row as the drivers answer them (node-postgres and PGlite differ for dates and JSON). */
export const raw = {
  iso(value: unknown): string | null {
    if (value === null || value === undefined) return null;
    return (value instanceof Date ? value : new Date(String(value))).toISOString();
  },
  day(value: unknown): string | null {
    if (value === null || value === undefined) return null;
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    return String(value).slice(0, 10);
  },
  json<T>(value: unknown): T {
    return (typeof value === 'string' ? JSON.parse(value) : value) as T;
  },
  num(value: unknown): number {
    return Number(value);
  },
  numOrNull(value: unknown): number | null {
    return value === null || value === undefined ? null : Number(value);
  },
};

/**
 * Which rows a caller may see, over `<schema>.access_restriction` (a service's copy of identity's restrictions,
 * docs/architecture.md): customer and location restrictions restrict together (a customer restriction grants its
 * customer's rows, a location restriction that location's rows), supplier restrictions by the supplier. A user
 * without restrictions of a kind sees every row the role allows. `columns` name the row's customer, location and
 * supplier expressions; without `supplier` only the customer and location restrictions apply (a location, which a
 * supplier restriction does not hide).
 */
export function restrictedRowsCondition(
  schema: string,
  caller: { companyId: number; userId: number },
  columns: { customer: string; location: string; supplier?: string },
): [string, unknown[]] {
  const own = 'x.company_id = ? and x.user_id = ?';
  const ids = [caller.companyId, caller.userId];
  const table = `${schema}.access_restriction`;
  const place =
    `(not exists (select 1 from ${table} x where ${own} and (x.customer_id is not null or x.location_id is not null))` +
    ` or ${columns.customer} in (select x.customer_id from ${table} x where ${own} and x.customer_id is not null)` +
    ` or ${columns.location} in (select x.location_id from ${table} x where ${own} and x.location_id is not null))`;
  if (columns.supplier === undefined) return [place, [...ids, ...ids, ...ids]];
  const supplier =
    `(not exists (select 1 from ${table} x where ${own} and x.supplier_id is not null)` +
    ` or ${columns.supplier} in (select x.supplier_id from ${table} x where ${own} and x.supplier_id is not null))`;
  return [`(${place} and ${supplier})`, [...ids, ...ids, ...ids, ...ids, ...ids]];
}

/** The kinds of record a user's access restrictions name. */
export type RestrictionKind = 'customer' | 'supplier' | 'location';

/**
 * Which records of a kind a caller may see, over `<schema>.access_restriction` and `<schema>.location` (the catalog,
 * which holds the customers, locations and suppliers themselves): a user with no restriction of the kind sees every
 * row. Customers and locations are restricted together: a customer restriction grants the customer and all its
 * locations; a location restriction grants that location and its customer. `alias` is the record's table alias.
 */
export function restrictedRecordsCondition(schema: string, kind: RestrictionKind, alias: string, caller: { companyId: number; userId: number }): [string, number[]] {
  const own = 'r.company_id = ? and r.user_id = ?';
  const table = `${schema}.access_restriction`;
  const restricted = (column: string) => `select r.${column} from ${table} r where ${own} and r.${column} is not null`;
  const restricting = restrictingSide(kind === 'supplier' ? 'supplier' : 'customer');
  const granted =
    kind === 'customer'
      ? [`${alias}.id in (${restricted('customer_id')})`, `${alias}.id in (select l.customer_id from ${schema}.location l join ${table} r on r.location_id = l.id where ${own})`]
      : kind === 'location'
        ? [`${alias}.id in (${restricted('location_id')})`, `${alias}.customer_id in (${restricted('customer_id')})`]
        : [`${alias}.id in (${restricted('supplier_id')})`];
  const ids = [caller.companyId, caller.userId];
  return [`(not exists (select 1 from ${table} r where ${own} and ${restricting}) or ${granted.join(' or ')})`, [...ids, ...granted.flatMap(() => ids)]];
}

/**
 * Which rows under customers or suppliers (items, change log rows) a caller may see by the row's customer or supplier
 * column (an SQL expression), over `<schema>.access_restriction` and `<schema>.location`: a user without restrictions
 * of the kind sees every row; a location restriction grants the location's customer too (as for the customer lists).
 */
export function restrictedByColumnCondition(
  schema: string,
  kind: 'customer' | 'supplier',
  column: string,
  caller: { companyId: number; userId: number },
): [string, number[]] {
  const own = 'r.company_id = ? and r.user_id = ?';
  const table = `${schema}.access_restriction`;
  const restricting = restrictingSide(kind);
  const ids = [caller.companyId, caller.userId];
  const viaLocation = kind === 'customer' ? ` or ${column} in (select l.customer_id from ${schema}.location l join ${table} r on r.location_id = l.id where ${own})` : '';
  return [
    `(not exists (select 1 from ${table} r where ${own} and ${restricting})` +
      ` or ${column} in (select r.${kind}_id from ${table} r where ${own} and r.${kind}_id is not null)${viaLocation})`,
    kind === 'customer' ? [...ids, ...ids, ...ids] : [...ids, ...ids],
  ];
}

/** Which restrictions of a user restrict a side (alias `r`): customer and location restrictions restrict together. */
function restrictingSide(side: 'customer' | 'supplier'): string {
  return side === 'supplier' ? 'r.supplier_id is not null' : '(r.customer_id is not null or r.location_id is not null)';
}

/**
 * Which sides a caller's access restrictions restrict at all, over `<schema>.access_restriction` (`customer`: customer
 * or location restrictions; `supplier`: supplier restrictions), in one statement. A caller without restrictions of a
 * side needs no restriction condition on it (the catalog's RestrictionCache keeps the answer).
 */
export async function restrictedSides(em: EntityManager, schema: string, caller: { companyId: number; userId: number }): Promise<{ customer: boolean; supplier: boolean }> {
  const table = `${schema}.access_restriction`;
  const own = 'r.company_id = ? and r.user_id = ?';
  const [row] = await em.execute<{ customer: boolean; supplier: boolean }[]>(
    `select exists (select 1 from ${table} r where ${own} and ${restrictingSide('customer')}) as customer,
            exists (select 1 from ${table} r where ${own} and ${restrictingSide('supplier')}) as supplier`,
    [caller.companyId, caller.userId, caller.companyId, caller.userId],
  );
  return { customer: row?.customer === true, supplier: row?.supplier === true };
}

/**
 * The other direction, for lists of users (identity, which owns the restrictions): whether the user of a row (SQL
 * expressions of its company and user id, e.g. a membership's columns) holds access restrictions over
 * `<schema>.access_restriction` at all, or of one side (`customer`: customer or location restrictions; `supplier`).
 */
export function userRestrictedCondition(schema: string, owner: { company: string; user: string }, side?: 'customer' | 'supplier'): string {
  const restricting = side === undefined ? '' : ` and ${restrictingSide(side)}`;
  return `exists (select 1 from ${schema}.access_restriction r where r.company_id = ${owner.company} and r.user_id = ${owner.user}${restricting})`;
}

/**
 * Whether the user of a row (as in {@link userRestrictedCondition}) holds a restriction naming one of the given
 * customers, locations or suppliers, i.e. the restrictions grant that user the record. Ids that are not positive
 * integers are left out; without any id it holds for nobody.
 */
export function userGrantedCondition(
  schema: string,
  owner: { company: string; user: string },
  targets: { customer?: readonly number[]; location?: readonly number[]; supplier?: readonly number[] },
): [string, number[]] {
  const parts: string[] = [];
  const params: number[] = [];
  for (const side of ['customer', 'location', 'supplier'] as const) {
    const ids = (targets[side] ?? []).filter((id) => Number.isInteger(id) && id > 0);
    if (ids.length === 0) continue;
    parts.push(`r.${side}_id in (${ids.map(() => '?').join(', ')})`);
    params.push(...ids);
  }
  const grant = parts.length > 0 ? `(${parts.join(' or ')})` : 'false';
  return [`exists (select 1 from ${schema}.access_restriction r where r.company_id = ${owner.company} and r.user_id = ${owner.user} and ${grant})`, params];
}

/**
 * Whether the caller may see a supplier over `<schema>.access_restriction`: a user with supplier restrictions sees only
 * those suppliers, one without sees all (the callers answer 404 for a supplier the user may not see).
 */
export async function supplierVisible(em: EntityManager, schema: string, caller: { companyId: number; userId: number }, supplierId: number): Promise<boolean> {
  const restricted = await em.execute<{ supplier_id: number }[]>(
    `select supplier_id from ${schema}.access_restriction where company_id = ? and user_id = ? and supplier_id is not null`,
    [caller.companyId, caller.userId],
  );
  return restricted.length === 0 || restricted.some((r) => Number(r.supplier_id) === supplierId);
}

/** A PostgreSQL array literal of a column's values (text elements quoted, JSON values as text, null as NULL). */
function arrayLiteral(values: unknown[]): string {
  const element = (value: unknown): string => {
    if (value === null || value === undefined) return 'NULL';
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    const text = value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
    return `"${text.replace(/["\\]/g, '\\$&')}"`;
  };
  return `{${values.map(element).join(',')}}`;
}

/**
 * Inserts many rows in a few statements: each column travels as one array parameter (`unnest`, the fastest bulk
 * path on PGlite and PostgreSQL alike) and the rows are inserted in their order (`with ordinality`), so serial ids
 * follow the list. `columns` names each column with its SQL type (`int`, `text`, `timestamptz`, `jsonb`, ...).
 * For seeds and bulk writes; never one statement per row.
 */
export async function insertRows(em: EntityManager, table: string, columns: Record<string, string>, rows: Record<string, unknown>[], chunk = 10_000): Promise<void> {
  const names = Object.keys(columns);
  const arrays = names.map((name) => `cast(? as ${columns[name]}[])`).join(', ');
  for (let start = 0; start < rows.length; start += chunk) {
    const part = rows.slice(start, start + chunk);
    await em.execute(
      `insert into ${table} (${names.join(', ')})
       select ${names.map((name) => `x.${name}`).join(', ')}
         from unnest(${arrays}) with ordinality as x(${names.join(', ')}, n)
        order by x.n`,
      names.map((name) => arrayLiteral(part.map((row) => row[name]))),
    );
  }
}

/** `count` new ids of a table's serial column, in ascending order (for rows that refer to each other before they are written). */
export async function reserveIds(em: EntityManager, table: string, count: number, column = 'id'): Promise<number[]> {
  if (count === 0) return [];
  const rows = await em.execute<{ id: number | string }[]>(
    `select nextval(pg_get_serial_sequence(?, ?)) as id from generate_series(1, ?) order by 1`,
    [table, column, count],
  );
  return rows.map((r) => Number(r.id));
}
