import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity, TenantOwned } from '@kanban/persistence';

/**
 * The catalog's copy of notification-rule recipients that are contacts: what `contact/{id}/rules` reads.
 * The notifications service owns the rules; its evt.notifications.rule_changed replaces a rule's rows (one row per
 * rule x contact; rule-recipients.handler.ts).
 */
@Entity({ tableName: 'contact_rule_recipient' })
@TenantOwned()
export class ContactRuleRecipient extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @Property({ fieldName: 'rule_id', type: 'int' })
  ruleId!: number;

  @Property({ fieldName: 'rule_name', type: 'text', default: '' })
  ruleName: string = '';

  @Property({ fieldName: 'contact_id', type: 'int', index: true })
  contactId!: number;

  @Property({ fieldName: 'customer_id', type: 'int', nullable: true })
  customerId: number | null = null;

  @Property({ fieldName: 'supplier_id', type: 'int', nullable: true })
  supplierId: number | null = null;
}
