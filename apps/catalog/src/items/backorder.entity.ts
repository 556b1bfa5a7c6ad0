import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantEntity, TenantOwned } from '@kanban/persistence';

/**
 * The catalog's read model of open backorders, fed by evt.orders.backorder_changed (orders own them): one
 * row per open order line; a quantity of 0 removes the row; `changedAt` keeps an older event from
 * overwriting a newer state.
 */
@Entity({ tableName: 'item_backorder' })
@TenantOwned()
@Unique({ properties: ['companyId', 'orderId', 'pos'] })
@Index({ properties: ['companyId', 'itemId'] })
export class ItemBackorder extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @Property({ fieldName: 'order_id', type: 'int' })
  orderId!: number;

  @Property({ type: 'int' })
  pos!: number;

  @Property({ fieldName: 'customer_id', type: 'int' })
  customerId!: number;

  @Property({ fieldName: 'location_id', type: 'int', nullable: true })
  locationId: number | null = null;

  @Property({ fieldName: 'item_id', type: 'int' })
  itemId!: number;

  @Property({ type: 'double' })
  quantity!: number;

  @Property({ type: 'datetime', length: 6 })
  since!: Date;

  @Property({ fieldName: 'changed_at', type: 'datetime', length: 6 })
  changedAt!: Date;
}
