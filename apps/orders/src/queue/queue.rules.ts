import { AppError } from '@kanban/access';
import {
  ORDER_QUEUE_MAX_IDS,
  ORDER_QUEUE_SORTS,
  ORDER_QUEUE_STATES,
  type OrderQueueListQuery,
  type OrderQueueSort,
  type OrderQueueState,
} from '@kanban/contracts';

/**
 * The ids of a requeue or delete (`?id=1&id=2`): one or more positive integers, at most ORDER_QUEUE_MAX_IDS
 * different ones; repeats count once. Anything else answers 1000 naming `id`.
 */
export function parseQueueIds(value: unknown): number[] {
  const list = value === undefined || value === null || value === '' ? [] : Array.isArray(value) ? value : [value];
  if (list.length === 0) throw AppError.validation('id', 'name at least one queue entry (id=..)');
  const ids = new Set<number>();
  for (const item of list) {
    const text = typeof item === 'number' ? String(item) : typeof item === 'string' ? item.trim() : '';
    if (!/^\d{1,9}$/.test(text) || Number(text) < 1) throw AppError.validation('id', 'must be positive integers');
    ids.add(Number(text));
  }
  if (ids.size > ORDER_QUEUE_MAX_IDS) throw AppError.validation('id', `at most ${ORDER_QUEUE_MAX_IDS} entries at once`);
  return [...ids].sort((a, b) => a - b);
}

/** The SQL expression each sort key orders by (q: the entry, o: its order). */
const SORT_COLUMNS: Record<OrderQueueSort, string> = {
  created_at: 'q.created_at',
  updated_at: 'q.updated_at',
  order_id: 'q.order_id',
  date: 'o.order_date',
  customer: 'lower(o.customer_name)',
  location: 'lower(o.location_name)',
  supplier: 'lower(o.supplier_name)',
  state: 'q.state',
  attempts: 'q.attempts',
};

export interface QueueListPlan {
  /** the states listed */
  states: OrderQueueState[];
  /** `order by` text, the entry id last so pages are stable */
  orderBy: string;
}

/**
 * What a list shows and in which order: `state` alone, else waiting and error (`all` false) or every state;
 * sorted by `sort` (default created_at) in `order` (default: desc for the default sort, asc for a named one).
 * Unknown values answer 1000 naming the parameter.
 */
export function planQueueList(query: OrderQueueListQuery): QueueListPlan {
  if (query.state !== undefined && !ORDER_QUEUE_STATES.includes(query.state)) throw AppError.validation('state', `must be one of ${ORDER_QUEUE_STATES.join(', ')}`);
  if (query.sort !== undefined && !ORDER_QUEUE_SORTS.includes(query.sort)) throw AppError.validation('sort', `must be one of ${ORDER_QUEUE_SORTS.join(', ')}`);
  if (query.order !== undefined && query.order !== 'asc' && query.order !== 'desc') throw AppError.validation('order', 'must be asc or desc');
  const states: OrderQueueState[] = query.state ? [query.state] : query.all ? [...ORDER_QUEUE_STATES] : ['waiting', 'error'];
  const sort = query.sort ?? 'created_at';
  const direction = query.order ?? (query.sort === undefined ? 'desc' : 'asc');
  return { states, orderBy: `${SORT_COLUMNS[sort]} ${direction}, q.id ${direction}` };
}
