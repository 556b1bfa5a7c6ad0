import { Injectable } from '@nestjs/common';
import { AppError, ErrorCode, ProtocolCode } from '@kanban/access';
import type { CompanyCaller, CompanyDto, CustomerDto, KanbanRuleDto, LocationDto, SupplierDto } from '@kanban/contracts';
import { labelDataFromOrderDocument, type LabelData, type LabelNode, type LabelTemplate, lineLabelData, type PrintLabel } from '@kanban/labels';
import { ServiceBus } from '@kanban/messaging';
import { buildOrderDocument, gatherOrderDocument, orNull, type OrderDocument, type StoragePlace } from '@kanban/notify-templates';
import { ImagesService } from '../images/images.service';

/** Rules, items and bins asked for at once while labels are made (one chunk of the stream). */
const CHUNK = 25;
const PER_PAGE = 200;

/** Which kanban rules print item labels. */
export interface RuleFilter {
  customerId?: number;
  locationId?: number;
  supplierId?: number;
  ruleIds?: number[];
  itemIds?: number[];
}

/**
 * The number of kanban cards of a rule: the containers in circulation when each card orders what fills a bin from
 * the reorder point to the fill-up level, ⌈capacity ÷ (capacity − threshold)⌉ (a two-bin rule, threshold half the
 * capacity: 2), at least 1 and at most 1000.
 */
/** The fixed image keys a template draws (`<image src="item">`, `company.logo`), inside conditions and repeats too. */
export function imageKeys(template: LabelTemplate): Set<string> {
  const keys = new Set<string>();
  const walk = (nodes: LabelNode[]): void => {
    for (const node of nodes) {
      if (node.kind === 'image' && node.src.every((part) => typeof part === 'string')) keys.add(node.src.join(''));
      if (node.kind === 'if' || node.kind === 'each') walk(node.children);
    }
  };
  walk(template.nodes);
  return keys;
}

/** Pixels an entity image is fetched at for a label (the renderer scales it down to the job's dpi). */
const LABEL_IMAGE_PIXELS = 1024;

export function kanbanCards(rule: Pick<KanbanRuleDto, 'capacity' | 'threshold'>): number {
  const batch = rule.capacity - rule.threshold;
  if (!(rule.capacity > 0) || !(batch > 0)) return 1;
  return Math.min(1000, Math.max(1, Math.ceil(rule.capacity / batch - 1e-9)));
}

/**
 * Gathers what labels are printed from, over the bus and as the caller (the catalog, orders and identity services
 * apply the caller's rights and restrictions: a customer user sees their customer only), and makes libs/labels'
 * LabelData with the field names of the order document (libs/notify-templates), as the notifications do
 * (apps/notifications/src/templates/order-source.ts). Lists are read page by page; the labels' details (items, bins,
 * suppliers) are fetched chunk by chunk while the PDF is written, so a large job is never held whole.
 */
@Injectable()
export class PrintSource {
  constructor(
    private readonly bus: ServiceBus,
    private readonly images: ImagesService,
  ) {}

  /** The bytes behind an image url (`/api/image/{key}`) from the blob store, or null when they are gone. */
  private async imageBytes(url: string | undefined): Promise<Buffer | null> {
    const key = url ? /\/api\/image\/([0-9a-f]{32})/.exec(url)?.[1] : undefined;
    if (!key) return null;
    try {
      return (await this.images.fitted(key, LABEL_IMAGE_PIXELS)).data;
    } catch (error) {
      if (error instanceof AppError && error.code === ProtocolCode.NotFound) return null;
      throw error;
    }
  }

  /** The company's logo (its selected image, else its first) for `company.logo`, or null. */
  async companyLogo(company: CompanyDto): Promise<Buffer | null> {
    const image = company.images?.find((i) => i.selected) ?? company.images?.[0];
    return this.imageBytes(image?.url);
  }

  /** An item's image for labels: the one chosen for labels, else the selected one, else the first; null when none. */
  async itemImage(caller: CompanyCaller, itemId: number): Promise<Buffer | null> {
    const list = await orNull(this.bus.request('catalog.image.list', { caller, owner: { field: 'item_id', id: itemId } }));
    const image = list?.find((i) => i.selected_label) ?? list?.find((i) => i.selected) ?? list?.[0];
    return this.imageBytes(image?.url);
  }

