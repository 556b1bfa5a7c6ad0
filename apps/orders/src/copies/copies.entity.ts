import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import type { LocationSchedule, Weekday } from '@kanban/contracts';
import { TenantEntity, TenantOwned } from '@kanban/persistence';

/**
 * The orders service's read model of the catalog (architecture: a service keeps a copy fed by the owner's
 * events). Ids are the catalog's. `version` is when the catalog state was taken (the event's time or the
 * record's updated_at in a snapshot): an older state never overwrites a newer one. Deleted records stay as
 * `deleted` so rules and orders that name them still explain themselves.
 */
@Entity({ tableName: 'item_copy' })
@TenantOwned()
@Index({ properties: ['companyId', 'customerId'] })
export class ItemCopy extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: false })
  id!: number;

  @Property({ fieldName: 'customer_id', type: 'int' })
  customerId!: number;

  @Property({ fieldName: 'catalog_id', type: 'int', nullable: true })
  catalogId: number | null = null;

  @Property({ fieldName: 'supplier_id', type: 'int', nullable: true })
  supplierId: number | null = null;

  @Property({ type: 'text' })
  sku!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ fieldName: 'item_unit', type: 'text', default: '' })
  itemUnit: string = '';

  @Property({ fieldName: 'order_unit', type: 'text', default: '' })
  orderUnit: string = '';

  @Property({ fieldName: 'quantity_per_order_unit', type: 'double', default: 1 })
  quantityPerOrderUnit: number = 1;

  @Property({ fieldName: 'min_order_quantity', type: 'double', default: 1 })
  minOrderQuantity: number = 1;

  /** 0 = no maximum */
  @Property({ fieldName: 'max_order_quantity', type: 'double', default: 0 })
  maxOrderQuantity: number = 0;

  @Property({ fieldName: 'order_quantity', type: 'double', default: 1 })
  orderQuantity: number = 1;

  @Property({ fieldName: 'order_quantity_increment', type: 'double', default: 1 })
  orderQuantityIncrement: number = 1;

  @Property({ fieldName: 'lead_time_days', type: 'int', default: 0 })
  leadTimeDays: number = 0;

  @Property({ fieldName: 'transit_days', type: 'int', default: 0 })
  transitDays: number = 0;

  @Property({ fieldName: 'contract_end_date', type: 'date', nullable: true })
  contractEndDate: string | null = null;

  @Property({ fieldName: 'subscription_interval', type: 'int', default: 0 })
  subscriptionInterval: number = 0;

  @Property({ type: 'boolean', default: true })
  purchaseable: boolean = true;

  @Property({ fieldName: 'instant_delivery', type: 'boolean', default: false })
  instantDelivery: boolean = false;

  @Property({ fieldName: 'paused_until', type: 'date', nullable: true })
  pausedUntil: string | null = null;

  @Property({ type: 'boolean', default: false })
  disabled: boolean = false;

  @Property({ type: 'boolean', default: false })
  deleted: boolean = false;

  @Property({ type: 'datetime', length: 6 })
  version!: Date;
}

/**
 * A location: active state, delivery days (ISO weekday numbers, Monday 1) and the requisition schedule
 * resolved per weekday (`slots`: weekday -> slots, business days already added; `scheduled`: any slot at all).
 */
@Entity({ tableName: 'location_copy' })
@TenantOwned()
export class LocationCopy extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: false })
  id!: number;

  @Property({ fieldName: 'customer_id', type: 'int' })
  customerId!: number;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'boolean', default: false })
  inactive: boolean = false;

  @Property({ type: 'boolean', default: false })
  deleted: boolean = false;

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

  @Property({ type: 'datetime', length: 6 })
  version!: Date;
}

@Entity({ tableName: 'customer_copy' })
@TenantOwned()
export class CustomerCopy extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: false })
  id!: number;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'boolean', default: false })
  inactive: boolean = false;

  @Property({ type: 'boolean', default: false })
  deleted: boolean = false;

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

  @Property({ type: 'datetime', length: 6 })
  version!: Date;
}

@Entity({ tableName: 'supplier_copy' })
@TenantOwned()
export class SupplierCopy extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: false })
  id!: number;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'boolean', default: true })
  active: boolean = true;

  @Property({ type: 'boolean', default: false })
  deleted: boolean = false;

  @Property({ type: 'datetime', length: 6 })
  version!: Date;
}

@Entity({ tableName: 'catalog_copy' })
@TenantOwned()
export class CatalogCopy extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: false })
  id!: number;

  @Property({ fieldName: 'supplier_id', type: 'int' })
  supplierId!: number;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'boolean', default: false })
  deleted: boolean = false;

  @Property({ type: 'datetime', length: 6 })
  version!: Date;
}

/** The orders service's copy of identity's access restrictions (like the catalog's, docs/architecture.md). */
@Entity({ tableName: 'access_restriction' })
@TenantOwned()
@Index({ properties: ['companyId', 'userId'] })
export class RestrictionCopy extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @Property({ fieldName: 'user_id', type: 'int' })
  userId!: number;

  @Property({ fieldName: 'customer_id', type: 'int', nullable: true })
  customerId: number | null = null;

  @Property({ fieldName: 'location_id', type: 'int', nullable: true })
  locationId: number | null = null;

  @Property({ fieldName: 'supplier_id', type: 'int', nullable: true })
  supplierId: number | null = null;
}

export const COPY_ENTITIES = [ItemCopy, LocationCopy, CustomerCopy, SupplierCopy, CatalogCopy, RestrictionCopy];
