import { AppError, ErrorCode } from '@kanban/access';
import type { NewOrderInput, NewOrderLineInput } from '@kanban/contracts';

const MAX_QUANTITY = 1e9;
const MAX_LINES = 200;
const EPSILON = 1e-9;

/** The ordering constraints of an item (order units), as the read model holds them. */
export interface LineItem {
  sku: string;
  order_unit: string;
  min_order_quantity: number;
  /** 0 = no maximum */
  max_order_quantity: number;
  order_quantity_increment: number;
}

/**
 * The shape of a new order by hand (1000 naming the field): 1 to 200 lines, each with a positive item id and a
 * positive quantity, unit and SKU strings when given, no item twice; a comment of at most 2000 characters.
 */
export function normalizeNewOrder(input: NewOrderInput): { lines: NewOrderLineInput[]; comment: string } {
  const raw = (input ?? {}) as unknown as Record<string, unknown>;
  if (raw.comment !== undefined && raw.comment !== null && (typeof raw.comment !== 'string' || raw.comment.length > 2000)) {
    throw AppError.validation('comment', 'must be a text of at most 2000 characters');
  }
  if (!Array.isArray(raw.lines) || raw.lines.length === 0) throw AppError.validation('lines', 'at least one line is required');
  if (raw.lines.length > MAX_LINES) throw AppError.validation('lines', `at most ${MAX_LINES} lines`);
  const seen = new Set<number>();
  const lines = raw.lines.map((value, i): NewOrderLineInput => {
    const line = (value ?? {}) as Record<string, unknown>;
    const at = (field: string) => `lines[${i}].${field}`;
    if (!Number.isInteger(line.item_id) || (line.item_id as number) <= 0) throw AppError.validation(at('item_id'), 'must be a positive integer');
    if (typeof line.quantity !== 'number' || !Number.isFinite(line.quantity) || line.quantity <= 0) {
      throw AppError.validation(at('quantity'), 'must be a number greater than 0');
    }
    if (line.quantity > MAX_QUANTITY) throw AppError.validation(at('quantity'), 'is too large');
    if (line.unit !== undefined && line.unit !== null && typeof line.unit !== 'string') throw AppError.validation(at('unit'), 'must be a string');
    if (line.sku !== undefined && line.sku !== null && typeof line.sku !== 'string') throw AppError.validation(at('sku'), 'must be a string');
    const itemId = line.item_id as number;
    if (seen.has(itemId)) throw AppError.validation(at('item_id'), 'the item is in the order twice');
    seen.add(itemId);
    return {
      item_id: itemId,
      quantity: line.quantity,
      unit: typeof line.unit === 'string' && line.unit.trim() !== '' ? line.unit.trim() : undefined,
      sku: typeof line.sku === 'string' && line.sku.trim() !== '' ? line.sku.trim() : undefined,
    };
  });
  return { lines, comment: typeof raw.comment === 'string' ? raw.comment : '' };
}

function lineError(code: ErrorCode, field: string, message: string): AppError {
  return new AppError(code, `${field}: ${message}`, { field, errors: [{ field, message }] });
}

/**
 * The item's constraints on one line, in this order: 1017 unit (given and not the item's order unit) or SKU
 * (given and not the item's), 1014 below the MOQ, 1015 above the MXOQ (when set), 1016 not a multiple of the
 * increment. Quantities in order units; multiples with a 1e-9 tolerance (0.3 is a multiple of 0.1).
 */
export function checkLine(line: NewOrderLineInput, item: LineItem, index: number): void {
  const at = (field: string) => `lines[${index}].${field}`;
  if (line.sku !== undefined && line.sku !== item.sku) {
    throw lineError(ErrorCode.InconsistentData, at('sku'), `the SKU does not match the item (${item.sku})`);
  }
  if (line.unit !== undefined && line.unit !== item.order_unit) {
    throw lineError(ErrorCode.InconsistentData, at('unit'), `the item is ordered in ${item.order_unit || 'its order unit'}`);
  }
  const moq = item.min_order_quantity || 0;
  if (line.quantity + EPSILON < moq) throw lineError(ErrorCode.MoqNotReached, at('quantity'), `the minimum order quantity is ${moq}`);
  const mxoq = item.max_order_quantity || 0;
  if (mxoq > 0 && line.quantity > mxoq + EPSILON) throw lineError(ErrorCode.MxoqExceeded, at('quantity'), `the maximum order quantity is ${mxoq}`);
  const increment = item.order_quantity_increment > 0 ? item.order_quantity_increment : 1;
  const steps = line.quantity / increment;
  if (Math.abs(steps - Math.round(steps)) > EPSILON * Math.max(1, steps)) {
    throw lineError(ErrorCode.NotDivisibleByIncrement, at('quantity'), `the quantity must be a multiple of ${increment}`);
  }
}

/** The first delivery day (ISO weekday numbers, Monday 1) on or after `from` + `days`; any day when none is set. */
export function shippingDay(from: string, days: number, deliveryIsodow: number[]): string {
  const start = new Date(`${from}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() + Math.max(0, days));
  for (let i = 0; i < 7; i++) {
    const day = new Date(start);
    day.setUTCDate(start.getUTCDate() + i);
    const isodow = day.getUTCDay() === 0 ? 7 : day.getUTCDay();
    if (deliveryIsodow.length === 0 || deliveryIsodow.includes(isodow)) return day.toISOString().slice(0, 10);
  }
  return start.toISOString().slice(0, 10);
}

export { lineError };
