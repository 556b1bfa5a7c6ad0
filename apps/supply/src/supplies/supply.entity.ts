import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { SupplyStatus } from '@kanban/contracts';
import { TenantEntity, TenantOwned } from '@kanban/persistence';

/**
 * What one supplier delivers for one order (spec 3 "Supply"), created from evt.orders.created. Names of
 * supplier, customer and location are kept as they were when the supply was created (like the order).
 * One supply per order: the unique order id makes a repeated event create nothing twice.
 */
@Entity({ tableName: 'supply' })
@TenantOwned()
@Unique({ properties: ['orderId'] })
@Index({ properties: ['companyId', 'supplierId', 'createdAt'] })
@Index({ properties: ['companyId', 'supplierId', 'customerId'] })
@Index({ properties: ['companyId', 'supplierId', 'changeSeq'] })
export class Supply extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @Property({ fieldName: 'order_id', type: 'int' })
  orderId!: number;

  @Property({ fieldName: 'supplier_id', type: 'int' })
  supplierId!: number;

  @Property({ fieldName: 'customer_id', type: 'int' })
  customerId!: number;

  @Property({ fieldName: 'location_id', type: 'int' })
  locationId!: number;

  @Property({ fieldName: 'supplier_name', type: 'text', default: '' })
  supplierName: string = '';

  @Property({ fieldName: 'customer_name', type: 'text', default: '' })
  customerName: string = '';

  @Property({ fieldName: 'location_name', type: 'text', default: '' })
  locationName: string = '';

  @Property({ fieldName: 'catalog_ext_id', type: 'text', default: '' })
  catalogExtId: string = '';

  /** the order day */
  @Property({ fieldName: 'order_date', type: 'date' })
  orderDate!: string;

  /** the earliest expected delivery day of the lines */
  @Property({ type: 'date' })
  shipping!: string;

  @Property({ type: 'text', default: 'open' })
  status: SupplyStatus = 'open';

  @Property({ fieldName: 'line_count', type: 'int', default: 0 })
  lineCount: number = 0;

  @Property({ fieldName: 'delivered_count', type: 'int', default: 0 })
  deliveredCount: number = 0;

  @Property({ fieldName: 'delivered_at', type: 'datetime', length: 6, nullable: true })
  deliveredAt: Date | null = null;

  /** grows with each delivery change (the orders service applies changes in this order) */
  @Property({ type: 'int', default: 0 })
  version: number = 0;

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt: Date = new Date();

  @Property({ fieldName: 'updated_at', type: 'datetime', length: 6 })
  updatedAt: Date = new Date();

  /**
   * The change sequence number of the supply's latest creation or delivery change (the supplier feed's cursor,
   * docs/supplier-api.md): from `supply.supply_change_seq` (every insert and delivery change takes `nextval`), taken under the company's advisory lock held to the
   * commit, so a company's numbers become visible in their order.
   */
  @Property({ fieldName: 'change_seq', type: 'bigint' })
  changeSeq!: string;

  /** the supplier's own order number, sent with its acknowledgement */
  @Property({ fieldName: 'po_number', type: 'text', nullable: true })
  poNumber: string | null = null;

  /** when the supplier's system first acknowledged the supply */
  @Property({ fieldName: 'acknowledged_at', type: 'datetime', length: 6, nullable: true })
  acknowledgedAt: Date | null = null;
}

/** A line of a supply: the order line of the same pos. */
@Entity({ tableName: 'supply_line' })
@TenantOwned()
@Unique({ properties: ['supplyId', 'pos'] })
@Index({ properties: ['companyId', 'itemId'] })
export class SupplyLine extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @Property({ fieldName: 'supply_id', type: 'int' })
  supplyId!: number;

  @Property({ type: 'int' })
  pos!: number;

  @Property({ fieldName: 'item_id', type: 'int' })
  itemId!: number;

  @Property({ fieldName: 'catalog_id', type: 'int', nullable: true })
  catalogId: number | null = null;

  @Property({ type: 'text' })
  sku!: string;

  @Property({ type: 'text' })
  name!: string;

  /** in order units */
  @Property({ type: 'double' })
  quantity!: number;

  @Property({ type: 'text', default: '' })
  unit: string = '';

  @Property({ type: 'date' })
  shipping!: string;

  @Property({ type: 'boolean', default: false })
  delivered: boolean = false;

  @Property({ fieldName: 'delivered_at', type: 'datetime', length: 6, nullable: true })
  deliveredAt: Date | null = null;

  @Property({ fieldName: 'delivered_by', type: 'int', nullable: true })
  deliveredBy: number | null = null;

  /** the line's external status as far as the supplier API sets it: TR transmitted, PO order number received (null: none yet) */
  @Property({ fieldName: 'ext_line_status', type: 'text', nullable: true })
  extLineStatus: string | null = null;
}
