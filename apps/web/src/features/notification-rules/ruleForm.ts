import {
  NOTIFICATION_RULE_LIMITS,
  ORDER_NOTIFICATION_EVENTS,
  type NotificationEvent,
  type NotificationRuleDto,
  type NotificationRuleInput,
  type NotificationRuleType,
  RESPONSE_PLACEHOLDERS,
  type ResponseExpression,
  type ServerType,
} from '@kanban/contracts';
import { isApiError } from '../../shared/api/apiError';
import type { Errors } from '../../shared/forms/validation';
import type { RuleOwner } from './notificationRulesApi';

/** The text fields of the rule form (ids as digits, '' = none). */
export const RULE_TEXT_FIELDS = [
  'name',
  'type',
  'event',
  'email_from',
  'email_from_name',
  'email_to',
  'email_to_name',
  'subject',
  'email_template_id',
  'attachment_template_id',
  'attachment_name',
  'server_id',
  'path',
  'response_path',
  'response_server_id',
  'daily_hour',
] as const;
export type RuleTextField = (typeof RULE_TEXT_FIELDS)[number];

export const RULE_FLAGS = [
  'active',
  'delivery_note_pdf',
  'fetch_response',
  'only_daily',
  'all_locations',
] as const;
export type RuleFlag = (typeof RULE_FLAGS)[number];

/** The servers a rule of the type delivers through: SMTP for e-mail, the others for files. */
export const SERVER_TYPES_OF: Record<NotificationRuleType, readonly ServerType[]> = {
  E: ['SMTP'],
  F: ['SFTP', 'FTP', 'FTPS', 'HTTP', 'HTTPS'],
};

/** The servers an e-mail rule reads its answer mails from (`response_server_id`): a mailbox. */
export const RESPONSE_SERVER_TYPES: readonly ServerType[] = ['IMAP'];

const id = (value: number | null | undefined) => (value ? String(value) : '');

export function ruleValues(rule: NotificationRuleDto | null): Record<RuleTextField, string> {
  return {
    name: rule?.name ?? '',
    type: rule?.type ?? 'E',
    event: rule?.event ?? 'order_created',
    email_from: rule?.email_from ?? '',
    email_from_name: rule?.email_from_name ?? '',
    email_to: rule?.email_to ?? '',
    email_to_name: rule?.email_to_name ?? '',
    subject: rule?.subject ?? '',
    email_template_id: id(rule?.email_template_id),
    attachment_template_id: id(rule?.attachment_template_id),
    attachment_name: rule?.attachment_name ?? '',
    server_id: id(rule?.server_id),
    path: rule?.path ?? '',
    response_path: rule?.response_path ?? '',
    response_server_id: id(rule?.response_server_id),
    daily_hour: String(rule?.daily_hour ?? 6),
  };
}

export function ruleFlags(rule: NotificationRuleDto | null): Record<RuleFlag, boolean> {
  return {
    active: rule?.active ?? true,
    delivery_note_pdf: rule?.delivery_note_pdf ?? false,
    fetch_response: rule?.fetch_response ?? false,
    only_daily: rule?.only_daily ?? false,
    all_locations: rule?.all_locations ?? false,
  };
}

const idOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

/**
 * What create and update send: the fields that mean something for the rule's type and event, the flags and the
 * response expressions. An e-mail rule sends no file-server fields; a file rule no e-mail fields, template or delivery
 * note; attachments, the delivery note and responses only go with order events (an e-mail rule's answers come from
 * the IMAP server `response_server_id`, a file rule's from its own server); `all_locations` only for a customer's
 * own rules. (The service refuses those combinations; fields hidden by the form are not sent with stale values.)
 */
