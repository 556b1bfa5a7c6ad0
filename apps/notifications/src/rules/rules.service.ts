import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ProtocolCode } from '@kanban/access';
import {
  ContactSubjects,
  NOTIFICATION_EVENTS,
  NOTIFICATION_RULE_LIMITS,
  NOTIFICATION_RULE_SORTS,
  NOTIFICATION_RULE_TYPES,
  NotificationRuleEvents,
  type CatalogLookupReply,
  type CompanyCaller,
  type NotificationEvent,
  type NotificationRecipientInput,
  type NotificationRuleDto,
  type NotificationRuleInput,
  type NotificationRuleListQuery,
  type NotificationRuleOwner,
  type NotificationRuleType,
  type Page,
} from '@kanban/contracts';
import { addToOutbox, ServiceBus } from '@kanban/messaging';
import { pageOf, unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { duplicate, duplicateAs1059 } from '../shared/duplicates';
import { EmailTemplate, FileTemplate } from '../templates/template.entity';
import type { NotificationRecipient } from './recipient.entity';
import { NotificationRule } from './rule.entity';
import {
  applyRecipientInput,
  applyRuleInput,
  checkRule,
  normalizeRecipientInput,
  normalizeRuleInput,
  ownerKind,
  toRuleDto,
  type OwnerKind,
  type RuleNames,
} from './rules.rules';
import { ownerConditions, RulesRepository, type OwnerCondition } from './rules.repository';

const SORT_COLUMN: Record<(typeof NOTIFICATION_RULE_SORTS)[number], string> = {
  name: 'name',
  event: 'event',
  type: 'type',
  updated_at: 'updated_at',
  created_at: 'created_at',
};

/** The owner of a request, checked against the catalog (exists in the company, visible to the caller). */
interface Owner {
  kind: Exclude<OwnerKind, 'company'>;
  customerId: number | null;
  locationId: number | null;
  supplierId: number | null;
  names: Pick<RuleNames, 'customers' | 'locations' | 'suppliers'>;
}

/** What the recipient checks know: the contacts and users named, as the catalog and identity answer them. */
interface RecipientFacts {
  contacts: CatalogLookupReply['contacts'];
  users: Map<number, { name: string; email: string }>;
}

const notFound = (what: string) => new AppError(ProtocolCode.NotFound, `${what} not found`);


function boolOf(value: unknown): boolean | undefined {
  if (value === true || value === 'true' || value === '1' || value === 1) return true;
  if (value === false || value === 'false' || value === '0' || value === 0) return false;
  return undefined;
}

/**
 * Notification rules (spec 3; issue 18 item 3; docs/notification-rules.md) of a customer, a location or a supplier:
 * list (all=0|1, q, event, type, active, sort, pages; the company overview), read, create, change, delete, and their
 * recipients. The owner is checked with the catalog as the caller (unknown, of another company or hidden by the
 * caller's access restrictions: 404), and a rule is found only under its own owner (404). Names are unique per owner
 * (1059). Every change announces `evt.notifications.rule_changed` (with the contact recipients) in its transaction;
 * the catalog keeps `contact/{id}/rules` from it. Bus calls (catalog, identity) are made outside transactions.
 */
@Injectable()
export class RulesService {
  constructor(
    @Inject(unitOfWorkToken('notifications')) private readonly uow: UnitOfWork,
    private readonly rules: RulesRepository,
    private readonly bus: ServiceBus,
  ) {}

  async list(caller: CompanyCaller, ownerIn: NotificationRuleOwner, query: NotificationRuleListQuery): Promise<Page<NotificationRuleDto>> {
    const kind = ownerKind(ownerIn);
    const { page, perPage } = pageOf(query ?? {});
    const q = typeof query?.q === 'string' ? query.q.trim() : '';
    if (q.length > 100) throw AppError.validation('q', 'must be at most 100 characters');
    const event = query?.event !== undefined && (NOTIFICATION_EVENTS as readonly string[]).includes(query.event) ? (query.event as NotificationEvent) : undefined;
    const type = query?.type !== undefined && (NOTIFICATION_RULE_TYPES as readonly string[]).includes(query.type) ? (query.type as NotificationRuleType) : undefined;
    const sort = query?.sort !== undefined && Object.hasOwn(SORT_COLUMN, query.sort) ? SORT_COLUMN[query.sort as keyof typeof SORT_COLUMN] : 'name';
    const filter = { q, event, type, active: boolOf(query?.active), sort, direction: query?.order === 'desc' ? ('desc' as const) : ('asc' as const) };
    const all = boolOf(query?.all) === true;

    let condition: OwnerCondition;
    let names: Owner['names'];
    if (kind === 'company') {
      // the overview: every rule whose owner the caller may see (the catalog answers only those)
      const owners = await this.uow.forCompany(caller.companyId).read((em) => this.rules.owners(em, caller.companyId));
      const seen = await this.lookup(caller, owners);
      names = namesOf(seen);
      condition = ownerConditions.visible(
        seen.customers.map((c) => c.id),
        seen.locations.map((l) => l.id),
        seen.suppliers.map((s) => s.id),
      );
    } else {
      const owner = await this.owner(caller, ownerIn);
      names = owner.names;
      if (owner.kind === 'customer' && all) {
        const owners = await this.uow.forCompany(caller.companyId).read((em) => this.rules.owners(em, caller.companyId, owner.customerId!));
        const seen = await this.lookup(caller, { locations: owners.locations });
        const locations = seen.locations.filter((l) => l.customer_id === owner.customerId);
        for (const l of locations) names.locations.set(l.id, l.name);
        condition = ownerConditions.customer(owner.customerId!, locations.map((l) => l.id));
      } else if (owner.kind === 'customer') condition = ownerConditions.customer(owner.customerId!, null);
      else if (owner.kind === 'location') condition = ownerConditions.location(owner.customerId!, owner.locationId!, all);
      else condition = ownerConditions.supplier(owner.supplierId!);
    }
    const [rows, total, servers] = await this.uow.forCompany(caller.companyId).read(async (em) => {
      const [found, count] = await this.rules.list(em, caller.companyId, condition, filter, page, perPage);
      return [found, count, await this.rules.serverNames(em, serverIds(found))] as const;
    });
    const full = await this.recipientNames(caller, rows, { ...names, servers });
    return { items: rows.map((r) => toRuleDto(r, full)), total, page, per_page: perPage };
  }

  async get(caller: CompanyCaller, ownerIn: NotificationRuleOwner, id: number): Promise<NotificationRuleDto> {
    const owner = await this.owner(caller, ownerIn);
    const [rule, servers] = await this.uow.forCompany(caller.companyId).read(async (em) => {
      const found = await this.orFail(em, owner, id);
      return [found, await this.rules.serverNames(em, serverIds([found]))] as const;
    });
    return this.dto(caller, rule, owner, servers);
  }

  async create(caller: CompanyCaller, ownerIn: NotificationRuleOwner, raw: NotificationRuleInput): Promise<NotificationRuleDto> {
    const owner = await this.owner(caller, ownerIn);
    const input = normalizeRuleInput(raw, 'create');
    const recipients = input.recipients ?? [];
    const facts = await this.recipientFacts(caller, recipients);
    const [rule, servers] = await duplicateAs1059(() =>
      this.uow.forCompany(caller.companyId).write(async (em) => {
        if (await this.rules.nameTaken(em, input.name!, owner, undefined)) throw duplicate();
        const created = em.create(NotificationRule, {
          companyId: caller.companyId,
          customerId: owner.customerId,
          locationId: owner.locationId,
          supplierId: owner.supplierId,
          name: input.name!,
          type: input.type!,
          event: input.event!,
        } as never);
        applyRuleInput(created, input);
        await this.check(em, created, owner.kind);
        recipients.forEach((r, i) => this.addRecipient(em, created, owner, r, facts, `recipients.${i}.`));
        await em.flush();
        this.announce(em, created);
        return [created, await this.rules.serverNames(em, serverIds([created]))] as const;
      }),
    );
    return this.dto(caller, rule, owner, servers, facts);
  }

  async update(caller: CompanyCaller, ownerIn: NotificationRuleOwner, id: number, raw: NotificationRuleInput): Promise<NotificationRuleDto> {
    const owner = await this.owner(caller, ownerIn);
    const input = normalizeRuleInput(raw, 'update');
    const [rule, servers] = await duplicateAs1059(() =>
      this.uow.forCompany(caller.companyId).write(async (em) => {
        const found = await this.orFail(em, owner, id);
        if (input.name !== undefined && input.name !== found.name && (await this.rules.nameTaken(em, input.name, owner, found.id))) throw duplicate();
        const renamed = input.name !== undefined && input.name !== found.name;
        applyRuleInput(found, input);
        await this.check(em, found, owner.kind);
        found.updatedAt = new Date();
        await em.flush();
        // the catalog's copy carries the rule's name: told when it changes
        if (renamed) this.announce(em, found);
        return [found, await this.rules.serverNames(em, serverIds([found]))] as const;
      }),
    );
    return this.dto(caller, rule, owner, servers);
  }

  async remove(caller: CompanyCaller, ownerIn: NotificationRuleOwner, id: number): Promise<void> {
    const owner = await this.owner(caller, ownerIn);
    await this.uow.forCompany(caller.companyId).write(async (em) => {
      const found = await this.orFail(em, owner, id);
      this.announce(em, found, true);
      em.remove(found);
    });
  }

  async addRecipientTo(caller: CompanyCaller, ownerIn: NotificationRuleOwner, id: number, raw: NotificationRecipientInput): Promise<NotificationRuleDto> {
    const owner = await this.owner(caller, ownerIn);
    const input = normalizeRecipientInput(raw, 'create');
    const facts = await this.recipientFacts(caller, [input]);
    return this.changeRecipients(caller, owner, id, facts, (em, rule) => {
      if (rule.recipients.length >= NOTIFICATION_RULE_LIMITS.recipients) throw AppError.validation('recipients', `at most ${NOTIFICATION_RULE_LIMITS.recipients} recipients`);
      this.addRecipient(em, rule, owner, input, facts, '');
    });
  }

  async updateRecipient(caller: CompanyCaller, ownerIn: NotificationRuleOwner, id: number, recipientId: number, raw: NotificationRecipientInput): Promise<NotificationRuleDto> {
    const owner = await this.owner(caller, ownerIn);
    const input = normalizeRecipientInput(raw, 'update');
    const facts = await this.recipientFacts(caller, [input]);
    return this.changeRecipients(caller, owner, id, facts, (_em, rule) => {
      const recipient = rule.recipients.getItems().find((r) => r.id === recipientId);
      if (!recipient) throw notFound('recipient');
      applyRecipientInput(recipient, input);
      // the contact or user is checked when the change names one (a kind change to them must); cc alone keeps it
      this.checkRecipient(rule, owner, recipient, facts, '', { contact: input.contact_id !== undefined, user: input.user_id !== undefined });
    });
  }

  async removeRecipient(caller: CompanyCaller, ownerIn: NotificationRuleOwner, id: number, recipientId: number): Promise<NotificationRuleDto> {
    const owner = await this.owner(caller, ownerIn);
    return this.changeRecipients(caller, owner, id, { contacts: [], users: new Map() }, (_em, rule) => {
      const recipient = rule.recipients.getItems().find((r) => r.id === recipientId);
      if (!recipient) throw notFound('recipient');
      rule.recipients.remove(recipient);
    });
  }

  /**
   * Drops a deleted contact from every rule naming it (evt.catalog.contact_changed with deleted), announcing each
   * rule changed; runs in the consumer's transaction.
   */
  async dropContact(em: EntityManager, companyId: number, contactId: number): Promise<void> {
    for (const rule of await this.rules.rulesWithContact(em, companyId, contactId)) {
      for (const r of rule.recipients.getItems()) if (r.contactId === contactId) rule.recipients.remove(r);
      rule.updatedAt = new Date();
      this.announce(em, rule);
    }
    await em.flush();
  }

  /** Deletes the rules of a deleted customer (its locations' too), location or supplier; runs in the consumer's transaction. */
  async dropOwner(em: EntityManager, companyId: number, of: { customerId: number } | { locationId: number } | { supplierId: number }): Promise<void> {
    const rules = await this.rules.rulesOfOwner(em, companyId, of);
    for (const rule of rules) {
      this.announce(em, rule, true);
      em.remove(rule);
    }
    await em.flush();
  }

  // ---- helpers

  private async changeRecipients(
    caller: CompanyCaller,
    owner: Owner,
    id: number,
    facts: RecipientFacts,
    change: (em: EntityManager, rule: NotificationRule) => void,
  ): Promise<NotificationRuleDto> {
    const [rule, servers] = await this.uow.forCompany(caller.companyId).write(async (em) => {
      const found = await this.orFail(em, owner, id);
      change(em, found);
      found.updatedAt = new Date();
      await em.flush();
      this.announce(em, found);
      return [found, await this.rules.serverNames(em, serverIds([found]))] as const;
    });
    return this.dto(caller, rule, owner, servers, facts);
  }

  private addRecipient(em: EntityManager, rule: NotificationRule, owner: Owner, input: NotificationRecipientInput, facts: RecipientFacts, prefix: string): void {
    const recipient = this.rules.newRecipient(em, rule);
    applyRecipientInput(recipient, input, prefix);
    this.checkRecipient(rule, owner, recipient, facts, prefix);
  }

  /** The contact of the rule's customer (a location's customer) or supplier; a member of the company; no recipient twice (1059). */
  private checkRecipient(
    rule: NotificationRule,
    owner: Owner,
    recipient: NotificationRecipient,
    facts: RecipientFacts,
    prefix: string,
    named: { contact: boolean; user: boolean } = { contact: true, user: true },
  ): void {
    if (recipient.kind === 'contact' && named.contact) {
      const contact = facts.contacts.find((c) => c.id === recipient.contactId);
      const ofOwner = contact !== undefined && (owner.supplierId !== null ? contact.supplier_id === owner.supplierId : contact.customer_id === owner.customerId);
      if (!ofOwner) throw AppError.validation(`${prefix}contact_id`, owner.supplierId !== null ? 'is not a contact of the supplier' : 'is not a contact of the customer');
    }
    if (recipient.kind === 'user' && named.user && !facts.users.has(recipient.userId!)) throw AppError.validation(`${prefix}user_id`, 'is not a member of the company');
    const same = rule.recipients
      .getItems()
      .find(
        (r) =>
          r !== recipient &&
          r.kind === recipient.kind &&
          (recipient.kind === 'contact' ? r.contactId === recipient.contactId : recipient.kind === 'user' ? r.userId === recipient.userId : r.email.toLowerCase() === recipient.email.toLowerCase()),
      );
    if (same) throw duplicate(`${prefix}${recipient.kind === 'contact' ? 'contact_id' : recipient.kind === 'user' ? 'user_id' : 'email'}`);
  }

  /** The contacts (catalog, as the caller) and users (identity: members of the company) the recipients name. */
  private async recipientFacts(caller: CompanyCaller, inputs: NotificationRecipientInput[]): Promise<RecipientFacts> {
    const contacts = [...new Set(inputs.map((r) => r.contact_id).filter((v): v is number => typeof v === 'number'))];
    const users = [...new Set(inputs.map((r) => r.user_id).filter((v): v is number => typeof v === 'number'))];
    const [seen, members] = await Promise.all([
      contacts.length > 0 ? this.lookup(caller, { contacts }) : Promise.resolve(null),
      users.length > 0 ? this.bus.request(ContactSubjects.userNames, { company_id: caller.companyId, ids: users }) : Promise.resolve([]),
    ]);
    return { contacts: seen?.contacts ?? [], users: new Map(members.map((u) => [u.id, { name: u.name, email: u.email }])) };
  }

  /** The owner named by the request, as the catalog sees it for the caller: 404 when unknown, hidden or not matching. */
  private async owner(caller: CompanyCaller, owner: NotificationRuleOwner): Promise<Owner> {
    const kind = ownerKind(owner);
    if (kind === 'company') throw AppError.validation('customer_id', 'name the customer, location or supplier of the rule');
    if (kind === 'supplier') {
      const seen = await this.lookup(caller, { suppliers: [owner.supplier_id!] });
      if (seen.suppliers.length === 0) throw notFound('supplier');
      return { kind, customerId: null, locationId: null, supplierId: owner.supplier_id!, names: namesOf(seen) };
    }
    const seen = await this.lookup(caller, { customers: [owner.customer_id!], locations: kind === 'location' ? [owner.location_id!] : [] });
    if (seen.customers.length === 0) throw notFound('customer');
    if (kind === 'location' && seen.locations[0]?.customer_id !== owner.customer_id) throw notFound('location');
    return { kind, customerId: owner.customer_id!, locationId: kind === 'location' ? owner.location_id! : null, supplierId: null, names: namesOf(seen) };
  }

  private lookup(caller: CompanyCaller, ids: { customers?: number[]; locations?: number[]; suppliers?: number[]; contacts?: number[] }): Promise<CatalogLookupReply> {
    return this.bus.request(ContactSubjects.lookup, { caller, ...ids });
  }

  /** Templates and server of the company, then the whole-record checks of rules.rules.ts. */
  private async check(em: EntityManager, rule: NotificationRule, owner: OwnerKind): Promise<void> {
    const serverType = rule.serverId === null ? null : ((await this.rules.serverType(em, rule.serverId)) ?? undefined);
    const responseServerType = rule.responseServerId === null ? null : ((await this.rules.serverType(em, rule.responseServerId)) ?? undefined);
    checkRule(rule, owner, {
      serverType,
      responseServerType,
      emailTemplateFound: rule.emailTemplateId === null || (await this.rules.templateExists(em, EmailTemplate, rule.emailTemplateId)),
      attachmentTemplateFound: rule.attachmentTemplateId === null || (await this.rules.templateExists(em, FileTemplate, rule.attachmentTemplateId)),
    });
  }

  private async orFail(em: EntityManager, owner: Owner, id: number): Promise<NotificationRule> {
    const rule = await this.rules.record(em, id, owner);
    if (!rule) throw notFound('notification rule');
    return rule;
  }

  /** evt.notifications.rule_changed through the outbox, in the transaction of the change. */
  private announce(em: EntityManager, rule: NotificationRule, deleted = false): void {
    const contactIds = deleted ? [] : [...new Set(rule.recipients.getItems().flatMap((r) => (r.kind === 'contact' && r.contactId !== null ? [r.contactId] : [])))];
    addToOutbox(em, NotificationRuleEvents.ruleChanged, {
      company_id: rule.companyId,
      rule_id: rule.id,
      rule_name: rule.name,
      customer_id: rule.customerId,
      supplier_id: rule.supplierId,
      contact_ids: contactIds,
      ...(deleted ? { deleted: true } : {}),
    });
  }

  private async dto(caller: CompanyCaller, rule: NotificationRule, owner: Owner, servers: Map<number, string>, facts?: RecipientFacts): Promise<NotificationRuleDto> {
    const names = await this.recipientNames(caller, [rule], { ...owner.names, servers }, facts);
    return toRuleDto(rule, names);
  }

  /** The names and addresses of the rules' contact and user recipients, read now (catalog as the caller; identity). */
  private async recipientNames(
    caller: CompanyCaller,
    rules: NotificationRule[],
    names: Omit<RuleNames, 'contacts' | 'users'>,
    known?: RecipientFacts,
  ): Promise<RuleNames> {
    const all = rules.flatMap((r) => r.recipients.getItems());
    const contacts = [...new Set(all.flatMap((r) => (r.kind === 'contact' && r.contactId !== null ? [r.contactId] : [])))].filter((id) => !known?.contacts.some((c) => c.id === id));
    const users = [...new Set(all.flatMap((r) => (r.kind === 'user' && r.userId !== null ? [r.userId] : [])))].filter((id) => !known?.users.has(id));
    const [seen, members] = await Promise.all([
      contacts.length > 0 ? this.lookup(caller, { contacts }) : Promise.resolve(null),
      users.length > 0 ? this.bus.request(ContactSubjects.userNames, { company_id: caller.companyId, ids: users }) : Promise.resolve([]),
    ]);
    const contactNames = new Map([...(known?.contacts ?? []), ...(seen?.contacts ?? [])].map((c) => [c.id, { name: c.name, email: c.email }]));
    const userNames = new Map(known?.users ?? []);
    for (const u of members) userNames.set(u.id, { name: u.name, email: u.email });
    return { ...names, contacts: contactNames, users: userNames };
  }
}

function namesOf(seen: CatalogLookupReply): Owner['names'] {
  return {
    customers: new Map(seen.customers.map((c) => [c.id, c.name])),
    locations: new Map(seen.locations.map((l) => [l.id, l.name])),
    suppliers: new Map(seen.suppliers.map((s) => [s.id, s.name])),
  };
}

function serverIds(rules: NotificationRule[]): number[] {
  return [...new Set(rules.map((r) => r.serverId).filter((v): v is number => v !== null))];
}
