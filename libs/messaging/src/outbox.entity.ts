import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

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

export const MESSAGING_ENTITIES = [OutboxMessage, InboxEntry];
