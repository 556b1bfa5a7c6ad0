import { AppError, ErrorCode } from '@kanban/access';
import {
  checkCustomValue,
  customFieldSortProperty,
  fitsDefinition,
  normalizeCustomFieldInput,
  normalizeStorageTypeInput,
  normalizeUnitInput,
  unitSortProperty,
} from './settings.rules';

function fieldOf(work: () => unknown): string | undefined {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(ErrorCode.Validation);
    return (error as AppError).field;
  }
  throw new Error('expected a validation error');
}

describe('normalizeUnitInput', () => {
  it('requires code and name on create, trims, refuses spaces in the code', () => {
    expect(fieldOf(() => normalizeUnitInput({ name: 'Piece' }, 'create'))).toBe('code');
    expect(fieldOf(() => normalizeUnitInput({ code: 'pcs' }, 'create'))).toBe('name');
    expect(fieldOf(() => normalizeUnitInput({ code: 'p cs', name: 'x' }, 'create'))).toBe('code');
    expect(fieldOf(() => normalizeUnitInput({ name: ' ' }, 'update'))).toBe('name');
    expect(fieldOf(() => normalizeUnitInput({ code: 'x'.repeat(21) }, 'update'))).toBe('code');
    expect(normalizeUnitInput({ code: ' pcs ', name: ' Piece ' }, 'create')).toEqual({ code: 'pcs', name: 'Piece' });
    expect(normalizeUnitInput({ description: ' d ' }, 'update')).toEqual({ description: 'd' });
  });
});

describe('normalizeStorageTypeInput', () => {
  it('requires a name on create', () => {
    expect(fieldOf(() => normalizeStorageTypeInput({}, 'create'))).toBe('name');
    expect(fieldOf(() => normalizeStorageTypeInput({ name: 3 as never }, 'update'))).toBe('name');
    expect(normalizeStorageTypeInput({ name: ' Rack ' }, 'create')).toEqual({ name: 'Rack' });
  });
});

describe('normalizeCustomFieldInput', () => {
  const base = { entity: 'item', key: 'colour', label: 'Colour', type: 'text' } as const;
  it('requires kind, key, label and type on create and checks each', () => {
    expect(fieldOf(() => normalizeCustomFieldInput({ ...base, entity: undefined }, 'create'))).toBe('entity');
    expect(fieldOf(() => normalizeCustomFieldInput({ ...base, entity: 'order' as never }, 'create'))).toBe('entity');
    expect(fieldOf(() => normalizeCustomFieldInput({ ...base, key: '1abc' }, 'create'))).toBe('key');
    expect(fieldOf(() => normalizeCustomFieldInput({ ...base, label: '' }, 'create'))).toBe('label');
    expect(fieldOf(() => normalizeCustomFieldInput({ ...base, type: 'color' as never }, 'create'))).toBe('type');
    expect(fieldOf(() => normalizeCustomFieldInput({ ...base, sort: 1.5 }, 'create'))).toBe('sort');
    expect(fieldOf(() => normalizeCustomFieldInput({ ...base, required: 'yes' as never }, 'create'))).toBe('required');
    expect(normalizeCustomFieldInput({ ...base, label: ' Colour ', required: true, sort: 3 }, 'create')).toEqual({ ...base, options: [], required: true, sort: 3 });
  });

  it('needs distinct non-empty options for select fields and drops them for the others', () => {
    expect(fieldOf(() => normalizeCustomFieldInput({ ...base, type: 'select' }, 'create'))).toBe('options');
    expect(fieldOf(() => normalizeCustomFieldInput({ ...base, type: 'select', options: ['a', ' a'] }, 'create'))).toBe('options');
    expect(fieldOf(() => normalizeCustomFieldInput({ ...base, type: 'select', options: [''] }, 'create'))).toBe('options');
    expect(normalizeCustomFieldInput({ ...base, type: 'select', options: [' a ', 'b'] }, 'create').options).toEqual(['a', 'b']);
    expect(normalizeCustomFieldInput({ ...base, options: ['a'] }, 'create').options).toEqual([]);
  });

  it('keeps kind and key fixed on update and checks options against the stored type', () => {
    const current = { entity: 'item', key: 'colour', type: 'select', options: ['red'] } as const;
    expect(fieldOf(() => normalizeCustomFieldInput({ key: 'other' }, 'update', { ...current, options: [...current.options] }))).toBe('key');
    expect(fieldOf(() => normalizeCustomFieldInput({ entity: 'customer' }, 'update', { ...current, options: [...current.options] }))).toBe('entity');
    expect(normalizeCustomFieldInput({ key: 'colour', label: 'C' }, 'update', { ...current, options: [...current.options] })).toEqual({ label: 'C' });
    expect(fieldOf(() => normalizeCustomFieldInput({ options: [] }, 'update', { ...current, options: [...current.options] }))).toBe('options');
    expect(normalizeCustomFieldInput({ type: 'number' }, 'update', { ...current, options: [...current.options] })).toEqual({ type: 'number', options: [] });
  });
});

describe('checkCustomValue', () => {
  const field = (type: 'text' | 'number' | 'date' | 'boolean' | 'select', required = false) => ({ type, required, options: ['A', 'B'] });
  const message = (work: () => unknown) => {
    try {
      work();
    } catch (error) {
      return (error as Error).message;
    }
    return 'no error';
  };

  it('answers null for empty values, unless required', () => {
    for (const empty of [null, undefined, '', '  ']) expect(checkCustomValue(field('text'), empty)).toBeNull();
    expect(message(() => checkCustomValue(field('number', true), null))).toBe('is required');
    expect(checkCustomValue(field('boolean', true), false)).toBe(false);
  });

  it('checks each type', () => {
    expect(checkCustomValue(field('text'), ' x ')).toBe('x');
    expect(message(() => checkCustomValue(field('text'), 5))).toBe('must be a text');
    expect(checkCustomValue(field('number'), -2.5)).toBe(-2.5);
    expect(message(() => checkCustomValue(field('number'), '5'))).toBe('must be a number');
    expect(checkCustomValue(field('date'), '2024-02-29')).toBe('2024-02-29');
    expect(message(() => checkCustomValue(field('date'), '2023-02-29'))).toMatch(/date/);
    expect(checkCustomValue(field('boolean'), true)).toBe(true);
    expect(message(() => checkCustomValue(field('boolean'), 'true'))).toBe('must be true or false');
    expect(checkCustomValue(field('select'), 'B')).toBe('B');
    expect(message(() => checkCustomValue(field('select'), 'C'))).toBe('must be one of A, B');
  });

  it('tells whether stored values fit a changed definition', () => {
    expect(fitsDefinition({ type: 'text', options: [] }, 'x')).toBe(true);
    expect(fitsDefinition({ type: 'text', options: [] }, 7)).toBe(false);
    expect(fitsDefinition({ type: 'select', options: ['x'] }, 'y')).toBe(false);
  });
});

describe('sort properties', () => {
  it('sort by allowed columns only', () => {
    expect(unitSortProperty('created_at')).toBe('createdAt');
    expect(unitSortProperty('toString')).toBe('code');
    expect(customFieldSortProperty(undefined)).toBe('sort');
  });
});
