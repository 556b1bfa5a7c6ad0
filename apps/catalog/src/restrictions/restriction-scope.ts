import type { EntityManager } from '@mikro-orm/postgresql';
import type { CompanyCaller } from '@kanban/contracts';
import type { KnownRestrictions } from './restriction-cache';

/**
 * Which rows of a kind a caller may see, as SQL over the catalog's copy of the access restrictions.
 * A user with no restriction of the kind sees every row. Customers and locations are restricted together:
 * a customer restriction grants the customer and all its locations; a location restriction grants that
 * location and its customer (whose lists then show only the granted locations).
 */
export type RestrictedKind = 'customer' | 'supplier' | 'location';

const RESTRICTING: Record<RestrictedKind, string> = {
  customer: '(r.customer_id is not null or r.location_id is not null)',
  location: '(r.customer_id is not null or r.location_id is not null)',
  supplier: 'r.supplier_id is not null',
};

const OWN = 'r.company_id = ? and r.user_id = ?';

/** The grants of a kind, each a condition on `alias` using OWN once. */
function grants(kind: RestrictedKind, alias: string): string[] {
  const restricted = (column: string) => `select r.${column} from catalog.access_restriction r where ${OWN} and r.${column} is not null`;
  switch (kind) {
    case 'customer':
      return [
        `${alias}.id in (${restricted('customer_id')})`,
        `${alias}.id in (select l.customer_id from catalog.location l join catalog.access_restriction r on r.location_id = l.id where ${OWN})`,
      ];
    case 'location':
      return [`${alias}.id in (${restricted('location_id')})`, `${alias}.customer_id in (${restricted('customer_id')})`];
    case 'supplier':
      return [`${alias}.id in (${restricted('supplier_id')})`];
  }
}

/**
 * A condition on `alias` (a row of the kind) for a query builder, with its parameters; `known`: the caller's
 * restrictions as the RestrictionCache knows them: without restrictions of the kind the condition is empty ('').
 */
export function visibleCondition(
  kind: RestrictedKind,
  alias: string,
  caller: CompanyCaller,
  known?: KnownRestrictions,
): [string, number[]] {
  if (known && !(kind === 'supplier' ? known.supplier : known.customer)) return ['', []];
  const granted = grants(kind, alias);
  const own = [caller.companyId, caller.userId];
  return [
    `(not exists (select 1 from catalog.access_restriction r where ${OWN} and ${RESTRICTING[kind]})` +
      ` or ${granted.join(' or ')})`,
    [...own, ...granted.flatMap(() => own)],
  ];
}

/** Whether the caller may see the row `id` of the kind (one statement; false for an unknown id). */
export async function mayAccess(
  em: EntityManager,
  kind: RestrictedKind,
  caller: CompanyCaller,
  id: number,
): Promise<boolean> {
  const [condition, params] = visibleCondition(kind, 'x', caller);
  const rows = await em.execute<{ ok: boolean }[]>(
    `select ${condition} as ok from catalog.${kind} x where x.id = ? and x.company_id = ?`,
    [...params, id, caller.companyId],
  );
  return rows[0]?.ok === true;
}
