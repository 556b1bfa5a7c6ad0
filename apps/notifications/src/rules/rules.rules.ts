import { AppError, ErrorCode } from '@kanban/access';
import {
  FILE_RULE_SERVER_TYPES,
  NOTIFICATION_EMAIL_PATTERN,
  NOTIFICATION_EVENTS,
  NOTIFICATION_RULE_LIMITS,
  NOTIFICATION_RULE_TYPES,
  ORDER_NOTIFICATION_EVENTS,
  RECIPIENT_KINDS,
  RESPONSE_PLACEHOLDERS,
  RESPONSE_TARGETS,
  type NotificationEvent,
  type NotificationRecipientDto,
  type NotificationRecipientInput,
  type NotificationRuleDto,
  type NotificationRuleInput,
  type NotificationRuleOwner,
  type NotificationRuleType,
  type RecipientKind,
  type ResponseExpression,
  type ServerType,
} from '@kanban/contracts';
import { checkTemplate } from '@kanban/notify-templates';
import type { NotificationRecipient } from './recipient.entity';
import type { NotificationRule } from './rule.entity';

const bad = AppError.validation;
const L = NOTIFICATION_RULE_LIMITS;

/** Which owner a request names (docs/notification-rules.md "Owners"); `company`: the read-only overview. */
export type OwnerKind = 'customer' | 'location' | 'supplier' | 'company';

/** The owner's kind, or 1000 when the ids do not make one (a location without its customer, a customer and a supplier). */
export function ownerKind(owner: NotificationRuleOwner | undefined): OwnerKind {
  const o = owner ?? {};
  const has = (v: unknown): boolean => v !== undefined && v !== null;
  for (const [field, value] of Object.entries(o)) {
    if (has(value) && (typeof value !== 'number' || !Number.isInteger(value) || value < 1)) throw bad(field, 'must be an id');
  }
  if (has(o.supplier_id)) {
    if (has(o.customer_id) || has(o.location_id)) throw bad('supplier_id', 'a rule belongs to a customer, a location or a supplier, not several');
    return 'supplier';
  }
  if (has(o.location_id)) {
    if (!has(o.customer_id)) throw bad('customer_id', 'a location rule names its customer');
    return 'location';
  }
  return has(o.customer_id) ? 'customer' : 'company';
}

function text(input: Record<string, unknown>, field: string, limit: number, options: { required?: boolean } = {}): string | undefined {
  const value = input[field];
  if (value === undefined || (value === null && !options.required)) {
    if (options.required) throw bad(field, 'is required');
    return value === null ? '' : undefined;
  }
  if (typeof value !== 'string') throw bad(field, 'must be a text');
  const result = value.trim();
  if (result.length > limit) throw bad(field, `must be at most ${limit} characters`);
  return result;
}

function email(input: Record<string, unknown>, field: string): string | undefined {
  const value = text(input, field, L.email);
  if (value !== undefined && value !== '' && !NOTIFICATION_EMAIL_PATTERN.test(value)) throw bad(field, 'must be an e-mail address (name@example.com)');
  return value;
}

