import { AppError } from '@kanban/access';
import type { OrderQueueListQuery } from '@kanban/contracts';
import { parseQueueIds, planQueueList } from './queue.rules';

const refusal = (work: () => unknown): { field: string | undefined; code: number } => {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return { field: (error as AppError).field, code: (error as AppError).code };
  }
  throw new Error('accepted');
};

describe('order queue ids (?id=..&id=..)', () => {
  it('reads one id, repeated ids and numbers, sorted, each once', () => {
    expect(parseQueueIds('7')).toEqual([7]);
    expect(parseQueueIds(['9', '3', '9', ' 4 '])).toEqual([3, 4, 9]);
    expect(parseQueueIds([5, 2])).toEqual([2, 5]);
  });

  it('refuses none, non-numbers, zero, negatives, fractions and more than 200 with 1000 id', () => {
    for (const bad of [undefined, null, '', [], ['x'], '0', '-1', '1.5', ['1', 'abc'], [{}], '1e3', '9999999999']) {
      expect(refusal(() => parseQueueIds(bad))).toEqual({ field: 'id', code: 1000 });
    }
    const many = Array.from({ length: 201 }, (_, i) => String(i + 1));
    expect(refusal(() => parseQueueIds(many))).toEqual({ field: 'id', code: 1000 });
    expect(parseQueueIds(many.slice(0, 200))).toHaveLength(200);
    // repeats count once: 201 ids naming 200 entries are fine
    expect(parseQueueIds([...many.slice(0, 200), '1'])).toHaveLength(200);
  });
});

describe('order queue list plan', () => {
  it('lists waiting and failed entries unless all=1 or a state is named', () => {
    expect(planQueueList({}).states).toEqual(['waiting', 'error']);
    expect(planQueueList({ all: true }).states).toEqual(['waiting', 'transmitted', 'error']);
    expect(planQueueList({ state: 'transmitted' }).states).toEqual(['transmitted']);
    expect(planQueueList({ all: true, state: 'error' }).states).toEqual(['error']);
  });

  it('sorts newest first by default, a named column ascending unless told, the id last', () => {
    expect(planQueueList({}).orderBy).toBe('q.created_at desc, q.id desc');
    expect(planQueueList({ sort: 'customer' }).orderBy).toBe('lower(o.customer_name) asc, q.id asc');
    expect(planQueueList({ sort: 'attempts', order: 'desc' }).orderBy).toBe('q.attempts desc, q.id desc');
    expect(planQueueList({ order: 'asc' }).orderBy).toBe('q.created_at asc, q.id asc');
  });

  it('refuses unknown states, sorts and orders naming the parameter', () => {
    expect(refusal(() => planQueueList({ state: 'lost' } as unknown as OrderQueueListQuery))).toEqual({ field: 'state', code: 1000 });
    expect(refusal(() => planQueueList({ sort: 'id; drop table x' } as unknown as OrderQueueListQuery))).toEqual({ field: 'sort', code: 1000 });
    expect(refusal(() => planQueueList({ order: 'up' } as unknown as OrderQueueListQuery))).toEqual({ field: 'order', code: 1000 });
  });
});
