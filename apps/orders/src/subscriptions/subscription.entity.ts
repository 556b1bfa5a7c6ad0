import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity, TenantOwned } from '@kanban/persistence';

/**
 * The orders service's copy of the catalog's item subscriptions (per location and item; evt.catalog.
 * item_subscription_changed) with what the runs did with it: `last_ordered_on` (the company's local day of its
 * last order), the run and order. A subscription orders the item's order quantity every subscription_interval
 * days (docs/replenishment.md "Subscriptions").
 */
@Entity({ tableName: 'subscription_copy' })
@TenantOwned()
export class SubscriptionCopy extends TenantEntity {
  @PrimaryKey({ fieldName: 'location_id', type: 'int', autoincrement: false })
  locationId!: number;

  @PrimaryKey({ fieldName: 'item_id', type: 'int', autoincrement: false })
  itemId!: number;

  @Property({ type: 'boolean', default: true })
  active: boolean = true;

  @Property({ fieldName: 'last_ordered_on', type: 'date', nullable: true })
  lastOrderedOn: string | null = null;

  @Property({ fieldName: 'last_run_id', type: 'int', nullable: true })
  lastRunId: number | null = null;

  @Property({ fieldName: 'last_order_id', type: 'int', nullable: true })
  lastOrderId: number | null = null;

  @Property({ type: 'datetime', length: 6 })
  version!: Date;
}
