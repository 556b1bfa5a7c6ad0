import { STORAGE_MAX_GRID, type StorageLayout } from '@kanban/contracts';
import { isApiError } from '../../shared/api/apiError';
import type { StorageDto, StorageInput } from './storagesApi';

/** The rack form (create dialog and rack page): its text values, client-side checks (i18n keys) and the payload. */

export const STORAGE_TEXT_FIELDS = ['name', 'description', 'bin', 'prefix', 'format', 'sensor_values'] as const;
export const STORAGE_NUMBER_FIELDS = ['rows', 'columns', 'tare', 'min_value', 'interval'] as const;
export const STORAGE_CHOICE_FIELDS = ['storage_type_id', 'unit', 'layout'] as const;
export type StorageField =
  | (typeof STORAGE_TEXT_FIELDS)[number]
  | (typeof STORAGE_NUMBER_FIELDS)[number]
  | (typeof STORAGE_CHOICE_FIELDS)[number];
export const STORAGE_LAYOUT_CHOICES: readonly StorageLayout[] = ['right', 'left', 'down', 'up'];

export function storageValues(storage: StorageDto | null): Record<StorageField, string> {
  return {
    name: storage?.name ?? '',
    description: storage?.description ?? '',
    bin: storage?.bin ?? '',
    prefix: storage?.prefix ?? '',
    format: storage?.format ?? '',
    sensor_values: storage?.sensor_values ?? '',
    rows: String(storage?.rows ?? 1),
    columns: String(storage?.columns ?? 1),
    tare: String(storage?.tare ?? 0),
    min_value: String(storage?.min_value ?? 0),
    interval: String(storage?.interval ?? 0),
    storage_type_id: storage?.storage_type_id ? String(storage.storage_type_id) : '',
    unit: storage?.unit ?? '',
    layout: storage?.layout ?? 'right',
  };
}

/** A decimal as typed: a comma is taken as the decimal separator (German input). */
function decimal(value: string): number {
  return Number(value.trim().replace(',', '.'));
}

function gridError(value: string): string | undefined {
  if (!value.trim()) return 'validation.required';
  const n = Number(value.trim());
  return /^\d+$/.test(value.trim()) && n >= 1 && n <= STORAGE_MAX_GRID ? undefined : 'storages.validation.grid';
}

function amountError(value: string): string | undefined {
  if (!value.trim()) return 'validation.required';
  return /^\d{1,10}([.,]\d{1,3})?$/.test(value.trim()) ? undefined : 'storages.validation.amount';
}

function intervalError(value: string): string | undefined {
  if (!value.trim()) return 'validation.required';
  return /^\d{1,5}$/.test(value.trim()) && Number(value.trim()) <= 10_080 ? undefined : 'storages.validation.interval';
}

const PLACEHOLDERS = ['{prefix}', '{row}', '{column}'];

function formatError(value: string): string | undefined {
  const rest = PLACEHOLDERS.reduce((text, p) => text.split(p).join(''), value.trim());
  return /[{}]/.test(rest) ? 'storages.validation.format' : undefined;
}

/** The client-side messages (i18n keys) per field, shown once a field is touched. */
export function storageErrors(values: Record<StorageField, string>): Partial<Record<StorageField, string>> {
  return {
    name: values.name.trim() ? undefined : 'validation.required',
    rows: gridError(values.rows),
    columns: gridError(values.columns),
    tare: amountError(values.tare),
    min_value: amountError(values.min_value),
    interval: intervalError(values.interval),
    format: formatError(values.format),
  };
}

/** The payload of the form (the sensor stays as it is: sensors are chosen on the plan once they exist). */
export function storageBody(values: Record<StorageField, string>, stockedOrOrdered: boolean): StorageInput {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    bin: values.bin.trim(),
    prefix: values.prefix.trim(),
    format: values.format.trim(),
    sensor_values: values.sensor_values.trim(),
    rows: Number(values.rows.trim()),
    columns: Number(values.columns.trim()),
    tare: decimal(values.tare),
    min_value: decimal(values.min_value),
    interval: Number(values.interval.trim()),
    storage_type_id: values.storage_type_id ? Number(values.storage_type_id) : null,
    unit: values.unit,
    layout: values.layout as StorageLayout,
    stocked_or_ordered: stockedOrOrdered,
  };
}

/** The i18n key of the server's message for a field of a 1000 answer (the server speaks English). */
const SERVER_FIELD_TEXT: Record<string, string> = {
  name: 'storages.validation.name',
  rows: 'storages.validation.grid',
  columns: 'storages.validation.grid',
  tare: 'storages.validation.amount',
  min_value: 'storages.validation.amount',
  interval: 'storages.validation.interval',
  format: 'storages.validation.format',
  layout: 'storages.validation.layout',
  storage_type_id: 'storages.validation.storageType',
  unit: 'storages.validation.unit',
  sensor_id: 'storages.validation.sensor',
};

/**
 * A failed save in the reader's language: a 1000 answer gets the catalogue text above the form and each field's
 * own translated message at the field; other errors pass unchanged.
 */
export function translatedSaveError(error: unknown, t: (key: string, options?: Record<string, unknown>) => string): unknown {
  if (!isApiError(error) || error.code !== 1000) return error;
  const translate = (field: string | undefined, message: string) => {
    // shrinking a rack below bins that hold something: the server names the bins' labels
    const outside = /the bins (.+) hold a rule or sensor/.exec(message);
    if ((field === 'rows' || field === 'columns') && outside) return t('storages.validation.binsOutside', { labels: outside[1] });
    return field && SERVER_FIELD_TEXT[field] ? t(SERVER_FIELD_TEXT[field]!) : message;
  };
  return {
    ...error,
    message: t('errors.code.1000'),
    field: error.field,
    errors: (error.errors ?? (error.field ? [{ field: error.field, message: error.message }] : [])).map((e) => ({
      ...e,
      message: translate(e.field, e.message),
    })),
  };
}
