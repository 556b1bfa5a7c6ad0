import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity, TenantOwned } from '@kanban/persistence';

/**
 * An item of a customer, optionally from a supplier's catalog (spec 3; threshold, capacity and stock belong
 * to the kanban rule). The SKU is unique per customer and catalog (a unique index on customer, catalog or 0,
 * lower(sku) written in the migration). Search indexes (migration): btree text_pattern_ops on lower(sku)
 * and lower(name) for prefixes, pg_trgm GIN on lower(name) for parts of names.
 */
@Entity({ tableName: 'item' })
@TenantOwned()
@Index({ properties: ['companyId', 'customerId', 'name'] })
@Index({ properties: ['catalogId'] })
@Index({ properties: ['companyId', 'supplierId'] })
@Index({
  name: 'item_sku_unique',
  expression: 'create unique index "item_sku_unique" on "catalog"."item" ("company_id", "customer_id", coalesce("catalog_id", 0), lower("sku"))',
})
@Index({ name: 'item_sku_prefix', expression: 'create index "item_sku_prefix" on "catalog"."item" ("company_id", lower("sku") text_pattern_ops)' })
@Index({ name: 'item_name_prefix', expression: 'create index "item_name_prefix" on "catalog"."item" ("company_id", lower("name") text_pattern_ops)' })
@Index({
  name: 'item_customer_sku_prefix',
  expression: 'create index "item_customer_sku_prefix" on "catalog"."item" ("company_id", lower("customer_sku") text_pattern_ops)',
})
@Index({ name: 'item_name_trgm', expression: 'create index "item_name_trgm" on "catalog"."item" using gin (lower("name") public.gin_trgm_ops)' })
export class Item extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

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

  @Property({ type: 'text', default: '' })
  description: string = '';

  @Property({ fieldName: 'item_unit', type: 'text', default: '' })
  itemUnit: string = '';

  @Property({ fieldName: 'order_unit', type: 'text', default: '' })
  orderUnit: string = '';

  @Property({ fieldName: 'quantity_per_order_unit', type: 'double', default: 1 })
  quantityPerOrderUnit: number = 1;

  @Property({ fieldName: 'min_order_quantity', type: 'double', default: 1 })
  minOrderQuantity: number = 1;

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

  @Property({ fieldName: 'material_number', type: 'text', default: '' })
  materialNumber: string = '';

  @Property({ fieldName: 'material_group', type: 'text', default: '' })
  materialGroup: string = '';

  @Property({ type: 'text', default: '' })
  unspsc: string = '';

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

  @Property({ fieldName: 'customer_sku', type: 'text', default: '' })
  customerSku: string = '';

  @Property({ fieldName: 'latest_order', type: 'datetime', length: 6, nullable: true })
  latestOrder: Date | null = null;

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt: Date = new Date();

  @Property({ fieldName: 'updated_at', type: 'datetime', length: 6 })
  updatedAt: Date = new Date();
}
