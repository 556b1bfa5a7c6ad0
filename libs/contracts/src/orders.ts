import type { BackorderType, CustomerChanged } from './catalog';
import type { CompanyCaller, ListQuery } from './identity';
import type { ItemChanged } from './items';
import type { LocationChanged, LocationSchedule, Weekday } from './locations';
import type { OrderEventCode } from './order-events';

/** Request/reply subjects served by the orders service. */
export const OrdersSubjects = {
  health: 'orders.health',
  listRules: 'orders.rule.list',
  getRule: 'orders.rule.get',
  createRule: 'orders.rule.create',
  updateRule: 'orders.rule.update',
  deleteRule: 'orders.rule.delete',
  toggleRule: 'orders.rule.toggle_active',
  executeRule: 'orders.rule.execute',
  setStock: 'orders.rule.set_stock',
  scan: 'orders.rule.scan',
  stockHistory: 'orders.rule.stock_history',
  decisionHistory: 'orders.rule.decision_history',
  /** the rule's stock changes and order lines over a period with threshold and capacity (the fill-level chart; fill-level.ts) */
  fillHistory: 'orders.rule.fill_history',
  listOrders: 'orders.order.list',
  getOrder: 'orders.order.get',
  updateOrder: 'orders.order.update',
  createOrder: 'orders.order.create',
  listRequests: 'orders.request.list',
  getRequest: 'orders.request.get',
  confirmRequest: 'orders.request.confirm',
  rejectRequest: 'orders.request.reject',
  /** an order's attachment (docs/replenishment.md "Attachments and pictures"): the gateway holds the bytes, these record them */
  setAttachment: 'orders.order.attachment.set',
  removeAttachment: 'orders.order.attachment.remove',
  getAttachment: 'orders.order.attachment.get',
  addOrderImage: 'orders.order.image.add',
  getOrderImage: 'orders.order.image.get',
  removeOrderImage: 'orders.order.image.remove',
  /** a service visit at the order's location recorded with its minutes (docs/ordering-flags.md "Time tracking") */
  recordTimeTracking: 'orders.order.timetracking',
  /** the kanban rules of an item (a system call of the catalog before it disables or deletes the item) */
  rulesOfItem: 'orders.rules.of_item',
} as const;

/** Durable events published by the orders service (JetStream stream EVT_orders). */
export const OrdersEvents = {
  /** an order was created (by a requisition run); supplies and notifications react to it */
  orderCreated: 'evt.orders.created',
  /**
   * something about an order a notification rule may react to (OrderNotice; docs/notifications.md "Delivery"): set
   * OK, created as a request waiting for approval, a request confirmed or rejected, its order queue entry in error
   */
  orderNotice: 'evt.orders.order_notice',
  /** a journal entry was written (JournalEntryWritten; every writer: a database trigger puts it into the outbox) */
  journalEntry: 'evt.orders.journal_entry',
} as const;

/** The notification events evt.orders.order_notice carries (names of NOTIFICATION_EVENTS). */
export const ORDER_NOTICE_EVENTS = ['order_ok', 'request_waiting', 'request_confirmed', 'request_rejected', 'orderqueue_error'] as const;
export type OrderNoticeEvent = (typeof ORDER_NOTICE_EVENTS)[number];

/** evt.orders.order_notice: published through the outbox in the transaction of the change. */
export interface OrderNotice {
  company_id: number;
  order_id: number;
  customer_id: number;
  location_id: number;
  supplier_id: number | null;
  event: OrderNoticeEvent;
  /** when it happened (ISO time) */
  at: string;
  /** who did it; null for runs and the scheduler */
  user_id: number | null;
  /** request_rejected: the reason given; orderqueue_error: the entry's error code and message */
  reason?: string | null;
  error?: { code: number; message: string } | null;
}

/**
 * evt.orders.journal_entry: a journal entry as written (orders.journal_entry), put into the outbox by the table's
 * trigger in the writing transaction (so entries of set-based statements are announced too).
 */
