import type { RunTrigger } from './orders';

/**
 * Order history events (`orders.purchase_order_event`, docs/replenishment.md "Order history"): each event carries a
 * stable message code and its parameters, which clients translate (the web app: `orderEvents.<code>` in its locale
 * files), and `text`, the same message in English for clients that do not know the code and for old events. Codes are
 * never renamed or given other parameters; a new kind of message gets a new code.
 */
export const ORDER_EVENT_CODES = [
  'requisition_run',
  'subscription_run',
  'backorder_reordered',
  'manual_order',
  'manual_request',
  'status_ok',
  'request_confirmed',
  'request_rejected',
  'attachment_added',
  'attachment_removed',
  'picture_added',
  'picture_removed',
  'queue_requeued',
  'queue_removed',
  'supply_created',
  'supply_repeated',
  'supply_delivery',
  'time_tracking',
  'notification_queued',
  'notification_sent',
  'notification_retrying',
  'notification_failed',
  'response_ext_status',
  'response_po_number',
  'response_line_status',
  'supplier_acknowledged',
] as const;

export type OrderEventCode = (typeof ORDER_EVENT_CODES)[number];

/** The parameters of each code (JSON: numbers, texts, a day as YYYY-MM-DD, lists of line positions). */
export interface OrderEventParamsOf {
  /** R: an order of a requisition run */
  requisition_run: { run_id: number; trigger: RunTrigger };
  /** R: an order of the subscriptions, made by a scheduled run */
  subscription_run: { run_id: number };
  /** R: a backorder line cancelled 7 days after its shipping day (`shipping`) and ordered anew (by run `run_id`, null when no run) */
  backorder_reordered: { pos: number; shipping: string | null; run_id: number | null };
  /** R: an order by hand */
  manual_order: Record<string, never>;
  /** R: an order by hand of a customer with the request workflow: a request */
  manual_request: Record<string, never>;
  /** U: the update to OK */
  status_ok: Record<string, never>;
  /** U: a request confirmed */
  request_confirmed: Record<string, never>;
  /** U: a request rejected, with the reason given (null: none) */
  request_rejected: { reason: string | null };
  /** U: the attachment `name` added, replacing the one named `replaced` (null: there was none) */
  attachment_added: { name: string; replaced: string | null };
  /** U: the attachment `name` removed */
  attachment_removed: { name: string };
  /** U: a picture added */
  picture_added: { image_id: number };
  /** U: a picture removed */
  picture_removed: { image_id: number };
  /** U: requeued in the order queue, now its attempt `attempt` */
  queue_requeued: { attempt: number };
  /** U: taken out of the order queue */
  queue_removed: Record<string, never>;
  /** S: the supply created for the supplier */
  supply_created: { supply_id: number };
  /** S: the order arrived at the supply service again (requeued), nothing created twice */
  supply_repeated: { supply_id: number };
  /** S: lines of the supply marked delivered or taken back; `complete` when the whole supply is delivered */
  supply_delivery: { supply_id: number; delivered: number[]; taken_back: number[]; complete: boolean };
  /** T: a service visit at the location (counting, refilling) recorded with its minutes as line `pos` of the time-tracking item */
  time_tracking: { minutes: number; pos: number; comment: string | null };
  /** O or S: a notification rule's delivery `key` planned (rendered and waiting for its first attempt) */
  notification_queued: { rule_id: number; rule: string; channel: string; key: string };
  /** O or S: a notification rule's delivery (`key`, over `channel` mail, file or http) sent at attempt `attempt`; `answer` the server's words */
  notification_sent: { rule_id: number; rule: string; channel: string; key: string; attempt: number; answer: string };
  /** O or S: an attempt failed (`kind` auth, unreadable, unreachable or other); the next one is at `next_attempt_at` */
  notification_retrying: { rule_id: number; rule: string; channel: string; key: string; attempt: number; answer: string; kind: string; next_attempt_at: string };
  /** O or S: the delivery was given up after attempt `attempt` (not retryable, or past its give-up time) */
  notification_failed: { rule_id: number; rule: string; channel: string; key: string; attempt: number; answer: string; kind: string };
  /** O or S: a rule's answer file (`file`) set the order's ext_status (`ext_status` 1 OK, -1 FE, 0 KA; `text` its letters) */
  response_ext_status: { rule_id: number; rule: string; file: string; ext_status: number; text: string };
  /** O or S: a rule's answer file set the supplier's purchase-order number */
  response_po_number: { rule_id: number; rule: string; file: string; po_number: string };
  /** O or S: a rule's answer file set line `pos`'s external status (TP TR ER EE PO BE CE WA IP WB RC RE) */
  response_line_status: { rule_id: number; rule: string; file: string; pos: number; status: string };
  /** S: the supplier's system acknowledged supply `supply_id` over the supplier API (docs/supplier-api.md): lines `positions` became `status` (TR, or PO with `po_number`) */
  supplier_acknowledged: { supply_id: number; status: string; po_number: string | null; positions: number[] };
}

