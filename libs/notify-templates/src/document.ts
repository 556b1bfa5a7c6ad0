import type {
  CatalogDto,
  CompanyDto,
  ContactDto,
  CustomerDto,
  ItemDto,
  KanbanRuleDto,
  LocationDto,
  OrderDto,
  OrderLineDto,
  StorageDto,
  SupplierDto,
  UserDto,
} from '@kanban/contracts';
import { extStatusText } from '@kanban/contracts';

/**
 * What a template or a built-in format renders: one order with everything around it, named as the product's
 * entities name their fields (libs/contracts), grouped by the spec's print placeholder families (company, contact,
 * customer, item, kanban rule, line, location, storage, supplier, user) plus the order itself.
 * Texts are never null ('' when unknown); numbers that may be unknown are null. docs/notifications.md
 * "Templates and placeholders" lists every field with an example.
 */
export interface OrderDocument {
  company: DocCompany;
  customer: DocCustomer;
  location: DocLocation;
  supplier: DocSupplier;
  /** the contact the message is for (a rule's recipient, else the supplier's main contact); null when none */
  contact: DocContact | null;
  /** the user whose action created the order (or who ran the rule); null for automatic runs */
  user: DocUser | null;
  order: DocOrder;
  lines: DocLine[];
  /** when the document was made (ISO time, UTC) */
  generated_at: string;
  /** ISO 4217 code when prices are involved; '' when unknown (the built-in formats then leave it out) */
  currency: string;
  /**
   * the notification event the message is about (docs/notification-templates.md "event"): for events without an
   * order (journal_entry, sensor_offline, sensor_alarm) the order is empty (id 0, no lines) and this is what there is
   */
  event: DocEvent;
}

/** The event a notification is sent for; `journal` and `sensor` are null unless the event is of that kind. */
export interface DocEvent {
  /** order_created, order_ok, …, journal_entry, sensor_offline, sensor_alarm ('' in a preview without an event) */
  kind: string;
  /** when it happened (ISO time, UTC) */
  at: string;
  /** one line saying what happened (English) */
  text: string;
  journal: DocJournalEntry | null;
  sensor: DocSensor | null;
}

export interface DocJournalEntry {
  id: number;
  /** the journal code (2000-2006, …) */
  code: number;
  message: string;
  /** the entry's message key (order_no_supplier, sensor_offline, …; '' when none) */
  message_key: string;
  /** the order it is about, null when none */
  order_id: number | null;
}

export interface DocSensor {
  id: number;
  name: string;
  external_id: string;
  /** offline, battery_low */
  alarm: string;
  /** the last reported battery in %, null when unknown */
  battery: number | null;
  /** the last reading (ISO time), '' when it never reported */
  last_seen_at: string;
  interval_minutes: number;
  /** where it sits: storage and bin labels, comma separated */
  places: string;
}

export interface DocAddress {
  street: string;
  postal: string;
  city: string;
  state: string;
  country_iso: string;
}

export interface DocCompany extends DocAddress {
  id: number;
  name: string;
  nr: string;
  extended: string;
  /** IANA time zone the company's dates are shown in (default Europe/Berlin) */
  timezone: string;
}

export interface DocCustomer extends DocAddress {
  id: number;
  name: string;
  nr: string;
  extended: string;
  vat_id: string;
  auftragsnr: string;
  bediener: string;
}

export interface DocLocation extends DocAddress {
  id: number;
  name: string;
  nr: string;
  extended_name: string;
  description: string;
  cost_center: string;
  building: string;
  room: string;
  plant: string;
  site_code: string;
  recipient: string;
  trolley_number: string;
  r3_plant: string;
  account_assignment_number: string;
  account_assignment_type: string;
  ext_system_id: string;
}

export interface DocSupplier extends DocAddress {
  id: number | null;
  name: string;
  /** the supplier's catalog id (spec: nr) */
  nr: string;
  /** the supplier's number in an external system */
  ext_nr: string;
}

export interface DocContact {
  id: number;
  first_name: string;
  /** last name */
  name: string;
  /** first and last name */
  full_name: string;
  gender: string;
  job_title: string;
  email: string;
  tel_mobile: string;
  tel_office: string;
  salutation_line: string;
  ext_system_id: string;
}

export interface DocUser {
  id: number;
  first_name: string;
  last_name: string;
  full_name: string;
  initials: string;
  email: string;
  job_title: string;
  salutation: string;
}

export interface DocOrder {
  id: number;
  /** order day in the company's time zone (YYYY-MM-DD) */
  date: string;
  /** when it was created (ISO time) */
  created: string;
  comment: string;
  status: string;
  /** requisition or manual */
  source: string;
  /** 0 pending, 1 OK, -1 error */
  ext_status: number;
  /** KA, OK or FE */
  ext_status_text: string;
  /** the supplier's order number once received ('' before) */
  po_number: string;
  po_status: number;
  line_count: number;
  /** sum of the lines' quantities (order units) */
  total_quantity: number;
}

