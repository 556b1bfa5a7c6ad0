import { PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity } from './tenant';

/**
 * Columns that services' copies of other services' records share (read models, docs/architecture.md). Each service
 * declares its own entities on them (table, tenant filter, indexes and its own further columns), in its own schema;
 * these classes only hold the columns, with the names and types the services' migrations created.
 */

/**
 * A copy of a record of another service: the owner's id (never generated here) and `version`, when the owner's state
 * was taken (the event's time, or the record's updated_at in a snapshot): an older state never overwrites a newer one.
 */
export abstract class CopiedRecord extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: false })
  id!: number;

  @Property({ type: 'datetime', length: 6 })
  version!: Date;
}

/** A copy of a record with a name (customers, suppliers, locations, catalogs). */
export abstract class NamedCopy extends CopiedRecord {
  @Property({ type: 'text' })
  name!: string;
}

/**
 * A service's copy of identity's access restrictions: one row per restriction of a user in a company, exactly one of
 * customer, location or supplier set. `replaceRestrictionCopies` (libs/messaging) replaces a user's set by the one
 * `evt.identity.restrictions_changed` carries; `restrictedRowsCondition` reads it.
 */
export abstract class RestrictionCopyColumns extends TenantEntity {
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

/**
 * The columns of an item that the catalog's `item` and the orders service's copy of it hold alike (spec 3): its
 * customer, catalog and supplier, SKU and name, units and ordering terms, contract end, subscription interval and
 * state. The catalog adds its own texts and timestamps, the copy `deleted` and `version`.
 */
export abstract class ItemColumns extends TenantEntity {
  @Property({ fieldName: 'customer_id', type: 'int' })
  customerId!: number;

  @Property({ fieldName: 'catalog_id', type: 'int', nullable: true })
  catalogId: number | null = null;

  /** the catalog's supplier, kept with the item (a catalog never changes its supplier) */
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

  @Property({ fieldName: 'paused_until', type: 'date', nullable: true })
  pausedUntil: string | null = null;

  @Property({ type: 'boolean', default: false })
  disabled: boolean = false;

  @Property({ fieldName: 'instant_delivery', type: 'boolean', default: false })
  instantDelivery: boolean = false;

  @Property({ type: 'boolean', default: true })
  purchaseable: boolean = true;
}
