import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { DeliveryChannel, DeliveryStatus } from '@kanban/contracts';
import type { FailureKind } from '@kanban/delivery';
import { TenantEntity, TenantOwned } from '@kanban/persistence';

/** A rendered mail as stored: what `sendMail` gets (attachments as base64). */
export interface MailPayload {
  from: string;
  to: string[];
  cc: string[];
  subject: string;
  text?: string;
  html?: string;
  attachments: { filename: string; contentType: string; content_base64: string }[];
}

/** A rendered file (SFTP, FTP(S)) or HTTP body as stored. */
export interface FilePayload {
  /** the folder (file) or URL path (http) */
  path: string;
  file_name: string;
  content_type: string;
  content_base64: string;
}

export type DeliveryPayload = MailPayload | FilePayload;

/**
 * One delivery of a notification (docs/notifications.md "Delivery"): a rule's message for one order and version,
 * rendered when it was planned (a retry sends the same bytes), with its idempotency key `r{rule}.o{order}.v{version}`
 * (a digest: `r{rule}.d{day}.{recipient}`; an event without an order: `r{rule}.{subject}`), unique. The worker claims due rows (`for update skip locked`, a lease
 * `lease_until` after which a crashed worker's row is claimed again), sends them and records each attempt.
 */
@Entity({ tableName: 'delivery' })
@TenantOwned()
@Unique({ properties: ['key'] })
@Index({ properties: ['status', 'nextAttemptAt'] })
@Index({ properties: ['companyId', 'orderId'] })
@Index({ properties: ['companyId', 'ruleId', 'orderId'] })
export class Delivery extends TenantEntity {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @Property({ type: 'text' })
  key!: string;

  @Property({ fieldName: 'rule_id', type: 'int' })
  ruleId!: number;

  @Property({ fieldName: 'rule_name', type: 'text' })
  ruleName!: string;

  /** null for a daily digest */
  @Property({ fieldName: 'order_id', type: 'int', nullable: true })
  orderId: number | null = null;

  /**
   * an event without an order (journal_entry, sensor_offline, sensor_alarm): what it is about, as in the key
   * (`j{journal entry}`, `s{sensor}.{alarm}.t{ms}`); null for order deliveries and digests
   */
  @Property({ type: 'text', nullable: true })
  subject: string | null = null;

  @Property({ type: 'int' })
  version!: number;

  /** the notification event (order_created, supply_created, …) or `digest` */
  @Property({ type: 'text' })
  event!: string;

  /** O: a customer or location rule (order notification); S: a supplier rule or a supply event */
  @Property({ type: 'text' })
  side!: 'O' | 'S';

  @Property({ type: 'text' })
  channel!: DeliveryChannel;

  @Property({ fieldName: 'server_id', type: 'int', nullable: true })
  serverId: number | null = null;

  @Property({ fieldName: 'customer_id', type: 'int', nullable: true })
  customerId: number | null = null;

  @Property({ fieldName: 'location_id', type: 'int', nullable: true })
  locationId: number | null = null;

  @Property({ fieldName: 'supplier_id', type: 'int', nullable: true })
  supplierId: number | null = null;

  /** the rendered message (null when it could not be rendered: then failed at once) */
  @Property({ type: 'json', nullable: true })
  payload: DeliveryPayload | null = null;

  @Property({ type: 'text', default: 'pending' })
  status: DeliveryStatus = 'pending';

  @Property({ type: 'int', default: 0 })
  attempts: number = 0;

  @Property({ fieldName: 'first_attempt_at', type: 'datetime', length: 6, nullable: true })
  firstAttemptAt: Date | null = null;

  @Property({ fieldName: 'next_attempt_at', type: 'datetime', length: 6, nullable: true })
  nextAttemptAt: Date | null = null;

  /** while `sending`: the claim's end; after it the row is claimed again (a crashed worker) */
  @Property({ fieldName: 'lease_until', type: 'datetime', length: 6, nullable: true })
  leaseUntil: Date | null = null;

  @Property({ fieldName: 'last_answer', type: 'text', default: '' })
  lastAnswer: string = '';

  @Property({ fieldName: 'last_kind', type: 'text', nullable: true })
  lastKind: FailureKind | null = null;

  @Property({ fieldName: 'sent_at', type: 'datetime', length: 6, nullable: true })
  sentAt: Date | null = null;

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt: Date = new Date();
}

/**
 * An event an only-daily rule collected for its digest (docs/notifications.md "Daily digests"): one row per rule and
 * event source (`o{order}.{event}`), taken into the digest of its day (`digest_key`) when that is planned.
 */
@Entity({ tableName: 'digest_item' })
@TenantOwned()
@Unique({ properties: ['ruleId', 'source'] })
@Index({ properties: ['ruleId', 'digestDay'] })
export class DigestItem extends TenantEntity {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @Property({ fieldName: 'rule_id', type: 'int' })
  ruleId!: number;

  @Property({ type: 'text' })
  source!: string;

  @Property({ fieldName: 'order_id', type: 'int', nullable: true })
  orderId: number | null = null;

  @Property({ type: 'text' })
  event!: string;

  /** one line of the digest (rendered with the rule's subject, or the order's number and lines) */
  @Property({ type: 'text' })
  summary!: string;

  @Property({ fieldName: 'occurred_at', type: 'datetime', length: 6 })
  occurredAt!: Date;

  /** the day (company time zone) of the digest it went into; null until then */
  @Property({ fieldName: 'digest_day', type: 'text', nullable: true })
  digestDay: string | null = null;
}
