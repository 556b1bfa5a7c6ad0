import { AppError } from '@kanban/access';
import { STORAGE_LAYOUTS, STORAGE_MAX_GRID, type StorageInput, type StorageLayout, type StorageSort } from '@kanban/contracts';
import { normalizeSchedule } from '../locations/location.rules';
import { sortProperty } from '../shared/list-query';
import type { Storage } from './storage.entity';

/** The text fields and their longest length. */
const TEXTS = { name: 200, description: 2000, bin: 100, prefix: 20, format: 50, unit: 20, sensor_values: 100 } as const;
type TextField = keyof typeof TEXTS;

/** The placeholders a bin label format may use. */
export const FORMAT_PLACEHOLDERS = ['{prefix}', '{row}', '{column}'] as const;
/** The format of a rack that names none: prefix, row, a dash, column (R1-2-3). */
export const DEFAULT_FORMAT = '{prefix}{row}-{column}';

function amount(field: 'tare' | 'min_value', value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1_000_000_000) {
    throw AppError.validation(field, 'must be a number from 0 to 1000000000');
  }
  return Math.round(value * 1000) / 1000;
}

function gridSize(field: 'rows' | 'columns', value: unknown): number {
  if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > STORAGE_MAX_GRID) {
    throw AppError.validation(field, `must be a whole number from 1 to ${STORAGE_MAX_GRID}`);
  }
  return value as number;
}

/**
 * The service's own check of a storage payload (the gateway validates the DTO first): texts trimmed and not
 * too long (name required on create, never empty), rows and columns 1..50, a known layout, tare and min value
 * from 0, interval in minutes 0..10080 (a week), a format of known placeholders only, ids positive or null.
 * Answers the cleaned input or throws 1000 naming the field. Storage type, unit and sensor are checked against
 * the company's records in the transaction (`StoragesService`).
 */
export function normalizeStorageInput(input: StorageInput, mode: 'create' | 'update'): StorageInput {
  const sent = (input ?? {}) as Record<string, unknown>;
  const out: StorageInput = {};
  for (const [field, max] of Object.entries(TEXTS) as [TextField, number][]) {
    const value = sent[field];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw AppError.validation(field, 'must be a string');
    const text = value.trim();
    if (text.length > max) throw AppError.validation(field, `must be at most ${max} characters`);
    out[field] = text;
  }
  if (mode === 'create' && out.name === undefined) throw AppError.validation('name', 'is required');
  if (out.name !== undefined && out.name.length === 0) throw AppError.validation('name', 'should not be empty');
  if (out.format) {
    const rest = FORMAT_PLACEHOLDERS.reduce((text, p) => text.split(p).join(''), out.format);
    if (/[{}]/.test(rest)) throw AppError.validation('format', `may only use the placeholders ${FORMAT_PLACEHOLDERS.join(', ')}`);
  }
  if (sent.rows !== undefined) out.rows = gridSize('rows', sent.rows);
  if (sent.columns !== undefined) out.columns = gridSize('columns', sent.columns);
  if (sent.layout !== undefined) {
    if (!(STORAGE_LAYOUTS as readonly unknown[]).includes(sent.layout)) throw AppError.validation('layout', `must be one of ${STORAGE_LAYOUTS.join(', ')}`);
    out.layout = sent.layout as StorageLayout;
  }
  if (sent.tare !== undefined) out.tare = amount('tare', sent.tare);
  if (sent.min_value !== undefined) out.min_value = amount('min_value', sent.min_value);
  if (sent.interval !== undefined) {
    if (!Number.isInteger(sent.interval) || (sent.interval as number) < 0 || (sent.interval as number) > 10_080) {
      throw AppError.validation('interval', 'must be a whole number of minutes from 0 to 10080');
    }
    out.interval = sent.interval as number;
  }
  for (const field of ['storage_type_id', 'sensor_id'] as const) {
    const value = sent[field];
    if (value === undefined) continue;
    // 0 and null both mean "none" (as item references elsewhere)
    if (value === null || value === 0) out[field] = null;
    else if (Number.isInteger(value) && (value as number) > 0) out[field] = value as number;
    else throw AppError.validation(field, 'must be an id or null');
  }
  if (sent.stocked_or_ordered !== undefined) {
    if (typeof sent.stocked_or_ordered !== 'boolean') throw AppError.validation('stocked_or_ordered', 'must be a boolean');
    out.stocked_or_ordered = sent.stocked_or_ordered;
  }
  // the location's schedule structure: a schedule sent replaces the whole one
  if (sent.schedule !== undefined) out.schedule = normalizeSchedule(sent.schedule);
  return out;
}

/** Writes a normalized input onto the entity. */
export function applyStorageInput(storage: Storage, input: StorageInput): void {
  if (input.name !== undefined) storage.name = input.name;
  if (input.description !== undefined) storage.description = input.description;
  if (input.bin !== undefined) storage.bin = input.bin;
  if (input.prefix !== undefined) storage.prefix = input.prefix;
  if (input.format !== undefined) storage.format = input.format;
  if (input.storage_type_id !== undefined) storage.storageTypeId = input.storage_type_id;
  if (input.rows !== undefined) storage.rows = input.rows;
  if (input.columns !== undefined) storage.columns = input.columns;
  if (input.layout !== undefined) storage.layout = input.layout;
  if (input.tare !== undefined) storage.tare = input.tare;
  if (input.min_value !== undefined) storage.minValue = input.min_value;
  if (input.interval !== undefined) storage.interval = input.interval;
  if (input.sensor_id !== undefined) storage.sensorId = input.sensor_id;
  if (input.unit !== undefined) storage.unit = input.unit;
  if (input.sensor_values !== undefined) storage.sensorValues = input.sensor_values;
  if (input.stocked_or_ordered !== undefined) storage.stockedOrOrdered = input.stocked_or_ordered;
  if (input.schedule !== undefined) storage.schedule = input.schedule;
}

/** The label of a bin: the rack's format (or the default) with prefix, row and column filled in (1-based). */
export function binLabel(storage: Pick<Storage, 'prefix' | 'format'>, row: number, column: number): string {
  return (storage.format || DEFAULT_FORMAT)
    .split('{prefix}').join(storage.prefix)
    .split('{row}').join(String(row))
    .split('{column}').join(String(column));
}

const SORT_COLUMNS: Record<StorageSort, string> = { name: 'name', rows: 'rows', columns: 'columns', created_at: 'createdAt' };

/** The entity property a storage list is sorted by; unknown values sort by name. */
export function storageSortProperty(sort: string | undefined): string {
  return sortProperty(sort, SORT_COLUMNS, 'name');
}
