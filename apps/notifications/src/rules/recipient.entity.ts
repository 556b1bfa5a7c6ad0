import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import type { RecipientKind } from '@kanban/contracts';
import { TenantEntity, TenantOwned } from '@kanban/persistence';
import type { NotificationRule } from './rule.entity';

/**
 * A recipient of a notification rule (spec 3 "recipients (contacts, emails, users)"): a contact of the rule's
 * customer or supplier (contact_id), a member of the company (user_id) or an address (email, name). A contact's or
 * user's address and name are read when needed (catalog, identity), so they stay current; deleted with the rule.
 */
@Entity({ tableName: 'notification_recipient' })
@TenantOwned()
export class NotificationRecipient extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @ManyToOne('NotificationRule', { fieldName: 'rule_id', deleteRule: 'cascade', index: true })
  // named by string: the rule's module imports this one (type-only import here, no cycle)
  rule!: NotificationRule;

  @Property({ type: 'text' })
  kind!: RecipientKind;

  @Property({ fieldName: 'contact_id', type: 'int', nullable: true, index: true })
  contactId: number | null = null;

  @Property({ fieldName: 'user_id', type: 'int', nullable: true })
  userId: number | null = null;

  /** kind email: the address; '' for contacts and users */
  @Property({ type: 'text', default: '' })
  email: string = '';

  /** kind email: the display name ('' none) */
  @Property({ type: 'text', default: '' })
  name: string = '';

  @Property({ type: 'boolean', default: false })
  cc: boolean = false;
}