/** One order line with its item, kanban rule and storage place (the per-line placeholder families). */
export interface DocLine {
  pos: number;
  /** the item's number (SKU) */
  sku: string;
  /** the number in the supplier's catalog: the SKU for an item from a catalog, '' for an item without one */
  supplier_sku: string;
  /** the customer's own number for the item ('' when not set) */
  customer_sku: string;
  name: string;
  /** in order units */
  quantity: number;
  /** the order unit's code */
  unit: string;
  /** the catalog's name */
  catalog: string;
  /** the catalog's external system id */
  catalog_ext_id: string;
  /** expected delivery day (YYYY-MM-DD) */
  shipping: string;
  status: string;
  ext_status: number;
  item: DocItem;
  kanban_rule: DocKanbanRule | null;
  storage: DocStorage | null;
}

export interface DocItem {
  id: number;
  sku: string;
  name: string;
  description: string;
  customer_sku: string;
  material_number: string;
  material_group: string;
  unspsc: string;
  item_unit: string;
  order_unit: string;
  quantity_per_order_unit: number | null;
}

export interface DocKanbanRule {
  id: number;
  /** the code on the bin label */
  scan_code: string;
  /** item units */
  threshold: number;
  capacity: number;
  stock: number | null;
}

export interface DocStorage {
  id: number;
  /** the rack's name */
  name: string;
  description: string;
  /** the kind of bin the rack holds */
  bin_type: string;
  /** the label of the bin the line's rule sits in ('' when not placed in a bin) */
  bin: string;
}

/** Where a rule's item sits: its rack and the bin's label. */
export interface StoragePlace {
  storage: Pick<StorageDto, 'id' | 'name'> & Partial<Pick<StorageDto, 'description' | 'bin'>>;
  /** the bin's label (e.g. R1-03-02) */
  bin_label?: string;
}

type Some<T, K extends keyof T> = Pick<T, K> & Partial<Omit<T, K>>;