export function ruleBody(
  values: Record<RuleTextField, string>,
  flags: Record<RuleFlag, boolean>,
  expressions: ResponseExpression[],
  owner: RuleOwner,
): NotificationRuleInput {
  const type = values.type as NotificationRuleType;
  const event = values.event as NotificationEvent;
  const email = type === 'E';
  const orderEvent = ORDER_NOTIFICATION_EVENTS.includes(event);
  const fetch = orderEvent && flags.fetch_response;
  const body: NotificationRuleInput = {
    name: values.name.trim(),
    type,
    event,
    active: flags.active,
    email_from: email ? values.email_from.trim() : '',
    email_from_name: email ? values.email_from_name : '',
    email_to: email ? values.email_to.trim() : '',
    email_to_name: email ? values.email_to_name : '',
    subject: email ? values.subject : '',
    email_template_id: email ? idOrNull(values.email_template_id) : null,
    attachment_template_id: orderEvent ? idOrNull(values.attachment_template_id) : null,
    attachment_name: orderEvent ? values.attachment_name : '',
    delivery_note_pdf: email && orderEvent && flags.delivery_note_pdf,
    server_id: idOrNull(values.server_id),
    path: email ? '' : values.path,
    fetch_response: fetch,
    response_path: fetch ? values.response_path : '',
    response_expressions: fetch ? expressions : [],
    // an e-mail rule reads its answer mails from an IMAP server; a file rule from its own server
    response_server_id: email && fetch ? idOrNull(values.response_server_id) : null,
    only_daily: flags.only_daily,
    daily_hour: Number(values.daily_hour),
  };
  if (owner.customerID && !owner.locationID) body.all_locations = flags.all_locations;
  return body;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function optionalEmail(value: string): string | undefined {
  return value.trim() === '' || EMAIL.test(value.trim()) ? undefined : 'validation.email';
}

/**
 * The client-side messages (i18n keys) of the rule form, as the service checks them (it checks again and names its
 * fields): a name; an e-mail rule needs an e-mail template or a subject, and valid addresses; a file rule a server, a
 * file template and an order event; an e-mail rule fetching answers (`fetchResponse`) an IMAP server to read them
 * from; the digest hour 0-23.
 */
export function ruleErrors(
  values: Record<RuleTextField, string>,
  fetchResponse = false,
): Errors<RuleTextField> {
  const errors: Errors<RuleTextField> = {};
  if (!values.name.trim()) errors.name = 'validation.required';
  if (values.type === 'E') {
    if (
      fetchResponse &&
      ORDER_NOTIFICATION_EVENTS.includes(values.event as NotificationEvent) &&
      values.response_server_id === ''
    )
      errors.response_server_id = 'notificationRules.responseServerRequired';
    errors.email_from = optionalEmail(values.email_from);
    errors.email_to = optionalEmail(values.email_to);
    if (values.email_template_id === '' && values.subject.trim() === '')
      errors.email_template_id = 'notificationRules.templateOrSubject';
  } else {
    if (values.server_id === '') errors.server_id = 'notificationRules.serverRequired';
    if (values.attachment_template_id === '')
      errors.attachment_template_id = 'notificationRules.fileTemplateRequired';
    if (!ORDER_NOTIFICATION_EVENTS.includes(values.event as NotificationEvent))
      errors.event = 'notificationRules.fileNeedsOrderEvent';
  }
  if (!/^\d{1,2}$/.test(values.daily_hour.trim()) || Number(values.daily_hour) > 23)
    errors.daily_hour = 'notificationRules.hourRange';
  return errors;
}

/**
 * The message (i18n key) for a response expression's pattern: required, and a valid regular expression once its
 * placeholders ({order_id} ...) stand for plain text, as the service applies it.
 */
export function patternError(pattern: string): string | undefined {
  if (pattern.trim() === '') return 'validation.required';
  if (pattern.length > NOTIFICATION_RULE_LIMITS.pattern) return 'notificationRules.patternTooLong';
  let source = pattern;
  for (const name of RESPONSE_PLACEHOLDERS) source = source.split(`{${name}}`).join('x');
  try {
    new RegExp(source);
    return undefined;
  } catch {
    return 'notificationRules.patternInvalid';
  }
}

/** The page address of a rule's owner (the notifications page of the customer, location or supplier). */
export function ownerPagePath(owner: RuleOwner): string {
  if (owner.supplierID) return `/c/${owner.companyID}/supplier/${owner.supplierID}/notifications`;
  const customer = `/c/${owner.companyID}/customer/${owner.customerID}`;
  return owner.locationID
    ? `${customer}/location/${owner.locationID}/notifications`
    : `${customer}/notifications`;
}

/** Who owns a rule, from its record. */
export function ownerOf(
  companyID: number,
  rule: Pick<NotificationRuleDto, 'customer_id' | 'location_id' | 'supplier_id'>,
): RuleOwner {
  if (rule.supplier_id) return { companyID, supplierID: rule.supplier_id };
  return { companyID, customerID: rule.customer_id ?? undefined, locationID: rule.location_id ?? undefined };
}

/** The page of one rule (at its own owner). */
export function rulePagePath(
  companyID: number,
  rule: Pick<NotificationRuleDto, 'id' | 'customer_id' | 'location_id' | 'supplier_id'>,
): string {
  return `${ownerPagePath(ownerOf(companyID, rule))}/${rule.id}`;
}

/**
 * A failed save worded for the form: a name used by another rule of the owner (1059) at the name field; bad input
 * (1000) with the catalogue text above the form and the service's message at the field it names.
 */
export function translatedRuleError(error: unknown, t: (key: string) => string): unknown {
  if (!isApiError(error)) return error;
  if (error.code === 1059 && (error.field ?? 'name') === 'name')
    return {
      ...error,
      message: t('errors.code.1059'),
      errors: [{ field: 'name', message: t('notificationRules.nameTaken') }],
    };
  if (error.code === 1000) {
    const errors = error.errors ?? (error.field ? [{ field: error.field, message: error.message }] : []);
    return { ...error, message: t('errors.code.1000'), errors };
  }
  return error;
}
