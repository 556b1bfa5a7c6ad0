import { Payload } from '@nestjs/microservices';
import {
  type CatalogChanged,
  CatalogEvents,
  type CustomerChangedForOrders,
  IdentityEvents,
  ItemEvents,
  type ItemChangedForOrders,
  LocationEvents,
  type LocationChangedForOrders,
  type RestrictionsChanged,
  type SubscriptionChanged,
  type SupplierChanged,
} from '@kanban/contracts';
import { BusController, DeadLetters, type EventEnvelope, OnEvent, replaceRestrictionCopies } from '@kanban/messaging';
import { RestrictionCopy } from './copies.entity';
import { upsertSubscription } from '../subscriptions/subscriptions.sql';
import { upsertCatalog, upsertCustomer, upsertItem, upsertLocation, upsertSupplier } from './copies';

/**
 * Keeps the orders service's copy of the catalog (items with their ordering constraints, locations with
 * delivery days and schedule, customers, suppliers, catalogs) and of identity's access restrictions. Each
 * event is claimed once in the inbox and written with its time as version (durable consumers: acknowledged
 * only after the commit).
 */
@BusController()
export class CopiesConsumer {
  /** each event's handler, counted as a dead letter after EVENT_MAX_FAILURES failures (DeadLetters) */
  private readonly on;

  constructor(deadLetters: DeadLetters) {
    this.on = {
      item: deadLetters.once<ItemChangedForOrders>('orders.items', (em, event) => upsertItem(em, event.data, new Date(event.occurredAt))),
      location: deadLetters.once<LocationChangedForOrders>('orders.locations', (em, event) => upsertLocation(em, event.data, new Date(event.occurredAt))),
      customer: deadLetters.once<CustomerChangedForOrders>('orders.customers', (em, event) => upsertCustomer(em, event.data, new Date(event.occurredAt), !!event.data.deleted)),
      supplier: deadLetters.once<SupplierChanged>('orders.suppliers', (em, event) => upsertSupplier(em, event.data, new Date(event.occurredAt), !!event.data.deleted)),
      catalog: deadLetters.once<CatalogChanged>('orders.catalogs', (em, event) => upsertCatalog(em, event.data, new Date(event.occurredAt), !!event.data.deleted)),
      subscription: deadLetters.once<SubscriptionChanged>('orders.subscriptions', (em, event) => upsertSubscription(em, event.data, new Date(event.occurredAt))),
      restrictions: deadLetters.once<RestrictionsChanged>('orders.restrictions', (em, event) => replaceRestrictionCopies(em, RestrictionCopy, event.data)),
    };
  }

  @OnEvent(ItemEvents.itemChanged)
  item(@Payload() event: EventEnvelope<ItemChangedForOrders>): Promise<void> {
    return this.on.item(event);
  }

  @OnEvent(LocationEvents.locationChanged)
  location(@Payload() event: EventEnvelope<LocationChangedForOrders>): Promise<void> {
    return this.on.location(event);
  }

  @OnEvent(CatalogEvents.customerChanged)
  customer(@Payload() event: EventEnvelope<CustomerChangedForOrders>): Promise<void> {
    return this.on.customer(event);
  }

  @OnEvent(CatalogEvents.supplierChanged)
  supplier(@Payload() event: EventEnvelope<SupplierChanged>): Promise<void> {
    return this.on.supplier(event);
  }

  @OnEvent(ItemEvents.catalogChanged)
  catalog(@Payload() event: EventEnvelope<CatalogChanged>): Promise<void> {
    return this.on.catalog(event);
  }

  @OnEvent(ItemEvents.subscriptionChanged)
  subscription(@Payload() event: EventEnvelope<SubscriptionChanged>): Promise<void> {
    return this.on.subscription(event);
  }

  /** Each event replaces the user's restrictions in the company (the full current set). */
  @OnEvent(IdentityEvents.restrictionsChanged)
  restrictions(@Payload() event: EventEnvelope<RestrictionsChanged>): Promise<void> {
    return this.on.restrictions(event);
  }
}
