/**
 * Small SQL helpers the services share: list paging, LIKE patterns, raw row values, and the condition on a
 * service's copy of identity's access restrictions (each service keeps its own copy in its own schema).
 */

/** A case-insensitive LIKE pattern that matches `q` anywhere, with LIKE's wildcards taken literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
}

/** Page and page size of a list query: page at least 1, 1..200 rows per page (default 50). */
export function pageOf(query: { page?: number; per_page?: number }): { page: number; perPage: number } {
  const page = Math.max(1, Math.floor(Number(query.page ?? 1)) || 1);
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
 * supplier expressions.
 */
export function restrictedRowsCondition(
  schema: string,
  caller: { companyId: number; userId: number },
  columns: { customer: string; location: string; supplier: string },
): [string, unknown[]] {
  const own = 'x.company_id = ? and x.user_id = ?';
  const ids = [caller.companyId, caller.userId];
  const table = `${schema}.access_restriction`;
  const sql =
    `((not exists (select 1 from ${table} x where ${own} and (x.customer_id is not null or x.location_id is not null))` +
    ` or ${columns.customer} in (select x.customer_id from ${table} x where ${own} and x.customer_id is not null)` +
    ` or ${columns.location} in (select x.location_id from ${table} x where ${own} and x.location_id is not null))` +
    ` and (not exists (select 1 from ${table} x where ${own} and x.supplier_id is not null)` +
    ` or ${columns.supplier} in (select x.supplier_id from ${table} x where ${own} and x.supplier_id is not null)))`;
  return [sql, [...ids, ...ids, ...ids, ...ids, ...ids]];
}