export interface JournalEntryWritten {
  id: number;
  company_id: number;
  code: number;
  message: string;
  message_key: string | null;
  params: Record<string, unknown> | null;
  run_id: number | null;
  rule_id: number | null;
  order_id: number | null;
  customer_id: number | null;
  location_id: number | null;
  /** the service whose dead letter it is (null for other entries) */
  dead_letter_service: string | null;
  created_at: string;
}

/**
 * What the catalog answers the orders service for its read model (`catalog.replenishment.snapshot`): the
 * current state of the named items and locations with their customers, suppliers and catalogs, in the
 * shape of the catalog's change events. A system call (no caller): the orders service checks access itself.
 */
export const ReplenishmentSubjects = {
  snapshot: 'catalog.replenishment.snapshot',
} as const;

// ---------------------------------------------------------------------------------------------------------
// The catalog's events, as the orders service reads them
// ---------------------------------------------------------------------------------------------------------

/** The ordering constraints of an item: what the catalog adds to evt.catalog.item_changed for replenishment. */
export interface ItemOrderingFields {
  supplier_id: number | null;
  item_unit: string;
  order_unit: string;
  quantity_per_order_unit: number;
  min_order_quantity: number;
  /** 0 = no maximum */
  max_order_quantity: number;
  order_quantity: number;
  order_quantity_increment: number;
  lead_time_days: number;
  transit_days: number;
  contract_end_date: string | null;
  /** days between subscription orders; 0 = no subscription */
  subscription_interval: number;
  purchaseable: boolean;
  instant_delivery: boolean;
  updated_at: string;
}

/**
 * evt.catalog.item_changed as published since issue 5: the ordering fields are present on every create,
 * change and delete; the periodic contract-end job sends only the base fields (then only `disabled` changed).
 */
export type ItemChangedForOrders = ItemChanged & Partial<ItemOrderingFields>;

/** What the catalog adds to evt.catalog.location_changed for replenishment. */
export interface LocationOrderingFields {
  delivery_days: Weekday[];
  schedule: LocationSchedule;
  /** on: rules fill up to capacity (the consumed difference); off: classic kanban, the item's fixed order quantity */
  deltakanban?: boolean;
  /** on: an order by hand may carry items without a kanban rule at the location (ad-hoc demand) */
  adhoc?: boolean;
  /** the location's service fee item (overrides the customer's) */
  service_fee_item_id?: number | null;
  /** the service fee line's quantity on each order of the location (spec: EUR); 0 = no service fee */
  service_fee_quantity?: number;
  updated_at: string;
}

export type LocationChangedForOrders = LocationChanged & Partial<LocationOrderingFields>;

/** What the catalog adds to evt.catalog.customer_changed for replenishment (the customer's ordering settings, spec 3). */
export interface CustomerOrderingFields {
  use_request_workflow: boolean;
  use_backorder: boolean;
  backorder_type: BackorderType;
  use_subscription: boolean;
  automatic_restock_days: number;
  service_fee_item_id: number | null;
  time_tracking_item_id: number | null;
  /** customer users see stock and fill levels only when on (staff always) */
  show_stock_in_app?: boolean;
  updated_at: string;
}

export type CustomerChangedForOrders = CustomerChanged & Partial<CustomerOrderingFields>;

export interface ReplenishmentSnapshotRequest {
  company_id: number;
  item_ids: number[];
  location_ids: number[];
}

export interface ReplenishmentSnapshot {
  items: (ItemChanged & ItemOrderingFields)[];
  locations: (LocationChanged & LocationOrderingFields)[];
  customers: ({ id: number; company_id: number; name: string; inactive: boolean } & CustomerOrderingFields)[];
  suppliers: { id: number; company_id: number; name: string; active: boolean; updated_at: string }[];
  catalogs: { id: number; company_id: number; supplier_id: number; name: string; ext_system_id?: string; updated_at: string }[];
}

// ---------------------------------------------------------------------------------------------------------
// Kanban rules
// ---------------------------------------------------------------------------------------------------------