export type OrderEventParams = OrderEventParamsOf[OrderEventCode];

export function isOrderEventCode(value: unknown): value is OrderEventCode {
  return typeof value === 'string' && (ORDER_EVENT_CODES as readonly string[]).includes(value);
}

const ENGLISH: { [C in OrderEventCode]: (p: OrderEventParamsOf[C]) => string } = {
  requisition_run: (p) => `requisition run ${p.run_id} (${p.trigger})`,
  subscription_run: (p) => `subscription: requisition run ${p.run_id}`,
  backorder_reordered: (p) =>
    `backorder: line ${p.pos} not delivered 7 days after its shipping day, cancelled and ordered anew${p.run_id == null ? '' : ` (requisition run ${p.run_id})`}`,
  manual_order: () => 'ordered by hand',
  manual_request: () => 'ordered by hand, waiting for approval',
  status_ok: () => 'status updated to OK',
  request_confirmed: () => 'request confirmed',
  request_rejected: (p) => (p.reason ? `request rejected: ${p.reason}` : 'request rejected'),
  attachment_added: (p) => `attachment added: ${p.name}${p.replaced == null ? '' : ` (replaces ${p.replaced})`}`,
  attachment_removed: (p) => `attachment removed: ${p.name}`,
  picture_added: (p) => `picture added (${p.image_id})`,
  picture_removed: (p) => `picture removed (${p.image_id})`,
  queue_requeued: (p) => `requeued in the order queue (attempt ${p.attempt})`,
  queue_removed: () => 'taken out of the order queue',
  supply_created: (p) => `supply ${p.supply_id} created for the supplier`,
  supply_repeated: (p) => `supply ${p.supply_id}: the order arrived again (sent from the order queue), nothing created twice`,
  supply_delivery: (p) =>
    (p.delivered.length ? `supply ${p.supply_id}: delivered line ${p.delivered.join(', ')}` : `supply ${p.supply_id}:`) +
    (p.taken_back.length ? `${p.delivered.length ? ';' : ''} taken back line ${p.taken_back.join(', ')}` : '') +
    (p.complete ? ' (supply delivered)' : ''),
  time_tracking: (p) => `service visit: ${p.minutes} minutes (line ${p.pos})${p.comment ? `: ${p.comment}` : ''}`,
  notification_queued: (p) => `notification "${p.rule}" queued (${p.channel})`,
  notification_sent: (p) => `notification "${p.rule}" sent (${p.channel}, attempt ${p.attempt}): ${p.answer}`,
  notification_retrying: (p) => `notification "${p.rule}" not sent (${p.channel}, attempt ${p.attempt}, ${p.kind}): ${p.answer}; next attempt at ${p.next_attempt_at}`,
  notification_failed: (p) => `notification "${p.rule}" failed (${p.channel}, attempt ${p.attempt}, ${p.kind}), given up: ${p.answer}`,
  response_ext_status: (p) => `answer ${p.file} ("${p.rule}"): status ${p.text}`,
  response_po_number: (p) => `answer ${p.file} ("${p.rule}"): purchase order number ${p.po_number}`,
  response_line_status: (p) => `answer ${p.file} ("${p.rule}"): line ${p.pos} ${p.status}`,
  supplier_acknowledged: (p) =>
    `acknowledged by the supplier's system (supply ${p.supply_id})${p.po_number === null ? '' : `, purchase order number ${p.po_number}`}: ${p.positions.length === 1 ? 'line' : 'lines'} ${p.positions.join(', ')} ${p.status}`,
};

/**
 * The English text of a message (what `text` holds). The SQL writers (requisition, subscriptions, backorders, order
 * queue) build the same texts in SQL; the e2e suites compare every event's text with this function.
 */
export function orderEventText<C extends OrderEventCode>(code: C, params: OrderEventParamsOf[C]): string {
  return (ENGLISH[code] as (p: OrderEventParamsOf[C]) => string)(params);
}

/** An event's message as the writers store it: code, parameters and the English text. */
export interface OrderEventMessage<C extends OrderEventCode = OrderEventCode> {
  code: C;
  params: OrderEventParamsOf[C];
  text: string;
}

export function orderEventMessage<C extends OrderEventCode>(code: C, params: OrderEventParamsOf[C]): OrderEventMessage<C> {
  return { code, params, text: orderEventText(code, params) };
}
