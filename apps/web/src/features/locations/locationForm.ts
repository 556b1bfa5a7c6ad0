import { CATALOGUE_CODES, errorText, isApiError } from '../../shared/api/apiError';
import { optionalIdError } from '../../shared/forms/validation';

/** Client-side checks of the location form (values are i18n keys of the messages), and number parsing. */

/** A decimal as typed: a comma is taken as the decimal separator (German input). */
export function decimal(value: string): number {
  return Number(value.trim().replace(',', '.'));
}

const DECIMAL = /^-?\d+([.,]\d+)?$/;

/** Empty (not set) or a number within ±limit. */
export function coordinateError(value: string, limit: number): string | undefined {
  if (!value.trim()) return undefined;
  if (!DECIMAL.test(value.trim())) return 'locations.validation.number';
  if (Math.abs(decimal(value)) <= limit) return undefined;
  return limit === 90 ? 'locations.validation.range90' : 'locations.validation.range180';
}

/** EUR with at most 2 decimals, 0 or more. */
export function feeError(value: string): string | undefined {
  if (!value.trim()) return 'validation.required';
  return /^\d+([.,]\d{1,2})?$/.test(value.trim()) ? undefined : 'locations.validation.fee';
}

/** A whole number (may be negative). */
export function sortError(value: string): string | undefined {
  if (!value.trim()) return 'validation.required';
  return /^-?\d{1,7}$/.test(value.trim()) ? undefined : 'locations.validation.integer';
}

/** Empty or an id (a whole number of 0 or more; 0 = not set). */
export const idError = optionalIdError;

/**
 * A failed call with its catalogue text (translated) as the message, at the form and at the field it names,
 * so the location forms show e.g. 1059 in the user's language; other errors pass unchanged.
 */
export function withCatalogueText(error: unknown, t: (key: string) => string): unknown {
  if (!isApiError(error) || !(CATALOGUE_CODES as readonly number[]).includes(error.code)) return error;
  const message = errorText(error, t);
  return { ...error, message, errors: error.errors?.map((e) => ({ ...e, message })) };
}