/** What the notifications service has at hand: the contract shapes of the orders, catalog and identity services. */
export interface OrderDocumentInput {
  company: Some<CompanyDto, 'id' | 'name'>;
  /** the order with its lines (the detail answer) */
  order: Some<Omit<OrderDto, 'lines'>, 'id' | 'date' | 'created' | 'customer_id' | 'location_id'> & { lines?: Some<OrderLineDto, 'pos' | 'item_id' | 'sku' | 'name' | 'quantity' | 'unit'>[] };
  customer?: Some<CustomerDto, 'id' | 'name'> | null;
  location?: Some<LocationDto, 'id' | 'name'> | null;
  supplier?: Some<SupplierDto, 'id' | 'name'> | null;
  contact?: Some<ContactDto, 'id' | 'name'> | null;
  user?: Some<UserDto, 'id'> | null;
  /** the lines' items (by id) */
  items?: Some<ItemDto, 'id' | 'sku' | 'name'>[];
  /** the lines' kanban rules (by the line's rule_id) */
  rules?: Some<KanbanRuleDto, 'id'>[];
  /** the catalogs (for their external ids) */
  catalogs?: Some<CatalogDto, 'id' | 'name'>[];
  /** where each rule sits (by kanban rule id) */
  places?: Record<number, StoragePlace>;
  /** the notification event (default: kind '', now, no journal entry, no sensor) */
  event?: Partial<DocEvent> | null;
  /** the supplier's order number once received */
  po_number?: string;
  currency?: string;
  /** default now */
  generated_at?: Date;
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function address(source: Partial<DocAddress> | null | undefined): DocAddress {
  return {
    street: text(source?.street),
    postal: text(source?.postal),
    city: text(source?.city),
    state: text(source?.state),
    country_iso: text(source?.country_iso),
  };
}

/** Builds the document from contract-shaped inputs; what is not given is '' (texts) or null (numbers, objects). */
export function buildOrderDocument(input: OrderDocumentInput): OrderDocument {
  const { order } = input;
  const items = new Map((input.items ?? []).map((item) => [item.id, item]));
  const rules = new Map((input.rules ?? []).map((rule) => [rule.id, rule]));
  const catalogs = new Map((input.catalogs ?? []).map((catalog) => [catalog.id, catalog]));
  const lines = [...(order.lines ?? [])].sort((a, b) => a.pos - b.pos);

  const docLines: DocLine[] = lines.map((line) => {
    const item = items.get(line.item_id);
    const catalogId = line.catalog_id ?? item?.catalog_id ?? null;
    const catalog = catalogId === null ? undefined : catalogs.get(catalogId);
    const ruleId = line.rule_id ?? null;
    const rule = ruleId === null ? undefined : rules.get(ruleId);
    const place = ruleId === null ? undefined : input.places?.[ruleId];
    return {
      pos: line.pos,
      sku: line.sku,
      supplier_sku: catalogId === null ? '' : line.sku,
      customer_sku: text(item?.customer_sku),
      name: line.name,
      quantity: line.quantity,
      unit: line.unit,
      catalog: text(line.catalog ?? catalog?.name),
      catalog_ext_id: text(catalog?.ext_system_id),
      shipping: text(line.shipping),
      status: text(line.status),
      ext_status: line.ext_status ?? 0,
      item: {
        id: line.item_id,
        sku: text(item?.sku ?? line.sku),
        name: text(item?.name ?? line.name),
        description: text(item?.description),
        customer_sku: text(item?.customer_sku),
        material_number: text(item?.material_number),
        material_group: text(item?.material_group),
        unspsc: text(item?.unspsc),
        item_unit: text(item?.item_unit ?? rule?.item?.item_unit),
        order_unit: text(item?.order_unit ?? line.unit),
        quantity_per_order_unit: num(item?.quantity_per_order_unit ?? rule?.item?.quantity_per_order_unit),
      },
      kanban_rule: rule
        ? { id: rule.id, scan_code: text(rule.scan_code), threshold: num(rule.threshold) ?? 0, capacity: num(rule.capacity) ?? 0, stock: num(rule.stock) }
        : null,
      storage: place
        ? {
            id: place.storage.id,
            name: place.storage.name,
            description: text(place.storage.description),
            bin_type: text(place.storage.bin),
            bin: text(place.bin_label),
          }
        : null,
    };
  });

  const extStatus = order.ext_status ?? 0;
  const contact = input.contact;
  const user = input.user;
  return {
    company: {
      id: input.company.id,
      name: input.company.name,
      nr: text(input.company.nr),
      extended: text(input.company.extended),
      ...address(input.company),
      timezone: text(input.company.timezone) || 'Europe/Berlin',
    },
    customer: {
      id: input.customer?.id ?? order.customer_id,
      name: text(input.customer?.name ?? order.customer),
      nr: text(input.customer?.nr),
      extended: text(input.customer?.extended),
      ...address(input.customer),
      vat_id: text(input.customer?.vat_id),
      auftragsnr: text(input.customer?.auftragsnr),
      bediener: text(input.customer?.bediener),
    },
    location: {
      id: input.location?.id ?? order.location_id,
      name: text(input.location?.name ?? order.location),
      nr: text(input.location?.nr),
      extended_name: text(input.location?.extended_name),
      description: text(input.location?.description),
      ...address(input.location),
      cost_center: text(input.location?.cost_center),
      building: text(input.location?.building),
      room: text(input.location?.room),
      plant: text(input.location?.plant),
      site_code: text(input.location?.site_code),
      recipient: text(input.location?.recipient),
      trolley_number: text(input.location?.trolley_number),
      r3_plant: text(input.location?.r3_plant),
      account_assignment_number: text(input.location?.account_assignment_number),
      account_assignment_type: text(input.location?.account_assignment_type),
      ext_system_id: text(input.location?.ext_system_id),
    },
    supplier: {
      id: input.supplier?.id ?? order.supplier_id ?? null,
      name: text(input.supplier?.name ?? order.supplier),
      nr: text(input.supplier?.nr),
      ext_nr: text(input.supplier?.ext_nr),
      ...address(input.supplier),
    },
    contact: contact
      ? {
          id: contact.id,
          first_name: text(contact.first_name),
          name: contact.name,
          full_name: [text(contact.first_name), contact.name].filter(Boolean).join(' '),
          gender: text(contact.gender),
          job_title: text(contact.job_title),
          email: text(contact.email),
          tel_mobile: text(contact.tel_mobile),
          tel_office: text(contact.tel_office),
          salutation_line: text(contact.salutation_line),
          ext_system_id: text(contact.ext_system_id),
        }
      : null,
    user: user
      ? {
          id: user.id,
          first_name: text(user.first_name),
          last_name: text(user.last_name),
          full_name: [text(user.first_name), text(user.last_name)].filter(Boolean).join(' '),
          initials: text(user.initials),
          email: text(user.email),
          job_title: text(user.job_title),
          salutation: text(user.salutation),
        }
      : null,
    order: {
      id: order.id,
      date: order.date,
      created: order.created,
      comment: text(order.comment),
      status: text(order.status),
      source: text(order.source),
      ext_status: extStatus,
      ext_status_text: text(order.ext_status_text) || extStatusText(extStatus),
      po_number: text(input.po_number ?? order.po_number),
      po_status: num(order.po_status) ?? 0,
      line_count: docLines.length,
      total_quantity: docLines.reduce((sum, line) => sum + line.quantity, 0),
    },
    lines: docLines,
    generated_at: (input.generated_at ?? new Date()).toISOString(),
    currency: text(input.currency).toUpperCase(),
    event: {
      kind: text(input.event?.kind),
      at: text(input.event?.at) || (input.generated_at ?? new Date()).toISOString(),
      text: text(input.event?.text),
      journal: input.event?.journal ?? null,
      sensor: input.event?.sensor ?? null,
    },
  };
}
