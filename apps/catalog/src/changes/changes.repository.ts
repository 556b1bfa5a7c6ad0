import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CompanyCaller, ContactParent } from '@kanban/contracts';
import { restrictedRowsCondition } from '@kanban/persistence';
import { allowedBy } from '../items/item-visibility';
import type { KnownRestrictions } from '../restrictions/restriction-cache';

/**
 * Which change log rows (alias `c`) the caller's access restrictions let through, as the lists of the entities
 * would: a row's customer must be visible (customer or location restrictions), a location's rows only when the
 * location is (a user restricted to one location of a customer does not see the other locations' changes), a row's
 * supplier when it names one (supplier restrictions), and an item's rows only when the item is (an item without a
 * catalog is hidden from supplier-restricted callers, as in the item lists). The row's own customer and supplier
 * columns count, so deleted records stay narrowed too. Empty ('') for a caller without restrictions.
 */
export function changesVisible(caller: CompanyCaller, known?: KnownRestrictions): [string, unknown[]] {
  const parts: [string, unknown[]][] = [];
  if (!known || known.customer) {
    const [customer, customerParams] = allowedBy('customer', 'c.customer_id', caller);
    parts.push([`(c.customer_id is null or ${customer})`, customerParams]);
    const [location, locationParams] = restrictedRowsCondition('catalog', caller, { customer: 'c.customer_id', location: 'c.entity_id' });
    parts.push([`(c.entity_kind <> 'location' or ${location})`, locationParams]);
  }
  if (!known || known.supplier) {
    const [supplier, supplierParams] = allowedBy('supplier', 'c.supplier_id', caller);
    parts.push([`((c.supplier_id is null and c.entity_kind <> 'item') or ${supplier})`, supplierParams]);
  }
  if (parts.length === 0) return ['', []];
  return [parts.map(([sql]) => sql).join(' and '), parts.flatMap(([, params]) => params)];
}

/** The change log's statements (`catalog.change_log`). */
@Injectable()
export class ChangesRepository {
  /**
   * A page of the change log of a customer or supplier and of everything under it, newest first, filtered by entity
   * kind and id and a time range (`to` exclusive) and narrowed by the caller's restrictions (changesVisible); and the
   * number of all.
   */
  async list(
    em: EntityManager,
    caller: CompanyCaller,
    parent: ContactParent,
    filter: { entity_kind?: string; entity_id?: number; from?: string; to?: Date },
    known: KnownRestrictions | undefined,
    page: number,
    perPage: number,
  ): Promise<{ rows: Record<string, unknown>[]; total: number }> {
    const conditions = ['c.company_id = ?', parent.kind === 'customer' ? 'c.customer_id = ?' : 'c.supplier_id = ?'];
    const params: unknown[] = [caller.companyId, parent.id];
    if (filter.entity_kind) {
      conditions.push('c.entity_kind = ?');
      params.push(filter.entity_kind);
    }
    if (filter.entity_id !== undefined) {
      conditions.push('c.entity_id = ?');
      params.push(filter.entity_id);
    }
    if (filter.from) {
      conditions.push('c.at >= ?');
      params.push(new Date(filter.from));
    }
    if (filter.to) {
      conditions.push('c.at < ?');
      params.push(filter.to);
    }
    const [visible, visibleParams] = changesVisible(caller, known);
    if (visible) {
      conditions.push(visible);
      params.push(...visibleParams);
    }
    const rows = await em.execute<Record<string, unknown>[]>(
      `select c.*, count(*) over () as list_total from catalog.change_log c where ${conditions.join(' and ')}
        order by c.at desc, c.id desc limit ? offset ?`,
      [...params, perPage, (page - 1) * perPage],
    );
    const total =
      rows.length > 0
        ? Number(rows[0]!.list_total)
        : page > 1
          ? Number((await em.execute<{ n: string }[]>(`select count(*) as n from catalog.change_log c where ${conditions.join(' and ')}`, params))[0]?.n ?? 0)
          : 0;
    return { rows, total };
  }
}
