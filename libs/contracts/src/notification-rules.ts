import type { ListQuery } from './identity';

/**
 * Notification rules (spec 3 "Notification rule"; issue 18 item 3; docs/notification-rules.md): what the
 * notifications service sends, to whom and how, when an event happens at a customer, one of its locations or a
 * supplier. Owned by apps/notifications; the gateway serves them under
 * `/c/{companyID}/customer/{customerID}[/location/{locationID}]/notificationrule`, `/c/{companyID}/supplier/{supplierID}/notificationrule`
 * and, read-only across all owners, `/c/{companyID}/notificationrule` (the company's overview page).
 */
export const NotificationRuleSubjects = {
  list: 'notifications.rule.list',
  get: 'notifications.rule.get',
  create: 'notifications.rule.create',
  update: 'notifications.rule.update',
  delete: 'notifications.rule.delete',
  /** runs the rule now on its latest matching event (a GET that is safe to repeat: one delivery per rule, order, version) */
  trigger: 'notifications.rule.trigger',
  addRecipient: 'notifications.rule.recipient.add',
  updateRecipient: 'notifications.rule.recipient.update',
  deleteRecipient: 'notifications.rule.recipient.delete',
} as const;

/** Durable events of rules (JetStream stream EVT_notifications). */
export const NotificationRuleEvents = {
  /**
   * a rule was created, changed or deleted: carries its contact recipients, so the catalog keeps
   * `contact_rule_recipient` (`GET contact/{id}/rules`) current
   */
  ruleChanged: 'evt.notifications.rule_changed',
} as const;

/** E: an e-mail to recipients; F: a file (or HTTP post) to a server (spec 3 "type (E email, F file)"). */
export const NOTIFICATION_RULE_TYPES = ['E', 'F'] as const;
export type NotificationRuleType = (typeof NOTIFICATION_RULE_TYPES)[number];

/**
 * What a rule reacts to (issue 18 item 3). Order events concern the order's customer, location and the suppliers
 * of its lines; supply events the supply's supplier and the order's customer and location; the others whatever
 * customer, location or supplier they name.
 */
