import { cursorOf, limitOf, poNumberOf } from './feed.service';

const field = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return [(error as { code?: number }).code, (error as { field?: string }).field];
  }
  return 'no error';
};

describe('supplier feed input', () => {
  it('takes the cursor as a whole number of up to 18 digits, absent as 0', () => {
    expect(cursorOf({})).toBe('0');
    expect(cursorOf({ since: '' })).toBe('0');
    expect(cursorOf({ since: '0042' })).toBe('42');
    expect(cursorOf({ since: '999999999999999999' })).toBe('999999999999999999');
    for (const since of ['-1', '1.5', 'abc', '1e3', '9999999999999999999']) expect(field(() => cursorOf({ since }))).toEqual([1000, 'since']);
  });

  it('limits a page to 1-500, 100 by default', () => {
    expect(limitOf({})).toBe(100);
    expect(limitOf({ limit: 500 })).toBe(500);
    for (const limit of [0, 501, 1.5, Number.NaN]) expect(field(() => limitOf({ limit }))).toEqual([1000, 'limit']);
  });

  it('keeps an order number as written (trimmed), refuses empty, long and control characters', () => {
    expect(poNumberOf(undefined)).toBeNull();
    expect(poNumberOf({ po_number: null })).toBeNull();
    expect(poNumberOf({ po_number: '  PO-4711 "Müller"; 😀 ' })).toBe('PO-4711 "Müller"; 😀');
    for (const po_number of ['', '   ', 'x'.repeat(101), 'a\nb', 'a\u0000b']) expect(field(() => poNumberOf({ po_number }))).toEqual([1000, 'po_number']);
    expect(field(() => poNumberOf({ po_number: 42 as unknown as string }))).toEqual([1000, 'po_number']);
  });
});
