import type { EntityManager } from '@mikro-orm/postgresql';
import type { CatalogLookupReply, CatalogLookupRequest, CompanyCaller, ContactParent, NotificationRuleChanged } from '@kanban/contracts';
import { visibleCondition } from '../restrictions/restriction-scope';
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

/**
 * Replaces the rows of one notification rule by the contacts an `evt.notifications.rule_changed` names (none when
 * the rule was deleted). Contacts no longer in the company (deleted meanwhile) get no row.
 */
export async function replaceRuleRecipients(em: EntityManager, event: NotificationRuleChanged): Promise<void> {
  const companyId = event.company_id;
  await em.nativeDelete(ContactRuleRecipient, { companyId, ruleId: event.rule_id });
  if (event.deleted || event.contact_ids.length === 0) return;
  const ids = [...new Set(event.contact_ids)];
  const existing = (await em.find(Contact, { companyId, id: { $in: ids } }, { fields: ['id'] })).map((c) => c.id);
  for (const contactId of existing) {
    em.create(ContactRuleRecipient, {
      companyId,
      ruleId: event.rule_id,
      ruleName: event.rule_name,
      contactId,
      customerId: event.customer_id,
      supplierId: event.supplier_id,
    } as never);
  }
  await em.flush();
}

const ids = (list: number[] | undefined): number[] => [...new Set((list ?? []).filter((id) => Number.isInteger(id) && id > 0))].slice(0, 1000);
/** a PostgreSQL array literal of ids, bound as one parameter (`= any(?::int[])`) */
const pgArray = (list: number[]): string => `{${list.join(',')}}`;

/**
 * catalog.contact.lookup: names of customers, locations, suppliers and contacts by id, only those the caller may see
 * (access restrictions: a contact as its customer or supplier). For the notification rules' owners and recipients.
 */
export async function lookupNames(em: EntityManager, caller: CompanyCaller, request: CatalogLookupRequest): Promise<CatalogLookupReply> {
  const reply: CatalogLookupReply = { customers: [], locations: [], suppliers: [], contacts: [] };
  const company = caller.companyId;
  const customers = ids(request.customers);
  if (customers.length > 0) {
    const [visible, params] = visibleCondition('customer', 'x', caller);
    reply.customers = await em.execute(`select x.id, x.name from catalog.customer x where x.company_id = ? and x.id = any(?::int[]) and ${visible} order by x.id`, [company, pgArray(customers), ...params]);
  }
  const locations = ids(request.locations);
  if (locations.length > 0) {
    const [visible, params] = visibleCondition('location', 'x', caller);
    reply.locations = await em.execute(`select x.id, x.customer_id, x.name from catalog.location x where x.company_id = ? and x.id = any(?::int[]) and ${visible} order by x.id`, [
      company,
      pgArray(locations),
      ...params,
    ]);
  }
  const suppliers = ids(request.suppliers);
  if (suppliers.length > 0) {
    const [visible, params] = visibleCondition('supplier', 'x', caller);
    reply.suppliers = await em.execute(`select x.id, x.name from catalog.supplier x where x.company_id = ? and x.id = any(?::int[]) and ${visible} order by x.id`, [company, pgArray(suppliers), ...params]);
  }
  const contacts = ids(request.contacts);
  if (contacts.length > 0) {
    const [customerVisible, customerParams] = visibleCondition('customer', 'cu', caller);
    const [supplierVisible, supplierParams] = visibleCondition('supplier', 'su', caller);
    const rows = await em.execute<{ id: number; customer_id: number | null; supplier_id: number | null; first_name: string; name: string; email: string }[]>(
      `select c.id, c.customer_id, c.supplier_id, c.first_name, c.name, c.email from catalog.contact c
         left join catalog.customer cu on cu.id = c.customer_id
         left join catalog.supplier su on su.id = c.supplier_id
       where c.company_id = ? and c.id = any(?::int[]) and ((cu.id is not null and ${customerVisible}) or (su.id is not null and ${supplierVisible})) order by c.id`,
      [company, pgArray(contacts), ...customerParams, ...supplierParams],
    );
    reply.contacts = rows.map((r) => ({
      id: r.id,
      customer_id: r.customer_id,
      supplier_id: r.supplier_id,
      name: [r.first_name, r.name].filter((x) => x !== '').join(' '),
      email: r.email,
    }));
  }
  return reply;
}
