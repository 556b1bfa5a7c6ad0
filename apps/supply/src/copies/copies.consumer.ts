import { Payload } from '@nestjs/microservices';
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
import { BusController, DeadLetters, type EventEnvelope, OnEvent, replaceRestrictionCopies } from '@kanban/messaging';
import { RestrictionCopy } from './copies.entity';
import { upsertCatalog, upsertCustomer, upsertItem, upsertLocation, upsertSupplier } from './copies';

/**
 * Keeps the supply service's copy of the catalog's names (customers, suppliers, locations, catalogs with their
 * external id, items' catalogs) and of identity's access restrictions. Each event is claimed once in the inbox
 * and written with its time as version (durable consumers: acknowledged only after the commit).
 */
@BusController()
export class CopiesConsumer {
  /** each event's handler, counted as a dead letter after EVENT_MAX_FAILURES failures (DeadLetters) */
  private readonly on;

  constructor(deadLetters: DeadLetters) {
    this.on = {
      customer: deadLetters.once<CustomerChanged>('supply.customers', (em, event) => upsertCustomer(em, event.data, new Date(event.occurredAt))),
      supplier: deadLetters.once<SupplierChanged>('supply.suppliers', (em, event) => upsertSupplier(em, event.data, new Date(event.occurredAt))),
      location: deadLetters.once<LocationChanged>('supply.locations', (em, event) => upsertLocation(em, event.data, new Date(event.occurredAt))),
      catalog: deadLetters.once<CatalogChanged>('supply.catalogs', (em, event) => upsertCatalog(em, event.data, new Date(event.occurredAt))),
      item: deadLetters.once<ItemChanged>('supply.items', (em, event) => upsertItem(em, event.data, new Date(event.occurredAt))),
      restrictions: deadLetters.once<RestrictionsChanged>('supply.restrictions', (em, event) => replaceRestrictionCopies(em, RestrictionCopy, event.data)),
    };
  }

  @OnEvent(CatalogEvents.customerChanged)
  customer(@Payload() event: EventEnvelope<CustomerChanged>): Promise<void> {
    return this.on.customer(event);
  }

  @OnEvent(CatalogEvents.supplierChanged)
  supplier(@Payload() event: EventEnvelope<SupplierChanged>): Promise<void> {
    return this.on.supplier(event);
  }

  @OnEvent(LocationEvents.locationChanged)
  location(@Payload() event: EventEnvelope<LocationChanged>): Promise<void> {
    return this.on.location(event);
  }

  @OnEvent(ItemEvents.catalogChanged)
  catalog(@Payload() event: EventEnvelope<CatalogChanged>): Promise<void> {
    return this.on.catalog(event);
  }

  @OnEvent(ItemEvents.itemChanged)
  item(@Payload() event: EventEnvelope<ItemChanged>): Promise<void> {
    return this.on.item(event);
  }

  /** Each event replaces the user's restrictions in the company (the full current set). */
  @OnEvent(IdentityEvents.restrictionsChanged)
  restrictions(@Payload() event: EventEnvelope<RestrictionsChanged>): Promise<void> {
    return this.on.restrictions(event);
  }
}
