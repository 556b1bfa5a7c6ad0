import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ProtocolCode } from '@kanban/access';
import type { CompanyCaller } from '@kanban/contracts';
import { restrictedByColumnCondition } from '@kanban/persistence';
import type { KnownRestrictions } from '../restrictions/restriction-cache';

/**
 * Access restrictions for records under customers and suppliers (spec 6): a caller restricted to customers
 * sees only rows whose customer column is one of theirs; a caller restricted to suppliers only rows whose
 * supplier (given as an SQL expression) is one of theirs. Unrestricted callers see every row.
 */
export function allowedBy(kind: 'customer' | 'supplier', column: string, caller: CompanyCaller, known?: KnownRestrictions): [string, number[]] {
  // Known to have no restriction of the kind (RestrictionCache): no condition.
  if (known && !known[kind]) return ['', []];
  // A location restriction grants the location's customer too (as for the customer lists).
  return restrictedByColumnCondition('catalog', kind, column, caller);
}

/** Items: visible when their customer is, and for supplier-restricted callers when their catalog's supplier is. */
export function itemVisible(alias: string, caller: CompanyCaller, known?: KnownRestrictions): [string, unknown[]] {
  const parts = [allowedBy('customer', `${alias}.customer_id`, caller, known), allowedBy('supplier', `${alias}.supplier_id`, caller, known)].filter(([sql]) => sql !== '');
  if (parts.length === 0) return ['', []];
  return [`(${parts.map(([sql]) => sql).join(' and ')})`, parts.flatMap(([, params]) => params)];
}

export async function itemAccessible(em: EntityManager, caller: CompanyCaller, itemId: number): Promise<boolean> {
  const [sql, params] = itemVisible('i', caller);
  const rows = await em.execute<{ ok: number }[]>(`select 1 as ok from catalog.item i where i.id = ? and ${sql}`, [itemId, ...params]);
  return rows.length > 0;
}

/** 404 unless the parent exists in the caller's company and the caller's restrictions allow it (one statement). */
export async function assertParent(em: EntityManager, kind: 'customer' | 'supplier', caller: CompanyCaller, id: number): Promise<void> {
  const [allowed, params] = allowedBy(kind, 'p.id', caller);
  const rows = await em.execute<{ ok: number }[]>(`select 1 as ok from catalog.${kind} p where p.id = ? and p.company_id = ? and ${allowed}`, [id, caller.companyId, ...params]);
  if (rows.length === 0) throw new AppError(ProtocolCode.NotFound, `${kind} not found`);
}
