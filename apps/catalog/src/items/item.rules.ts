import { AppError } from '@kanban/access';
import type { ItemDto, ItemInput, ItemSort } from '@kanban/contracts';
import { sortProperty } from '../shared/list-query';
import type { Item } from './item.entity';

const TEXTS: Record<string, number> = {
  sku: 100,
  name: 300,
  description: 4000,
  item_unit: 20,
  order_unit: 20,
  material_number: 100,
  material_group: 100,
  unspsc: 8,
  customer_sku: 100,
};
/** Quantities: [minimum, whether the minimum itself is allowed]. */
const QUANTITIES: Record<string, [number, boolean]> = {
  quantity_per_order_unit: [0, false],
  min_order_quantity: [0, true],
  max_order_quantity: [0, true],
  order_quantity: [0, false],
  order_quantity_increment: [0, false],
};
const WHOLE_DAYS = ['lead_time_days', 'transit_days', 'subscription_interval'] as const;
const FLAGS = ['disabled', 'instant_delivery', 'purchaseable'] as const;
const DATES = ['contract_end_date', 'paused_until'] as const;

/** Today as YYYY-MM-DD (UTC): contract ends and pauses are whole days. */
export function today(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

function isDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
}

/**
 * The service's own check of an item payload (the gateway validates the DTO first): trims texts, checks
 * types and ranges, SKU and name required on create; 1000 naming the field. Checks between fields
 * (MOQ <= MXOQ, ...) run on the whole record in `checkItem`.
 */
export function normalizeItemInput(input: ItemInput, mode: 'create' | 'update'): ItemInput {
  const out: Record<string, unknown> = {};
  const raw = input as Record<string, unknown>;
  for (const [field, max] of Object.entries(TEXTS)) {
    const value = raw[field];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw AppError.validation(field, 'must be a string');
    const trimmed = value.trim();
    if (trimmed.length > max) throw AppError.validation(field, `must be at most ${max} characters`);
    out[field] = trimmed;
  }
  for (const field of ['sku', 'name']) {
    if (mode === 'create' && out[field] === undefined) throw AppError.validation(field, 'is required');
    if (out[field] === '') throw AppError.validation(field, 'should not be empty');
  }
  if (typeof out.unspsc === 'string' && out.unspsc !== '' && !/^\d{8}$/.test(out.unspsc)) throw AppError.validation('unspsc', 'must be 8 digits');
  for (const [field, [min, inclusive]] of Object.entries(QUANTITIES)) {
    const value = raw[field];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value)) throw AppError.validation(field, 'must be a number');
    if (inclusive ? value < min : value <= min) throw AppError.validation(field, inclusive ? `must not be less than ${min}` : `must be greater than ${min}`);
    if (value > 1e9) throw AppError.validation(field, 'is too large');
    out[field] = value;
  }
  for (const field of WHOLE_DAYS) {
    const value = raw[field];
    if (value === undefined) continue;
    if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > 3650) throw AppError.validation(field, 'must be a whole number of days from 0 to 3650');
    out[field] = value;
  }
  for (const field of FLAGS) {
    const value = raw[field];
    if (value === undefined) continue;
    if (typeof value !== 'boolean') throw AppError.validation(field, 'must be a boolean');
    out[field] = value;
  }
  for (const field of DATES) {
    const value = raw[field];
    if (value === undefined) continue;
    if (value === null || value === '') out[field] = null;
    else if (typeof value !== 'string' || !isDate(value)) throw AppError.validation(field, 'must be a date YYYY-MM-DD or null');
    else out[field] = value;
  }
  if (raw.catalog_id !== undefined) {
    const value = raw.catalog_id;
    if (value === null || value === 0) out.catalog_id = null;
    else if (!Number.isInteger(value) || (value as number) < 1) throw AppError.validation('catalog_id', 'must be a catalog id or null');
    else out.catalog_id = value;
  }
  return out as ItemInput;
}

