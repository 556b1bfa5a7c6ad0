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
  message: string;
  run_id: number | null;
  rule_id: number | null;
  order_id: number | null;
  customer_id: number | null;
  location_id: number | null;
  created_at: string;
  acknowledged_at: string | null;
  acknowledged_by: number | null;
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
