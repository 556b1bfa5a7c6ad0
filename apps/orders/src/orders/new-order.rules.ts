import { AppError, ErrorCode, type FieldError } from '@kanban/access';
import type { NewOrderInput, NewOrderLineInput } from '@kanban/contracts';

const MAX_QUANTITY = 1e9;
const MAX_LINES = 200;
const EPSILON = 1e-9;

/** The ordering constraints of an item (order units), as the read model holds them. */
export interface LineItem {
  sku: string;
  order_unit: string;
  /** the unit the item is counted in; a line may be given in it (converted by `quantity_per_order_unit`) */
  item_unit?: string;
  /** item units per order unit */
  quantity_per_order_unit?: number;
  min_order_quantity: number;
  /** 0 = no maximum */
  max_order_quantity: number;
  order_quantity_increment: number;
}

/** A line of a new order that passed the shape checks, with its index in the request. */
export interface ShapedLine extends NewOrderLineInput {
  index: number;
}

/**
 * One problem of one line: the field (`lines[2].quantity`), its catalogue code (1000, 1014, 1015, 1016, 1017,
 * 1032, 1040, 1059), an English message and the parameters the web words it with (e.g. `{ moq: 2, unit: 'PAK' }`,
 * `{ order_id: 1048 }`, `{ reason: 'paused' }`).
 */
export type LineProblem = FieldError & { code: ErrorCode; params: Record<string, string | number> };

export function problem(code: ErrorCode, field: string, message: string, params: Record<string, string | number> = {}): LineProblem {
  return { field, code, message, params };
}

/**
 * The shape of a new order by hand: 1 to 200 lines, a comment of at most 2000 characters (these answer 1000 at
 * once); per line a positive item id and a positive quantity, unit and SKU strings when given, no item twice.
 * A line failing its shape is left out of `lines` and named in `problems` (1000), so the other lines are still
 * checked and the answer names every bad line (see `refusal`).
 */
export function normalizeNewOrder(input: NewOrderInput): { lines: ShapedLine[]; comment: string; problems: LineProblem[] } {
  const raw = (input ?? {}) as unknown as Record<string, unknown>;
  if (raw.comment !== undefined && raw.comment !== null && (typeof raw.comment !== 'string' || raw.comment.length > 2000)) {
    throw AppError.validation('comment', 'must be a text of at most 2000 characters');
  }
  if (!Array.isArray(raw.lines) || raw.lines.length === 0) throw AppError.validation('lines', 'at least one line is required');
  if (raw.lines.length > MAX_LINES) throw AppError.validation('lines', `at most ${MAX_LINES} lines`);
  const seen = new Set<number>();
  const lines: ShapedLine[] = [];
  const problems: LineProblem[] = [];
  raw.lines.forEach((value, i) => {
    const line = (value ?? {}) as Record<string, unknown>;
    const at = (field: string) => `lines[${i}].${field}`;
    const bad = (field: string, message: string, reason: string) => problems.push(problem(ErrorCode.Validation, at(field), message, { reason }));
    if (!Number.isInteger(line.item_id) || (line.item_id as number) <= 0) return bad('item_id', 'must be a positive integer', 'item_id');
    const itemId = line.item_id as number;
    if (seen.has(itemId)) return bad('item_id', 'the item is in the order twice', 'twice');
    seen.add(itemId);
    if (typeof line.quantity !== 'number' || !Number.isFinite(line.quantity) || line.quantity <= 0) {
      return bad('quantity', 'must be a number greater than 0', 'positive');
    }
    if (line.quantity > MAX_QUANTITY) return bad('quantity', 'is too large', 'too_large');
    if (line.unit !== undefined && line.unit !== null && typeof line.unit !== 'string') return bad('unit', 'must be a string', 'text');
    if (line.sku !== undefined && line.sku !== null && typeof line.sku !== 'string') return bad('sku', 'must be a string', 'text');
    lines.push({
      index: i,
      item_id: itemId,
      quantity: line.quantity,
      unit: typeof line.unit === 'string' && line.unit.trim() !== '' ? line.unit.trim() : undefined,
      sku: typeof line.sku === 'string' && line.sku.trim() !== '' ? line.sku.trim() : undefined,
    });
  });
  return { lines, comment: typeof raw.comment === 'string' ? raw.comment : '', problems };
}

