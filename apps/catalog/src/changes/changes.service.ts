import { Inject, Injectable } from '@nestjs/common';
import type {
  ChangeAction,
  ChangeListQuery,
  ChangeLogEntryDto,
  CompanyCaller,
  ContactParent,
  Page,
} from '@kanban/contracts';
import { raw, unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { assertParentVisible } from '../contacts/contacts.service';
import { allowedBy } from '../items/item-visibility';
import { type KnownRestrictions, restrictionCacheOf } from '../restrictions/restriction-cache';
import { pageOf } from '../shared/list-query';

/** The end of a `to` filter: a bare date means the whole day (up to the next midnight UTC). */
export function endOf(to: string): Date {
  const date = new Date(to);
  return /^\d{4}-\d{2}-\d{2}$/.test(to) ? new Date(date.getTime() + 86_400_000) : date;
}

const OWN = 'r.company_id = ? and r.user_id = ?';

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
  const own = [caller.companyId, caller.userId];
  if (!known || known.customer) {
    const [customer, customerParams] = allowedBy('customer', 'c.customer_id', caller);
    parts.push([`(c.customer_id is null or ${customer})`, customerParams]);
    parts.push([
      `(c.entity_kind <> 'location'` +
        ` or not exists (select 1 from catalog.access_restriction r where ${OWN} and (r.customer_id is not null or r.location_id is not null))` +
        ` or c.entity_id in (select r.location_id from catalog.access_restriction r where ${OWN} and r.location_id is not null)` +
        ` or c.customer_id in (select r.customer_id from catalog.access_restriction r where ${OWN} and r.customer_id is not null))`,
      [...own, ...own, ...own],
    ]);
  }
  if (!known || known.supplier) {
    const [supplier, supplierParams] = allowedBy('supplier', 'c.supplier_id', caller);
    parts.push([`((c.supplier_id is null and c.entity_kind <> 'item') or ${supplier})`, supplierParams]);
  }
  if (parts.length === 0) return ['', []];
  return [parts.map(([sql]) => sql).join(' and '), parts.flatMap(([, params]) => params)];
}

/**
 * The change log of a customer or supplier and of everything under it (contacts, locations, items, ...),
 * newest first, filtered by entity kind and id and a time range and narrowed by the caller's access restrictions
 * (changesVisible). User names are added by the gateway.
 */
@Injectable()
export class ChangesService {
  constructor(@Inject(unitOfWorkToken('catalog')) private readonly uow: UnitOfWork) {}

  async list(
    caller: CompanyCaller,
    parent: ContactParent,
    query: ChangeListQuery,
  ): Promise<Page<ChangeLogEntryDto>> {
    const { page, perPage } = pageOf(query);
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      await assertParentVisible(em, caller, parent);
      const known = await restrictionCacheOf(this.uow).of(em, caller);
      const conditions = ['c.company_id = ?', parent.kind === 'customer' ? 'c.customer_id = ?' : 'c.supplier_id = ?'];
      const params: unknown[] = [caller.companyId, parent.id];
      if (query.entity_kind) {
        conditions.push('c.entity_kind = ?');
        params.push(query.entity_kind);
      }
      if (query.entity_id !== undefined) {
        conditions.push('c.entity_id = ?');
        params.push(query.entity_id);
      }
      if (query.from) {
        conditions.push('c.at >= ?');
        params.push(new Date(query.from));
      }
      if (query.to) {
        conditions.push('c.at < ?');
        params.push(endOf(query.to));
      }
      const [visible, visibleParams] = changesVisible(caller, known);
      if (visible) {
        conditions.push(visible);
        params.push(...visibleParams);
      }
      const found = await em.execute<Record<string, unknown>[]>(
        `select c.*, count(*) over () as list_total from catalog.change_log c where ${conditions.join(' and ')}
          order by c.at desc, c.id desc limit ? offset ?`,
        [...params, perPage, (page - 1) * perPage],
      );
      const total =
        found.length > 0
          ? Number(found[0]!.list_total)
          : page > 1
            ? Number((await em.execute<{ n: string }[]>(`select count(*) as n from catalog.change_log c where ${conditions.join(' and ')}`, params))[0]?.n ?? 0)
            : 0;
      const rows = found.map((r) => ({
        id: String(r.id),
        entityKind: String(r.entity_kind),
        entityId: Number(r.entity_id),
        customerId: raw.numOrNull(r.customer_id),
        supplierId: raw.numOrNull(r.supplier_id),
        action: r.action as ChangeAction,
        field: (r.field as string | null) ?? null,
        oldValue: (r.old_value as string | null) ?? null,
        newValue: (r.new_value as string | null) ?? null,
        userId: Number(r.user_id),
        at: new Date(raw.iso(r.at)!),
      }));
      const items = rows.map((r): ChangeLogEntryDto => ({
        id: Number(r.id),
        entity_kind: r.entityKind,
        entity_id: r.entityId,
        customer_id: r.customerId,
        supplier_id: r.supplierId,
        action: r.action,
        field: r.field,
        old_value: r.oldValue,
        new_value: r.newValue,
        user_id: r.userId,
        user_name: '',
        at: r.at.toISOString(),
      }));
      return { items, total, page, per_page: perPage };
    });
  }
}