/**
 * Why a requisition run ordered a rule or did not (docs/replenishment.md):
 * - `ordered`: an order line was created
 * - `above_threshold`: stock is above the threshold
 * - `already_on_order`: an order line is still pending, or stock plus what is on order is above the threshold
 * - `nothing_to_order`: the fill-up quantity is not above 0 (capacity reached by stock and what is on order)
 * - `item_paused`, `item_disabled`, `item_deleted`: the item's state (disabled includes a reached contract end)
 * - `location_inactive`, `customer_inactive`: the location (or its deletion) or the customer
 * - `supplier_inactive`: the item's supplier is inactive (or deleted): no automatic order for it (journal 2001, once per run)
 * - `outside_schedule`: a stock event at a location with a requisition schedule; its next slot orders
 * - `config_invalid`: capacity not above the threshold, or contradicting order constraints of the item (journal 2002)
 * - `backorder`: a backorder of the rule (type days) was cancelled after 7 days and ordered anew
 * - `restock`: automatic restock days: not ordered for that many days, filled up although above the threshold
 */
export const DECISION_REASONS = [
  'ordered',
  'above_threshold',
  'already_on_order',
  'nothing_to_order',
  'item_paused',
  'item_disabled',
  'item_deleted',
  'location_inactive',
  'customer_inactive',
  'supplier_inactive',
  'outside_schedule',
  'config_invalid',
  'backorder',
  'restock',
] as const;
export type DecisionReason = (typeof DECISION_REASONS)[number];

/** What started a run: a scheduled slot, a stock event, `rules/{id}/execute`. */
export type RunTrigger = 'schedule' | 'stock' | 'execute';

/** The decision of a run about one rule. Quantities of the order in order units; stock, threshold, capacity in item units. */
export interface RequisitionDecisionDto {
  run_id: number;
  trigger: RunTrigger;
  reason: DecisionReason;
  /** what was ordered (ordered) or would be ordered (outside_schedule); 0 otherwise */
  quantity: number;
  /** null for a customer user whose customer does not show stock in the app (show_stock_in_app off) */
  stock: number | null;
  threshold: number;
  capacity: number;
  /** open and confirmed order lines of the rule, in order units */
  on_order: number;
  order_id: number | null;
  /** open backorder quantity of the rule's lines (order units): confirmed, not delivered by their shipping day (the scanner shows it) */
  backorder?: number;
  /** when this decision was first made (a later run with the same outcome keeps it) */
  decided_at: string;
}

/** A kanban rule (spec 3, clarifications): an item at a location with threshold, capacity and stock (item units). */
export interface KanbanRuleDto {
  id: number;
  customer_id: number;
  location_id: number;
  item_id: number;
  /** reorder point: a run orders when stock (plus what is on order) is at or below it */
  threshold: number;
  /** fill-up level: a run orders up to it */
  capacity: number;
  /** null for a customer user whose customer does not show stock in the app (show_stock_in_app off: `stock_hidden`) */
  stock: number | null;
  stock_updated_at: string | null;
  /** true when stock and fill levels are hidden from the caller (a customer user, show_stock_in_app off) */
  stock_hidden?: boolean;
  /** the code on the bin label a scan reports (unique in the company; default KR + id) */
  scan_code: string;
  active: boolean;
  /** order lines not yet delivered, in order units */
  on_order: number;
  /** the item's ordering constraints as the orders service knows them (copy of the catalog's item) */
  item: {
    sku: string;
    name: string;
    item_unit: string;
    order_unit: string;
    quantity_per_order_unit: number;
    min_order_quantity: number;
    max_order_quantity: number;
    order_quantity_increment: number;
    lead_time_days: number;
    transit_days: number;
    supplier_id: number | null;
    catalog_id: number | null;
    disabled: boolean;
    paused_until: string | null;
    deleted: boolean;
  };
  location: { name: string; inactive: boolean; deleted: boolean; delivery_days: Weekday[] };
  customer: { name: string; inactive: boolean };
  last_decision: RequisitionDecisionDto | null;
  created_at: string;
  updated_at: string;
}

