import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { DecisionReason, RunTrigger } from '@kanban/contracts';
import { TenantEntity, TenantOwned } from '@kanban/persistence';

/**
 * One requisition run of a company. A scheduled run claims its slot (`slot_key`, the slot's local day and
 * time, e.g. 2026-11-23T06:00) in its own transaction: unique per company, so each slot runs once even with
 * several replicas, and a run that died rolled its claim back with everything else.
 */
@Entity({ tableName: 'requisition_run' })
@TenantOwned()
@Unique({ properties: ['companyId', 'slotKey'] })
@Index({ properties: ['companyId', 'id'] })
export class RequisitionRun extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @Property({ type: 'text' })
  trigger!: RunTrigger;

  @Property({ fieldName: 'slot_key', type: 'text', nullable: true })
  slotKey: string | null = null;

  @Property({ fieldName: 'rule_id', type: 'int', nullable: true })
  ruleId: number | null = null;

  @Property({ fieldName: 'user_id', type: 'int', nullable: true })
  userId: number | null = null;

  /** the company's local day the run ordered for */
  @Property({ fieldName: 'run_date', type: 'date' })
  runDate!: string;

  @Property({ fieldName: 'started_at', type: 'datetime', length: 6 })
  startedAt!: Date;

  @Property({ fieldName: 'finished_at', type: 'datetime', length: 6, nullable: true })
  finishedAt: Date | null = null;

  @Property({ type: 'int', default: 0 })
  evaluated: number = 0;

  @Property({ type: 'int', default: 0 })
  orders: number = 0;

  @Property({ type: 'int', default: 0 })
  lines: number = 0;
}

/**
 * A decision of a run about a rule, kept when it differs from the rule's previous decision (the explanation history).
 * The rule's latest decision is its last decision (shown on the rule, compared with by the next run).
 */
@Entity({ tableName: 'requisition_decision' })
@TenantOwned()
export class RequisitionDecision extends TenantEntity {
  /**
   * The key (company_id, rule_id, id) is the table's only index: it serves the company, each rule's history and its
   * latest decision, so a run records each decision into one index (docs/replenishment.md "Benchmark"). `id` comes
   * from the table's sequence (newest last).
   */
  @PrimaryKey({ fieldName: 'company_id', type: 'int', autoincrement: false })
  override companyId!: number;

  @PrimaryKey({ fieldName: 'rule_id', type: 'int', autoincrement: false })
  ruleId!: number;

  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @Property({ fieldName: 'run_id', type: 'int' })
  runId!: number;

  @Property({ type: 'text' })
  reason!: DecisionReason;

  @Property({ type: 'double' })
  quantity!: number;

  @Property({ type: 'double' })
  stock!: number;

  @Property({ type: 'double' })
  threshold!: number;

  @Property({ type: 'double' })
  capacity!: number;

  @Property({ fieldName: 'on_order', type: 'double' })
  onOrder!: number;

  @Property({ fieldName: 'order_id', type: 'int', nullable: true })
  orderId: number | null = null;

  /** open backorder quantity of the rule's lines (order units) when decided */
  @Property({ type: 'double', default: 0 })
  backorder: number = 0;

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt!: Date;
}