/** Writes a normalized input onto the entity and checks the whole record. */
export function applyItemInput(item: Item, input: ItemInput, now = new Date()): void {
  if (input.sku !== undefined) item.sku = input.sku;
  if (input.name !== undefined) item.name = input.name;
  if (input.description !== undefined) item.description = input.description;
  if (input.item_unit !== undefined) item.itemUnit = input.item_unit;
  if (input.order_unit !== undefined) item.orderUnit = input.order_unit;
  if (input.quantity_per_order_unit !== undefined) item.quantityPerOrderUnit = input.quantity_per_order_unit;
  if (input.min_order_quantity !== undefined) item.minOrderQuantity = input.min_order_quantity;
  if (input.max_order_quantity !== undefined) item.maxOrderQuantity = input.max_order_quantity;
  if (input.order_quantity !== undefined) item.orderQuantity = input.order_quantity;
  if (input.order_quantity_increment !== undefined) item.orderQuantityIncrement = input.order_quantity_increment;
  if (input.lead_time_days !== undefined) item.leadTimeDays = input.lead_time_days;
  if (input.transit_days !== undefined) item.transitDays = input.transit_days;
  if (input.material_number !== undefined) item.materialNumber = input.material_number;
  if (input.material_group !== undefined) item.materialGroup = input.material_group;
  if (input.unspsc !== undefined) item.unspsc = input.unspsc;
  if (input.contract_end_date !== undefined) item.contractEndDate = input.contract_end_date;
  if (input.subscription_interval !== undefined) item.subscriptionInterval = input.subscription_interval;
  if (input.paused_until !== undefined) item.pausedUntil = input.paused_until;
  if (input.instant_delivery !== undefined) item.instantDelivery = input.instant_delivery;
  if (input.purchaseable !== undefined) item.purchaseable = input.purchaseable;
  if (input.customer_sku !== undefined) item.customerSku = input.customer_sku;
  if (input.catalog_id !== undefined) item.catalogId = input.catalog_id;
  if (input.disabled !== undefined) {
    if (!input.disabled && contractEnded(item, now)) {
      throw AppError.validation('disabled', `the contract ended on ${item.contractEndDate}; change the contract end date to enable the item`);
    }
    item.disabled = input.disabled;
  }
  // A contract end date reached disables the item (also done by the periodic job).
  if (contractEnded(item, now)) item.disabled = true;
  checkItem(item);
}

export function contractEnded(item: Pick<Item, 'contractEndDate'>, now = new Date()): boolean {
  const end = dateOf(item.contractEndDate);
  return end !== null && end <= today(now);
}

/** Rules between the ordering fields: MOQ <= MXOQ (when set), order quantity within them. */
export function checkItem(item: Item): void {
  if (item.maxOrderQuantity > 0 && item.minOrderQuantity > item.maxOrderQuantity) {
    throw AppError.validation('max_order_quantity', 'must not be less than the minimum order quantity (0 = no maximum)');
  }
  if (item.orderQuantity < item.minOrderQuantity) throw AppError.validation('order_quantity', 'must not be less than the minimum order quantity');
  if (item.maxOrderQuantity > 0 && item.orderQuantity > item.maxOrderQuantity) {
    throw AppError.validation('order_quantity', 'must not exceed the maximum order quantity');
  }
}

const SORT_COLUMNS: Record<ItemSort, string> = {
  sku: 'sku',
  name: 'name',
  customer_sku: 'customerSku',
  material_number: 'materialNumber',
  lead_time_days: 'leadTimeDays',
  contract_end_date: 'contractEndDate',
  paused_until: 'pausedUntil',
  created_at: 'createdAt',
};

export function itemSortProperty(sort: string | undefined): string {
  return sortProperty(sort, SORT_COLUMNS, 'name');
}

/** A date column as YYYY-MM-DD (the drivers answer strings or Dates). */
export function dateOf(value: string | Date | null): string | null {
  if (value === null) return null;
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

export function toItemDto(item: Item, now = new Date()): ItemDto {
  const paused = dateOf(item.pausedUntil);
  const contractEnd = dateOf(item.contractEndDate);
  return {
    id: item.id,
    customer_id: item.customerId,
    catalog_id: item.catalogId,
    supplier_id: item.supplierId,
    sku: item.sku,
    name: item.name,
    description: item.description,
    item_unit: item.itemUnit,
    order_unit: item.orderUnit,
    quantity_per_order_unit: Number(item.quantityPerOrderUnit),
    min_order_quantity: Number(item.minOrderQuantity),
    max_order_quantity: Number(item.maxOrderQuantity),
    order_quantity: Number(item.orderQuantity),
    order_quantity_increment: Number(item.orderQuantityIncrement),
    lead_time_days: item.leadTimeDays,
    transit_days: item.transitDays,
    material_number: item.materialNumber,
    material_group: item.materialGroup,
    unspsc: item.unspsc,
    contract_end_date: contractEnd,
    subscription_interval: item.subscriptionInterval,
    paused_until: paused,
    // Checked when read too: the periodic job may not have run yet.
    disabled: item.disabled || (contractEnd !== null && contractEnd <= today(now)),
    paused: paused !== null && paused >= today(now),
    instant_delivery: item.instantDelivery,
    purchaseable: item.purchaseable,
    customer_sku: item.customerSku,
    latest_order: item.latestOrder ? new Date(item.latestOrder).toISOString() : null,
    created_at: new Date(item.createdAt).toISOString(),
    updated_at: new Date(item.updatedAt).toISOString(),
    // The item service adds them (one query per list page).
    images: [],
  };
}
