import type { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { AppError, ProtocolCode } from '@kanban/access';
import {
  ContactEvents,
  type CompanyCaller,
  type ContactChanged,
  type ContactDto,
  type ContactInput,
  type ContactListQuery,
  type ContactParent,
  type ContactRuleDto,
  type Page,
} from '@kanban/contracts';
import { addToOutbox } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { recordChanges, type ChangeTarget } from '../changes/change-log';
import { mayAccess } from '../restrictions/restriction-scope';
import { pageOf } from '../shared/list-query';
import { Contact } from './contact.entity';
import { applyContactInput, contactSortProperty, normalizeContactInput, toContactDto } from './contact.rules';
import { ContactsRepository } from './contacts.repository';
import { dropRuleRecipients } from './rule-recipients';

/**
 * Throws 404 unless the customer/supplier exists in the caller's company and the caller's access
 * restrictions let them see it: everything under it (contacts, change log) follows this check.
 */
export async function assertParentVisible(
  em: EntityManager,
  caller: CompanyCaller,
  parent: ContactParent,
  contacts: ContactsRepository = new ContactsRepository(),
): Promise<void> {
  if (!(await contacts.parentExists(em, parent)) || !(await mayAccess(em, parent.kind, caller, parent.id)))
    throw new AppError(ProtocolCode.NotFound, `${parent.kind} not found`);
}

function parentWhere(parent: ContactParent): { customerId: number } | { supplierId: number } {
  return parent.kind === 'customer' ? { customerId: parent.id } : { supplierId: parent.id };
}

/**
 * Contact persons of customers and suppliers (spec 3, 7): list, read, create, update, delete, make main,
 * the rules naming a contact. Every change is logged (change log, same transaction) and announced
 * (evt.catalog.contact_changed through the outbox). Built on the same pieces as MasterDataService (tenant
 * unit of work, restriction scope, list helpers, change log); contacts have no number, no active flag and a
 * customer-or-supplier parent, which the shared service does not model yet.
 */
@Injectable()
export class ContactsService {
  constructor(
    @Inject(unitOfWorkToken('catalog')) private readonly uow: UnitOfWork,
    private readonly contacts: ContactsRepository = new ContactsRepository(),
  ) {}

  async list(
    caller: CompanyCaller,
    parent: ContactParent,
    query: ContactListQuery,
  ): Promise<Page<ContactDto>> {
    const { page, perPage } = pageOf(query);
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      await assertParentVisible(em, caller, parent, this.contacts);
      const filter = { q: query.q, sort: contactSortProperty(query.sort), direction: query.order === 'desc' ? ('desc' as const) : ('asc' as const) };
      const [rows, total] = await this.contacts.list(em, caller.companyId, parent, filter, page, perPage);
      return { items: rows.map(toContactDto), total, page, per_page: perPage };
    });
  }

  async get(caller: CompanyCaller, parent: ContactParent, id: number): Promise<ContactDto> {
    return this.uow
      .forCompany(caller.companyId)
      .read(async (em) => toContactDto(await this.orFail(em, caller, parent, id)));
  }

  async create(caller: CompanyCaller, parent: ContactParent, raw: ContactInput): Promise<ContactDto> {
    const input = normalizeContactInput(raw, 'create');
    return this.uow.forCompany(caller.companyId).write(async (em) => {
      await assertParentVisible(em, caller, parent, this.contacts);
      const contact = em.create(Contact, {
        companyId: caller.companyId,
        name: input.name!,
        ...parentWhere(parent),
      } as never);
      applyContactInput(contact, input);
      await em.flush();
      await this.changed(em, caller, contact, null, toContactDto(contact));
      return toContactDto(contact);
    });
  }

  async update(
    caller: CompanyCaller,
    parent: ContactParent,
    id: number,
    raw: ContactInput,
  ): Promise<ContactDto> {
    const input = normalizeContactInput(raw, 'update');
    return this.uow.forCompany(caller.companyId).write(async (em) => {
      const contact = await this.orFail(em, caller, parent, id);
      const before = toContactDto(contact);
      applyContactInput(contact, input);
      contact.updatedAt = new Date();
      await em.flush();
      await this.changed(em, caller, contact, before, toContactDto(contact));
      return toContactDto(contact);
    });
  }

  async remove(caller: CompanyCaller, parent: ContactParent, id: number): Promise<void> {
    await this.uow.forCompany(caller.companyId).write(async (em) => {
      const contact = await this.orFail(em, caller, parent, id);
      await this.changed(em, caller, contact, toContactDto(contact), null);
      await dropRuleRecipients(em, caller.companyId, { contactId: contact.id });
      em.remove(contact);
    });
  }

  /** Makes the contact the main contact of its customer/supplier, clearing the previous one; safe to repeat. */
  async setMain(caller: CompanyCaller, parent: ContactParent, id: number): Promise<ContactDto> {
    return this.uow.forCompany(caller.companyId).write(async (em) => {
      const contact = await this.orFail(em, caller, parent, id);
      if (contact.main) return toContactDto(contact);
      const previous = await this.contacts.mainContact(em, parent);
      if (previous) {
        const before = toContactDto(previous);
        previous.main = false;
        previous.updatedAt = new Date();
        // Cleared first, in its own statement: the partial unique index allows one main per parent.
        await em.flush();
        await this.changed(em, caller, previous, before, toContactDto(previous));
      }
      const before = toContactDto(contact);
      contact.main = true;
      contact.updatedAt = new Date();
      await em.flush();
      await this.changed(em, caller, contact, before, toContactDto(contact));
      return toContactDto(contact);
    });
  }

  /**
   * The notification rules that name the contact as a recipient, from the catalog's copy of rule
   * recipients (fed by evt.notifications.rule_changed; see docs/contacts.md).
   */
  async rules(caller: CompanyCaller, parent: ContactParent, id: number): Promise<ContactRuleDto[]> {
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const contact = await this.orFail(em, caller, parent, id);
      const rows = await this.contacts.ruleRecipients(em, contact.id);
      return rows.map((r) => ({
        rule_id: r.ruleId,
        rule_name: r.ruleName,
        customer_id: r.customerId,
        supplier_id: r.supplierId,
      }));
    });
  }

  private async orFail(
    em: EntityManager,
    caller: CompanyCaller,
    parent: ContactParent,
    id: number,
  ): Promise<Contact> {
    await assertParentVisible(em, caller, parent, this.contacts);
    const contact = await this.contacts.contact(em, parent, id);
    if (!contact) throw new AppError(ProtocolCode.NotFound, 'contact not found');
    return contact;
  }

  /** Change log rows and the outbox event of one change (before null: created; after null: deleted). */
  private async changed(
    em: EntityManager,
    caller: CompanyCaller,
    contact: Contact,
    before: ContactDto | null,
    after: ContactDto | null,
  ): Promise<void> {
    const target: ChangeTarget = {
      kind: 'contact',
      entityId: contact.id,
      customerId: contact.customerId,
      supplierId: contact.supplierId,
    };
    await recordChanges(em, caller, target, before, after);
    const event: ContactChanged = {
      id: contact.id,
      company_id: contact.companyId,
      customer_id: contact.customerId,
      supplier_id: contact.supplierId,
      main: contact.main,
      email: contact.email,
      ...(after ? {} : { deleted: true }),
    };
    addToOutbox(em, ContactEvents.contactChanged, event);
  }
}
