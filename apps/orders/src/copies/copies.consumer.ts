import { Inject } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
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
import { BusController, claimInbox, type EventEnvelope } from '@kanban/messaging';
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

  private async once(consumer: string, event: EventEnvelope<{ company_id: number }>, work: (em: EntityManager) => Promise<void>): Promise<void> {
    await this.uow.forCompany(event.data.company_id).write(async (em) => {
      if (!(await claimInbox(em, consumer, event.id))) return;
      await work(em);
    });
  }

  @EventPattern(ItemEvents.itemChanged)
  item(@Payload() event: EventEnvelope<ItemChangedForOrders>): Promise<void> {
    return this.once('orders.items', event, (em) => upsertItem(em, event.data, new Date(event.occurredAt)));
  }

  @EventPattern(LocationEvents.locationChanged)
  location(@Payload() event: EventEnvelope<LocationChangedForOrders>): Promise<void> {
    return this.once('orders.locations', event, (em) => upsertLocation(em, event.data, new Date(event.occurredAt)));
  }

  @EventPattern(CatalogEvents.customerChanged)
  customer(@Payload() event: EventEnvelope<CustomerChangedForOrders>): Promise<void> {
    return this.once('orders.customers', event, (em) => upsertCustomer(em, event.data, new Date(event.occurredAt), !!event.data.deleted));
  }

  @EventPattern(CatalogEvents.supplierChanged)
  supplier(@Payload() event: EventEnvelope<SupplierChanged>): Promise<void> {
    return this.once('orders.suppliers', event, (em) => upsertSupplier(em, event.data, new Date(event.occurredAt), !!event.data.deleted));
  }

  @EventPattern(ItemEvents.catalogChanged)
  catalog(@Payload() event: EventEnvelope<CatalogChanged>): Promise<void> {
    return this.once('orders.catalogs', event, (em) => upsertCatalog(em, event.data, new Date(event.occurredAt), !!event.data.deleted));
  }

  @EventPattern(ItemEvents.subscriptionChanged)
  subscription(@Payload() event: EventEnvelope<SubscriptionChanged>): Promise<void> {
    return this.once('orders.subscriptions', event, (em) => upsertSubscription(em, event.data, new Date(event.occurredAt)));
  }

  /** Each event replaces the user's restrictions in the company (the full current set). */
  @EventPattern(IdentityEvents.restrictionsChanged)
  restrictions(@Payload() event: EventEnvelope<RestrictionsChanged>): Promise<void> {
    const { company_id: companyId, user_id: userId, restrictions } = event.data;
    return this.once('orders.restrictions', event, async (em) => {
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