  company(caller: CompanyCaller): Promise<CompanyDto> {
    return this.bus.request('identity.company.get', { caller });
  }

  customer(caller: CompanyCaller, customerId: number): Promise<CustomerDto> {
    return this.bus.request('catalog.customer.get', { caller, customerId });
  }

  location(caller: CompanyCaller, customerId: number, locationId: number): Promise<LocationDto> {
    return this.bus.request('catalog.location.get', { caller, customerId, locationId });
  }

  supplier(caller: CompanyCaller, supplierId: number): Promise<SupplierDto> {
    return this.bus.request('catalog.supplier.get', { caller, supplierId });
  }

  /** The kanban rules of the filter, all pages; named rules or items that are not there answer 1000 naming them. */
  async rules(caller: CompanyCaller, filter: RuleFilter): Promise<KanbanRuleDto[]> {
    const named = filter.ruleIds && filter.ruleIds.length > 0;
    const out: KanbanRuleDto[] = [];
    const ruleIds = named ? new Set(filter.ruleIds) : null;
    const itemIds = filter.itemIds && filter.itemIds.length > 0 ? new Set(filter.itemIds) : null;
    for (let page = 1; ; page++) {
      const found = await this.bus.request('orders.rule.list', {
        caller,
        query: {
          customer_id: filter.customerId,
          location_id: filter.locationId,
          supplier_id: filter.supplierId,
          item_id: itemIds?.size === 1 ? [...itemIds][0] : undefined,
          // named rules print even when inactive; otherwise the active ones
          all: named ? true : undefined,
          sort: 'sku',
          order: 'asc',
          page,
          per_page: PER_PAGE,
        },
      });
      for (const rule of found.items)
        if ((!ruleIds || ruleIds.has(rule.id)) && (!itemIds || itemIds.has(rule.item_id))) out.push(rule);
      if (found.items.length < PER_PAGE || page * PER_PAGE >= found.total) break;
    }
    if (ruleIds) {
      const seen = new Set(out.map((r) => r.id));
      const missing = [...ruleIds].filter((id) => !seen.has(id));
      if (missing.length > 0)
        throw AppError.validation('rule_ids', `no kanban rule ${missing.slice(0, 10).join(', ')} here (${missing.length} not found)`);
    }
    if (itemIds) {
      const seen = new Set(out.map((r) => r.item_id));
      const missing = [...itemIds].filter((id) => !seen.has(id));
      if (missing.length > 0)
        throw AppError.validation('item_ids', `no kanban rule of item ${missing.slice(0, 10).join(', ')} here (${missing.length} without one)`);
    }
    return out;
  }

  /** The labels of rules (item, rule, storage place, location, customer, supplier, company), made chunk by chunk. */
  async *ruleLabels(
    caller: CompanyCaller,
    rules: KanbanRuleDto[],
    copiesOf: (rule: KanbanRuleDto) => number,
    options: { itemImages?: boolean } = {},
  ): AsyncGenerator<PrintLabel> {
    const company = await this.company(caller);
    const customers = new Map<number, Promise<CustomerDto | null>>();
    const locations = new Map<string, Promise<LocationDto | null>>();
    const suppliers = new Map<number, Promise<SupplierDto | null>>();
    const cached = <K, V>(map: Map<K, Promise<V>>, key: K, read: () => Promise<V>): Promise<V> => {
      let hit = map.get(key);
      if (!hit) map.set(key, (hit = read()));
      return hit;
    };
    for (let at = 0; at < rules.length; at += CHUNK) {
      const chunk = rules.slice(at, at + CHUNK);
      const made = await Promise.all(
        chunk.map(async (rule) => {
          const supplierId = rule.item.supplier_id;
          const [item, bin, customer, location, supplier, image] = await Promise.all([
            orNull(this.bus.request('catalog.item.get', { caller, scope: { customerId: rule.customer_id }, itemId: rule.item_id })),
            orNull(this.bus.request('catalog.storage.bins.of_rule', { caller, ruleId: rule.id })),
            cached(customers, rule.customer_id, () => orNull(this.customer(caller, rule.customer_id))),
            cached(locations, `${rule.customer_id}/${rule.location_id}`, () => orNull(this.location(caller, rule.customer_id, rule.location_id))),
            supplierId === null ? Promise.resolve(null) : cached(suppliers, supplierId, () => orNull(this.supplier(caller, supplierId))),
            options.itemImages ? this.itemImage(caller, rule.item_id) : Promise.resolve(null),
          ]);
          const places: Record<number, StoragePlace> = bin
            ? { [rule.id]: { storage: { id: bin.storage_id, name: bin.storage_name }, bin_label: bin.label } }
            : {};
          const doc = buildOrderDocument({
            company,
            order: {
              id: 0,
              date: '',
              created: '',
              customer_id: rule.customer_id,
              location_id: rule.location_id,
              supplier_id: supplierId,
              lines: [
                {
                  pos: 1,
                  item_id: rule.item_id,
                  sku: item?.sku ?? rule.item.sku,
                  name: item?.name ?? rule.item.name,
                  quantity: rule.capacity - rule.threshold,
                  unit: rule.item.order_unit,
                  rule_id: rule.id,
                  catalog_id: rule.item.catalog_id,
                },
              ],
            },
            customer: customer ?? { id: rule.customer_id, name: rule.customer.name },
            location: location ?? { id: rule.location_id, name: rule.location.name },
            supplier,
            items: [item ?? { id: rule.item_id, sku: rule.item.sku, name: rule.item.name, item_unit: rule.item.item_unit, order_unit: rule.item.order_unit }],
            rules: [rule],
            places,
          });
          const data: LabelData = { ...lineLabelData(doc)[0]!, order: null, ...(image ? { images: { item: image } } : {}) };
          return { data, copies: copiesOf(rule) } satisfies PrintLabel;
        }),
      );
      yield* made;
    }
  }