function flag(input: Record<string, unknown>, field: string): boolean | undefined {
  const value = input[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw bad(field, 'must be true or false');
  return value;
}

function reference(input: Record<string, unknown>, field: string): number | null | undefined {
  const value = input[field];
  if (value === undefined || value === null) return value as null | undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw bad(field, 'must be an id or null');
  return value;
}

function template(value: string | undefined, field: string): void {
  if (!value) return;
  const problem = checkTemplate(value, { field });
  if (problem) throw new AppError(ErrorCode.Validation, problem.message, { field, errors: [{ field, message: problem.message, params: { ...(problem.line !== null ? { line: problem.line } : {}), ...(problem.column !== null ? { column: problem.column } : {}) } }] });
}

/** `{order_id}` and the other placeholders replaced by a sample value, as delivery replaces them by the order's (escaped). */
export function expressionWithSamples(pattern: string): string {
  let out = pattern;
  for (const name of RESPONSE_PLACEHOLDERS) out = out.split(`{${name}}`).join('1');
  return out;
}

/** Response expressions: at most 20 of {target, pattern}; each pattern compiles as a JavaScript regular expression once the placeholders are replaced. */
export function normalizeExpressions(value: unknown): ResponseExpression[] | undefined {
  if (value === undefined) return undefined;
  if (value === null) return [];
  if (!Array.isArray(value)) throw bad('response_expressions', 'must be a list of {target, pattern}');
  if (value.length > L.expressions) throw bad('response_expressions', `at most ${L.expressions} expressions`);
  return value.map((raw: unknown, i) => {
    const at = `response_expressions.${i}`;
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw bad(at, 'must be {target, pattern}');
    const e = raw as Record<string, unknown>;
    if (!(RESPONSE_TARGETS as readonly unknown[]).includes(e.target)) throw bad(`${at}.target`, `must be one of ${RESPONSE_TARGETS.join(', ')}`);
    if (typeof e.pattern !== 'string' || e.pattern.length === 0) throw bad(`${at}.pattern`, 'is required');
    if (e.pattern.length > L.pattern) throw bad(`${at}.pattern`, `must be at most ${L.pattern} characters`);
    try {
      new RegExp(expressionWithSamples(e.pattern));
    } catch (error) {
      throw bad(`${at}.pattern`, `is not a regular expression: ${(error as Error).message}`);
    }
    return { target: e.target as ResponseExpression['target'], pattern: e.pattern };
  });
}

/** One recipient's input checked on its own (1000 naming the field); `create`: kind and its id or address required. */
export function normalizeRecipientInput(raw: unknown, mode: 'create' | 'update', prefix = ''): NotificationRecipientInput {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw bad(prefix || 'body', 'must be an object');
  const input = raw as Record<string, unknown>;
  const f = (name: string) => `${prefix}${name}`;
  const out: NotificationRecipientInput = {};
  if (input.kind !== undefined || mode === 'create') {
    if (!(RECIPIENT_KINDS as readonly unknown[]).includes(input.kind)) throw bad(f('kind'), `must be one of ${RECIPIENT_KINDS.join(', ')}`);
    out.kind = input.kind as RecipientKind;
  }
  for (const field of ['contact_id', 'user_id'] as const) {
    const value = input[field];
    if (value === undefined || value === null) {
      if (value === null) out[field] = null;
      continue;
    }
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw bad(f(field), 'must be an id');
    out[field] = value;
  }
  for (const field of ['email', 'name'] as const) {
    const value = input[field];
    if (value === undefined) continue;
    if (value !== null && typeof value !== 'string') throw bad(f(field), 'must be a text');
    const trimmed = (value ?? '').trim();
    const limit = field === 'email' ? L.email : L.emailName;
    if (trimmed.length > limit) throw bad(f(field), `must be at most ${limit} characters`);
    if (field === 'email' && trimmed !== '' && !NOTIFICATION_EMAIL_PATTERN.test(trimmed)) throw bad(f(field), 'must be an e-mail address (name@example.com)');
    out[field] = trimmed;
  }
  const cc = flag(input, 'cc');
  if (cc !== undefined) out.cc = cc;
  return out;
}

/** A recipient once the input is applied: the field its kind needs is there (1000 naming it); the others are cleared. */
export function applyRecipientInput(recipient: Pick<NotificationRecipient, 'kind' | 'contactId' | 'userId' | 'email' | 'name' | 'cc'>, input: NotificationRecipientInput, prefix = ''): void {
  if (input.kind !== undefined) recipient.kind = input.kind;
  if (input.contact_id !== undefined) recipient.contactId = input.contact_id;
  if (input.user_id !== undefined) recipient.userId = input.user_id;
  if (input.email !== undefined) recipient.email = input.email;
  if (input.name !== undefined) recipient.name = input.name;
  if (input.cc !== undefined) recipient.cc = input.cc;
  if (recipient.kind !== 'contact') recipient.contactId = null;
  if (recipient.kind !== 'user') recipient.userId = null;
  if (recipient.kind !== 'email') {
    recipient.email = '';
    recipient.name = '';
  }
  if (recipient.kind === 'contact' && recipient.contactId === null) throw bad(`${prefix}contact_id`, 'a contact recipient names its contact');
  if (recipient.kind === 'user' && recipient.userId === null) throw bad(`${prefix}user_id`, 'a user recipient names the user');
  if (recipient.kind === 'email' && recipient.email === '') throw bad(`${prefix}email`, 'an e-mail recipient needs its address');
}

/** The checked input of create (name, type, event required) or update (what is sent); 1000 naming the field. */
export function normalizeRuleInput(raw: NotificationRuleInput, mode: 'create' | 'update'): NotificationRuleInput {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw bad('body', 'must be an object');
  const input = raw as Record<string, unknown>;
  const create = mode === 'create';
  const out: NotificationRuleInput = {};
  out.name = text(input, 'name', L.name, { required: create });
  if (out.name !== undefined && out.name.length === 0) throw bad('name', 'must not be empty');
  if (input.type !== undefined || create) {
    if (!(NOTIFICATION_RULE_TYPES as readonly unknown[]).includes(input.type)) throw bad('type', `must be one of ${NOTIFICATION_RULE_TYPES.join(', ')}`);
    out.type = input.type as NotificationRuleType;
  }
  if (input.event !== undefined || create) {
    if (!(NOTIFICATION_EVENTS as readonly unknown[]).includes(input.event)) throw bad('event', `must be one of ${NOTIFICATION_EVENTS.join(', ')}`);
    out.event = input.event as NotificationEvent;
  }
  out.active = flag(input, 'active');
  out.email_from = email(input, 'email_from');
  out.email_from_name = text(input, 'email_from_name', L.emailName);
  out.email_to = email(input, 'email_to');
  out.email_to_name = text(input, 'email_to_name', L.emailName);
  out.subject = text(input, 'subject', L.subject);
  template(out.subject, 'subject');
  out.email_template_id = reference(input, 'email_template_id');
  out.attachment_template_id = reference(input, 'attachment_template_id');
  out.attachment_name = text(input, 'attachment_name', L.attachmentName);
  template(out.attachment_name, 'attachment_name');
  if (out.attachment_name && /[\\/]/.test(out.attachment_name.replace(/\{\{[^}]*\}\}/g, ''))) throw bad('attachment_name', 'is a file name: no / or \\');
  out.delivery_note_pdf = flag(input, 'delivery_note_pdf');
  out.server_id = reference(input, 'server_id');
  out.path = text(input, 'path', L.path);
  out.fetch_response = flag(input, 'fetch_response');
  out.response_path = text(input, 'response_path', L.path);
  out.response_server_id = reference(input, 'response_server_id');
  out.response_expressions = normalizeExpressions(input.response_expressions);
  out.only_daily = flag(input, 'only_daily');
  if (input.daily_hour !== undefined) {
    const hour = input.daily_hour;
    if (typeof hour !== 'number' || !Number.isInteger(hour) || hour < 0 || hour > 23) throw bad('daily_hour', 'must be a whole hour from 0 to 23');
    out.daily_hour = hour;
  }
  out.all_locations = flag(input, 'all_locations');
  if (input.recipients !== undefined) {
    if (!create) throw bad('recipients', 'are changed with the recipient calls');
    if (!Array.isArray(input.recipients)) throw bad('recipients', 'must be a list');
    if (input.recipients.length > L.recipients) throw bad('recipients', `at most ${L.recipients} recipients`);
    out.recipients = input.recipients.map((r: unknown, i) => normalizeRecipientInput(r, 'create', `recipients.${i}.`));
  }
  return out;
}

