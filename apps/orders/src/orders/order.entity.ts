import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { ExtStatus, OrderEventCode, OrderEventType, OrderStatus, RunTrigger } from '@kanban/contracts';
import { TenantEntity, TenantOwned } from '@kanban/persistence';

/**
 * An order to one supplier for one location (spec 3 "Order"). Names of customer, location and supplier are
 * kept as they were when it was created (architecture: an order keeps what it ordered).
 */
@Entity({ tableName: 'purchase_order' })
@TenantOwned()
@Index({ properties: ['companyId', 'createdAt'] })
@Index({ properties: ['companyId', 'customerId', 'createdAt'] })
@Index({ properties: ['companyId', 'locationId', 'createdAt'] })
export class PurchaseOrder extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @Property({ fieldName: 'customer_id', type: 'int' })
  customerId!: number;

  @Property({ fieldName: 'location_id', type: 'int' })
  locationId!: number;

  @Property({ fieldName: 'supplier_id', type: 'int', nullable: true })
  supplierId: number | null = null;

  @Property({ fieldName: 'customer_name', type: 'text', default: '' })
  customerName: string = '';

  @Property({ fieldName: 'location_name', type: 'text', default: '' })
  locationName: string = '';

  @Property({ fieldName: 'supplier_name', type: 'text', default: '' })
  supplierName: string = '';

  /** the company's local day of the order */
  @Property({ fieldName: 'order_date', type: 'date' })
  orderDate!: string;

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt: Date = new Date();

  @Property({ fieldName: 'created_by', type: 'int', nullable: true })
  createdBy: number | null = null;

  @Property({ type: 'text', default: 'open' })
  status: OrderStatus = 'open';

  @Property({ type: 'text', default: 'requisition' })
  source: 'requisition' | 'manual' = 'requisition';

  @Property({ fieldName: 'run_id', type: 'int', nullable: true })
  runId: number | null = null;

  @Property({ type: 'text', nullable: true })
  trigger: RunTrigger | null = null;

  @Property({ type: 'text', default: '' })
  comment: string = '';

  /**
   * The attachment (docs/replenishment.md "Attachments and pictures"): the blob key of its bytes in the gateway's
   * blob store, null when the order has none; name, type, size and who uploaded it when beside it.
   */
  @Property({ fieldName: 'attachment_key', type: 'text', nullable: true })
  attachmentKey: string | null = null;

  @Property({ fieldName: 'attachment_name', type: 'text', nullable: true })
  attachmentName: string | null = null;

  @Property({ fieldName: 'attachment_mime', type: 'text', nullable: true })
  attachmentMime: string | null = null;

  @Property({ fieldName: 'attachment_size', type: 'int', nullable: true })
  attachmentSize: number | null = null;

  @Property({ fieldName: 'attachment_uploaded_at', type: 'datetime', length: 6, nullable: true })
  attachmentUploadedAt: Date | null = null;

  @Property({ fieldName: 'attachment_uploaded_by', type: 'int', nullable: true })
  attachmentUploadedBy: number | null = null;

  @Property({ fieldName: 'ext_status', type: 'smallint', default: 0 })
  extStatus: ExtStatus = 0;

  /** 0: no purchase-order number from the supplier; 1: received (the supplier API's acknowledgement, docs/supplier-api.md) */
  @Property({ fieldName: 'po_status', type: 'smallint', default: 0 })
  poStatus: number = 0;

  /** the supplier's own order number (docs/supplier-api.md) */
  @Property({ fieldName: 'po_number', type: 'text', nullable: true })
  poNumber: string | null = null;

  @Property({ fieldName: 'notification_status', type: 'smallint', default: 0 })
  notificationStatus: number = 0;

  @Property({ fieldName: 'updated_at', type: 'datetime', length: 6 })
  updatedAt: Date = new Date();
}

/**
 * A line of an order. At most one `open` line per rule (partial unique index `order_line_open_rule`): the
 * database itself refuses a second pending order of the same rule, whatever runs at once.
 */
