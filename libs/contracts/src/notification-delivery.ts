/**
 * The delivery of notifications (issue 18 item 4; docs/notifications.md "Delivery"): what the notifications service
 * tells the orders service about each attempt, and the order's notification status it keeps.
 */

/**
 * `notification_status` of an order (`OrderDto.notification_status`): the deliveries of its customer-side rules
 * (history type O) and supplier rules (type S) together, from the latest history event of each rule (by its time, so
 * events processed out of order count as they happened): failed if one rule's latest is failed, else pending if one
 * is queued or retrying, else sent; none without any.
 */
export const NotificationStatus = {
  /** no rule delivered anything for the order */
  none: 0,
  /** a delivery is planned or being retried */
  pending: 1,
  /** the latest delivery was sent */
  sent: 2,
  /** a delivery was given up (not retryable, or past its give-up time) */
  failed: -1,
} as const;
export type NotificationStatusValue = (typeof NotificationStatus)[keyof typeof NotificationStatus];

/** Durable events of the delivery (JetStream stream EVT_notifications). */
export const NotificationDeliveryEvents = {
  /** an attempt of a delivery that concerns an order was made (or the delivery was planned): the orders service records it */
  deliveryChanged: 'evt.notifications.delivery_changed',
} as const;

export const DELIVERY_CHANNELS = ['mail', 'file', 'http'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

/** pending: planned or waiting for its next attempt; sending: claimed by a worker; sent; failed: given up. */
export const DELIVERY_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * evt.notifications.delivery_changed: one attempt (status sent, retrying or failed) or the plan of a delivery
 * (status pending, attempt 0) of a rule for an order. `side` O: a customer or location rule (order notification),
 * S: a supplier rule (supply notification). `kind` is the failure's kind (auth, unreadable, unreachable, other)
 * when it failed.
 */
export interface DeliveryChanged {
  company_id: number;
  /** null for an event without an order (journal entry, sensor alarm): then `subject` names it and only failures count */
  order_id: number | null;
  /** an event without an order: what it is about (`j{journal entry}`, `s{sensor}.{alarm}.t{ms}`); absent for orders */
  subject?: string | null;
  /** the idempotency key r{rule}.o{order}.v{version} (r{rule}.{subject} for an event without an order) */
  key: string;
  rule_id: number;
  rule_name: string;
  side: 'O' | 'S';
  channel: DeliveryChannel;
  status: 'pending' | 'sent' | 'retrying' | 'failed';
  attempt: number;
  /** the server's answer, or the local failure (at most 500 characters) */
  answer: string;
  kind: 'auth' | 'unreadable' | 'unreachable' | 'other' | null;
  /** the next attempt (status retrying) */
  next_attempt_at: string | null;
  /** when the attempt was made (the history event's time; the orders service orders a rule's events by it) */
  at: string;
  customer_id: number | null;
  location_id: number | null;
}
