import type { EntityManager } from '@mikro-orm/postgresql';
import { restrictedRecordsCondition, type RestrictionKind } from '@kanban/persistence';
import type { CompanyCaller } from '@kanban/contracts';
import type { KnownRestrictions } from './restriction-cache';

/**
 * Which rows of a kind a caller may see, as SQL over the catalog's copy of the access restrictions (the SQL comes
 * from libs/persistence: restrictedRecordsCondition).
 * A user with no restriction of the kind sees every row. Customers and locations are restricted together:
 * a customer restriction grants the customer and all its locations; a location restriction grants that
 * location and its customer (whose lists then show only the granted locations).
 */
export type RestrictedKind = RestrictionKind;

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
  return restrictedRecordsCondition('catalog', kind, alias, caller);
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
