import { Payload } from '@nestjs/microservices';
import {
  type BusRequest,
  CatalogEvents,
  ContactEvents,
  LocationEvents,
  NotificationRuleSubjects,
  type ContactChanged,
  type CustomerChanged,
  type LocationChanged,
  type SupplierChanged,
} from '@kanban/contracts';
import { BusController, DeadLetters, type EventEnvelope, Handles, OnEvent } from '@kanban/messaging';
import { RulesService } from './rules.service';

/**
 * Notification rules over the bus (the gateway's `notificationrule` calls; `trigger` is served by delivery), and the
 * catalog's deletions they follow: a deleted contact leaves every rule's recipients, a deleted customer, location or
 * supplier takes its rules with it (each announced as rule_changed); once per event (inbox), dead letters counted.
 */
@BusController()
export class RulesHandler {
  private readonly on;

  constructor(
    private readonly rules: RulesService,
    deadLetters: DeadLetters,
  ) {
    this.on = {
      contact: deadLetters.once<ContactChanged>('notifications.rule_contacts', (em, e) => (e.data.deleted ? this.rules.dropContact(em, e.data.company_id, e.data.id) : Promise.resolve())),
      customer: deadLetters.once<CustomerChanged>('notifications.rule_customers', (em, e) => (e.data.deleted ? this.rules.dropOwner(em, e.data.company_id, { customerId: e.data.id }) : Promise.resolve())),
      location: deadLetters.once<LocationChanged>('notifications.rule_locations', (em, e) => (e.data.deleted ? this.rules.dropOwner(em, e.data.company_id, { locationId: e.data.id }) : Promise.resolve())),
      supplier: deadLetters.once<SupplierChanged>('notifications.rule_suppliers', (em, e) => (e.data.deleted ? this.rules.dropOwner(em, e.data.company_id, { supplierId: e.data.id }) : Promise.resolve())),
    };
  }

  @Handles(NotificationRuleSubjects.list)
  list(@Payload() p: BusRequest<'notifications.rule.list'>) {
    return this.rules.list(p.caller, p.owner, p.query);
  }

  @Handles(NotificationRuleSubjects.get)
  get(@Payload() p: BusRequest<'notifications.rule.get'>) {
    return this.rules.get(p.caller, p.owner, p.id);
  }

  @Handles(NotificationRuleSubjects.create)
  create(@Payload() p: BusRequest<'notifications.rule.create'>) {
    return this.rules.create(p.caller, p.owner, p.input);
  }

  @Handles(NotificationRuleSubjects.update)
  update(@Payload() p: BusRequest<'notifications.rule.update'>) {
    return this.rules.update(p.caller, p.owner, p.id, p.input);
  }

  @Handles(NotificationRuleSubjects.delete)
  async remove(@Payload() p: BusRequest<'notifications.rule.delete'>): Promise<null> {
    await this.rules.remove(p.caller, p.owner, p.id);
    return null;
  }

  @Handles(NotificationRuleSubjects.addRecipient)
  addRecipient(@Payload() p: BusRequest<'notifications.rule.recipient.add'>) {
    return this.rules.addRecipientTo(p.caller, p.owner, p.id, p.input);
  }

  @Handles(NotificationRuleSubjects.updateRecipient)
  updateRecipient(@Payload() p: BusRequest<'notifications.rule.recipient.update'>) {
    return this.rules.updateRecipient(p.caller, p.owner, p.id, p.recipientId, p.input);
  }

  @Handles(NotificationRuleSubjects.deleteRecipient)
  removeRecipient(@Payload() p: BusRequest<'notifications.rule.recipient.delete'>) {
    return this.rules.removeRecipient(p.caller, p.owner, p.id, p.recipientId);
  }

  @OnEvent(ContactEvents.contactChanged)
  contactChanged(@Payload() event: EventEnvelope<ContactChanged>): Promise<void> {
    return this.on.contact(event);
  }

  @OnEvent(CatalogEvents.customerChanged)
  customerChanged(@Payload() event: EventEnvelope<CustomerChanged>): Promise<void> {
    return this.on.customer(event);
  }

  @OnEvent(LocationEvents.locationChanged)
  locationChanged(@Payload() event: EventEnvelope<LocationChanged>): Promise<void> {
    return this.on.location(event);
  }

  @OnEvent(CatalogEvents.supplierChanged)
  supplierChanged(@Payload() event: EventEnvelope<SupplierChanged>): Promise<void> {
    return this.on.supplier(event);
  }
}