/** Applies the checked input to the rule's fields (not its recipients); absent fields keep their values. */
export function applyRuleInput(rule: NotificationRule, input: NotificationRuleInput): void {
  const set = <K extends keyof NotificationRule>(key: K, value: NotificationRule[K] | undefined) => {
    if (value !== undefined) rule[key] = value;
  };
  set('name', input.name);
  set('type', input.type);
  set('active', input.active);
  set('event', input.event);
  set('emailFrom', input.email_from);
  set('emailFromName', input.email_from_name);
  set('emailTo', input.email_to);
  set('emailToName', input.email_to_name);
  set('subject', input.subject);
  set('emailTemplateId', input.email_template_id);
  set('attachmentTemplateId', input.attachment_template_id);
  set('attachmentName', input.attachment_name);
  set('deliveryNotePdf', input.delivery_note_pdf);
  set('serverId', input.server_id);
  set('path', input.path);
  set('fetchResponse', input.fetch_response);
  set('responsePath', input.response_path);
  set('responseServerId', input.response_server_id);
  set('responseExpressions', input.response_expressions);
  set('onlyDaily', input.only_daily);
  set('dailyHour', input.daily_hour);
  set('allLocations', input.all_locations);
}

/** What the whole-record checks know of the rule's references (null: not named, or not in the company). */
export interface RuleReferences {
  /** the server's type, null when the rule names none; undefined: named but not in the company */
  serverType: ServerType | null | undefined;
  /** the response server's type alike */
  responseServerType?: ServerType | null | undefined;
  /** whether the named templates are in the company (true when none is named) */
  emailTemplateFound: boolean;
  attachmentTemplateFound: boolean;
}

/**
 * Checks of the whole rule once the input is applied (1000 naming the field): templates and server of the company;
 * E: a subject or an e-mail template, an SMTP server if any; F: a file server (SFTP, FTP(S), HTTP(S)), a file template
 * and an order event; attachments, the delivery note and responses only for order events; all_locations only at a
 * customer; fetching responses needs an expression, and an e-mail rule an IMAP server to read the answer mails from
 * (`response_server_id`; none for other rules).
 */
