import { Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  type CustomerOrderingFields,
  type ItemOrderingFields,
  type LocationOrderingFields,
  type ReplenishmentSnapshot,
  type ReplenishmentSnapshotRequest,
  ReplenishmentSubjects,
} from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { Catalog } from '../catalogs/catalog.entity';
import { Customer } from '../customers/customer.entity';
import { Item } from '../items/item.entity';
import { dateOf } from '../items/item.rules';
import { itemChanged } from '../items/item.mapper';
import { Location } from '../locations/location.entity';
import { locationChanged } from '../locations/location.mapper';
import { fullSchedule } from '../locations/location.rules';
import { Supplier } from '../suppliers/supplier.entity';

/**
 * What the orders service needs from the catalog for replenishment (docs/replenishment.md): the ordering
 * constraints of items and the delivery days and schedule of locations, added to the catalog's change events,
 * and a snapshot of named items and locations for its read model (rules created for records it has not seen
 * an event of, e.g. demo data or records older than the orders service).
 */
export function itemOrderingFields(item: Item): ItemOrderingFields {
  return {
    supplier_id: item.supplierId,
    item_unit: item.itemUnit,
    order_unit: item.orderUnit,
    quantity_per_order_unit: item.quantityPerOrderUnit,
    min_order_quantity: item.minOrderQuantity,
    max_order_quantity: item.maxOrderQuantity,
    order_quantity: item.orderQuantity,
    order_quantity_increment: item.orderQuantityIncrement,
    lead_time_days: item.leadTimeDays,
    transit_days: item.transitDays,
    contract_end_date: dateOf(item.contractEndDate),
    subscription_interval: item.subscriptionInterval,
    purchaseable: item.purchaseable,
    instant_delivery: item.instantDelivery,
    updated_at: item.updatedAt.toISOString(),
  };
}

export function customerOrderingFields(customer: Customer): CustomerOrderingFields {
  return {
    use_request_workflow: customer.useRequestWorkflow,
    use_backorder: customer.useBackorder,
    backorder_type: customer.backorderType,
    use_subscription: customer.useSubscription,
    automatic_restock_days: customer.automaticRestockDays,
    service_fee_item_id: customer.serviceFeeItemId,
    time_tracking_item_id: customer.timeTrackingItemId,
    show_stock_in_app: customer.showStockInApp,
    updated_at: customer.updatedAt.toISOString(),
  };
}

export function locationOrderingFields(location: Location): LocationOrderingFields {
  return {
    delivery_days: [...location.deliveryDays],
    schedule: fullSchedule(location.schedule),
    deltakanban: location.deltakanban,
    adhoc: location.adhoc,
    service_fee_item_id: location.serviceFeeItemId,
    service_fee_quantity: Number(location.serviceFeeQuantity),
    updated_at: location.updatedAt.toISOString(),
  };
}

/**
 * The snapshot of the items and locations the filters select (none: null) with their customers, suppliers and
 * catalogs, read through a company-scoped entity manager: what `catalog.replenishment.snapshot` answers, and what
 * the demo seed hands the orders and supply seeds for their read models (every item and location of the company).
 */
export async function replenishmentSnapshot(em: EntityManager, itemWhere: FilterQuery<Item> | null, locationWhere: FilterQuery<Location> | null): Promise<ReplenishmentSnapshot> {
  const items = itemWhere ? await em.find(Item, itemWhere, { orderBy: { id: 'asc' } }) : [];
  const locations = locationWhere ? await em.find(Location, locationWhere, { orderBy: { id: 'asc' } }) : [];
  const customerIds = [...new Set([...items.map((i) => i.customerId), ...locations.map((l) => l.customerId)])];
  const supplierIds = [...new Set(items.map((i) => i.supplierId).filter((id): id is number => id !== null))];
  const catalogIds = [...new Set(items.map((i) => i.catalogId).filter((id): id is number => id !== null))];
  const customers = customerIds.length ? await em.find(Customer, { id: { $in: customerIds } }) : [];
  const suppliers = supplierIds.length ? await em.find(Supplier, { id: { $in: supplierIds } }) : [];
  const catalogs = catalogIds.length ? await em.find(Catalog, { id: { $in: catalogIds } }) : [];
  return {
    items: items.map((i) => ({ ...itemChanged(i), ...itemOrderingFields(i) })),
    locations: locations.map((l) => ({ ...locationChanged(l), ...locationOrderingFields(l) })),
    customers: customers.map((c) => ({ id: c.id, company_id: c.companyId, name: c.name, inactive: c.inactive, ...customerOrderingFields(c) })),
    suppliers: suppliers.map((s) => ({ id: s.id, company_id: s.companyId, name: s.name, active: s.active, updated_at: s.updatedAt.toISOString() })),
    catalogs: catalogs.map((c) => ({ id: c.id, company_id: c.companyId, supplier_id: c.supplierId, name: c.name, ext_system_id: c.extSystemId, updated_at: c.updatedAt.toISOString() })),
  };
}

/** `catalog.replenishment.snapshot`: a system call of the orders service (no caller; it checks access itself). */
@BusController()
export class ReplenishmentHandler {
  constructor(@Inject(unitOfWorkToken('catalog')) private readonly uow: UnitOfWork) {}

  @Handles(ReplenishmentSubjects.snapshot)
  snapshot(@Payload() p: ReplenishmentSnapshotRequest): Promise<ReplenishmentSnapshot> {
    const itemIds = [...new Set(p.item_ids ?? [])].slice(0, 1000);
    const locationIds = [...new Set(p.location_ids ?? [])].slice(0, 1000);
    return this.uow.forCompany(p.company_id).read((em) =>
      replenishmentSnapshot(em, itemIds.length ? { id: { $in: itemIds } } : null, locationIds.length ? { id: { $in: locationIds } } : null),
    );
  }
}
