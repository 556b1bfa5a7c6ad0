import type { CustomFieldView } from './customValues';
import { draftError, draftOf, valueOf } from './customValues';

const field = (over: Partial<CustomFieldView>): CustomFieldView => ({
  field_id: 1,
  key: 'k',
  label: 'K',
  type: 'text',
  options: [],
  required: false,
  sort: 0,
  value: null,
  ...over,
});

describe('custom field values in the record dialogs', () => {
  it('edits stored values as texts; yes-no fields as true/false/null, required ones starting at "no"', () => {
    expect(draftOf(field({ value: 'abc' }))).toBe('abc');
    expect(draftOf(field({ type: 'number', value: 4.5 }))).toBe('4.5');
    expect(draftOf(field({ type: 'date', value: null }))).toBe('');
    expect(draftOf(field({ type: 'boolean', value: true }))).toBe(true);
    expect(draftOf(field({ type: 'boolean', value: null }))).toBeNull();
    expect(draftOf(field({ type: 'boolean', value: null, required: true }))).toBe(false);
  });

  it('checks values as the server does: required, numbers, dates, choices', () => {
    expect(draftError(field({ required: true }), '  ')).toBe('validation.required');
    expect(draftError(field({ required: true, type: 'boolean' }), null)).toBe('validation.required');
    expect(draftError(field({ required: true, type: 'boolean' }), false)).toBeUndefined();
    expect(draftError(field({}), '')).toBeUndefined();
    expect(draftError(field({ type: 'number' }), '12,5')).toBeUndefined();
    expect(draftError(field({ type: 'number' }), '-3')).toBeUndefined();
    expect(draftError(field({ type: 'number' }), '12a')).toBe('settings.customValues.number');
    expect(draftError(field({ type: 'date' }), '2026-02-30x')).toBe('settings.customValues.date');
    expect(draftError(field({ type: 'date' }), '2026-02-03')).toBeUndefined();
    expect(draftError(field({ type: 'select', options: ['a', 'b'] }), 'b')).toBeUndefined();
    expect(draftError(field({ type: 'select', options: ['a', 'b'] }), 'c')).toBe('validation.required');
  });

  it('sends null for none, numbers as numbers (comma as decimal separator), texts trimmed', () => {
    expect(valueOf(field({}), '  ')).toBeNull();
    expect(valueOf(field({ type: 'boolean' }), null)).toBeNull();
    expect(valueOf(field({ type: 'boolean' }), false)).toBe(false);
    expect(valueOf(field({ type: 'number' }), ' 12,5 ')).toBe(12.5);
    expect(valueOf(field({ type: 'text' }), ' x ')).toBe('x');
    expect(valueOf(field({ type: 'select', options: ['a'] }), 'a')).toBe('a');
  });
});
