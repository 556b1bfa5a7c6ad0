import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import { ItemColumns, TenantOwned } from '@kanban/persistence';

/**
 * An item of a customer, optionally from a supplier's catalog (spec 3; threshold, capacity and stock belong
 * to the kanban rule): the columns the orders service's copy holds too (`ItemColumns`, libs/persistence) and
 * the catalog's own. The SKU is unique per customer and catalog (a unique index on customer, catalog or 0,
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
export class Item extends ItemColumns {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @Property({ type: 'text', default: '' })
  description: string = '';

  @Property({ fieldName: 'material_number', type: 'text', default: '' })
  materialNumber: string = '';

  @Property({ fieldName: 'material_group', type: 'text', default: '' })
  materialGroup: string = '';

  @Property({ type: 'text', default: '' })
  unspsc: string = '';

  @Property({ fieldName: 'customer_sku', type: 'text', default: '' })
  customerSku: string = '';

  @Property({ fieldName: 'latest_order', type: 'datetime', length: 6, nullable: true })
  latestOrder: Date | null = null;

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt: Date = new Date();

  @Property({ fieldName: 'updated_at', type: 'datetime', length: 6 })
  updatedAt: Date = new Date();
}
