import { Inject } from '@nestjs/common';
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
import { BusController, type EventEnvelope, handleOnce, replaceRestrictionCopies } from '@kanban/messaging';
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

  @EventPattern(CatalogEvents.customerChanged)
  customer(@Payload() event: EventEnvelope<CustomerChanged>): Promise<void> {
    return handleOnce(this.uow, 'supply.customers', event, (em) => upsertCustomer(em, event.data, new Date(event.occurredAt)));
  }

  @EventPattern(CatalogEvents.supplierChanged)
  supplier(@Payload() event: EventEnvelope<SupplierChanged>): Promise<void> {
    return handleOnce(this.uow, 'supply.suppliers', event, (em) => upsertSupplier(em, event.data, new Date(event.occurredAt)));
  }

  @EventPattern(LocationEvents.locationChanged)
  location(@Payload() event: EventEnvelope<LocationChanged>): Promise<void> {
    return handleOnce(this.uow, 'supply.locations', event, (em) => upsertLocation(em, event.data, new Date(event.occurredAt)));
  }

  @EventPattern(ItemEvents.catalogChanged)
  catalog(@Payload() event: EventEnvelope<CatalogChanged>): Promise<void> {
    return handleOnce(this.uow, 'supply.catalogs', event, (em) => upsertCatalog(em, event.data, new Date(event.occurredAt)));
  }

  @EventPattern(ItemEvents.itemChanged)
  item(@Payload() event: EventEnvelope<ItemChanged>): Promise<void> {
    return handleOnce(this.uow, 'supply.items', event, (em) => upsertItem(em, event.data, new Date(event.occurredAt)));
  }

  /** Each event replaces the user's restrictions in the company (the full current set). */
  @EventPattern(IdentityEvents.restrictionsChanged)
  restrictions(@Payload() event: EventEnvelope<RestrictionsChanged>): Promise<void> {
    return handleOnce(this.uow, 'supply.restrictions', event, (em) => replaceRestrictionCopies(em, RestrictionCopy, event.data));
  }
}
