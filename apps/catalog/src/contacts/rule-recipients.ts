import type { EntityManager } from '@mikro-orm/postgresql';
import type { ContactParent } from '@kanban/contracts';
import { Contact } from './contact.entity';
import { ContactRuleRecipient } from './rule-recipient.entity';

/**
 * Removes the rows of `catalog.contact_rule_recipient` (the copy of notification-rule recipients) that name
 * contacts that are going away: one deleted contact (its id), or every contact of a customer/supplier being
 * deleted (their rows go with the contacts' cascade). Runs in the deleting transaction.
 */
export async function dropRuleRecipients(em: EntityManager, companyId: number, of: { contactId: number } | ContactParent): Promise<void> {
  let contactIds: number[];
  if ('contactId' in of) contactIds = [of.contactId];
  else {
    const where = of.kind === 'customer' ? { customerId: of.id } : { supplierId: of.id };
    contactIds = (await em.find(Contact, { companyId, ...where }, { fields: ['id'] })).map((c) => c.id);
  }
  if (contactIds.length === 0) return;
  await em.nativeDelete(ContactRuleRecipient, { companyId, contactId: { $in: contactIds } });
}
