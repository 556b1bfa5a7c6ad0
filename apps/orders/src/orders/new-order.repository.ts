import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CompanyCaller } from '@kanban/contracts';
import { containsPattern, visibleCondition } from '../shared/access';
import type { Row } from './orders.repository';

/** The queries of the new order's item search (the checks of a new order use OrdersRepository.orderableItems). */
@Injectable()
export class NewOrderRepository {
  /**
   * The customer's items (read model, not deleted, suppliers the caller may see) whose SKU or name contains `q`,
   * with supplier and catalog names, the item's state on `today`, the rule at the location and the order holding
   * an open line of that rule; those with an active rule first, then by SKU.
   */
  search(em: EntityManager, caller: CompanyCaller, customerId: number, locationId: number, today: string, q: string, limit: number): Promise<Row[]> {
    const like = containsPattern(q);
    const [visible, visibleParams] = visibleCondition(caller, { customer: 'i.customer_id', location: 'loc.id', supplier: 'i.supplier_id' });
    return em.execute<Row[]>(
      `select i.id, i.sku, i.name, i.order_unit, i.item_unit, coalesce(nullif(i.quantity_per_order_unit, 0), 1) as quantity_per_order_unit,
              i.min_order_quantity, i.max_order_quantity, i.order_quantity, i.order_quantity_increment,
              (i.disabled or (i.contract_end_date is not null and i.contract_end_date <= cast(? as date))) as disabled,
              (i.paused_until is not null and i.paused_until >= cast(? as date)) as paused, i.purchaseable,
              i.supplier_id, coalesce(s.name, '') as supplier_name, i.catalog_id, coalesce(k.name, '') as catalog_name,
              r.id as rule_id, r.active as rule_active,
              (select ol.order_id from orders.purchase_order_line ol where ol.rule_id = r.id and ol.status = 'open' limit 1) as open_order_id
         from orders.item_copy i
         cross join (select cast(? as int) as id) loc
         left join orders.supplier_copy s on s.id = i.supplier_id and s.company_id = i.company_id
         left join orders.catalog_copy k on k.id = i.catalog_id and k.company_id = i.company_id
         left join orders.kanban_rule r on r.company_id = i.company_id and r.item_id = i.id and r.location_id = ?
        where i.company_id = ? and i.customer_id = ? and not i.deleted and (i.sku ilike ? or i.name ilike ?) and ${visible}
        order by (r.id is not null and r.active) desc, i.sku, i.id
        limit ?`,
      [today, today, locationId, locationId, caller.companyId, customerId, like, like, ...visibleParams, limit],
    );
  }
}
