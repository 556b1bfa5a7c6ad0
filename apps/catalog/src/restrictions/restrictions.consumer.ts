import { Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { IdentityEvents, type RestrictionsChanged } from '@kanban/contracts';
import { BusController, type EventEnvelope, handleOnce, replaceRestrictionCopies } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { RestrictionCopy } from './restriction-copy.entity';

/** Keeps the catalog's copy of a user's access restrictions: each event replaces the user's set, once per event. */
@BusController()
export class RestrictionsConsumer {
  constructor(@Inject(unitOfWorkToken('catalog')) private readonly uow: UnitOfWork) {}

  @EventPattern(IdentityEvents.restrictionsChanged)
  async replace(@Payload() event: EventEnvelope<RestrictionsChanged>): Promise<void> {
    await handleOnce(this.uow, 'catalog.restrictions', event, (em) => replaceRestrictionCopies(em, RestrictionCopy, event.data));
  }
}
