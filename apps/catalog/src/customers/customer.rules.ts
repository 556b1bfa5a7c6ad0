import { AppError } from '@kanban/access';
import type { CustomerInput, CustomerSort } from '@kanban/contracts';
import { ADDRESS_FIELDS, applyBasics, normalizeBasics, normalizeItemRef } from '../shared/addressed-record.rules';
import { sortProperty } from '../shared/list-query';
import type { Customer } from './customer.entity';

const TEXT_FIELDS = ['name', 'nr', 'extended', 'description', ...ADDRESS_FIELDS, 'vat_id', 'auftragsnr', 'bediener', 'scan_id_prefix'] as const;
const BOOLEAN_FIELDS = ['use_subscription', 'use_backorder', 'use_request_workflow', 'show_stock_in_app', 'inactive'] as const;
const ITEM_FIELDS = ['service_fee_item_id', 'time_tracking_item_id'] as const;

/**
 * The service's own check of a customer payload (the gateway validates the DTO first; this keeps the rules
 * where the data lives). Trims texts; an item id of 0 means "not set" (spec 3: omitted from a create
 * payload), so it becomes null. Answers the cleaned input or throws 1000 naming the field.
 */
export function normalizeCustomerInput(input: CustomerInput, mode: 'create' | 'update'): CustomerInput {
  const out = normalizeBasics(input, mode, { texts: TEXT_FIELDS, flags: BOOLEAN_FIELDS });
  for (const field of ITEM_FIELDS) {
    const value = normalizeItemRef(field, input[field], mode);
    if (value !== undefined) out[field] = value;
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
  applyBasics(customer, input);
  if (input.extended !== undefined) customer.extended = input.extended;
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