/** The units a line of the item may be given in: the order unit, and the item unit when it differs and converts. */
export function unitsOf(item: LineItem): string[] {
  const units = [item.order_unit];
  if (item.item_unit && item.item_unit !== item.order_unit && (item.quantity_per_order_unit ?? 0) > 0) units.push(item.item_unit);
  return units.filter((u) => u !== '');
}

/**
 * The item's constraints on one line: 1017 for a SKU given and not the item's, or a unit given and none of the
 * item's (`unitsOf`); then the quantity in order units (a quantity in the item unit is divided by the quantity per
 * order unit) against 1014 the MOQ, 1015 the MXOQ (when set), 1016 the increment (multiples with a 1e-9
 * tolerance: 0.3 is a multiple of 0.1). Answers the line's problems (at most one per field) and its quantity in
 * order units.
 */
export function checkLine(line: NewOrderLineInput, item: LineItem, index: number): { problems: LineProblem[]; quantity: number } {
  const at = (field: string) => `lines[${index}].${field}`;
  const problems: LineProblem[] = [];
  if (line.sku !== undefined && line.sku !== item.sku) {
    problems.push(problem(ErrorCode.InconsistentData, at('sku'), `the SKU does not match the item (${item.sku})`, { sku: item.sku }));
  }
  const units = unitsOf(item);
  const perOrderUnit = item.quantity_per_order_unit ?? 1;
  const inItemUnit = line.unit !== undefined && line.unit !== item.order_unit && line.unit === item.item_unit && units.includes(line.unit);
  if (line.unit !== undefined && line.unit !== item.order_unit && !inItemUnit) {
    problems.push(problem(ErrorCode.InconsistentData, at('unit'), `the item is ordered in ${units.join(' or ') || 'its order unit'}`, { unit: item.order_unit, units: units.join(', ') }));
    return { problems, quantity: line.quantity };
  }
  const quantity = inItemUnit ? line.quantity / perOrderUnit : line.quantity;
  const unit = item.order_unit;
  const moq = item.min_order_quantity || 0;
  const mxoq = item.max_order_quantity || 0;
  const increment = item.order_quantity_increment > 0 ? item.order_quantity_increment : 1;
  const steps = quantity / increment;
  if (quantity + EPSILON < moq) {
    problems.push(problem(ErrorCode.MoqNotReached, at('quantity'), `the minimum order quantity is ${moq}`, { moq, unit }));
  } else if (mxoq > 0 && quantity > mxoq + EPSILON) {
    problems.push(problem(ErrorCode.MxoqExceeded, at('quantity'), `the maximum order quantity is ${mxoq}`, { mxoq, unit }));
  } else if (Math.abs(steps - Math.round(steps)) > EPSILON * Math.max(1, steps)) {
    problems.push(problem(ErrorCode.NotDivisibleByIncrement, at('quantity'), `the quantity must be a multiple of ${increment}`, { increment, unit }));
  }
  return { problems, quantity };
}

/**
 * The answer to a new order with bad lines, all of them at once, in request order: a single problem answers with
 * its own code (1014, 1059, ...) as before; several answer 1000. Either way Meta.field names the first and
 * Data.errors lists every problem with its field, code, message and params.
 */
export function refusal(problems: LineProblem[]): AppError {
  const sorted = [...problems].sort((a, b) => lineIndex(a.field) - lineIndex(b.field));
  const first = sorted[0]!;
  const errors = sorted.map((p) => ({ field: p.field, message: p.message, code: p.code, params: p.params }));
  if (sorted.length === 1) return new AppError(first.code, `${first.field}: ${first.message}`, { field: first.field, errors });
  const lines = new Set(sorted.map((p) => lineIndex(p.field))).size;
  return new AppError(ErrorCode.Validation, `${lines} line${lines === 1 ? '' : 's'} cannot be ordered as given (${sorted.length} problems)`, { field: first.field, errors });
}

function lineIndex(field: string): number {
  const match = /^lines\[(\d+)\]/.exec(field);
  return match ? Number(match[1]) : -1;
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
