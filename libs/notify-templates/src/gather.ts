import { AppError, ProtocolCode } from '@kanban/access';
import type {
  BusReply,
  BusRequest,
  BusSubject,
  CatalogDto,
  CompanyCaller,
  ContactDto,
  ContactParent,
  ItemDto,
  KanbanRuleDto,
  OrderDto,
} from '@kanban/contracts';
import { buildOrderDocument, type OrderDocument, type StoragePlace } from './document';

/** How the order document is asked for: a bus request (`ServiceBus.request`, or anything with its signature). */
export type BusRequestFn = <S extends BusSubject>(subject: S, payload: BusRequest<S>) => Promise<BusReply<S>>;

/** A read that may find nothing (a deleted item, rule or supplier; a rule without a bin): null instead of 404. */
export async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof AppError && error.code === ProtocolCode.NotFound) return null;
    throw error;
  }
}

export interface GatherOptions {
  /**
   * Items, kanban rules (with their bins) and catalogs asked for at most, each (default: all). Lines beyond them are
   * written from the line's own data (sku, name, unit): the notifications bound their requests per order this way.
   */
  maxLookups?: number;
}

/**
 * An order with everything around it as the order document, gathered over the bus as the caller (the orders, catalog
 * and identity services apply the caller's rights and restrictions): the company (identity), customer, location,
 * supplier, the lines' items, catalogs and the bins the lines' rules sit in (catalog), the rules (orders), the main
 * contact of the supplier (of the customer for an order without one), the user who placed it. What cannot be found
 * is left out (null), as buildOrderDocument takes it. The one place both the notifications (template execute,
 * delivery) and the gateway's printing (delivery notes, order lines) build an order's document. Asked outside any
 * transaction (house rule).
 */
export async function gatherOrderDocument(request: BusRequestFn, caller: CompanyCaller, order: OrderDto, options: GatherOptions = {}): Promise<OrderDocument> {
  const max = options.maxLookups ?? Infinity;
  const lines = order.lines ?? [];
  const distinct = (values: (number | null | undefined)[]): number[] => [...new Set(values.filter((v): v is number => typeof v === 'number'))].slice(0, max);
  const catalogKeys = new Map<number, number>(); // catalog id -> supplier id
  for (const line of lines) if (line.catalog_id !== null && line.supplier_id !== null && catalogKeys.size < max) catalogKeys.set(line.catalog_id, line.supplier_id);
  // the contact: the supplier's main contact (the customer's for an order without a supplier); the user: who placed
  // the order (none for an automatic run)
  const contactOf: ContactParent = order.supplier_id !== null ? { kind: 'supplier', id: order.supplier_id } : { kind: 'customer', id: order.customer_id };
  const ruleIds = distinct(lines.map((l) => l.rule_id));
  const [company, customer, location, supplier, items, rules, bins, catalogs, contact, user] = await Promise.all([
    request('identity.company.get', { caller }),
    orNull(request('catalog.customer.get', { caller, customerId: order.customer_id })),
    orNull(request('catalog.location.get', { caller, customerId: order.customer_id, locationId: order.location_id })),
    order.supplier_id === null ? Promise.resolve(null) : orNull(request('catalog.supplier.get', { caller, supplierId: order.supplier_id })),
    Promise.all(distinct(lines.map((l) => l.item_id)).map((itemId) => orNull(request('catalog.item.get', { caller, scope: {}, itemId })))),
    Promise.all(ruleIds.map((ruleId) => orNull(request('orders.rule.get', { caller, ruleId })))),
    Promise.all(ruleIds.map((ruleId) => orNull(request('catalog.storage.bins.of_rule', { caller, ruleId })))),
    Promise.all([...catalogKeys].map(([catalogId, supplierId]) => orNull(request('catalog.catalog.get', { caller, supplierId, catalogId })))),
    mainContact(request, caller, contactOf),
    order.created_by === null || order.created_by === undefined ? Promise.resolve(null) : orNull(request('identity.users.get', { caller, userId: order.created_by })),
  ]);
  const places: Record<number, StoragePlace> = {};
  ruleIds.forEach((ruleId, i) => {
    const bin = bins[i];
    if (bin) places[ruleId] = { storage: { id: bin.storage_id, name: bin.storage_name }, bin_label: bin.label };
  });
  return buildOrderDocument({
    company,
    order,
    customer,
    location,
    supplier,
    contact,
    user,
    items: items.filter((i): i is ItemDto => i !== null),
    rules: rules.filter((r): r is KanbanRuleDto => r !== null),
    catalogs: catalogs.filter((c): c is CatalogDto => c !== null),
    places,
  });
}

/** The main contact of a customer or supplier (null: none, or the parent is gone or hidden). */
async function mainContact(request: BusRequestFn, caller: CompanyCaller, parent: ContactParent): Promise<ContactDto | null> {
  const page = await orNull(request('catalog.contact.list', { caller, parent, query: { page: 1, per_page: 100 } }));
  return page?.items.find((c) => c.main) ?? null;
}