export const NOTIFICATION_EVENTS = [
  'order_created',
  'order_ok',
  'request_waiting',
  'request_confirmed',
  'request_rejected',
  'supply_created',
  'supply_delivered',
  'orderqueue_error',
  'journal_entry',
  'sensor_offline',
  'sensor_alarm',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** Events whose subject is an order (a rule of these may attach a file of the order and fetch responses). */
export const ORDER_NOTIFICATION_EVENTS: readonly NotificationEvent[] = [
  'order_created',
  'order_ok',
  'request_waiting',
  'request_confirmed',
  'request_rejected',
  'supply_created',
  'supply_delivered',
  'orderqueue_error',
];

/** Who a rule belongs to: a customer (all or some of its locations), one location of a customer, or a supplier. */
export interface NotificationRuleOwner {
  customer_id?: number;
  location_id?: number;
  supplier_id?: number;
}

/**
 * The placeholders a response expression may contain (spec 3 "regular expressions (placeholders order_id,
 * order_pos, kanban_order_id, ext_order_id)"), written `{order_id}`; replaced by the order's values, escaped, before
 * the expression is applied to an answer file or mail.
 */
export const RESPONSE_PLACEHOLDERS = ['order_id', 'order_pos', 'kanban_order_id', 'ext_order_id'] as const;

/**
 * What a response expression sets (issue 18 item 5): the order's ext_status (its first group: OK / FE / KA or 1 / -1
 * / 0), the purchase-order number (first group), a line's external status (group `pos` or the placeholder
 * `{order_pos}`, group `status`: one of the line status codes of
 * shared/design/spec-clarifications.md, TP IP EE TR PO BE CE ER WA RE RC WB).
 */
export const RESPONSE_TARGETS = ['ext_status', 'po_number', 'line_status'] as const;
export type ResponseTarget = (typeof RESPONSE_TARGETS)[number];

export interface ResponseExpression {
  target: ResponseTarget;
  /** a JavaScript regular expression (without slashes), placeholders allowed */
  pattern: string;
}

/** A recipient of an e-mail rule (spec 3 "recipients (contacts, emails, users)"). */
export const RECIPIENT_KINDS = ['contact', 'email', 'user'] as const;
export type RecipientKind = (typeof RECIPIENT_KINDS)[number];

export interface NotificationRecipientDto {
  id: number;
  kind: RecipientKind;
  /** kind contact: a contact of the rule's customer (or the supplier's, for a supplier rule) */
  contact_id: number | null;
  /** kind user: a member of the company */
  user_id: number | null;
  /** kind email: the address; contact and user: their current address (read when the list is answered) */
  email: string;
  /** display name: as given (email), the contact's or user's name */
  name: string;
  /** cc instead of to */
  cc: boolean;
}

export interface NotificationRecipientInput {
  kind?: RecipientKind;
  contact_id?: number | null;
  user_id?: number | null;
  email?: string;
  name?: string;
  cc?: boolean;
}

export interface NotificationRuleDto {
  id: number;
  customer_id: number | null;
  customer: string;
  location_id: number | null;
  location: string;
  supplier_id: number | null;
  supplier: string;
  name: string;
  type: NotificationRuleType;
  active: boolean;
  event: NotificationEvent;
  /** E: the sender; '' uses the SMTP server's user */
  email_from: string;
  email_from_name: string;
  /** E: one address more beside the recipients (spec "email to and names"); '' none */
  email_to: string;
  email_to_name: string;
  /** E: the subject; '' takes the e-mail template's header. Placeholders as in templates */
  subject: string;
  email_template_id: number | null;
  /** E: a file template rendered and attached; F: the file written */
  attachment_template_id: number | null;
  /** the attachment's or file's name, placeholders allowed ('' = the template's default: order_{{order.id}}.csv) */
  attachment_name: string;
  /** E: the order's delivery note as a PDF attachment */
  delivery_note_pdf: boolean;
  /** E: SMTP server; F: SFTP, FTP(S) or HTTP(S) server */
  server_id: number | null;
  server: string;
  /** F: the folder (SFTP, FTP) or URL path (HTTP) */
  path: string;
  /**
   * Read the supplier's answers with `response_expressions` (item 5): F: the files in `response_path` on `server_id`;
   * E: the mails in the mailbox folder `response_path` (default INBOX) of the IMAP server `response_server_id`
   */
  fetch_response: boolean;
  response_path: string;
  /** E with fetch_response: the IMAP server whose mailbox holds the answer mails (null otherwise) */
  response_server_id: number | null;
  response_expressions: ResponseExpression[];
  /** send one digest per recipient a day instead of one message per event */
  only_daily: boolean;
  /** the hour (0-23, company time zone) of the daily digest */
  daily_hour: number;
  /**
   * customer rules: true = for events at every location of the customer, beside the locations' own rules;
   * false = only at locations without an active rule of their own for the same event
   */
  all_locations: boolean;
  recipients: NotificationRecipientDto[];
  created_at: string;
  updated_at: string;
}

/** What create and update take; on update an absent field keeps its value. Recipients have calls of their own. */
export interface NotificationRuleInput {
  name?: string;
  type?: NotificationRuleType;
  active?: boolean;
  event?: NotificationEvent;
  email_from?: string;
  email_from_name?: string;
  email_to?: string;
  email_to_name?: string;
  subject?: string;
  email_template_id?: number | null;
  attachment_template_id?: number | null;
  attachment_name?: string;
  delivery_note_pdf?: boolean;
  server_id?: number | null;
  path?: string;
  fetch_response?: boolean;
  response_path?: string;
  response_server_id?: number | null;
  response_expressions?: ResponseExpression[];
  only_daily?: boolean;
  daily_hour?: number;
  all_locations?: boolean;
  /** create only: recipients to add at once */
  recipients?: NotificationRecipientInput[];
}

export const NOTIFICATION_RULE_LIMITS = {
  name: 200,
  email: 254,
  emailName: 200,
  subject: 1000,
  attachmentName: 255,
  path: 1000,
  expressions: 20,
  pattern: 1000,
  recipients: 100,
} as const;

export const NOTIFICATION_RULE_SORTS = ['name', 'event', 'type', 'updated_at', 'created_at'] as const;
export type NotificationRuleSort = (typeof NOTIFICATION_RULE_SORTS)[number];

export interface NotificationRuleListQuery extends ListQuery {
  /**
   * spec `all=0|1`. At a customer: 1 adds the rules of its locations. At a location: 1 adds the customer's rules
   * that apply to it (read-only there). Supplier and company overview: ignored
   */
  all?: boolean;
  event?: NotificationEvent;
  type?: NotificationRuleType;
  active?: boolean;
}

/** GET notificationrule/{ruleID}/trigger */
export interface NotificationRuleTriggerResult {
  /** the event the rule ran on (null: none matched yet; nothing sent) */
  event: { kind: NotificationEvent; order_id: number | null; at: string } | null;
  /** deliveries queued (0 when the same rule, order and version was delivered before) */
  queued: number;
  /** the idempotency keys of the deliveries (rule, order, version) */
  keys: string[];
}

/** evt.notifications.rule_changed */
export interface NotificationRuleChanged {
  company_id: number;
  rule_id: number;
  rule_name: string;
  customer_id: number | null;
  supplier_id: number | null;
  /** the contacts among the recipients (empty when deleted) */
  contact_ids: number[];
  deleted?: boolean;
}

/** An e-mail address as rules accept it (sender, extra recipient, recipients of kind email): x@y.z, no spaces. */
export const NOTIFICATION_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Server types a rule may name: E sends through SMTP, F writes to these. */
export const FILE_RULE_SERVER_TYPES = ['SFTP', 'FTP', 'FTPS', 'HTTP', 'HTTPS'] as const;
