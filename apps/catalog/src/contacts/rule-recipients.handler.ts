import { Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type CatalogLookupReply, type CatalogLookupRequest, ContactSubjects, NotificationRuleEvents, type NotificationRuleChanged } from '@kanban/contracts';
import { BusController, DeadLetters, type EventEnvelope, Handles, OnEvent } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { lookupNames, replaceRuleRecipients } from './rule-recipients';

/**
 * The catalog's side of notification rules (docs/notification-rules.md): keeps `contact_rule_recipient` (what
 * `contact/{id}/rules` reads) from `evt.notifications.rule_changed`, once per event, and answers the rules' owner
 * and contact names (`catalog.contact.lookup`, as the caller sees them).
 */
@BusController()
export class RuleRecipientsHandler {
  private readonly on;

  constructor(
    @Inject(unitOfWorkToken('catalog')) private readonly uow: UnitOfWork,
    deadLetters: DeadLetters,
  ) {
    this.on = { replace: deadLetters.once<NotificationRuleChanged>('catalog.rule_recipients', (em, event) => replaceRuleRecipients(em, event.data)) };
  }

  @OnEvent(NotificationRuleEvents.ruleChanged)
  replace(@Payload() event: EventEnvelope<NotificationRuleChanged>): Promise<void> {
    return this.on.replace(event);
  }

  @Handles(ContactSubjects.lookup)
  lookup(@Payload() p: CatalogLookupRequest): Promise<CatalogLookupReply> {
    return this.uow.forCompany(p.caller.companyId).read((em) => lookupNames(em, p.caller, p));
  }
}
