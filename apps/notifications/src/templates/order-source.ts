import { Injectable } from '@nestjs/common';
import { AppError, ProtocolCode } from '@kanban/access';
import type { CatalogDto, CompanyCaller, ContactDto, ContactParent, ItemDto, KanbanRuleDto, OrderDto } from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { buildOrderDocument, type DocEvent, sampleOrderDocument, type OrderDocument } from '@kanban/notify-templates';

/** The document a template is rendered on, and which order it is (null: the sample order). */
export interface PreviewDocument {
  document: OrderDocument;
  orderId: number | null;
  sample: boolean;
}

/** Items, rules and catalogs asked for at most, per order (a longer order renders its further lines from the line's own data). */
const MAX_LOOKUPS = 200;

/** A read that may find nothing (a deleted item or rule): null instead of 404. */
async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof AppError && error.code === ProtocolCode.NotFound) return null;
    throw error;
  }
}

const distinct = (values: (number | null | undefined)[]): number[] => [...new Set(values.filter((v): v is number => typeof v === 'number'))].slice(0, MAX_LOOKUPS);

/**
 * Fetches an order with everything around it over the bus, as the caller (the orders, catalog and identity services
 * apply the caller's rights and restrictions): the order with its lines (orders), the company (identity), customer,
 * location, supplier, the lines' items and catalogs (catalog) and kanban rules (orders), and builds the document of
 * libs/notify-templates. Asked outside any transaction (house rule).
 */
@Injectable()
export class OrderSource {
  constructor(private readonly bus: ServiceBus) {}

  /** `orderId`, else the company's latest order; the sample order when the company has none. */
  async document(caller: CompanyCaller, orderId: number | undefined): Promise<PreviewDocument> {
    const id = orderId ?? (await this.latestOrderId(caller));
    if (id === null) return { document: sampleOrderDocument(new Date()), orderId: null, sample: true };
    const order = await this.bus.request('orders.order.get', { caller, scope: {}, orderId: id });
    return { document: await this.build(caller, order), orderId: order.id, sample: false };
  }

  private async latestOrderId(caller: CompanyCaller): Promise<number | null> {
    const page = await this.bus.request('orders.order.list', { caller, scope: {}, query: { days: 3650, sort: 'created_at', order: 'desc', page: 1, per_page: 1 } });
    return page.items[0]?.id ?? null;
  }

  /** The document of an order already fetched (the delivery renders a supplier's lines only this way). */
  async build(caller: CompanyCaller, order: OrderDto): Promise<OrderDocument> {
    const lines = order.lines ?? [];
    const catalogKeys = new Map<number, number>(); // catalog id -> supplier id
    for (const line of lines) if (line.catalog_id !== null && line.supplier_id !== null && catalogKeys.size < MAX_LOOKUPS) catalogKeys.set(line.catalog_id, line.supplier_id);
    // the contact: the supplier's main contact (the customer's for an order without a supplier); the user: who placed
    // the order (none for an automatic run)
    const contactOf: ContactParent = order.supplier_id !== null ? { kind: 'supplier', id: order.supplier_id } : { kind: 'customer', id: order.customer_id };
    const [company, customer, location, supplier, items, rules, catalogs, contact, user] = await Promise.all([
      this.bus.request('identity.company.get', { caller }),
      orNull(this.bus.request('catalog.customer.get', { caller, customerId: order.customer_id })),
      orNull(this.bus.request('catalog.location.get', { caller, customerId: order.customer_id, locationId: order.location_id })),
      order.supplier_id === null ? Promise.resolve(null) : orNull(this.bus.request('catalog.supplier.get', { caller, supplierId: order.supplier_id })),
      Promise.all(distinct(lines.map((l) => l.item_id)).map((itemId) => orNull(this.bus.request('catalog.item.get', { caller, scope: {}, itemId })))),
      Promise.all(distinct(lines.map((l) => l.rule_id)).map((ruleId) => orNull(this.bus.request('orders.rule.get', { caller, ruleId })))),
      Promise.all([...catalogKeys].map(([catalogId, supplierId]) => orNull(this.bus.request('catalog.catalog.get', { caller, supplierId, catalogId })))),
      this.mainContact(caller, contactOf),
      order.created_by === null || order.created_by === undefined ? Promise.resolve(null) : orNull(this.bus.request('identity.users.get', { caller, userId: order.created_by })),
    ]);
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
    });
  }

  /** The main contact of a customer or supplier (null: none, or the parent is gone or hidden). */
  private async mainContact(caller: CompanyCaller, parent: ContactParent): Promise<ContactDto | null> {
    const page = await orNull(this.bus.request('catalog.contact.list', { caller, parent, query: { page: 1, per_page: 100 } }));
    return page?.items.find((c) => c.main) ?? null;
  }

  /**
   * The document of an event without an order (journal entry, sensor alarm): the company, the customer and location
   * it names (when it names them and they still exist), an empty order (id 0, no lines) and the event.
   */
  async buildForEvent(caller: CompanyCaller, place: { customerId: number | null; locationId: number | null }, event: DocEvent): Promise<OrderDocument> {
    const { customerId, locationId } = place;
    const [company, customer, location] = await Promise.all([
      this.bus.request('identity.company.get', { caller }),
      customerId === null ? Promise.resolve(null) : orNull(this.bus.request('catalog.customer.get', { caller, customerId })),
      customerId === null || locationId === null ? Promise.resolve(null) : orNull(this.bus.request('catalog.location.get', { caller, customerId, locationId })),
    ]);
    return buildOrderDocument({
      company,
      order: { id: 0, date: event.at.slice(0, 10), created: event.at, customer_id: customerId ?? 0, location_id: locationId ?? 0, lines: [] },
      customer: customer ?? { id: customerId ?? 0, name: '' },
      location: location ?? { id: locationId ?? 0, name: '' },
      event,
    });
  }
}
