import { AppError } from '@kanban/access';
import {
  CUSTOM_FIELD_ENTITIES,
  CUSTOM_FIELD_KEY_PATTERN,
  CUSTOM_FIELD_TYPES,
  type CustomFieldDto,
  type CustomFieldInput,
  type CustomFieldSort,
  type CustomFieldValue,
  type StorageTypeInput,
  type StorageTypeSort,
  type UnitInput,
  type UnitSort,
} from '@kanban/contracts';
import { sortProperty } from '../shared/list-query';

type Mode = 'create' | 'update';

/** Trims the string fields named; throws 1000 naming a field that is not a string or too long. */
function texts<T extends Record<string, unknown>>(input: T, limits: Partial<Record<keyof T & string, number>>): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [field, max] of Object.entries(limits) as [string, number][]) {
    const value = input[field];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw AppError.validation(field, 'must be a string');
    const trimmed = value.trim();
    if (trimmed.length > max) throw AppError.validation(field, `must be at most ${max} characters`);
    out[field] = trimmed;
  }
  return out as Partial<T>;
}

function requireText(out: Record<string, unknown>, field: string, mode: Mode): void {
  if (mode === 'create' && out[field] === undefined) throw AppError.validation(field, 'is required');
  if (out[field] === '') throw AppError.validation(field, 'should not be empty');
}

/** A unit: code (at most 20, no spaces) and name required, description optional. */
export function normalizeUnitInput(input: UnitInput, mode: Mode): UnitInput {
  const out = texts(input, { code: 20, name: 100, description: 2000 });
  requireText(out, 'code', mode);
  requireText(out, 'name', mode);
  if (out.code !== undefined && /\s/.test(out.code)) throw AppError.validation('code', 'must not contain spaces');
  return out;
}

/** A storage type: name required, description optional. */
export function normalizeStorageTypeInput(input: StorageTypeInput, mode: Mode): StorageTypeInput {
  const out = texts(input, { name: 100, description: 2000 });
  requireText(out, 'name', mode);
  return out;
}

/**
 * A custom field definition: entity kind, key (a-z, 0-9, _; starting with a letter; at most 50), label and
 * type required on create; options only for (and required by) select fields, each non-empty and distinct;
 * `current` is the stored definition on update (kind and key cannot change).
 */
export function normalizeCustomFieldInput(
  input: CustomFieldInput,
  mode: Mode,
  current?: Pick<CustomFieldDto, 'entity' | 'key' | 'type' | 'options'>,
): CustomFieldInput {
  const out: CustomFieldInput = texts(input, { entity: 20, key: 50, label: 200, type: 20 });
  if (mode === 'update' && current) {
    if (out.entity !== undefined && out.entity !== current.entity) throw AppError.validation('entity', 'cannot be changed');
    if (out.key !== undefined && out.key !== current.key) throw AppError.validation('key', 'cannot be changed');
    delete out.entity;
    delete out.key;
  }
  requireText(out, 'entity', mode);
  requireText(out, 'key', mode);
  requireText(out, 'label', mode);
  requireText(out, 'type', mode);
  if (out.entity !== undefined && !(CUSTOM_FIELD_ENTITIES as readonly string[]).includes(out.entity))
    throw AppError.validation('entity', `must be one of ${CUSTOM_FIELD_ENTITIES.join(', ')}`);
  if (out.key !== undefined && !CUSTOM_FIELD_KEY_PATTERN.test(out.key))
    throw AppError.validation('key', 'must start with a lower-case letter and hold only a-z, 0-9 and _');
  if (out.type !== undefined && !(CUSTOM_FIELD_TYPES as readonly string[]).includes(out.type))
    throw AppError.validation('type', `must be one of ${CUSTOM_FIELD_TYPES.join(', ')}`);
  if (input.required !== undefined) {
    if (typeof input.required !== 'boolean') throw AppError.validation('required', 'must be a boolean');
    out.required = input.required;
  }
  if (input.sort !== undefined) {
    if (!Number.isInteger(input.sort) || input.sort < 0 || input.sort > 1_000_000)
      throw AppError.validation('sort', 'must be a whole number from 0 to 1000000');
    out.sort = input.sort;
  }
  const type = out.type ?? current?.type;
  if (input.options !== undefined) {
    if (!Array.isArray(input.options) || input.options.some((o) => typeof o !== 'string'))
      throw AppError.validation('options', 'must be a list of texts');
    const options = input.options.map((o) => o.trim());
    if (options.some((o) => o === '' || o.length > 100))
      throw AppError.validation('options', 'each option must have 1 to 100 characters');
    if (new Set(options).size !== options.length) throw AppError.validation('options', 'must be distinct');
    if (options.length > 100) throw AppError.validation('options', 'at most 100 options');
    out.options = type === 'select' ? options : [];
  } else if (type !== 'select' && out.type !== undefined) {
    out.options = [];
  }
  const options = out.options ?? current?.options ?? [];
  if (type === 'select' && options.length === 0) throw AppError.validation('options', 'a select field needs options');
  return out;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === value;
}

/**
 * Checks one value against its definition and answers it as stored, or null for "no value" (null, undefined,
 * ''). Throws a message (without the field) when the value does not fit.
 */
export function checkCustomValue(
  field: Pick<CustomFieldDto, 'type' | 'options' | 'required'>,
  value: unknown,
): CustomFieldValue | null {
  const empty = value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
  if (empty) {
    if (field.required) throw new Error('is required');
    return null;
  }
  switch (field.type) {
    case 'text':
      if (typeof value !== 'string') throw new Error('must be a text');
      if (value.trim().length > 2000) throw new Error('must be at most 2000 characters');
      return value.trim();
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error('must be a number');
      return value;
    case 'date':
      if (typeof value !== 'string' || !isDate(value.trim())) throw new Error('must be a date (YYYY-MM-DD)');
      return value.trim();
    case 'boolean':
      if (typeof value !== 'boolean') throw new Error('must be true or false');
      return value;
    case 'select':
      if (typeof value !== 'string' || !field.options.includes(value.trim()))
        throw new Error(`must be one of ${field.options.join(', ')}`);
      return value.trim();
  }
}

/** Whether a stored value still fits a (changed) definition. */
export function fitsDefinition(field: Pick<CustomFieldDto, 'type' | 'options'>, value: CustomFieldValue): boolean {
  try {
    return checkCustomValue({ ...field, required: false }, value) !== null;
  } catch {
    return false;
  }
}

const UNIT_SORT: Record<UnitSort, string> = { code: 'code', name: 'name', created_at: 'createdAt' };
const STORAGE_TYPE_SORT: Record<StorageTypeSort, string> = { name: 'name', created_at: 'createdAt' };
const CUSTOM_FIELD_SORT: Record<CustomFieldSort, string> = {
  sort: 'sort',
  key: 'key',
  label: 'label',
  entity: 'entity',
  type: 'type',
  created_at: 'createdAt',
};

export const unitSortProperty = (sort: string | undefined) => sortProperty(sort, UNIT_SORT, 'code');
export const storageTypeSortProperty = (sort: string | undefined) => sortProperty(sort, STORAGE_TYPE_SORT, 'name');
export const customFieldSortProperty = (sort: string | undefined) => sortProperty(sort, CUSTOM_FIELD_SORT, 'sort');
