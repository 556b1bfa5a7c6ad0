import { Payload } from '@nestjs/microservices';
import { IdentityEvents, type RestrictionsChanged } from '@kanban/contracts';
import { BusController, DeadLetters, type EventEnvelope, OnEvent, replaceRestrictionCopies } from '@kanban/messaging';
import { RestrictionCopy } from './restriction-copy.entity';

/** Keeps the catalog's copy of a user's access restrictions: each event replaces the user's set, once per event. */
@BusController()
export class RestrictionsConsumer {
  /** the event's handler, counted as a dead letter after EVENT_MAX_FAILURES failures (DeadLetters) */
  private readonly on;

  constructor(deadLetters: DeadLetters) {
    this.on = { replace: deadLetters.once<RestrictionsChanged>('catalog.restrictions', (em, event) => replaceRestrictionCopies(em, RestrictionCopy, event.data)) };
  }

  @OnEvent(IdentityEvents.restrictionsChanged)
  replace(@Payload() event: EventEnvelope<RestrictionsChanged>): Promise<void> {
    return this.on.replace(event);
  }
}
