import { Payload } from '@nestjs/microservices';
import { type BusRequest, NotificationRuleSubjects } from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { DeliveryTrigger } from './trigger';

/** The delivery over the bus: a rule triggered by hand (the gateway's `notificationrule/{ruleID}/trigger`). */
@BusController()
export class DeliveryHandler {
  constructor(private readonly trigger: DeliveryTrigger) {}

  @Handles(NotificationRuleSubjects.trigger)
  run(@Payload() p: BusRequest<'notifications.rule.trigger'>) {
    return this.trigger.trigger(p.caller, p.owner, p.id);
  }
}
