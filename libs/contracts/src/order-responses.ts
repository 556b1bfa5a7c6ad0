/**
 * Order responses (issue 18 item 5; docs/notifications.md "Order responses"): what the notifications service read in a
 * supplier's answer file with a rule's response expressions, told to the orders service, which sets the order's
 * ext_status, purchase-order number and the lines' external statuses, records each change on the order's history,
 * and writes the journal for answers it could not read or fetch.
 */
import type { ExtStatus } from './orders';

/**
 * A line's external status (shared/design/spec-clarifications.md "Line external statuses"): TP transmission pending,
 * TR transmitted, ER transmission error, EE rejected by the supplier's system, PO supplier order number received, BE
 * confirmed by the supplier, CE changed by the supplier (quantity or date), WA waiting (supplier backorder), IP in
 * picking, WB shipped, RC received at the location, RE returned.
 */
export const LINE_EXT_STATUSES = ['TP', 'TR', 'ER', 'EE', 'PO', 'BE', 'CE', 'WA', 'IP', 'WB', 'RC', 'RE'] as const;
export type LineExtStatus = (typeof LINE_EXT_STATUSES)[number];

export function isLineExtStatus(value: unknown): value is LineExtStatus {
  return typeof value === 'string' && (LINE_EXT_STATUSES as readonly string[]).includes(value);
}

/** Bus calls of the order responses (notifications service). */
export const OrderResponseSubjects = {
  /** read a rule's answers now (POST `…/notificationrule/{ruleID}/responses`) */
  fetch: 'notifications.rule.fetch_responses',
} as const;

/**
 * What reading a rule's answers did (POST `…/notificationrule/{ruleID}/responses`): per file whether it was applied
 * to orders (their ids), matched no order, was unreadable (journal 2003) or could not be fetched (journal 2005), and
 * the subfolder it was moved to (`done`, `unmatched`, `unreadable`; `removed`; null: left, e.g. an HTTP answer);
 * `failure` when the folder could not be read at all (journal 2004 or 2005).
 */
export interface NotificationRuleResponsesResult {
  rule_id: number;
  files: { name: string; outcome: 'applied' | 'unmatched' | 'unreadable' | 'failed'; orders: number[]; moved: string | null; answer?: string }[];
  failure: string | null;
}

/** Durable events of the order responses (JetStream stream EVT_notifications). */
export const OrderResponseEvents = {
  /** a rule's answer file was read for an order (changes to apply), or could not be read or fetched (journal) */
  responseRead: 'evt.notifications.order_response',
} as const;

/**
 * evt.notifications.order_response. `order_id` set: what the file says about that order (each field null/empty when
 * the expressions found nothing for it); the orders service applies what differs from the order and records each
 * change (history `response_*`). `failure` set: the file (or the whole folder) could not be read — journal `code`
 * 2003 (answer unreadable: bad encoding, an expression that does not compile, a value that is no status), 2004 (the
 * server refused the login) or 2005 (the answers could not be fetched at all).
 */
export interface OrderResponseRead {
  company_id: number;
  rule_id: number;
  rule_name: string;
  /** the answer file's name ('' for a failure of the whole folder) */
  file: string;
  /** when it was read */
  at: string;
  order_id: number | null;
  /** history type: O for customer and location rules, S for supplier rules */
  side: 'O' | 'S';
  ext_status: ExtStatus | null;
  po_number: string | null;
  lines: { pos: number; status: LineExtStatus }[];
  failure: { code: 2003 | 2004 | 2005; kind: string; answer: string } | null;
}
