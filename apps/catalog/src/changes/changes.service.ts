import type { FilterQuery } from '@mikro-orm/core';
import { Inject, Injectable } from '@nestjs/common';
import type {
  ChangeListQuery,
  ChangeLogEntryDto,
  CompanyCaller,
  ContactParent,
  Page,
} from '@kanban/contracts';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { assertParentVisible } from '../contacts/contacts.service';
import { pageOf } from '../shared/list-query';
import { ChangeLogEntry } from './change-log.entity';

/** The end of a `to` filter: a bare date means the whole day (up to the next midnight UTC). */
export function endOf(to: string): Date {
  const date = new Date(to);
  return /^\d{4}-\d{2}-\d{2}$/.test(to) ? new Date(date.getTime() + 86_400_000) : date;
}

/**
 * The change log of a customer or supplier and of everything under it (contacts, locations, items, ...),
 * newest first, filtered by entity kind and id and a time range. User names are added by the gateway.
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
      const where: FilterQuery<ChangeLogEntry> = { companyId: caller.companyId };
      if (parent.kind === 'customer') where.customerId = parent.id;
      else where.supplierId = parent.id;
      if (query.entity_kind) where.entityKind = query.entity_kind;
      if (query.entity_id !== undefined) where.entityId = query.entity_id;
      const at: { $gte?: Date; $lt?: Date } = {};
      if (query.from) at.$gte = new Date(query.from);
      if (query.to) at.$lt = endOf(query.to);
      if (at.$gte || at.$lt) where.at = at;
      const [rows, total] = await em.findAndCount(ChangeLogEntry, where, {
        orderBy: { at: 'desc', id: 'desc' },
        limit: perPage,
        offset: (page - 1) * perPage,
      });
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