  /** Location labels: the named locations of the customer (each checked), else its active ones. */
  async locationLabels(caller: CompanyCaller, customerId: number, locationIds: number[] | undefined): Promise<LabelData[]> {
    const [company, customer] = await Promise.all([this.company(caller), this.customer(caller, customerId)]);
    let locations: LocationDto[];
    if (locationIds && locationIds.length > 0) {
      const found = await Promise.all(locationIds.map((id) => orNull(this.location(caller, customerId, id))));
      const missing = locationIds.filter((_, i) => found[i] === null);
      if (missing.length > 0)
        throw AppError.validation('location_ids', `no location ${missing.slice(0, 10).join(', ')} at this customer (${missing.length} not found)`);
      locations = found as LocationDto[];
    } else {
      locations = [];
      for (let page = 1; ; page++) {
        const found = await this.bus.request('catalog.location.list', { caller, customerId, query: { page, per_page: PER_PAGE, sort: 'name', order: 'asc' } });
        locations.push(...found.items);
        if (found.items.length < PER_PAGE || page * PER_PAGE >= found.total) break;
      }
    }
    return locations.map((location) => {
      const doc = buildOrderDocument({
        company,
        order: { id: 0, date: '', created: '', customer_id: customerId, location_id: location.id, lines: [] },
        customer,
        location,
      });
      return { company: { ...doc.company }, customer: { ...doc.customer }, location: { ...doc.location } };
    });
  }

  /** An order with everything around it as the order document (libs/notify-templates gatherOrderDocument, as the notifications build it). */
  async orderDocument(caller: CompanyCaller, scope: { customerId: number; locationId?: number }, orderId: number, onlySupplier?: number): Promise<OrderDocument> {
    const order = await this.bus.request('orders.order.get', { caller, scope, orderId });
    const lines = (order.lines ?? []).filter((l) => onlySupplier === undefined || l.supplier_id === onlySupplier);
    return gatherOrderDocument(this.bus.request.bind(this.bus), caller, { ...order, lines, supplier_id: onlySupplier ?? order.supplier_id });
  }

  /** The delivery note's data (the order document with its lines). */
  static noteData(doc: OrderDocument): LabelData {
    return labelDataFromOrderDocument(doc);
  }

  /** One label per order line (N copies per line by the caller's rule). */
  static lineData(doc: OrderDocument): LabelData[] {
    return lineLabelData(doc);
  }
}

/** 1000 naming the template when its type does not print this kind of label. */
export function wrongTemplate(type: string, kind: string, accepted: readonly string[]): AppError {
  return new AppError(ErrorCode.Validation, `template_id: a ${kind} template cannot print ${type} labels (it needs ${accepted.join(' or ')})`, {
    field: 'template_id',
  });
}
