import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { RequisitionDecisionDto, StockEventKind } from '@kanban/contracts';
import { TenantEntity, TenantOwned } from '@kanban/persistence';

/**
 * A kanban rule (spec clarifications "Kanban rule vs item"): an item at a location, unique per pair, with
 * threshold (reorder point), capacity (fill-up level) and stock, all in the item's unit. The ordering
 * constraints come from the item (the read model in `item_copy`). `pending_at` is set by a stock change
 * and cleared by the run that evaluated it; `last_decision` is the latest decision of a run about the rule.
 */
@Entity({ tableName: 'kanban_rule' })
@TenantOwned()
@Unique({ properties: ['companyId', 'locationId', 'itemId'] })
@Unique({ properties: ['companyId', 'scanCode'] })
@Index({ properties: ['companyId', 'customerId'] })
@Index({ properties: ['companyId', 'itemId'] })
@Index({
  name: 'kanban_rule_pending',
  expression: 'create index "kanban_rule_pending" on "orders"."kanban_rule" ("company_id", "pending_at") where "pending_at" is not null',
})
export class KanbanRule extends TenantEntity {
  /**
   * every other index of the table starts with company_id, so it has none of its own: one index less to write on
   * each rule a run updates (docs/replenishment.md "Benchmark")
   */
  @Property({ fieldName: 'company_id', index: false })
  override companyId!: number;

  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @Property({ fieldName: 'customer_id', type: 'int' })
  customerId!: number;

  @Property({ fieldName: 'location_id', type: 'int' })
  locationId!: number;

  @Property({ fieldName: 'item_id', type: 'int' })
  itemId!: number;

  @Property({ type: 'double', default: 0 })
  threshold: number = 0;

  @Property({ type: 'double' })
  capacity!: number;

  @Property({ type: 'double', default: 0 })
  stock: number = 0;

  @Property({ fieldName: 'stock_updated_at', type: 'datetime', length: 6, nullable: true })
  stockUpdatedAt: Date | null = null;

  @Property({ fieldName: 'scan_code', type: 'text' })
  scanCode!: string;

  @Property({ type: 'boolean', default: true })
  active: boolean = true;

  @Property({ fieldName: 'pending_at', type: 'datetime', length: 6, nullable: true })
  pendingAt: Date | null = null;

  @Property({ fieldName: 'last_decision', type: 'json', nullable: true })
  lastDecision: RequisitionDecisionDto | null = null;

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt: Date = new Date();

  @Property({ fieldName: 'updated_at', type: 'datetime', length: 6 })
  updatedAt: Date = new Date();
}

/** The stock history of a rule: every change by hand, by a scan or by editing the rule (newest last). */
@Entity({ tableName: 'stock_event' })
@TenantOwned()
@Index({ properties: ['companyId', 'ruleId', 'id'] })
export class StockEvent extends TenantEntity {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @Property({ fieldName: 'rule_id', type: 'int' })
  ruleId!: number;

  @Property({ type: 'text' })
  kind!: StockEventKind;

  @Property({ fieldName: 'stock_before', type: 'double' })
  stockBefore!: number;

  @Property({ type: 'double' })
  stock!: number;

  @Property({ fieldName: 'user_id', type: 'int', nullable: true })
  userId: number | null = null;

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt: Date = new Date();
}
