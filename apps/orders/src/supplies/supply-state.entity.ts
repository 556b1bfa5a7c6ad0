import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity, TenantOwned } from '@kanban/persistence';

/**
 * The last delivery change of a supply the orders service applied (evt.supply.delivery_changed): a change
 * with an older version (redelivered late) is ignored, so order lines never go back to an older state.
 */
@Entity({ tableName: 'supply_state' })
@TenantOwned()
export class SupplyState extends TenantEntity {
  /** the supply's id */
  @PrimaryKey({ type: 'int', autoincrement: false })
  id!: number;

  @Property({ fieldName: 'order_id', type: 'int' })
  orderId!: number;

  @Property({ type: 'int' })
  version!: number;

  @Property({ fieldName: 'updated_at', type: 'datetime', length: 6 })
  updatedAt: Date = new Date();
}
