import { AppError } from '@kanban/access';
import { CUSTOMER_COUNTRIES, type SupplierInput, type SupplierSort } from '@kanban/contracts';
import { sortProperty } from '../shared/list-query';
import type { Supplier } from './supplier.entity';

const TEXT_FIELDS = ['name', 'nr', 'ext_nr', 'description', 'street', 'postal', 'city', 'state', 'country_iso'] as const;

/**
 * The service's own check of a supplier payload (the gateway validates the DTO first). Trims texts;
 * answers the cleaned input or throws 1000 naming the field.
 */
export function normalizeSupplierInput(input: SupplierInput, mode: 'create' | 'update'): SupplierInput {
  const out: SupplierInput = {};
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
  if (input.active !== undefined) {
    if (typeof input.active !== 'boolean') throw AppError.validation('active', 'must be a boolean');
    out.active = input.active;
  }
  return out;
}

/** Writes a normalized input onto the entity; an empty number is stored as null (unique only when set). */
export function applySupplierInput(supplier: Supplier, input: SupplierInput): void {
  if (input.name !== undefined) supplier.name = input.name;
  if (input.nr !== undefined) supplier.nr = input.nr === '' ? null : input.nr;
  if (input.ext_nr !== undefined) supplier.extNr = input.ext_nr;
  if (input.description !== undefined) supplier.description = input.description;
  if (input.street !== undefined) supplier.street = input.street;
  if (input.postal !== undefined) supplier.postal = input.postal;
  if (input.city !== undefined) supplier.city = input.city;
  if (input.state !== undefined) supplier.state = input.state;
  if (input.country_iso !== undefined) supplier.countryIso = input.country_iso;
  if (input.active !== undefined) supplier.active = input.active;
}

const SORT_COLUMNS: Record<SupplierSort, string> = { name: 'name', nr: 'nr', city: 'city', created_at: 'createdAt' };

/** The entity property a supplier list is sorted by; unknown values sort by name. */
export function supplierSortProperty(sort: string | undefined): string {
  return sortProperty(sort, SORT_COLUMNS, 'name');
}
