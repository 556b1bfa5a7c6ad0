import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity, TenantOwned } from '@kanban/persistence';

/**
 * The backorder state of an order line (docs/replenishment.md "Backorders"): a confirmed line not delivered by
 * its shipping day. One row per line that ever was a backorder; `quantity` is the open backorder quantity
 * (order units, 0 = closed); `state` open, closed (the line was delivered or cancelled, or the customer stopped using backorders) or reordered (the
 * run cancelled the line and ordered anew, backorder type `days`).
 */
@Entity({ tableName: 'line_backorder' })
@TenantOwned()
@Index({
  name: 'line_backorder_open',
  expression: `create index "line_backorder_open" on "orders"."line_backorder" ("company_id", "rule_id") where "quantity" > 0`,
})
export class LineBackorder extends TenantEntity {
  /** the order line's id */
  @PrimaryKey({ fieldName: 'line_id', type: 'int', autoincrement: false })
  lineId!: number;

  @Property({ fieldName: 'order_id', type: 'int' })
  orderId!: number;

  @Property({ type: 'int' })
  pos!: number;

  @Property({ fieldName: 'rule_id', type: 'int', nullable: true })
  ruleId: number | null = null;

  @Property({ fieldName: 'item_id', type: 'int' })
  itemId!: number;

  @Property({ fieldName: 'customer_id', type: 'int' })
  customerId!: number;

  @Property({ fieldName: 'location_id', type: 'int', nullable: true })
  locationId: number | null = null;

  /** open backorder quantity in order units; 0 when closed */
  @Property({ type: 'double' })
  quantity!: number;

  /** the first day the line was overdue (its shipping day + 1) */
  @Property({ type: 'date' })
  since!: string;

  @Property({ type: 'text', default: 'open' })
  state: 'open' | 'closed' | 'reordered' = 'open';

  @Property({ fieldName: 'run_id', type: 'int', nullable: true })
  runId: number | null = null;

  @Property({ fieldName: 'updated_at', type: 'datetime', length: 6 })
  updatedAt!: Date;
}
