import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantEntity, TenantOwned } from '@kanban/persistence';

/** An item's subscription state at a location of its customer (spec 4: subscription activate/deactivate). */
@Entity({ tableName: 'item_subscription' })
@TenantOwned()
@Unique({ properties: ['locationId', 'itemId'] })
export class ItemSubscription extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @Property({ fieldName: 'location_id', type: 'int' })
  locationId!: number;

  @Property({ fieldName: 'item_id', type: 'int' })
  itemId!: number;

  @Property({ type: 'boolean', default: true })
  active: boolean = true;

  @Property({ fieldName: 'updated_at', type: 'datetime', length: 6 })
  updatedAt: Date = new Date();
}
