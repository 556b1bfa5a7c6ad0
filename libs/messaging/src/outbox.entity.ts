import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';

/** An event written in the same transaction as the change it announces; the relay publishes it. */
@Entity({ tableName: 'outbox' })
@Index({ name: 'outbox_pending_idx', properties: ['publishedAt', 'createdAt'] })
export class OutboxMessage {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Property({ type: 'text' })
  subject!: string;

  /**
   * json, not jsonb: written once, published once, never searched by key; jsonb would parse every payload into its
   * binary form on the way in and print it again on the way out (a requisition run writes 100,000 lines' worth)
   */
  @Property({ type: 'json', columnType: 'json' })
  payload!: unknown;

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt: Date = new Date();

  /** Claimed by a relay until then; an expired claim is picked up again (the relay died). */
  @Property({ fieldName: 'claimed_until', type: 'datetime', length: 6, nullable: true })
  claimedUntil?: Date | null;

  @Property({ fieldName: 'published_at', type: 'datetime', length: 6, nullable: true })
  publishedAt?: Date | null;

  @Property({ type: 'int', default: 0 })
  attempts: number = 0;
}

/** Events a consumer has already processed: makes consumers idempotent under redelivery. */
@Entity({ tableName: 'inbox' })
@Index({ name: 'inbox_processed_at_idx', properties: ['processedAt'] })
export class InboxEntry {
  @PrimaryKey({ type: 'text' })
  consumer!: string;

  @PrimaryKey({ fieldName: 'event_id', type: 'uuid' })
  eventId!: string;

  @Property({ fieldName: 'processed_at', type: 'datetime', length: 6 })
  processedAt: Date = new Date();
}

/**
 * A durable event one of the service's consumers failed on (docs/architecture.md "Dead letters"): counted from its
 * first failure; after `EVENT_MAX_FAILURES` failures it is dead (`dead_at`), the consumer moves on and the row keeps
 * what "retry now" needs (the envelope, the consumer) until someone retries or discards it.
 */
@Entity({ tableName: 'dead_letter' })
@Unique({ name: 'dead_letter_consumer_event_unique', properties: ['consumer', 'eventId'] })
@Index({ name: 'dead_letter_company_idx', properties: ['companyId', 'id'] })
export class DeadLetter {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  /** the consumer's inbox name (`orders.items`) */
  @Property({ type: 'text' })
  consumer!: string;

  @Property({ fieldName: 'event_id', type: 'uuid' })
  eventId!: string;

  @Property({ type: 'text' })
  subject!: string;

  /** the event's `company_id`, when it has one (then the company's journal shows it) */
  @Property({ fieldName: 'company_id', type: 'int', nullable: true })
  companyId: number | null = null;

  /** the event envelope as delivered */
  @Property({ type: 'json', columnType: 'json' })
  payload!: unknown;

  /** the last failure as thrown (operators only: may hold database text; never leaves the service) */
  @Property({ type: 'text' })
  error!: string;

  /** the last failure as a tenant may see it: an AppError's code and message, else 500 "unknown error" */
  @Property({ fieldName: 'error_code', type: 'int' })
  errorCode!: number;

  @Property({ fieldName: 'error_message', type: 'text' })
  errorMessage!: string;

  @Property({ type: 'int' })
  failures!: number;

  @Property({ fieldName: 'first_failed_at', type: 'datetime', length: 6 })
  firstFailedAt!: Date;

  @Property({ fieldName: 'last_failed_at', type: 'datetime', length: 6 })
  lastFailedAt!: Date;

  @Property({ fieldName: 'dead_at', type: 'datetime', length: 6, nullable: true })
  deadAt: Date | null = null;
}

export const MESSAGING_ENTITIES = [OutboxMessage, InboxEntry, DeadLetter];
