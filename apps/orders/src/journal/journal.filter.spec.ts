import { AppError } from '@kanban/access';
import { parseJournalFilter } from './journal.filter';

const parse = (value: unknown) => parseJournalFilter(typeof value === 'string' ? value : JSON.stringify(value));
const refused = (value: unknown) => {
  try {
    parse(value);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).field).toBe('filter');
    return (error as AppError).message;
  }
  throw new Error(`accepted ${JSON.stringify(value)}`);
};

describe('journal filter', () => {
  it('is empty without a filter', () => {
    expect(parseJournalFilter(undefined)).toEqual({ where: [], params: [] });
    expect(parseJournalFilter('  ')).toEqual({ where: [], params: [] });
    expect(parse([])).toEqual({ where: [], params: [] });
  });

  it('reads acknowledged_at eq null as not acknowledged, gte a time as acknowledged since', () => {
    expect(parse([{ field: 'acknowledged_at', operation: 'eq', value: null }])).toEqual({ where: ['j.acknowledged_at is null'], params: [] });
    expect(parse([{ field: 'acknowledged_at', operation: 'gte', value: '2026-11-01T00:00:00Z' }])).toEqual({
      where: ['j.acknowledged_at >= ?'],
      params: [new Date('2026-11-01T00:00:00Z')],
    });
  });

  it('combines conditions (all hold); a single object is one condition', () => {
    expect(parse([{ field: 'created_at', operation: 'gte', value: '2026-11-01' }, { field: 'code', operation: 'eq', value: 2001 }])).toEqual({
      where: ['j.created_at >= ?', 'j.code = ?'],
      params: [new Date('2026-11-01'), 2001],
    });
    expect(parse({ field: 'code', operation: 'gte', value: 2002 }).where).toEqual(['j.code >= ?']);
  });

  it('refuses what it cannot read with 1000 field filter', () => {
    expect(refused('{nope')).toMatch(/not JSON/);
    expect(refused([{ field: 'message', operation: 'eq', value: 'x' }])).toMatch(/field must be one of/);
    expect(refused([{ field: 'acknowledged_at', operation: 'lt', value: null }])).toMatch(/operation must be one of/);
    expect(refused([{ field: 'acknowledged_at', operation: 'gte', value: null }])).toMatch(/null needs operation eq/);
    expect(refused([{ field: 'created_at', operation: 'eq', value: 'yesterday' }])).toMatch(/ISO date/);
    expect(refused([{ field: 'code', operation: 'eq', value: '2001' }])).toMatch(/integer/);
    expect(refused([1])).toMatch(/object/);
    expect(refused(Array.from({ length: 11 }, () => ({ field: 'code', operation: 'eq', value: 2000 })))).toMatch(/at most 10/);
  });
});
