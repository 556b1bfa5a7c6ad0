import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity, TenantOwned } from '@kanban/persistence';

/**
 * A journal entry (spec: journal codes 2000-2007): something a run could not do, for a person to look at and
 * acknowledge. The context says where: the run, and the rule, order, customer and location when known.
 * Written in a transaction of its own when a run fails (so the entry outlives the rolled-back run), by the
 * run's statement for rules it cannot order for lack of configuration (2001, 2002), and of the services' dead letters.
 * Messages are safe for tenants: an AppError's text or "unexpected error", never an exception's raw text.
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

  /** the entry in English (the API's `message`) */
  @Property({ type: 'text' })
  message!: string;

  /** the message as a code (JournalMessageKey) the web translates with `params`; null in entries written before */
  @Property({ fieldName: 'message_key', type: 'text', nullable: true })
  messageKey: string | null = null;

  @Property({ type: 'json', nullable: true })
  params: Record<string, unknown> | null = null;

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

  /**
   * A dead letter (code 2000: a durable event a consumer gave up on, docs/architecture.md "Dead letters"): the service
   * that keeps it and its id there; "retry now" and "discard" act on it and then delete this entry.
   */
  @Property({ fieldName: 'dead_letter_service', type: 'text', nullable: true })
  deadLetterService: string | null = null;

  @Property({ fieldName: 'dead_letter_id', type: 'bigint', nullable: true })
  deadLetterId: string | null = null;

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt!: Date;

  @Property({ fieldName: 'acknowledged_at', type: 'datetime', length: 6, nullable: true })
  acknowledgedAt: Date | null = null;

  @Property({ fieldName: 'acknowledged_by', type: 'int', nullable: true })
  acknowledgedBy: number | null = null;
}
