import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity, TenantOwned } from '@kanban/persistence';

/**
 * A journal entry (spec: journal codes 2000-2007): something a run could not do, for a person to look at and
 * acknowledge. The context says where: the run, and the rule, order, customer and location when known.
 * Written in a transaction of its own when a run fails (so the entry outlives the rolled-back run), or by the
 * run's statement for rules it cannot order for lack of configuration (2001, 2002).
 */
@Entity({ tableName: 'journal_entry' })
@TenantOwned()
@Index({ properties: ['companyId', 'id'] })
@Index({
  name: 'journal_entry_unacknowledged',
  expression: `create index "journal_entry_unacknowledged" on "orders"."journal_entry" ("company_id", "id") where "acknowledged_at" is null`,
})
export class JournalEntry extends TenantEntity {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  /** 2000-2007 (JournalCode) */
  @Property({ type: 'int' })
  code!: number;

  @Property({ type: 'text' })
  message!: string;

  @Property({ fieldName: 'run_id', type: 'int', nullable: true })
  runId: number | null = null;

  @Property({ fieldName: 'rule_id', type: 'int', nullable: true })
  ruleId: number | null = null;

  @Property({ fieldName: 'order_id', type: 'int', nullable: true })
  orderId: number | null = null;

  @Property({ fieldName: 'customer_id', type: 'int', nullable: true })
  customerId: number | null = null;

  @Property({ fieldName: 'location_id', type: 'int', nullable: true })
  locationId: number | null = null;

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt!: Date;

  @Property({ fieldName: 'acknowledged_at', type: 'datetime', length: 6, nullable: true })
  acknowledgedAt: Date | null = null;

  @Property({ fieldName: 'acknowledged_by', type: 'int', nullable: true })
  acknowledgedBy: number | null = null;
}