export interface KanbanRuleInput {
  location_id?: number;
  item_id?: number;
  threshold?: number;
  capacity?: number;
  stock?: number;
  scan_code?: string;
  active?: boolean;
}

export const RULE_SORTS = ['sku', 'name', 'location', 'stock', 'threshold', 'capacity', 'created_at', 'updated_at'] as const;
export type RuleSort = (typeof RULE_SORTS)[number];

export interface RuleListQuery extends ListQuery {
  /** false (default): only active rules */
  all?: boolean;
  customer_id?: number;
  location_id?: number;
  item_id?: number;
  supplier_id?: number;
  /** rules whose last decision has this reason */
  reason?: DecisionReason;
}

/** What a stock change or an execute answers: the rule after the run and the run's decision about it. */
export interface RuleRunReply {
  rule: KanbanRuleDto;
  decision: RequisitionDecisionDto | null;
}

/** `sensor`: the level the bin's sensor measured (docs/storages.md "Readings become stock"; no user) */
export type StockEventKind = 'manual' | 'scan_empty' | 'scan_count' | 'rule_update' | 'sensor';

export interface StockEventDto {
  id: number;
  rule_id: number;
  kind: StockEventKind;
  /** both null for a customer user whose customer does not show stock in the app */
  stock_before: number | null;
  stock: number | null;
  user_id: number | null;
  created_at: string;
}

/** One entry of a rule's decision history (`GET rules/{id}/decisions`): a run's decision that differed from the one before. */
export interface DecisionHistoryDto extends RequisitionDecisionDto {
  id: number;
  rule_id: number;
}

/** POST rules/scan: a scanned bin label reports the bin empty or a count. */
export interface ScanInput {
  code: string;
  empty?: boolean;
  count?: number;
}

// ---------------------------------------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------------------------------------

/** 0 pending "KA", 1 "OK", -1 error "FE" (spec 3). */
export type ExtStatus = 0 | 1 | -1;
export function extStatusText(status: ExtStatus): 'KA' | 'OK' | 'FE' {
  return status === 1 ? 'OK' : status === -1 ? 'FE' : 'KA';
}

/**
 * open: waiting to be confirmed; confirmed: confirmed (ext status OK), on its way; delivered; cancelled.
 * request (orders only, never lines): waiting for the customer's approval (request workflow); its lines are open.
 */
export type OrderStatus = 'open' | 'confirmed' | 'delivered' | 'cancelled' | 'request';

/**
 * Whether the supplier's confirmation (update to OK, ext status 1) makes sense for an order: one on its way (open or
 * confirmed) not yet OK; not a request (confirm it first), nor an order delivered or cancelled (1000 `ext_status`).
 * The same orders count as "not yet confirmed" (`extstatus=0`).
 */
export function canMarkOk(order: { status: OrderStatus; ext_status: ExtStatus }): boolean {
  return order.ext_status !== 1 && (order.status === 'open' || order.status === 'confirmed');
}

/** History event types (spec 3): O order notification, S supply notification, R requisition, T time tracking, U status update. */
export type OrderEventType = 'O' | 'S' | 'R' | 'T' | 'U';

export interface OrderLineDto {
  pos: number;
  rule_id: number | null;
  item_id: number;
  catalog_id: number | null;
  catalog: string;
  supplier_id: number | null;
  supplier: string;
  sku: string;
  name: string;
  /** in order units */
  quantity: number;
  unit: string;
  /** expected delivery day (YYYY-MM-DD) */
  shipping: string;
  status: OrderStatus;
  ext_status: ExtStatus;
  /** the line's external status code (TR transmitted, PO order number received, ...; spec clarifications), null: none yet */
  ext_line_status: string | null;
  /** when the supplier marked it delivered (ISO time; evt.supply.delivery_changed); null until delivered and once taken back */
  delivered_at: string | null;
}

