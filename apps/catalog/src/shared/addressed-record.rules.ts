import { AppError } from '@kanban/access';
import { CUSTOMER_COUNTRIES } from '@kanban/contracts';
import type { AddressedRecord } from './addressed-record.entity';

/** The address fields of customers, suppliers and locations, as the payloads and DTOs name them. */
export const ADDRESS_FIELDS = ['street', 'postal', 'city', 'state', 'country_iso'] as const;

/** What every payload of such a record may carry (`nr` '' means "no number"). */
export interface AddressedInput {
  name?: string;
  nr?: string;
  description?: string;
  street?: string;
  postal?: string;
  city?: string;
  state?: string;
  country_iso?: string;
}

/**
 * The first checks of a payload: the text fields that were sent, trimmed (1000 for a non-string), the name
 * (required on create, never empty, at most 200 characters), the country (one of spec 9's or empty) and the
 * flags that were sent (1000 for a non-boolean). Answers these fields; the caller adds its own checks.
 */
export function normalizeBasics<I extends AddressedInput>(
  input: I,
  mode: 'create' | 'update',
  fields: { texts: readonly (keyof I & string)[]; flags?: readonly (keyof I & string)[] },
): I {
  const sent = input as Record<string, unknown>;
  const out: Record<string, string | boolean> = {};
  for (const field of fields.texts) {
    const value = sent[field];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw AppError.validation(field, 'must be a string');
    out[field] = value.trim();
  }
  const { name, country_iso: country } = out as AddressedInput;
  if (mode === 'create' && name === undefined) throw AppError.validation('name', 'is required');
  if (name !== undefined && name.length === 0) throw AppError.validation('name', 'should not be empty');
  if (name !== undefined && name.length > 200) throw AppError.validation('name', 'must be at most 200 characters');
  if (country !== undefined && country !== '' && !(CUSTOMER_COUNTRIES as readonly string[]).includes(country)) {
    throw AppError.validation('country_iso', `must be one of ${CUSTOMER_COUNTRIES.join(', ')} or empty`);
  }
  for (const field of fields.flags ?? []) {
    const value = sent[field];
    if (value === undefined) continue;
    if (typeof value !== 'boolean') throw AppError.validation(field, 'must be a boolean');
    out[field] = value;
  }
  return out as unknown as I;
}

/**
 * An item reference of a payload (service item, time-tracking item): an item id, or 0/null for "not set",
 * which a create leaves out (spec 3) and an update stores as null. Answers undefined when nothing is to be written.
 */
export function normalizeItemRef(field: string, value: number | null | undefined, mode: 'create' | 'update'): number | null | undefined {
  if (value === undefined) return undefined;
  if (value !== null && (!Number.isInteger(value) || value < 0)) throw AppError.validation(field, 'must be an item id or null');
  if (value === null || value === 0) return mode === 'update' ? null : undefined;
  return value;
}

/** Writes the shared fields of a normalized payload onto the record; an empty number is stored as null. */
export function applyBasics(record: AddressedRecord, input: AddressedInput): void {
  if (input.name !== undefined) record.name = input.name;
  if (input.nr !== undefined) record.nr = input.nr === '' ? null : input.nr;
  if (input.description !== undefined) record.description = input.description;
  if (input.street !== undefined) record.street = input.street;
  if (input.postal !== undefined) record.postal = input.postal;
  if (input.city !== undefined) record.city = input.city;
  if (input.state !== undefined) record.state = input.state;
  if (input.country_iso !== undefined) record.countryIso = input.country_iso;
}

/** The address of a record as its DTO shows it. */
export function addressDto(record: AddressedRecord): { street: string; postal: string; city: string; state: string; country_iso: string } {
  return {
    street: record.street,
    postal: record.postal,
    city: record.city,
    state: record.state,
    country_iso: record.countryIso,
  };
}
