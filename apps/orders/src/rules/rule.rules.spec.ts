import type { AppError } from '@kanban/access';
import { checkLevels, normalizeRuleInput, scannedStock } from './rule.rules';

function fieldOf(work: () => unknown): string | undefined {
  try {
    work();
  } catch (error) {
    return (error as AppError).field;
  }
  return undefined;
}

describe('normalizeRuleInput', () => {
  it('needs location, item and capacity on create', () => {
    expect(fieldOf(() => normalizeRuleInput({ item_id: 1, capacity: 5 }, 'create'))).toBe('location_id');
    expect(fieldOf(() => normalizeRuleInput({ location_id: 1, capacity: 5 }, 'create'))).toBe('item_id');
    expect(fieldOf(() => normalizeRuleInput({ location_id: 1, item_id: 2 }, 'create'))).toBe('capacity');
    expect(normalizeRuleInput({ location_id: 1, item_id: 2, capacity: 5, threshold: 1, stock: 3, scan_code: ' A-1 ' }, 'create')).toEqual({
      location_id: 1,
      item_id: 2,
      capacity: 5,
      threshold: 1,
      stock: 3,
      scan_code: 'A-1',
    });
  });
  it('names the field of a bad quantity', () => {
    expect(fieldOf(() => normalizeRuleInput({ threshold: -1 }, 'update'))).toBe('threshold');
    expect(fieldOf(() => normalizeRuleInput({ capacity: 0 }, 'update'))).toBe('capacity');
    expect(fieldOf(() => normalizeRuleInput({ stock: -0.5 }, 'update'))).toBe('stock');
    expect(fieldOf(() => normalizeRuleInput({ stock: '3' as never }, 'update'))).toBe('stock');
    expect(fieldOf(() => normalizeRuleInput({ capacity: 2e9 }, 'update'))).toBe('capacity');
    expect(fieldOf(() => normalizeRuleInput({ scan_code: 'has space' }, 'update'))).toBe('scan_code');
    expect(fieldOf(() => normalizeRuleInput({ active: 1 as never }, 'update'))).toBe('active');
    expect(fieldOf(() => normalizeRuleInput({ location_id: 0, item_id: 1, capacity: 1 }, 'create'))).toBe('location_id');
  });
  it('keeps only what it knows on update', () => {
    expect(normalizeRuleInput({ stock: 0, location_id: 9 } as never, 'update')).toEqual({ stock: 0 });
  });
});

describe('checkLevels', () => {
  it('needs the threshold below capacity', () => {
    expect(() => checkLevels(4, 5)).not.toThrow();
    expect(fieldOf(() => checkLevels(5, 5))).toBe('threshold');
  });
});

describe('scannedStock', () => {
  it('reads empty as 0 and a count as the stock', () => {
    expect(scannedStock({ code: 'KR1', empty: true })).toEqual({ code: 'KR1', stock: 0, kind: 'scan_empty' });
    expect(scannedStock({ code: 'KR1', count: 7 })).toEqual({ code: 'KR1', stock: 7, kind: 'scan_count' });
  });
  it('needs a code and exactly one of empty and count', () => {
    expect(fieldOf(() => scannedStock({ code: '', empty: true }))).toBe('code');
    expect(fieldOf(() => scannedStock({ code: 'KR1' }))).toBe('count');
    expect(fieldOf(() => scannedStock({ code: 'KR1', empty: true, count: 2 }))).toBe('count');
    expect(fieldOf(() => scannedStock({ code: 'KR1', count: -1 }))).toBe('count');
  });
});
