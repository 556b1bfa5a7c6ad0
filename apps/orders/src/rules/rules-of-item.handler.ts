import { Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '@kanban/access';
import { type ItemRuleRef, OrdersSubjects, type RulesOfItemRequest } from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { raw } from '../shared/access';

/**
 * Every kanban rule of an item in the company, active or not, by location name: what the catalog lists in
 * its 1007 answer before it disables or deletes the item (docs/items.md). One statement.
 */
export async function rulesOfItem(em: EntityManager, companyId: number, itemId: number): Promise<ItemRuleRef[]> {
  const rows = await em.execute<Record<string, unknown>[]>(
    `select r.id, r.location_id, coalesce(l.name, '') as location_name, r.threshold, r.capacity, r.stock, r.active
       from orders.kanban_rule r
       left join orders.location_copy l on l.id = r.location_id and l.company_id = r.company_id
      where r.company_id = ? and r.item_id = ?
      order by coalesce(l.name, ''), r.id`,
    [companyId, itemId],
  );
  return rows.map((row) => ({
    id: raw.num(row.id),
    location_id: raw.num(row.location_id),
    location_name: String(row.location_name),
    threshold: raw.num(row.threshold),
    capacity: raw.num(row.capacity),
    stock: raw.num(row.stock),
    active: row.active === true,
  }));
}

/**
 * `orders.rules.of_item`: a system call (no caller) of the catalog, which has checked that its caller may
 * change the item; the answer names every rule, also those at locations the caller's restrictions hide,
 * since disabling the item stops them all.
 */
@BusController()
export class RulesOfItemHandler {
  constructor(@Inject(unitOfWorkToken('orders')) private readonly uow: UnitOfWork) {}

  @Handles(OrdersSubjects.rulesOfItem)
  rules(@Payload() p: RulesOfItemRequest): Promise<ItemRuleRef[]> {
    const companyId = Number(p?.company_id);
    const itemId = Number(p?.item_id);
    if (!Number.isInteger(companyId) || companyId <= 0) throw AppError.validation('company_id', 'must be a positive integer');
    if (!Number.isInteger(itemId) || itemId <= 0) throw AppError.validation('item_id', 'must be a positive integer');
    return this.uow.forCompany(companyId).read((em) => rulesOfItem(em, companyId, itemId));
  }
}
