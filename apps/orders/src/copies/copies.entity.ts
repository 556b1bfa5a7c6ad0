import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import type { LocationSchedule, Weekday } from '@kanban/contracts';
import { ItemColumns, NamedCopy, RestrictionCopyColumns, TenantOwned } from '@kanban/persistence';

/**
 * The orders service's read model of the catalog (architecture: a service keeps a copy fed by the owner's
 * events), on the shared copy columns of libs/persistence. Ids are the catalog's. `version` is when the catalog
 * state was taken (the event's time or the record's updated_at in a snapshot): an older state never overwrites a
 * newer one. Deleted records stay as `deleted` so rules and orders that name them still explain themselves. An
 * item holds the catalog item's columns as the catalog does (`ItemColumns`).
 */
@Entity({ tableName: 'item_copy' })
@TenantOwned()
@Index({ properties: ['companyId', 'customerId'] })
export class ItemCopy extends ItemColumns {
  @PrimaryKey({ type: 'int', autoincrement: false })
  id!: number;

  @Property({ type: 'boolean', default: false })
  deleted: boolean = false;

  @Property({ type: 'datetime', length: 6 })
  version!: Date;
}

/** A copy of a customer, supplier, location or catalog: deleted ones stay as `deleted`. */
abstract class DeletableCopy extends NamedCopy {
  @Property({ type: 'boolean', default: false })
  deleted: boolean = false;
}

/**
 * A location: active state, delivery days (ISO weekday numbers, Monday 1) and the requisition schedule
 * resolved per weekday (`slots`: weekday -> slots, business days already added; `scheduled`: any slot at all).
 */
@Entity({ tableName: 'location_copy' })
@TenantOwned()
export class LocationCopy extends DeletableCopy {
  @Property({ fieldName: 'customer_id', type: 'int' })
  customerId!: number;

  @Property({ type: 'boolean', default: false })
  inactive: boolean = false;

  @Property({ fieldName: 'delivery_days', type: 'json' })
  deliveryDays: Weekday[] = [];

  @Property({ fieldName: 'delivery_isodow', type: 'json' })
  deliveryIsodow: number[] = [];

  @Property({ type: 'json' })
  schedule: Partial<LocationSchedule> = {};

  @Property({ type: 'json' })
  slots: Partial<Record<Weekday, string[]>> = {};

  @Property({ type: 'boolean', default: false })
  scheduled: boolean = false;

  /** on: fill up to capacity; off: classic kanban, the item's fixed order quantity (docs/ordering-flags.md) */
  @Property({ type: 'boolean', default: true })
  deltakanban: boolean = true;

  /** on: orders by hand may carry items without a kanban rule here */
  @Property({ type: 'boolean', default: false })
  adhoc: boolean = false;

  @Property({ fieldName: 'service_fee_item_id', type: 'int', nullable: true })
  serviceFeeItemId: number | null = null;

  /** the service fee line's quantity on each order by hand of the location; 0 = none */
  @Property({ fieldName: 'service_fee_quantity', type: 'double', default: 0 })
  serviceFeeQuantity: number = 0;
}

@Entity({ tableName: 'customer_copy' })
@TenantOwned()
export class CustomerCopy extends DeletableCopy {
  @Property({ type: 'boolean', default: false })
  inactive: boolean = false;

  @Property({ fieldName: 'use_request_workflow', type: 'boolean', default: false })
  useRequestWorkflow: boolean = false;

  @Property({ fieldName: 'use_backorder', type: 'boolean', default: false })
  useBackorder: boolean = false;

  /** `days`: reorder after 7 days; `scanner`: only notify the scanner */
  @Property({ fieldName: 'backorder_type', type: 'text', default: 'days' })
  backorderType: string = 'days';

  @Property({ fieldName: 'use_subscription', type: 'boolean', default: false })
  useSubscription: boolean = false;

  @Property({ fieldName: 'automatic_restock_days', type: 'int', default: 0 })
  automaticRestockDays: number = 0;

  @Property({ fieldName: 'service_fee_item_id', type: 'int', nullable: true })
  serviceFeeItemId: number | null = null;

  @Property({ fieldName: 'time_tracking_item_id', type: 'int', nullable: true })
  timeTrackingItemId: number | null = null;

  /** customer users see stock and fill levels only when on */
  @Property({ fieldName: 'show_stock_in_app', type: 'boolean', default: false })
  showStockInApp: boolean = false;
}

@Entity({ tableName: 'supplier_copy' })
@TenantOwned()
export class SupplierCopy extends DeletableCopy {
  @Property({ type: 'boolean', default: true })
  active: boolean = true;
}

@Entity({ tableName: 'catalog_copy' })
@TenantOwned()
export class CatalogCopy extends DeletableCopy {
  @Property({ fieldName: 'supplier_id', type: 'int' })
  supplierId!: number;
}

/** The orders service's copy of identity's access restrictions (like the catalog's, docs/architecture.md). */
@Entity({ tableName: 'access_restriction' })
@TenantOwned()
@Index({ properties: ['companyId', 'userId'] })
export class RestrictionCopy extends RestrictionCopyColumns {}

export const COPY_ENTITIES = [ItemCopy, LocationCopy, CustomerCopy, SupplierCopy, CatalogCopy, RestrictionCopy];
