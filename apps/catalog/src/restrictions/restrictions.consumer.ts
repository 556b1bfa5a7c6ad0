import { Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { IdentityEvents, type RestrictionsChanged } from '@kanban/contracts';
import { BusController, claimInbox, type EventEnvelope } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { RestrictionCopy } from './restriction-copy.entity';

/** Keeps the catalog's copy of a user's access restrictions: each event replaces the user's set, once per event. */
@BusController()
export class RestrictionsConsumer {
  constructor(@Inject(unitOfWorkToken('catalog')) private readonly uow: UnitOfWork) {}

  @EventPattern(IdentityEvents.restrictionsChanged)
  async replace(@Payload() event: EventEnvelope<RestrictionsChanged>): Promise<void> {
    const { company_id: companyId, user_id: userId, restrictions } = event.data;
    await this.uow.forCompany(companyId).write(async (em) => {
      if (!(await claimInbox(em, 'catalog.restrictions', event.id))) return;
      await em.nativeDelete(RestrictionCopy, { companyId, userId });
      for (const r of restrictions) {
        em.create(RestrictionCopy, {
          companyId,
          userId,
          customerId: r.customer_id ?? null,
          locationId: r.location_id ?? null,
          supplierId: r.supplier_id ?? null,
        } as RestrictionCopy);
      }
      await em.flush();
    });
  }
}
