import { Inject } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { EventPattern, Payload } from '@nestjs/microservices';
import {
  type CatalogChanged,
  CatalogEvents,
  type CustomerChanged,
  IdentityEvents,
  type ItemChanged,
  ItemEvents,
  type LocationChanged,
  LocationEvents,
  type RestrictionsChanged,
  type SupplierChanged,
} from '@kanban/contracts';
import { BusController, claimInbox, type EventEnvelope } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { RestrictionCopy } from './copies.entity';
import { upsertCatalog, upsertCustomer, upsertItem, upsertLocation, upsertSupplier } from './copies';

/**
 * Keeps the supply service's copy of the catalog's names (customers, suppliers, locations, catalogs with their
 * external id, items' catalogs) and of identity's access restrictions. Each event is claimed once in the inbox
 * and written with its time as version (durable consumers: acknowledged only after the commit).
 */
@BusController()
export class CopiesConsumer {
  constructor(@Inject(unitOfWorkToken('supply')) private readonly uow: UnitOfWork) {}

  private async once(consumer: string, event: EventEnvelope<{ company_id: number }>, work: (em: EntityManager) => Promise<void>): Promise<void> {
    await this.uow.forCompany(event.data.company_id).write(async (em) => {
      if (!(await claimInbox(em, consumer, event.id))) return;
      await work(em);
    });
  }

  @EventPattern(CatalogEvents.customerChanged)
  customer(@Payload() event: EventEnvelope<CustomerChanged>): Promise<void> {
    return this.once('supply.customers', event, (em) => upsertCustomer(em, event.data, new Date(event.occurredAt)));
  }

  @EventPattern(CatalogEvents.supplierChanged)
  supplier(@Payload() event: EventEnvelope<SupplierChanged>): Promise<void> {
    return this.once('supply.suppliers', event, (em) => upsertSupplier(em, event.data, new Date(event.occurredAt)));
  }

  @EventPattern(LocationEvents.locationChanged)
  location(@Payload() event: EventEnvelope<LocationChanged>): Promise<void> {
    return this.once('supply.locations', event, (em) => upsertLocation(em, event.data, new Date(event.occurredAt)));
  }

  @EventPattern(ItemEvents.catalogChanged)
  catalog(@Payload() event: EventEnvelope<CatalogChanged>): Promise<void> {
    return this.once('supply.catalogs', event, (em) => upsertCatalog(em, event.data, new Date(event.occurredAt)));
  }

  @EventPattern(ItemEvents.itemChanged)
  item(@Payload() event: EventEnvelope<ItemChanged>): Promise<void> {
    return this.once('supply.items', event, (em) => upsertItem(em, event.data, new Date(event.occurredAt)));
  }

  /** Each event replaces the user's restrictions in the company (the full current set). */
  @EventPattern(IdentityEvents.restrictionsChanged)
  restrictions(@Payload() event: EventEnvelope<RestrictionsChanged>): Promise<void> {
    const { company_id: companyId, user_id: userId, restrictions } = event.data;
    return this.once('supply.restrictions', event, async (em) => {
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