export function checkRule(rule: NotificationRule, owner: OwnerKind, refs: RuleReferences): void {
  if (!refs.emailTemplateFound) throw bad('email_template_id', 'is not an e-mail template of the company');
  if (!refs.attachmentTemplateFound) throw bad('attachment_template_id', 'is not a file template of the company');
  if (refs.serverType === undefined) throw bad('server_id', 'is not a server of the company');
  const orderEvent = ORDER_NOTIFICATION_EVENTS.includes(rule.event);
  if (rule.type === 'E') {
    if (rule.emailTemplateId === null && rule.subject === '') throw bad('email_template_id', 'an e-mail rule needs an e-mail template or a subject');
    if (refs.serverType !== null && refs.serverType !== 'SMTP') throw bad('server_id', 'an e-mail rule sends through an SMTP server');
  } else {
    if (refs.serverType === null) throw bad('server_id', 'a file rule needs a server (SFTP, FTP, FTPS, HTTP or HTTPS)');
    if (!(FILE_RULE_SERVER_TYPES as readonly string[]).includes(refs.serverType)) throw bad('server_id', 'a file rule writes to an SFTP, FTP, FTPS, HTTP or HTTPS server');
    if (rule.attachmentTemplateId === null) throw bad('attachment_template_id', 'a file rule needs a file template');
    if (!orderEvent) throw bad('event', 'a file rule writes an order: choose an order or supply event');
    if (rule.emailTemplateId !== null) throw bad('email_template_id', 'only for e-mail rules');
    if (rule.deliveryNotePdf) throw bad('delivery_note_pdf', 'only for e-mail rules');
  }
  if (!orderEvent) {
    if (rule.attachmentTemplateId !== null) throw bad('attachment_template_id', 'only for order and supply events');
    if (rule.deliveryNotePdf) throw bad('delivery_note_pdf', 'only for order and supply events');
    if (rule.fetchResponse) throw bad('fetch_response', 'only for order and supply events');
  }
  if (rule.fetchResponse && rule.responseExpressions.length === 0) throw bad('response_expressions', 'fetching responses needs at least one expression');
  if (rule.type === 'E' && rule.fetchResponse) {
    if (refs.responseServerType === undefined) throw bad('response_server_id', 'is not a server of the company');
    if (refs.responseServerType !== 'IMAP') throw bad('response_server_id', 'an e-mail rule reads its answer mails from an IMAP server: choose one');
  } else if (rule.responseServerId !== null) throw bad('response_server_id', 'only for e-mail rules that fetch responses');
  if (rule.allLocations && owner !== 'customer') throw bad('all_locations', 'only for rules of a customer');
}

/** The names a rule's answer shows, read when it is answered (catalog, identity; servers of this service). */
export interface RuleNames {
  customers: Map<number, string>;
  locations: Map<number, string>;
  suppliers: Map<number, string>;
  servers: Map<number, string>;
  contacts: Map<number, { name: string; email: string }>;
  users: Map<number, { name: string; email: string }>;
}

export function toRecipientDto(r: NotificationRecipient, names: RuleNames): NotificationRecipientDto {
  const known = r.kind === 'contact' && r.contactId !== null ? names.contacts.get(r.contactId) : r.kind === 'user' && r.userId !== null ? names.users.get(r.userId) : undefined;
  return {
    id: r.id,
    kind: r.kind,
    contact_id: r.contactId,
    user_id: r.userId,
    email: r.kind === 'email' ? r.email : (known?.email ?? ''),
    name: r.kind === 'email' ? r.name : (known?.name ?? ''),
    cc: r.cc,
  };
}

export function toRuleDto(rule: NotificationRule, names: RuleNames): NotificationRuleDto {
  const name = (map: Map<number, string>, id: number | null): string => (id === null ? '' : (map.get(id) ?? ''));
  return {
    id: rule.id,
    customer_id: rule.customerId,
    customer: name(names.customers, rule.customerId),
    location_id: rule.locationId,
    location: name(names.locations, rule.locationId),
    supplier_id: rule.supplierId,
    supplier: name(names.suppliers, rule.supplierId),
    name: rule.name,
    type: rule.type,
    active: rule.active,
    event: rule.event,
    email_from: rule.emailFrom,
    email_from_name: rule.emailFromName,
    email_to: rule.emailTo,
    email_to_name: rule.emailToName,
    subject: rule.subject,
    email_template_id: rule.emailTemplateId,
    attachment_template_id: rule.attachmentTemplateId,
    attachment_name: rule.attachmentName,
    delivery_note_pdf: rule.deliveryNotePdf,
    server_id: rule.serverId,
    server: name(names.servers, rule.serverId),
    path: rule.path,
    fetch_response: rule.fetchResponse,
    response_path: rule.responsePath,
    response_server_id: rule.responseServerId,
    response_expressions: rule.responseExpressions,
    only_daily: rule.onlyDaily,
    daily_hour: rule.dailyHour,
    all_locations: rule.allLocations,
    recipients: rule.recipients.isInitialized() ? rule.recipients.getItems().map((r) => toRecipientDto(r, names)) : [],
    created_at: rule.createdAt.toISOString(),
    updated_at: rule.updatedAt.toISOString(),
  };
}
