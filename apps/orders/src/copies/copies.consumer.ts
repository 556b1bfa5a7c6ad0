import { Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
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
import { BusController, type EventEnvelope, handleOnce, replaceRestrictionCopies } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
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
  constructor(@Inject(unitOfWorkToken('orders')) private readonly uow: UnitOfWork) {}

  @EventPattern(ItemEvents.itemChanged)
  item(@Payload() event: EventEnvelope<ItemChangedForOrders>): Promise<void> {
    return handleOnce(this.uow, 'orders.items', event, (em) => upsertItem(em, event.data, new Date(event.occurredAt)));
  }

  @EventPattern(LocationEvents.locationChanged)
  location(@Payload() event: EventEnvelope<LocationChangedForOrders>): Promise<void> {
    return handleOnce(this.uow, 'orders.locations', event, (em) => upsertLocation(em, event.data, new Date(event.occurredAt)));
  }

  @EventPattern(CatalogEvents.customerChanged)
  customer(@Payload() event: EventEnvelope<CustomerChangedForOrders>): Promise<void> {
    return handleOnce(this.uow, 'orders.customers', event, (em) => upsertCustomer(em, event.data, new Date(event.occurredAt), !!event.data.deleted));
  }

  @EventPattern(CatalogEvents.supplierChanged)
  supplier(@Payload() event: EventEnvelope<SupplierChanged>): Promise<void> {
    return handleOnce(this.uow, 'orders.suppliers', event, (em) => upsertSupplier(em, event.data, new Date(event.occurredAt), !!event.data.deleted));
  }

  @EventPattern(ItemEvents.catalogChanged)
  catalog(@Payload() event: EventEnvelope<CatalogChanged>): Promise<void> {
    return handleOnce(this.uow, 'orders.catalogs', event, (em) => upsertCatalog(em, event.data, new Date(event.occurredAt), !!event.data.deleted));
  }

  @EventPattern(ItemEvents.subscriptionChanged)
  subscription(@Payload() event: EventEnvelope<SubscriptionChanged>): Promise<void> {
    return handleOnce(this.uow, 'orders.subscriptions', event, (em) => upsertSubscription(em, event.data, new Date(event.occurredAt)));
  }

  /** Each event replaces the user's restrictions in the company (the full current set). */
  @EventPattern(IdentityEvents.restrictionsChanged)
  restrictions(@Payload() event: EventEnvelope<RestrictionsChanged>): Promise<void> {
    return handleOnce(this.uow, 'orders.restrictions', event, (em) => replaceRestrictionCopies(em, RestrictionCopy, event.data));
  }
}
