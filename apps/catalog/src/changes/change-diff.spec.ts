import { diffRows, labelOf, logValue } from './change-diff';
import { defaultChangeTarget } from './change-log';
import { endOf } from './changes.service';

describe('diffRows', () => {
  const before = {
    id: 7,
    name: 'Huber',
    city: 'Ulm',
    inactive: false,
    item: null as number | null,
    images: [],
    updated_at: 'a',
  };

  it('writes one C row with the label for a create and one D row for a delete', () => {
    expect(diffRows(null, before)).toEqual([{ action: 'C', field: null, oldValue: null, newValue: 'Huber' }]);
    expect(diffRows(before, null)).toEqual([{ action: 'D', field: null, oldValue: 'Huber', newValue: null }]);
    expect(diffRows(null, null)).toEqual([]);
  });

  it('writes one E row per changed field, values as text, bookkeeping fields left out', () => {
    const after = {
      ...before,
      city: 'Graz',
      inactive: true,
      item: 12,
      images: [{ url: 'x' }],
      updated_at: 'b',
    };
    expect(diffRows(before, after)).toEqual([
      { action: 'E', field: 'city', oldValue: 'Ulm', newValue: 'Graz' },
      { action: 'E', field: 'inactive', oldValue: 'false', newValue: 'true' },
      { action: 'E', field: 'item', oldValue: null, newValue: '12' },
    ]);
  });

  it('writes nothing when nothing changed', () => {
    expect(diffRows(before, { ...before, updated_at: 'later' })).toEqual([]);
  });

  it('notes a field that appears or disappears', () => {
    expect(diffRows({ id: 1, name: 'a' }, { id: 1, name: 'a', extra: 'x' })).toEqual([
      { action: 'E', field: 'extra', oldValue: null, newValue: 'x' },
    ]);
  });
});

describe('labels and values', () => {
  it('labels contacts by first and last name, others by name, else by id', () => {
    expect(labelOf({ id: 1, first_name: 'Anna', name: 'Berger' })).toBe('Anna Berger');
    expect(labelOf({ id: 1, first_name: '', name: 'Berger' })).toBe('Berger');
    expect(labelOf({ id: 3 })).toBe('#3');
  });

  it('stores text as is, scalars as text, objects as JSON, null as null', () => {
    expect(logValue('x')).toBe('x');
    expect(logValue(0)).toBe('0');
    expect(logValue(false)).toBe('false');
    expect(logValue(undefined)).toBeNull();
    expect(logValue({ a: [1] })).toBe('{"a":[1]}');
  });
});

describe('defaultChangeTarget', () => {
  it('files customers and suppliers under themselves and children under their parents', () => {
    expect(defaultChangeTarget('customer', { id: 4 })).toEqual({
      kind: 'customer',
      entityId: 4,
      customerId: 4,
      supplierId: null,
    });
    expect(defaultChangeTarget('supplier', { id: 5 })).toEqual({
      kind: 'supplier',
      entityId: 5,
      customerId: null,
      supplierId: 5,
    });
    expect(defaultChangeTarget('location', { id: 9, customerId: 4 } as { id: number })).toEqual({
      kind: 'location',
      entityId: 9,
      customerId: 4,
      supplierId: null,
    });
  });
});

describe('endOf', () => {
  it('takes a bare date as the whole day and a date-time as the instant', () => {
    expect(endOf('2026-11-23').toISOString()).toBe('2026-11-24T00:00:00.000Z');
    expect(endOf('2026-11-23T10:00:00Z').toISOString()).toBe('2026-11-23T10:00:00.000Z');
  });
});
