import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { ContactParent } from '@kanban/contracts';
import { Customer } from '../customers/customer.entity';
import { containsPattern } from '../shared/list-query';
import { Supplier } from '../suppliers/supplier.entity';
import { Contact } from './contact.entity';
import { ContactRuleRecipient } from './rule-recipient.entity';

function parentWhere(parent: ContactParent): { customerId: number } | { supplierId: number } {
  return parent.kind === 'customer' ? { customerId: parent.id } : { supplierId: parent.id };
}

/** The contacts' queries (ORM, under the tenant filter of the caller's unit of work). */
@Injectable()
export class ContactsRepository {
  /** Whether the customer or supplier exists (in the unit of work's company). */
  async parentExists(em: EntityManager, parent: ContactParent): Promise<boolean> {
    const entity = parent.kind === 'customer' ? Customer : Supplier;
    return (await em.findOne(entity as typeof Customer, { id: parent.id }, { fields: ['id'] as never })) !== null;
  }

  /** A page of the parent's contacts matching `q` (name, first name, email, job title), sorted by `sort` then id; and their number. */
  list(
    em: EntityManager,
    companyId: number,
    parent: ContactParent,
    filter: { q?: string; sort: string; direction: 'asc' | 'desc' },
    page: number,
    perPage: number,
  ): Promise<[Contact[], number]> {
    const where: FilterQuery<Contact> = { companyId, ...parentWhere(parent) };
    if (filter.q) {
      const like = containsPattern(filter.q);
      where.$or = [{ name: { $ilike: like } }, { firstName: { $ilike: like } }, { email: { $ilike: like } }, { jobTitle: { $ilike: like } }];
    }
    return em.findAndCount(Contact, where, {
      orderBy: { [filter.sort]: filter.direction, id: 'asc' },
      limit: perPage,
      offset: (page - 1) * perPage,
    });
  }

  /** The parent's contact, loaded for a change. */
  contact(em: EntityManager, parent: ContactParent, id: number): Promise<Contact | null> {
    return em.findOne(Contact, { id, ...parentWhere(parent) });
  }

  /** The parent's main contact. */
  mainContact(em: EntityManager, parent: ContactParent): Promise<Contact | null> {
    return em.findOne(Contact, { ...parentWhere(parent), main: true });
  }

  /** The notification rules naming the contact, by rule name. */
  ruleRecipients(em: EntityManager, contactId: number): Promise<ContactRuleRecipient[]> {
    return em.find(ContactRuleRecipient, { contactId }, { orderBy: { ruleName: 'asc', ruleId: 'asc' } });
  }
}