export interface OrderEventDto {
  id: number;
  type: OrderEventType;
  /** the message's stable code (order-events.ts); null for old events whose text was not recognised */
  code: OrderEventCode | null;
  /** the message's parameters (OrderEventParamsOf[code]); null with code null */
  params: Record<string, unknown> | null;
  /** the message in English */
  text: string;
  user_id: number | null;
  created_at: string;
}

export interface OrderDto {
  id: number;
  /** order day in the company's time zone (YYYY-MM-DD) */
  date: string;
  created: string;
  /** the user whose action created it; null for automatic runs */
  created_by: number | null;
  customer_id: number;
  customer: string;
  location_id: number;
  location: string;
  supplier_id: number | null;
  supplier: string;
  status: OrderStatus;
  /** requisition (automatic or execute) or manual */
  source: 'requisition' | 'manual';
  comment: string;
  /** the order's one attached file (a PDF or a picture), null when none */
  attachment: OrderAttachmentDto | null;
  /** pictures of the order (e.g. the bin, taken by the scanner app), oldest first */
  images: OrderImageDto[];
  ext_status: ExtStatus;
  ext_status_text: string;
  /** 0: no purchase-order number from the supplier; 1: received (po_number) */
  po_status: number;
  /** the supplier's own order number, null until received (docs/supplier-api.md) */
  po_number: string | null;
  notification_status: number;
  line_count: number;
  /** detail only */
  lines?: OrderLineDto[];
  /** detail only */
  history?: OrderEventDto[];
}

/** An order's attachment: `url` streams it (`GET order/{orderID}/attachment`, with the caller's token). */
export interface OrderAttachmentDto {
  /** the file name it was uploaded with (a picture's extension follows its stored format) */
  name: string;
  mime: string;
  /** bytes */
  size: number;
  url: string;
  uploaded_at: string;
  uploaded_by: number | null;
}

/** A picture of an order: `url` answers it fitted (`?size=`, 20 or less or none: 128), with the caller's token. */
export interface OrderImageDto {
  id: number;
  url: string;
  mime: string;
  width: number;
  height: number;
  created_at: string;
  created_by: number | null;
}

/** At most this many pictures per order (1000 `image` beyond). */
export const MAX_ORDER_IMAGES = 5;

/** The bytes the gateway stored for an order (blob key with its folder, e.g. `order-files/<32 hex>`). */
export interface StoredOrderFile {
  key: string;
  mime: string;
  size: number;
}

/** orders.order.attachment.set: the file the gateway stored becomes the order's attachment (the previous one is released). */
export interface SetOrderAttachmentRequest {
  caller: CompanyCaller;
  scope: OrderScope;
  orderId: number;
  file: StoredOrderFile & { name: string };
}

/** orders.order.image.add: a picture the gateway stored (scaled) becomes one of the order's pictures. */
export interface AddOrderImageRequest {
  caller: CompanyCaller;
  scope: OrderScope;
  orderId: number;
  image: StoredOrderFile & { width: number; height: number };
}

/** What a change of an order's files answers: the order after it and the blob keys the gateway may delete. */
export interface OrderFilesReply {
  order: OrderDto;
  /** the image added (orders.order.image.add only) */
  image?: OrderImageDto;
  released: string[];
}

/** orders.order.attachment.get / orders.order.image.get: where the bytes are (404 when the order is hidden or has none). */
export interface OrderFileRef extends StoredOrderFile {
  name: string;
}

