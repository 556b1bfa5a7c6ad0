/**
 * The journal (spec: `GET /api/v2/c/{companyID}/journal?filter=`, `POST .../journal/acknowledge`): errors of
 * runs and transmissions with the journal codes 2000-2007, for a person to acknowledge (docs/replenishment.md
 * "Journal").
 */
export const JournalSubjects = {
  list: 'orders.journal.list',
  acknowledge: 'orders.journal.acknowledge',
  /** `{caller, id}`: runs a dead letter's event through its consumer again (JournalRetryResult) */
  retry: 'orders.journal.retry',
  /** `{caller, id}`: gives a dead letter's event up for good (JournalDiscardResult) */
  discard: 'orders.journal.discard',
} as const;

/** The fields a journal filter may name, and its operations (spec: "field, operation gte or eq on acknowledged_at"). */
export const JOURNAL_FILTER_FIELDS = ['acknowledged_at', 'created_at', 'code'] as const;
export type JournalFilterField = (typeof JOURNAL_FILTER_FIELDS)[number];
export const JOURNAL_FILTER_OPERATIONS = ['eq', 'gte'] as const;
export type JournalFilterOperation = (typeof JOURNAL_FILTER_OPERATIONS)[number];

/**
 * One condition of `filter` (a JSON list; all conditions hold). `acknowledged_at` `eq` null: not acknowledged;
 * `gte` an ISO time: acknowledged at or after it; `created_at` `gte` an ISO time; `code` `eq` a journal code.
 */
export interface JournalFilter {
  field: JournalFilterField;
  operation: JournalFilterOperation;
  value: string | number | null;
}

/**
 * The journal's messages as codes (docs/replenishment.md "Journal"): the web translates `journal.messages.<key>` with the
 * entry's params; the English `message` stays for API clients.
 * - run_failed: {trigger, error_code, error} a requisition run failed (error: the AppError's text, technical detail)
 * - rule_config_invalid: {rule_id, sku} capacity not above the threshold, or contradicting order constraints
 * - supplier_inactive: {suppliers: [{supplier_id, name, rules: [{rule_id, sku}]}]} rules not ordered, supplier inactive
 * - order_no_supplier: {order_id, skus?} an order of items without a supplier cannot be transmitted
 * - order_not_confirmed: {order_id, timeout_s} the supply side did not confirm the order in time
 * - dead_letter: {subject, service, consumer, failures, error_code, error} an event a service could not process
 * - sensor_negative: {sensor_id, sensor, storage_id, storage, location_id, bin, value} (2007) a reading below the empty bin
 *   after the bin's calibration: no stock change; check the rack plan's settings
 * - sensor_implausible: {sensor_id, sensor, storage_id, storage, location_id, bin, value} (2000) a reading outside the
 *   bin's plausibility bounds (an implausible jump, e.g. more than the bin can hold): no stock change (once per episode)
 * - response_failed: {rule_id, rule, file, order_id, kind, answer} (2003, 2004, 2005) a notification rule's answer file could not be
 *   read (2003), the server refused the login (2004) or the answers could not be fetched (2005)
 * - sensor_store_failed: {stage, subject, service, consumer, failures, error_code, error} (2006) the stock of stored sensor
 *   readings could not be saved (the catalog's or the orders service's consumer gave up: a dead letter, retryable)
 * - sensor_offline: {sensor_id, sensor, external_id, interval_minutes, last_seen_at, places} (2005) a sensor silent for more
 *   than 3 × its interval (once per silence; docs/sensors.md "Alarms")
 * - sensor_battery_low: {sensor_id, sensor, external_id, battery, places} (2000) a sensor's battery below 20 % (once per episode)
 * - notification_failed: {rule_id, rule, order_id, key, channel, attempt, kind, answer, retrying} (an event without an order:
 *   order_id null and `subject` j{entry} / s{sensor}.{alarm}.t{ms}) an attempt of a notification's
 *   delivery failed (docs/notifications.md "Delivery"): 2004 the server refused the login, 2003 its answer was unreadable,
 *   2000 otherwise; `retrying` true when another attempt follows
 */
export const JOURNAL_MESSAGE_KEYS = ['run_failed', 'rule_config_invalid', 'supplier_inactive', 'order_no_supplier', 'order_not_confirmed', 'dead_letter', 'sensor_negative', 'sensor_implausible', 'sensor_store_failed', 'sensor_offline', 'sensor_battery_low', 'notification_failed', 'response_failed'] as const;
export type JournalMessageKey = (typeof JOURNAL_MESSAGE_KEYS)[number];

export interface JournalListQuery {
  /** JSON text of JournalFilter[] (empty or absent: every entry) */
  filter?: string;
  page?: number;
  per_page?: number;
}

export interface JournalEntryDto {
  id: number;
  /** 2000-2007 */
  code: number;
  /** the entry in English, as written (kept for API clients; the web translates `message_key` with `params`) */
  message: string;
  /** what happened as a code (JournalMessageKey), null for entries written before keys existed */
  message_key: JournalMessageKey | null;
  /** the values the message names (ids, SKUs, trigger, the error's code and text...), by key */
  params: Record<string, unknown> | null;
  run_id: number | null;
  rule_id: number | null;
  order_id: number | null;
  customer_id: number | null;
  location_id: number | null;
  created_at: string;
  acknowledged_at: string | null;
  acknowledged_by: number | null;
  /** names of the context, resolved when listing (null: no such context, or no longer known) */
  customer_name: string | null;
  location_name: string | null;
  /** the rule's item */
  rule_sku: string | null;
  rule_item_name: string | null;
  /** the rule's customer and location (for a link to the location's rules when the entry names no location) */
  rule_customer_id: number | null;
  rule_location_id: number | null;
  /** true: a dead letter (code 2000: an event a service could not process), which staff may retry or discard */
  dead_letter: boolean;
}

/** POST journal/{id}/retry: the entry is gone when `retried`; else `error` says why it failed again and it stays. */
export interface JournalRetryResult {
  retried: boolean;
  error: { code: number; message: string } | null;
}

/** POST journal/{id}/discard: the dead letter and its entry are gone. */
export interface JournalDiscardResult {
  discarded: boolean;
}

/** POST journal/acknowledge: the entries by id, or all unacknowledged entries of the company. */
export interface JournalAcknowledgeInput {
  ids?: number[];
  all?: boolean;
}

export interface JournalAcknowledgeResult {
  /** entries acknowledged by this call (already acknowledged ones are left as they were) */
  acknowledged: number;
}
