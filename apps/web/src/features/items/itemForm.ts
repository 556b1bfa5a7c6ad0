import type { ItemDto, ItemInput } from './itemsApi';

/** The item dialog's text fields (numbers and dates are edited as text and checked here). */
export const ITEM_TEXTS = ['sku', 'name', 'customer_sku', 'description', 'item_unit', 'order_unit', 'material_number', 'material_group', 'unspsc'] as const;
export const ITEM_NUMBERS = [
  'quantity_per_order_unit',
  'min_order_quantity',
  'max_order_quantity',
  'order_quantity',
  'order_quantity_increment',
  'lead_time_days',
  'transit_days',
  'subscription_interval',
] as const;
export const ITEM_DATES = ['contract_end_date', 'paused_until'] as const;
export const ITEM_FLAGS = ['instant_delivery', 'purchaseable', 'disabled'] as const;
export type ItemField = (typeof ITEM_TEXTS)[number] | (typeof ITEM_NUMBERS)[number] | (typeof ITEM_DATES)[number] | 'catalog_id';
export type ItemFlag = (typeof ITEM_FLAGS)[number];

const WHOLE = new Set<string>(['lead_time_days', 'transit_days', 'subscription_interval']);
const POSITIVE = new Set<string>(['quantity_per_order_unit', 'order_quantity', 'order_quantity_increment']);

export function initialValues(item: ItemDto | null): Record<ItemField, string> {
  const values = {} as Record<ItemField, string>;
  for (const f of ITEM_TEXTS) values[f] = item?.[f] ?? '';
  for (const f of ITEM_NUMBERS)
    values[f] = item ? String(item[f]) : { quantity_per_order_unit: '1', min_order_quantity: '1', max_order_quantity: '0', order_quantity: '1', order_quantity_increment: '1' }[f as string] ?? '0';
  for (const f of ITEM_DATES) values[f] = item?.[f] ?? '';
  values.catalog_id = item?.catalog_id ? String(item.catalog_id) : '';
  return values;
}

export function initialFlags(item: ItemDto | null): Record<ItemFlag, boolean> {
  return { instant_delivery: item?.instant_delivery ?? false, purchaseable: item?.purchaseable ?? true, disabled: item?.disabled ?? false };
}

/** Client-side rules (the server checks them again): i18n keys of the messages per field. */
export function itemErrors(v: Record<ItemField, string>): Partial<Record<ItemField, string>> {
  const errors: Partial<Record<ItemField, string>> = {};
  if (!v.sku.trim()) errors.sku = 'validation.required';
  if (!v.name.trim()) errors.name = 'validation.required';
  if (v.unspsc.trim() && !/^\d{8}$/.test(v.unspsc.trim())) errors.unspsc = 'items.validation.unspsc';
  const n: Partial<Record<string, number>> = {};
  for (const f of ITEM_NUMBERS) {
    const raw = v[f].trim().replace(',', '.');
    const value = Number(raw);
    if (raw === '' || !Number.isFinite(value)) errors[f] = 'items.validation.number';
    else if (WHOLE.has(f) && (!Number.isInteger(value) || value < 0)) errors[f] = 'items.validation.days';
    else if (POSITIVE.has(f) && value <= 0) errors[f] = 'items.validation.positive';
    else if (value < 0) errors[f] = 'items.validation.notNegative';
    else n[f] = value;
  }
  const { min_order_quantity: moq, max_order_quantity: mxoq, order_quantity: oq } = n;
  if (moq !== undefined && mxoq !== undefined && mxoq > 0 && moq > mxoq) errors.max_order_quantity = 'items.validation.mxoq';
  if (moq !== undefined && oq !== undefined && oq < moq) errors.order_quantity = 'items.validation.belowMoq';
  if (mxoq !== undefined && oq !== undefined && mxoq > 0 && oq > mxoq) errors.order_quantity = 'items.validation.aboveMxoq';
  return errors;
}

export function itemBody(v: Record<ItemField, string>, flags: Record<ItemFlag, boolean>): ItemInput {
  const body: Record<string, unknown> = {};
  for (const f of ITEM_TEXTS) body[f] = v[f].trim();
  for (const f of ITEM_NUMBERS) body[f] = Number(v[f].trim().replace(',', '.'));
  for (const f of ITEM_DATES) body[f] = v[f] ? v[f] : null;
  body.catalog_id = v.catalog_id ? Number(v.catalog_id) : null;
  for (const f of ITEM_FLAGS) body[f] = flags[f];
  return body as ItemInput;
}
