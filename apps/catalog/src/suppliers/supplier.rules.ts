import type { SupplierInput, SupplierSort } from '@kanban/contracts';
import { ADDRESS_FIELDS, applyBasics, normalizeBasics } from '../shared/addressed-record.rules';
import { sortProperty } from '../shared/list-query';
import type { Supplier } from './supplier.entity';

const TEXT_FIELDS = ['name', 'nr', 'ext_nr', 'description', ...ADDRESS_FIELDS] as const;

/**
 * The service's own check of a supplier payload (the gateway validates the DTO first). Trims texts;
 * answers the cleaned input or throws 1000 naming the field.
 */
export function normalizeSupplierInput(input: SupplierInput, mode: 'create' | 'update'): SupplierInput {
  return normalizeBasics(input, mode, { texts: TEXT_FIELDS, flags: ['active'] });
}

/** Writes a normalized input onto the entity; an empty number is stored as null (unique only when set). */
export function applySupplierInput(supplier: Supplier, input: SupplierInput): void {
  applyBasics(supplier, input);
  if (input.ext_nr !== undefined) supplier.extNr = input.ext_nr;
  if (input.active !== undefined) supplier.active = input.active;
}

const SORT_COLUMNS: Record<SupplierSort, string> = { name: 'name', nr: 'nr', city: 'city', created_at: 'createdAt' };

/** The entity property a supplier list is sorted by; unknown values sort by name. */
export function supplierSortProperty(sort: string | undefined): string {
  return sortProperty(sort, SORT_COLUMNS, 'name');
}
