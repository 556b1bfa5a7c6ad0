import { Injectable } from '@nestjs/common';
import type { CompanyCaller, OrderDto } from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { buildOrderDocument, type DocEvent, gatherOrderDocument, orNull, sampleOrderDocument, type OrderDocument } from '@kanban/notify-templates';

/** The document a template is rendered on, and which order it is (null: the sample order). */
export interface PreviewDocument {
  document: OrderDocument;
  orderId: number | null;
  sample: boolean;
}

/** Items, rules and catalogs asked for at most, per order (a longer order renders its further lines from the line's own data). */
const MAX_LOOKUPS = 200;

/**
 * Fetches an order with everything around it over the bus, as the caller (the orders, catalog and identity services
 * apply the caller's rights and restrictions), and builds the document of libs/notify-templates
 * (gatherOrderDocument). Asked outside any transaction (house rule).
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

  /**
   * The document of an order already fetched (the delivery renders a supplier's lines only this way): gathered over
   * the bus by libs/notify-templates' gatherOrderDocument, as the gateway's printing gathers it, with at most
   * MAX_LOOKUPS items, rules and catalogs.
   */
  build(caller: CompanyCaller, order: OrderDto): Promise<OrderDocument> {
    return gatherOrderDocument(this.bus.request.bind(this.bus), caller, order, { maxLookups: MAX_LOOKUPS });
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
