import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { StockEventKind } from '@kanban/contracts';
import { TenantEntity, TenantOwned } from '@kanban/persistence';

/**
 * A kanban rule (spec clarifications "Kanban rule vs item"): an item at a location, unique per pair, with
 * threshold (reorder point), capacity (fill-up level) and stock, all in the item's unit. The ordering
 * constraints come from the item (the read model in `item_copy`). What the requisition keeps per rule lives beside
 * it, so a run never rewrites the rule rows it evaluates (docs/replenishment.md "Benchmark"): the stock changes not
 * yet evaluated in `rule_pending`, the decisions in `requisition_decision` (the latest is the rule's last decision).
 */
@Entity({ tableName: 'kanban_rule' })
@TenantOwned()
@Unique({ properties: ['companyId', 'locationId', 'itemId'] })
@Unique({ properties: ['companyId', 'scanCode'] })
@Index({ properties: ['companyId', 'customerId'] })
@Index({ properties: ['companyId', 'itemId'] })
export class KanbanRule extends TenantEntity {
  /** every other index of the table starts with company_id, so it has none of its own */
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

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt: Date = new Date();

  @Property({ fieldName: 'updated_at', type: 'datetime', length: 6 })
  updatedAt: Date = new Date();
}

/**
 * A rule whose stock changed (or that is new or activated again) since a run last evaluated it: the next stock run
 * of the company evaluates it, and the scheduler retries one that waits too long. A change upserts the row with its
 * time, the run deletes the rows it evaluated whose time it saw, so a change during a run stays pending. A narrow
 * table of its own: the run deletes rows here instead of writing a new version of each rule it evaluated.
 */
@Entity({ tableName: 'rule_pending' })
@TenantOwned()
export class RulePending extends TenantEntity {
  @PrimaryKey({ fieldName: 'company_id', type: 'int', autoincrement: false })
  override companyId!: number;

  @PrimaryKey({ fieldName: 'rule_id', type: 'int', autoincrement: false })
  ruleId!: number;

  @Property({ fieldName: 'changed_at', type: 'datetime', length: 6 })
  changedAt!: Date;
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
