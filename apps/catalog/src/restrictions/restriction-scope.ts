import type { EntityManager } from '@mikro-orm/postgresql';
import type { CompanyCaller } from '@kanban/contracts';

/**
 * Which rows of a kind a caller may see, as SQL over the catalog's copy of the access restrictions.
 * A user with no restriction of the kind sees every row. A restriction on a location counts as restricted
 * for customers; it grants its location's customer once the catalog has locations (until then it grants
 * none: a location-restricted user sees no customer rather than all of them).
 */
export type RestrictedKind = 'customer' | 'supplier';

const RESTRICTING: Record<RestrictedKind, string> = {
  customer: '(r.customer_id is not null or r.location_id is not null)',
  supplier: 'r.supplier_id is not null',
};

/** A condition on `alias.id` for a query builder, with its parameters. */
export function visibleCondition(
  kind: RestrictedKind,
  alias: string,
  caller: CompanyCaller,
): [string, number[]] {
  const own = 'r.company_id = ? and r.user_id = ?';
  return [
    `(not exists (select 1 from catalog.access_restriction r where ${own} and ${RESTRICTING[kind]})` +
      ` or ${alias}.id in (select r.${kind}_id from catalog.access_restriction r where ${own} and r.${kind}_id is not null))`,
    [caller.companyId, caller.userId, caller.companyId, caller.userId],
  ];
}

/** Whether the caller may see the row `id` of the kind (one statement). */
export async function mayAccess(
  em: EntityManager,
  kind: RestrictedKind,
  caller: CompanyCaller,
  id: number,
): Promise<boolean> {
  const own = 'r.company_id = ? and r.user_id = ?';
  const rows = await em.execute<{ ok: boolean }[]>(
    `select (not exists (select 1 from catalog.access_restriction r where ${own} and ${RESTRICTING[kind]})` +
      ` or exists (select 1 from catalog.access_restriction r where ${own} and r.${kind}_id = ?)) as ok`,
    [caller.companyId, caller.userId, caller.companyId, caller.userId, id],
  );
  return rows[0]?.ok === true;
}
