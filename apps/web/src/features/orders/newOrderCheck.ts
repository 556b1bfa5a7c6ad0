import type { OrderableItemDto } from '@kanban/contracts';

/**
 * The checks of a new order's lines in the page (the same as the server's, docs/replenishment.md "Orders by hand"):
 * the units a line may take, the item's MOQ / MXOQ / increment in the chosen unit, the problem of a typed quantity,
 * and the server's answer (Data.errors, one entry per problem of a line) split by line. Messages are i18n keys with
 * parameters, worded by the page (`orders.line.*`).
 */

const EPSILON = 1e-9;

/** A message of a line: an i18n key under `orders.line`, its parameters, and the order to link (already on order). */
export interface LineMessage {
  field: 'item' | 'quantity' | 'unit' | 'sku';
  key: string;
  params: Record<string, string | number>;
  /** the order holding the item (1059): the message links it */
  orderId?: number;
  /** the server's own text when no key words it */
  text?: string;
}

/** The units a line of the item may take: the order unit, and the item unit when it differs (converted by the quantity per order unit). */
export function unitsOf(item: Pick<OrderableItemDto, 'order_unit' | 'item_unit' | 'quantity_per_order_unit'>): string[] {
  const units = [item.order_unit];
  if (item.item_unit && item.item_unit !== item.order_unit && item.quantity_per_order_unit > 0) units.push(item.item_unit);
  return units;
}

/** The item's constraints in `unit` (the item unit multiplies the order unit's by the quantity per order unit). */
export function constraintsIn(item: OrderableItemDto, unit: string): { moq: number; mxoq: number; increment: number; factor: number } {
  const factor = unit !== item.order_unit && unit === item.item_unit && item.quantity_per_order_unit > 0 ? item.quantity_per_order_unit : 1;
  const increment = item.order_quantity_increment > 0 ? item.order_quantity_increment : 1;
  return { moq: round((item.min_order_quantity || 0) * factor), mxoq: round((item.max_order_quantity || 0) * factor), increment: round(increment * factor), factor };
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** The typed quantity as a number ("1,5" and "1.5" alike); NaN when it is not one. */
export function parseQuantity(text: string): number {
  const trimmed = text.trim().replace(',', '.');
  return /^\d+(\.\d+)?$|^\.\d+$/.test(trimmed) ? Number(trimmed) : NaN;
}

/**
 * The problem of a typed quantity in `unit`, or null: empty (`required`), not a number (`number`), not above 0
 * (`positive`), below the MOQ (`moq`), above the MXOQ (`mxoq`), off the increment (`increment`, with the nearest
 * allowed quantities below and above).
 */
export function quantityProblem(text: string, item: OrderableItemDto, unit: string): LineMessage | null {
  const at = (key: string, params: Record<string, string | number> = {}): LineMessage => ({ field: 'quantity', key, params: { unit, ...params } });
  if (text.trim() === '') return at('required');
  const quantity = parseQuantity(text);
  if (Number.isNaN(quantity)) return at('number');
  if (quantity <= 0) return at('positive');
  const { moq, mxoq, increment } = constraintsIn(item, unit);
  if (quantity + EPSILON < moq) return at('moq', { moq });
  if (mxoq > 0 && quantity > mxoq + EPSILON) return at('mxoq', { mxoq });
  const steps = quantity / increment;
  if (Math.abs(steps - Math.round(steps)) > EPSILON * Math.max(1, steps)) {
    const below = round(Math.floor(steps) * increment);
    const above = round(Math.ceil(steps) * increment);
    return at('increment', { increment, below: below >= moq && below > 0 ? below : above, above: mxoq > 0 && above > mxoq ? below : above });
  }
  return null;
}

/** One entry of the server's Data.errors of a new order (libs/access FieldError). */
export interface ServerLineError {
  field: string;
  message: string;
  code?: number;
  params?: Record<string, string | number>;
}

const ITEM_REASONS = ['unknown', 'disabled', 'paused', 'not_purchaseable', 'twice', 'no_rule', 'rule_inactive', 'no_service_fee'];
const QUANTITY_REASONS = ['positive', 'too_large'];

/** The message of one server problem: its catalogue code (and params) in words, the server's text when no key fits. */
export function serverMessage(error: ServerLineError): { index: number; message: LineMessage } | null {
  const match = /^lines\[(\d+)\]\.(\w+)$/.exec(error.field);
  if (!match) return null;
  const index = Number(match[1]);
  const name = match[2]!;
  const field: LineMessage['field'] = name === 'quantity' ? 'quantity' : name === 'unit' ? 'unit' : name === 'sku' ? 'sku' : 'item';
  const params = error.params ?? {};
  const reason = typeof params.reason === 'string' ? params.reason : '';
  const at = (key: string, extra: Partial<LineMessage> = {}) => ({ index, message: { field, key, params, ...extra } });
  switch (error.code ?? 0) {
    case 1014:
      return at('moq');
    case 1015:
      return at('mxoq');
    case 1016:
      return at('incrementOnly');
    case 1017:
      return at(field === 'sku' ? 'sku' : 'unit');
    case 1032:
      return at('reason.no_service_fee');
    case 1040:
      return at(reason === 'rule_inactive' ? 'reason.rule_inactive' : 'reason.no_rule');
    case 1059:
      return typeof params.order_id === 'number' ? at('onOrder', { orderId: params.order_id }) : at('server', { text: error.message });
    default:
      if ((field === 'item' && ITEM_REASONS.includes(reason)) || (field === 'quantity' && QUANTITY_REASONS.includes(reason))) return at(`reason.${reason}`);
      return at('server', { text: error.message });
  }
}

/**
 * The server's answer split by line: every entry of Data.errors (or, from an older answer, Meta.field and message with
 * the code) at its line. Lines by index; an error of no line (`lines`, `comment`, the location) is left to the form.
 */
export function serverMessagesByLine(error: { code: number; message: string; field?: string; errors?: ServerLineError[] }): Map<number, LineMessage[]> {
  const list: ServerLineError[] = error.errors?.length ? error.errors : error.field ? [{ field: error.field, message: error.message, code: error.code }] : [];
  const out = new Map<number, LineMessage[]>();
  for (const entry of list) {
    const found = serverMessage({ ...entry, code: entry.code ?? (list.length === 1 ? error.code : undefined) });
    if (found) out.set(found.index, [...(out.get(found.index) ?? []), found.message]);
  }
  return out;
}

/** Why an item of the search cannot be ordered here, as a line message key (null: it can, and nothing holds it). */
export function searchHitProblem(item: OrderableItemDto): LineMessage | null {
  if (item.reason) return { field: 'item', key: `reason.${item.reason}`, params: {} };
  if (item.open_order_id !== null) return { field: 'item', key: 'onOrder', params: { order_id: item.open_order_id }, orderId: item.open_order_id };
  return null;
}
