import { Collection, Entity, Index, OneToMany, PrimaryKey, Property } from '@mikro-orm/core';
import type { NotificationEvent, NotificationRuleType, ResponseExpression } from '@kanban/contracts';
import { TenantEntity, TenantOwned } from '@kanban/persistence';
import { NotificationRecipient } from './recipient.entity';

/**
 * A notification rule (spec 3; docs/notification-rules.md): what is sent, to whom and how when an event happens at
 * its owner, exactly one of a customer (customer_id, location_id null), a location (customer_id and location_id) or
 * a supplier (supplier_id). Names are unique per owner. Delivery (apps/notifications/src/delivery) reads the active
 * rules of an event from here.
 */
@Entity({ tableName: 'notification_rule' })
@TenantOwned()
@Index({ properties: ['companyId', 'customerId', 'locationId'] })
@Index({ properties: ['companyId', 'supplierId'] })
@Index({ properties: ['companyId', 'event'] })
export class NotificationRule extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @Property({ fieldName: 'customer_id', type: 'int', nullable: true })
  customerId: number | null = null;

  @Property({ fieldName: 'location_id', type: 'int', nullable: true })
  locationId: number | null = null;

  @Property({ fieldName: 'supplier_id', type: 'int', nullable: true })
  supplierId: number | null = null;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  type!: NotificationRuleType;

  @Property({ type: 'boolean', default: true })
  active: boolean = true;

  @Property({ type: 'text' })
  event!: NotificationEvent;

  @Property({ fieldName: 'email_from', type: 'text', default: '' })
  emailFrom: string = '';

  @Property({ fieldName: 'email_from_name', type: 'text', default: '' })
  emailFromName: string = '';

  @Property({ fieldName: 'email_to', type: 'text', default: '' })
  emailTo: string = '';

  @Property({ fieldName: 'email_to_name', type: 'text', default: '' })
  emailToName: string = '';

  @Property({ type: 'text', default: '' })
  subject: string = '';

  @Property({ fieldName: 'email_template_id', type: 'int', nullable: true })
  emailTemplateId: number | null = null;

  @Property({ fieldName: 'attachment_template_id', type: 'int', nullable: true })
  attachmentTemplateId: number | null = null;

  @Property({ fieldName: 'attachment_name', type: 'text', default: '' })
  attachmentName: string = '';

  @Property({ fieldName: 'delivery_note_pdf', type: 'boolean', default: false })
  deliveryNotePdf: boolean = false;

  @Property({ fieldName: 'server_id', type: 'int', nullable: true })
  serverId: number | null = null;

  @Property({ type: 'text', default: '' })
  path: string = '';

  @Property({ fieldName: 'fetch_response', type: 'boolean', default: false })
  fetchResponse: boolean = false;

  @Property({ fieldName: 'response_path', type: 'text', default: '' })
  responsePath: string = '';

  /** E with fetch_response: the IMAP server whose mailbox holds the answer mails */
  @Property({ fieldName: 'response_server_id', type: 'int', nullable: true })
  responseServerId: number | null = null;

  @Property({ fieldName: 'response_expressions', type: 'json', default: '[]' })
  responseExpressions: ResponseExpression[] = [];

  /** order responses: until when one process reads this rule's answers (docs/notifications.md "Order responses"); null: nobody */
  @Property({ fieldName: 'response_lease_until', type: 'datetime', length: 6, nullable: true })
  responseLeaseUntil: Date | null = null;

  @Property({ fieldName: 'only_daily', type: 'boolean', default: false })
  onlyDaily: boolean = false;

  @Property({ fieldName: 'daily_hour', type: 'smallint', default: 7 })
  dailyHour: number = 7;

  @Property({ fieldName: 'all_locations', type: 'boolean', default: false })
  allLocations: boolean = false;

  @OneToMany(() => NotificationRecipient, (r) => r.rule, { orphanRemoval: true, orderBy: { id: 'asc' } })
  recipients = new Collection<NotificationRecipient>(this);

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt: Date = new Date();

  @Property({ fieldName: 'updated_at', type: 'datetime', length: 6 })
  updatedAt: Date = new Date();
}
