import { AppError } from '@kanban/access';
import type { KanbanRuleInput, ScanInput } from '@kanban/contracts';

const MAX_QUANTITY = 1e9;
const SCAN_CODE = /^[A-Za-z0-9][A-Za-z0-9._\-/]{0,49}$/;

function quantity(field: string, value: unknown, min: number, inclusive: boolean): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw AppError.validation(field, 'must be a number');
  if (inclusive ? value < min : value <= min) throw AppError.validation(field, inclusive ? `must not be less than ${min}` : `must be greater than ${min}`);
  if (value > MAX_QUANTITY) throw AppError.validation(field, 'is too large');
  return value;
}

function id(field: string, value: unknown): number {
  if (!Number.isInteger(value) || (value as number) <= 0) throw AppError.validation(field, 'must be a positive integer');
  return value as number;
}

/**
 * The service's own check of a rule payload (the gateway validates the DTO first): location and item on
 * create, threshold >= 0, capacity > 0, stock >= 0 (item units), a scan code of 1 to 50 letters, digits and
 * `._-/`. 1000 naming the field. Threshold below capacity is checked on the whole record (`checkLevels`).
 */
export function normalizeRuleInput(input: KanbanRuleInput, mode: 'create' | 'update'): KanbanRuleInput {
  const raw = (input ?? {}) as Record<string, unknown>;
  const out: KanbanRuleInput = {};
  if (mode === 'create') {
    out.location_id = id('location_id', raw.location_id);
    out.item_id = id('item_id', raw.item_id);
    if (raw.capacity === undefined) throw AppError.validation('capacity', 'is required');
  }
  if (raw.threshold !== undefined) out.threshold = quantity('threshold', raw.threshold, 0, true);
  if (raw.capacity !== undefined) out.capacity = quantity('capacity', raw.capacity, 0, false);
  if (raw.stock !== undefined) out.stock = quantity('stock', raw.stock, 0, true);
  if (raw.scan_code !== undefined && raw.scan_code !== null) {
    if (typeof raw.scan_code !== 'string') throw AppError.validation('scan_code', 'must be a string');
    const code = raw.scan_code.trim();
    if (code !== '' && !SCAN_CODE.test(code)) throw AppError.validation('scan_code', 'must be 1 to 50 letters, digits or . _ - /');
    if (code !== '') out.scan_code = code;
  }
  if (raw.active !== undefined) {
    if (typeof raw.active !== 'boolean') throw AppError.validation('active', 'must be a boolean');
    out.active = raw.active;
  }
  return out;
}

/** The reorder point must lie below the fill-up level, or a run could never order anything sensible. */
export function checkLevels(threshold: number, capacity: number): void {
  if (threshold >= capacity) throw AppError.validation('threshold', 'must be below capacity');
}

/** A scan reports the bin empty (stock 0) or a count (the stock). */
export function scannedStock(input: ScanInput): { code: string; stock: number; kind: 'scan_empty' | 'scan_count' } {
  const raw = (input ?? {}) as unknown as Record<string, unknown>;
  if (typeof raw.code !== 'string' || raw.code.trim() === '') throw AppError.validation('code', 'is required');
  const code = raw.code.trim();
  const empty = raw.empty === true;
  const hasCount = raw.count !== undefined && raw.count !== null;
  if (empty === hasCount) throw AppError.validation('count', 'send empty: true or a count, not both');
  if (empty) return { code, stock: 0, kind: 'scan_empty' };
  return { code, stock: quantity('count', raw.count, 0, true), kind: 'scan_count' };
}

export function defaultScanCode(ruleId: number): string {
  return `KR${ruleId}`;
}