@Entity({ tableName: 'purchase_order_line' })
@TenantOwned()
@Unique({ properties: ['orderId', 'pos'] })
@Index({
  name: 'order_line_open_rule',
  expression: `create unique index "order_line_open_rule" on "orders"."purchase_order_line" ("rule_id") where "status" = 'open'`,
})
@Index({
  name: 'order_line_on_order',
  expression: `create index "order_line_on_order" on "orders"."purchase_order_line" ("company_id", "rule_id") where "status" in ('open', 'confirmed')`,
})
export class OrderLine extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @Property({ fieldName: 'order_id', type: 'int' })
  orderId!: number;

  @Property({ type: 'int' })
  pos!: number;

  @Property({ fieldName: 'rule_id', type: 'int', nullable: true })
  ruleId: number | null = null;

  @Property({ fieldName: 'item_id', type: 'int' })
  itemId!: number;

  @Property({ fieldName: 'catalog_id', type: 'int', nullable: true })
  catalogId: number | null = null;

  @Property({ fieldName: 'catalog_name', type: 'text', default: '' })
  catalogName: string = '';

  @Property({ fieldName: 'supplier_id', type: 'int', nullable: true })
  supplierId: number | null = null;

  @Property({ fieldName: 'supplier_name', type: 'text', default: '' })
  supplierName: string = '';

  @Property({ type: 'text' })
  sku!: string;

  @Property({ type: 'text' })
  name!: string;

  /** in order units */
  @Property({ type: 'double' })
  quantity!: number;

  /** the order unit */
  @Property({ type: 'text', default: '' })
  unit: string = '';

  @Property({ fieldName: 'item_unit', type: 'text', default: '' })
  itemUnit: string = '';

  @Property({ fieldName: 'quantity_per_order_unit', type: 'double', default: 1 })
  quantityPerOrderUnit: number = 1;

  /** expected delivery day */
  @Property({ type: 'date' })
  shipping!: string;

  @Property({ type: 'text', default: 'open' })
  status: OrderStatus = 'open';

  @Property({ fieldName: 'ext_status', type: 'smallint', default: 0 })
  extStatus: ExtStatus = 0;

  /** the line's external status code (spec clarifications: TR transmitted, PO order number received, ...); null: none yet */
  @Property({ fieldName: 'ext_line_status', type: 'text', nullable: true })
  extLineStatus: string | null = null;

  /**
   * When the supplier marked the line delivered (the supply line's `delivered_at` of evt.supply.delivery_changed);
   * null until delivered, and again when the delivery is taken back. The service analysis's on-time measure.
   */
  @Property({ fieldName: 'delivered_at', type: 'datetime', length: 6, nullable: true })
  deliveredAt: Date | null = null;

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt: Date = new Date();
}

/** The history of an order (types O, S, R, T, U of spec 3; messages as code and parameters: docs/replenishment.md "Order history"). */
@Entity({ tableName: 'purchase_order_event' })
@TenantOwned()
@Index({ properties: ['orderId', 'id'] })
export class OrderEvent extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @Property({ fieldName: 'order_id', type: 'int' })
  orderId!: number;

  @Property({ type: 'text' })
  type!: OrderEventType;

  /** the message's stable code (`ORDER_EVENT_CODES`); null for old events whose text the migration did not recognise */
  @Property({ type: 'text', nullable: true })
  code: OrderEventCode | null = null;

  /** the message's parameters (`OrderEventParamsOf[code]`) */
  @Property({ type: 'jsonb', nullable: true })
  params: Record<string, unknown> | null = null;

  /** the message in English (for clients that do not know the code, and old events) */
  @Property({ type: 'text', default: '' })
  text: string = '';

  @Property({ fieldName: 'user_id', type: 'int', nullable: true })
  userId: number | null = null;

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt: Date = new Date();
}

/**
 * A picture of an order (the bin, taken when ordering): its bytes in the gateway's blob store under `blob_key`,
 * scaled inside 3840x2160 on upload. At most MAX_ORDER_IMAGES per order.
 */
@Entity({ tableName: 'purchase_order_image' })
@TenantOwned()
@Index({ properties: ['companyId', 'orderId', 'id'] })
export class OrderImage extends TenantEntity {
  /** the index (company_id, order_id, id) serves every query: no index of company_id alone */
  @Property({ fieldName: 'company_id', index: false })
  override companyId!: number;

  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @Property({ fieldName: 'order_id', type: 'int' })
  orderId!: number;

  @Property({ fieldName: 'blob_key', type: 'text' })
  blobKey!: string;

  @Property({ type: 'text' })
  mime!: string;

  @Property({ type: 'int' })
  width!: number;

  @Property({ type: 'int' })
  height!: number;

  /** bytes as stored */
  @Property({ type: 'int' })
  size!: number;

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt: Date = new Date();

  @Property({ fieldName: 'created_by', type: 'int', nullable: true })
  createdBy: number | null = null;
}
