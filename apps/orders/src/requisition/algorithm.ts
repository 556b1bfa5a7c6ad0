import type { DecisionReason, RunTrigger } from '@kanban/contracts';

/**
 * The requisition algorithm for one rule, as plain functions (docs/replenishment.md). The run evaluates all
 * due rules of a company in one SQL statement (`requisition.sql.ts`) that computes exactly this; the unit
 * spec and the database test check both against the same cases (`algorithm.cases.ts`).
 *
 * Units: stock, threshold and capacity are in the item's unit (what the bin holds); quantities ordered,
 * the minimum, maximum and increment are in order units; one order unit holds `perOrderUnit` item units.
 */
export interface OrderingConstraints {
  /** item units per order unit (> 0) */
  perOrderUnit: number;
  /** minimum order quantity (order units; 0 = none) */
  moq: number;
  /** maximum order quantity (order units; 0 = no maximum) */
  mxoq: number;
  /** the quantity is a multiple of it (order units, > 0) */
  increment: number;
}

/** Decimal tolerance: quantities are doubles; 1e-9 keeps 0.3 / 0.1 from rounding up to 4. */
const EPSILON = 1e-9;

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/**
 * How much to order (order units) to fill up to `capacity`, net of stock and of what is on order (order
 * units): the shortfall converted to order units, rounded UP to the increment, then clamped to the
 * minimum and maximum order quantity (spec clarifications "Requisition times"). 0 when nothing is short.
 */
export function orderQuantity(capacity: number, stock: number, onOrder: number, c: OrderingConstraints): number {
  const shortfall = capacity - stock - onOrder * c.perOrderUnit;
  if (shortfall <= EPSILON) return 0;
  const increments = Math.ceil(shortfall / c.perOrderUnit / c.increment - EPSILON);
  let quantity = round6(increments * c.increment);
  if (quantity < c.moq) quantity = c.moq;
  if (c.mxoq > 0 && quantity > c.mxoq) quantity = c.mxoq;
  return round6(quantity);
}

/**
 * Classic kanban (a location with deltakanban off, docs/ordering-flags.md): the item's fixed `order_quantity`
 * (order units) net of what is on order, then rounded up to the increment and clamped as `orderQuantity` does.
 * 0 when what is on order covers it.
 */
export function classicOrderQuantity(fixed: number, onOrder: number, c: OrderingConstraints): number {
  return orderQuantity(fixed * c.perOrderUnit, 0, onOrder, c);
}

/** The quantity the rule's location orders: fill-up (deltakanban on) or the item's fixed order quantity (off). */
function quantityFor(rule: Pick<RuleFacts, 'capacity' | 'stock'>, onOrder: number, item: ItemFacts, location: LocationFacts): number {
  return location.deltakanban === false ? classicOrderQuantity(item.orderQuantity ?? 1, onOrder, item) : orderQuantity(rule.capacity, rule.stock, onOrder, item);
}

export interface RuleFacts {
  stock: number;
  threshold: number;
  capacity: number;
  /** open and confirmed order lines of the rule (order units) */
  onOrder: number;
  /** an order line of the rule still waits to be confirmed (status open) */
  pendingLine: boolean;
}

export interface ItemFacts extends OrderingConstraints {
  deleted: boolean;
  disabled: boolean;
  /** YYYY-MM-DD or null */
  pausedUntil: string | null;
  contractEndDate: string | null;
  /** the item's supplier is inactive or deleted (false for an item without a supplier) */
  supplierInactive?: boolean;
  /** the item's fixed order quantity (order units): what classic kanban orders (deltakanban off); default 1 */
  orderQuantity?: number;
}

/** What the run knows about a rule beyond its levels (docs/replenishment.md "Backorders", "Automatic restock days"). */
export interface RunContext {
  /** the rule's backorder (type days) was cancelled by this run: it orders anew (`backorder`) */
  backorderReorder?: boolean;
  /** automatic restock days are due: a scheduled run, nothing on order, the last order (or the rule's creation) N or more days ago */
  restockDue?: boolean;
}

/** Order constraints that contradict each other, or a capacity not above the threshold (config_invalid, journal 2002). */
export function invalidConfig(rule: Pick<RuleFacts, 'threshold' | 'capacity'>, c: OrderingConstraints): boolean {
  return rule.capacity <= rule.threshold || c.perOrderUnit < 0 || c.increment < 0 || c.moq < 0 || (c.mxoq > 0 && c.mxoq < c.moq);
}

export interface LocationFacts {
  deleted: boolean;
  inactive: boolean;
  /** the location has a requisition schedule (any slot) */
  scheduled: boolean;
  /** on (default): fill up to capacity; off: classic kanban, the item's fixed order quantity (docs/ordering-flags.md) */
  deltakanban?: boolean;
}

export interface Decision {
  reason: DecisionReason;
  /** ordered, or what would be ordered (outside_schedule); else 0 */
  quantity: number;
}

/**
 * The decision about one rule, first reason wins: the location (inactive or deleted), the customer, the
 * item (deleted), its supplier (inactive or deleted), the item (disabled or contract ended, paused), configuration (capacity not above the threshold or contradicting
 * constraints), the stock above the threshold (unless automatic restock days are due: `restock`), a pending order line or
 * stock plus what is on order above the threshold, nothing short, a stock event at a scheduled location
 * (waits for its slot), else ordered. `today` is the company's local day (YYYY-MM-DD).
 */
export function decide(
  rule: RuleFacts,
  item: ItemFacts | null,
  location: LocationFacts | null,
  customerInactive: boolean,
  trigger: RunTrigger,
  today: string,
  context: RunContext = {},
): Decision {
  const no = (reason: DecisionReason): Decision => ({ reason, quantity: 0 });
  if (!location || location.deleted || location.inactive) return no('location_inactive');
  if (customerInactive) return no('customer_inactive');
  if (!item || item.deleted) return no('item_deleted');
  if (item.supplierInactive) return no('supplier_inactive');
  if (item.disabled || (item.contractEndDate !== null && item.contractEndDate <= today)) return no('item_disabled');
  if (item.pausedUntil !== null && item.pausedUntil >= today) return no('item_paused');
  if (invalidConfig(rule, item)) return no('config_invalid');
  if (rule.stock > rule.threshold) {
    const restock = context.restockDue && rule.onOrder === 0 && rule.stock < rule.capacity ? quantityFor(rule, 0, item, location) : 0;
    return restock > 0 && trigger === 'schedule' ? { reason: 'restock', quantity: restock } : no('above_threshold');
  }
  if (rule.pendingLine) return no('already_on_order');
  if (rule.stock + rule.onOrder * item.perOrderUnit > rule.threshold) return no('already_on_order');
  const quantity = quantityFor(rule, rule.onOrder, item, location);
  if (quantity <= 0) return no('nothing_to_order');
  if (context.backorderReorder) return { reason: 'backorder', quantity };
  if (trigger === 'stock' && location.scheduled) return { reason: 'outside_schedule', quantity };
  return { reason: 'ordered', quantity };
}
