import type { ListQuery } from './identity';
import type { OrderStatus } from './orders';

/**
 * The order queue (spec 7 `orderqueue`, `orderqueue/{queueID}`; docs/replenishment.md "Order queue"): one entry per
 * order that must be handed to its supplier, waiting until the supply service confirms it received the order,
 * in error when it cannot be transmitted (no supplier: 2001) or was not confirmed in time (2005).
 */
export const OrderQueueSubjects = {
  list: 'orders.queue.list',
  get: 'orders.queue.get',
  requeue: 'orders.queue.requeue',
  remove: 'orders.queue.delete',
} as const;

/** waiting: handed on, not yet confirmed by the supply side; transmitted: confirmed; error: see `error`. */
export const ORDER_QUEUE_STATES = ['waiting', 'transmitted', 'error'] as const;
export type OrderQueueState = (typeof ORDER_QUEUE_STATES)[number];

export const ORDER_QUEUE_SORTS = ['created_at', 'updated_at', 'order_id', 'date', 'customer', 'location', 'supplier', 'state', 'attempts'] as const;
export type OrderQueueSort = (typeof ORDER_QUEUE_SORTS)[number];

/** At most this many ids per requeue or delete call. */
export const ORDER_QUEUE_MAX_IDS = 200;

export interface OrderQueueEntryDto {
  id: number;
  order_id: number;
  /** the order's day (YYYY-MM-DD) */
  date: string;
  order_status: OrderStatus;
  customer_id: number;
  customer: string;
  location_id: number;
  location: string;
  supplier_id: number | null;
  supplier: string;
  /** who created the order, or who requeued the entry last; null for scheduled runs */
  user_id: number | null;
  state: OrderQueueState;
  /** the journal code and text of the error (state error), else null */
  error: { code: number; message: string } | null;
  /** how often the order was handed on (1 + requeues) */
  attempts: number;
  created_at: string;
  updated_at: string;
  /** when the entry (last) started waiting: the timeout counts from here */
  queued_at: string;
  transmitted_at: string | null;
}

export interface OrderQueueListQuery extends ListQuery {
  /** false (default): waiting and failed entries; true: transmitted ones too */
  all?: boolean;
  /** only entries in this state (transmitted ones also without `all`) */
  state?: OrderQueueState;
  sort?: OrderQueueSort;
}

/** Which entries a list shows: the company's, or one customer's. */
export interface OrderQueueScope {
  customerId?: number;
}

/** POST orderqueue?id=..: the entries back to waiting, their orders sent again. */
export interface OrderQueueRequeueResult {
  requeued: number;
}

/** DELETE orderqueue?id=..: the entries removed (the orders stay). */
export interface OrderQueueDeleteResult {
  deleted: number;
}