/** The columns the orders list sorts by (`sort`; default `created_at`, newest first). */
export const ORDER_SORTS = ['created_at', 'id', 'date', 'customer', 'location', 'supplier', 'source', 'status', 'ext_status'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

/** The statuses the orders list filters by (`status`; requests have their own list). */
export const ORDER_LIST_STATUSES = ['open', 'confirmed', 'delivered', 'cancelled'] as const;
export type OrderListStatus = (typeof ORDER_LIST_STATUSES)[number];

/**
 * `order?days=&extstatus=&status=&q=&sort=&order=`: `q` a part of the customer, location or supplier name, or the
 * order number; `extstatus` 0 means "not yet confirmed": ext status KA of an order still on its way (open or
 * confirmed, not delivered or cancelled, which wait for no confirmation).
 */
export interface OrderListQuery extends Omit<ListQuery, 'sort'> {
  /** orders of the last N days (default 30) */
  days?: number;
  extstatus?: ExtStatus;
  status?: OrderListStatus;
  sort?: OrderSort;
}

export interface OrderScope {
  customerId?: number;
  locationId?: number;
}

/** PATCH order/{orderID}: only the update to OK (ext_status 1), which confirms the open lines. */
export interface OrderUpdateInput {
  ext_status?: ExtStatus;
  comment?: string;
}

/**
 * POST order/{orderID}/timetracking: a service visit at the order's location (someone counted or refilled racks),
 * `minutes` 1..1440; it adds a line of the customer's time-tracking item and a T history event.
 */
export interface TimeTrackingInput {
  minutes: number;
  /** what was done (at most 500 characters) */
  comment?: string | null;
}

/**
 * evt.orders.created: an order and its lines, as created. Quantities in order units; `shipping` is the
 * expected delivery day (the first delivery day of the location on or after today + lead + transit days).
 */
export interface OrderCreated {
  id: number;
  company_id: number;
  customer_id: number;
  location_id: number;
  supplier_id: number | null;
  /** null for an order entered by hand */
  run_id: number | null;
  /** null for an order entered by hand */
  trigger: RunTrigger | null;
  date: string;
  lines: { pos: number; rule_id: number | null; item_id: number; sku: string; name: string; quantity: number; unit: string; shipping: string }[];
}

/**
 * The demo seed's hand-over from the orders service to the supply service (docs/replenishment.md "Demo data"): an
 * order of the demo history as its evt.orders.created would carry it, with when the supply service created its
 * supply, each line's delivery (null: not yet) and how many delivery changes the supply has had (its version).
 */
export interface DemoOrderSupply extends Omit<OrderCreated, 'lines'> {
  created_at: string;
  lines: (OrderCreated['lines'][number] & { delivered_at: string | null; delivered_by: number | null })[];
  version: number;
}

/** The supply the supply seed created for an order of the demo history. */
export interface DemoSupplyCreated {
  order_id: number;
  supply_id: number;
}

/** A line of a new order entered by hand: quantity in the item's order unit (`unit`, default the order unit). */
export interface NewOrderLineInput {
  item_id: number;
  quantity: number;
  unit?: string;
  /** when given, must be the item's SKU (1017) */
  sku?: string;
}

/** POST [customer/{c}/]location/{l}/order: a new order by hand (one order per supplier of its lines). */
export interface NewOrderInput {
  lines: NewOrderLineInput[];
  comment?: string;
}

/** What a new order by hand answers: the orders it created (one per supplier), as requests when the customer approves orders. */
export interface NewOrderReply {
  orders: OrderDto[];
  /** true: the customer uses the request workflow; the orders wait as requests */
  requests: boolean;
}

/** POST request/{id}/reject */
export interface RejectRequestInput {
  reason?: string;
}

// ---------------------------------------------------------------------------------------------------------
// The kanban rules of an item, as the catalog asks before disabling or deleting it (docs/items.md)
// ---------------------------------------------------------------------------------------------------------

/** `orders.rules.of_item`: a system call (no caller); every rule of the item in the company, active or not. */
export interface RulesOfItemRequest {
  company_id: number;
  item_id: number;
}

/** One rule of an item: where it is and its levels (item units). */
export interface ItemRuleRef {
  id: number;
  location_id: number;
  location_name: string;
  threshold: number;
  capacity: number;
  stock: number;
  active: boolean;
}

/** `Data` of the 1007 answer when an item that has kanban rules is disabled (without confirm) or deleted. */
export interface ItemRulesConflict {
  rules: ItemRuleRef[];
}
