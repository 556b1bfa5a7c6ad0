import { AppError } from '@kanban/access';
import { CUSTOMER_COUNTRIES, type CustomerInput, type CustomerSort } from '@kanban/contracts';
import { sortProperty } from '../shared/list-query';
import type { Customer } from './customer.entity';

const TEXT_FIELDS = [
  'name',
  'nr',
  'extended',
  'description',
  'street',
  'postal',
  'city',
  'state',
  'country_iso',
  'vat_id',
  'auftragsnr',
  'bediener',
  'scan_id_prefix',
] as const;
const BOOLEAN_FIELDS = ['use_subscription', 'use_backorder', 'use_request_workflow', 'show_stock_in_app', 'inactive'] as const;
const ITEM_FIELDS = ['service_fee_item_id', 'time_tracking_item_id'] as const;

/**
 * The service's own check of a customer payload (the gateway validates the DTO first; this keeps the rules
 * where the data lives). Trims texts; an item id of 0 means "not set" (spec 3: omitted from a create
 * payload), so it becomes null. Answers the cleaned input or throws 1000 naming the field.
 */
export function normalizeCustomerInput(input: CustomerInput, mode: 'create' | 'update'): CustomerInput {
  const out: CustomerInput = {};
  for (const field of TEXT_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw AppError.validation(field, 'must be a string');
    out[field] = value.trim();
  }
  if (mode === 'create' && out.name === undefined) throw AppError.validation('name', 'is required');
  if (out.name !== undefined && out.name.length === 0) throw AppError.validation('name', 'should not be empty');
  if (out.name !== undefined && out.name.length > 200) throw AppError.validation('name', 'must be at most 200 characters');
  if (out.country_iso !== undefined && out.country_iso !== '' && !(CUSTOMER_COUNTRIES as readonly string[]).includes(out.country_iso)) {
    throw AppError.validation('country_iso', `must be one of ${CUSTOMER_COUNTRIES.join(', ')} or empty`);
  }
  for (const field of BOOLEAN_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    if (typeof value !== 'boolean') throw AppError.validation(field, 'must be a boolean');
    out[field] = value;
  }
  for (const field of ITEM_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    if (value !== null && (!Number.isInteger(value) || value < 0)) throw AppError.validation(field, 'must be an item id or null');
    if (value === null || value === 0) {
      if (mode === 'update') out[field] = null;
    } else out[field] = value;
  }
  if (input.backorder_type !== undefined) {
    if (input.backorder_type !== 'days' && input.backorder_type !== 'scanner') throw AppError.validation('backorder_type', 'must be days or scanner');
    out.backorder_type = input.backorder_type;
  }
  if (input.automatic_restock_days !== undefined) {
    const days = input.automatic_restock_days;
    if (!Number.isInteger(days) || days < 0) throw AppError.validation('automatic_restock_days', 'must be an integer of at least 0');
    out.automatic_restock_days = days;
  }
  return out;
}

/** Writes a normalized input onto the entity; an empty number is stored as null (unique only when set). */
export function applyCustomerInput(customer: Customer, input: CustomerInput): void {
  if (input.name !== undefined) customer.name = input.name;
  if (input.nr !== undefined) customer.nr = input.nr === '' ? null : input.nr;
  if (input.extended !== undefined) customer.extended = input.extended;
  if (input.description !== undefined) customer.description = input.description;
  if (input.street !== undefined) customer.street = input.street;
  if (input.postal !== undefined) customer.postal = input.postal;
  if (input.city !== undefined) customer.city = input.city;
  if (input.state !== undefined) customer.state = input.state;
  if (input.country_iso !== undefined) customer.countryIso = input.country_iso;
  if (input.vat_id !== undefined) customer.vatId = input.vat_id;
  if (input.auftragsnr !== undefined) customer.auftragsnr = input.auftragsnr;
  if (input.bediener !== undefined) customer.bediener = input.bediener;
  if (input.scan_id_prefix !== undefined) customer.scanIdPrefix = input.scan_id_prefix;
  if (input.service_fee_item_id !== undefined) customer.serviceFeeItemId = input.service_fee_item_id;
  if (input.time_tracking_item_id !== undefined) customer.timeTrackingItemId = input.time_tracking_item_id;
  if (input.use_subscription !== undefined) customer.useSubscription = input.use_subscription;
  if (input.use_backorder !== undefined) customer.useBackorder = input.use_backorder;
  if (input.backorder_type !== undefined) customer.backorderType = input.backorder_type;
  if (input.use_request_workflow !== undefined) customer.useRequestWorkflow = input.use_request_workflow;
  if (input.show_stock_in_app !== undefined) customer.showStockInApp = input.show_stock_in_app;
  if (input.automatic_restock_days !== undefined) customer.automaticRestockDays = input.automatic_restock_days;
  if (input.inactive !== undefined) customer.inactive = input.inactive;
}

const SORT_COLUMNS: Record<CustomerSort, string> = { name: 'name', nr: 'nr', city: 'city', created_at: 'createdAt' };

/** The entity property a customer list is sorted by; unknown values sort by name. */
export function customerSortProperty(sort: string | undefined): string {
  return sortProperty(sort, SORT_COLUMNS, 'name');
}
