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
import { restrictionCacheOf } from '../restrictions/restriction-cache';
import { pageOf } from '../shared/list-query';
import { ChangesRepository } from './changes.repository';

/** The end of a `to` filter: a bare date means the whole day (up to the next midnight UTC). */
export function endOf(to: string): Date {
  const date = new Date(to);
  return /^\d{4}-\d{2}-\d{2}$/.test(to) ? new Date(date.getTime() + 86_400_000) : date;
}

/**
 * The change log of a customer or supplier and of everything under it (contacts, locations, items, ...),
 * newest first, filtered by entity kind and id and a time range and narrowed by the caller's access restrictions
 * (changesVisible). User names are added by the gateway.
 */
@Injectable()
export class ChangesService {
  constructor(
    @Inject(unitOfWorkToken('catalog')) private readonly uow: UnitOfWork,
    private readonly changes: ChangesRepository,
  ) {}

  async list(
    caller: CompanyCaller,
    parent: ContactParent,
    query: ChangeListQuery,
  ): Promise<Page<ChangeLogEntryDto>> {
    const { page, perPage } = pageOf(query);
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      await assertParentVisible(em, caller, parent);
      const known = await restrictionCacheOf(this.uow).of(em, caller);
      const { rows: found, total } = await this.changes.list(em, caller, parent, { ...query, to: query.to ? endOf(query.to) : undefined }, known, page, perPage);
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
