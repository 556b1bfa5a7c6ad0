import { AppError } from '@kanban/access';
import type { NotificationRuleInput } from '@kanban/contracts';
import { NotificationRecipient } from './recipient.entity';
import { NotificationRule } from './rule.entity';
import {
  applyRecipientInput,
  applyRuleInput,
  checkRule,
  expressionWithSamples,
  normalizeExpressions,
  normalizeRecipientInput,
  normalizeRuleInput,
  ownerKind,
  toRuleDto,
  type RuleReferences,
} from './rules.rules';

const fieldOf = (work: () => unknown): string | undefined => {
  try {
    work();
  } catch (error) {
    return error instanceof AppError ? error.field : `not an AppError: ${String(error)}`;
  }
  return undefined;
};

const FOUND: RuleReferences = { serverType: null, emailTemplateFound: true, attachmentTemplateFound: true };

function rule(input: NotificationRuleInput): NotificationRule {
  const r = new NotificationRule();
  r.companyId = 1;
  applyRuleInput(r, normalizeRuleInput(input, 'create'));
  return r;
}

const mail = (extra: NotificationRuleInput = {}): NotificationRuleInput => ({ name: 'Mail', type: 'E', event: 'order_created', subject: 'Bestellung {{order.id}}', ...extra });
const file = (extra: NotificationRuleInput = {}): NotificationRuleInput => ({ name: 'Datei', type: 'F', event: 'order_created', server_id: 3, attachment_template_id: 4, ...extra });

describe('notification rule checks', () => {
  it('tells the owner from the ids and refuses mixtures', () => {
    expect(ownerKind({ customer_id: 1 })).toBe('customer');
    expect(ownerKind({ customer_id: 1, location_id: 2 })).toBe('location');
    expect(ownerKind({ supplier_id: 3 })).toBe('supplier');
    expect(ownerKind({})).toBe('company');
    expect(ownerKind(undefined)).toBe('company');
    expect(fieldOf(() => ownerKind({ location_id: 2 }))).toBe('customer_id');
    expect(fieldOf(() => ownerKind({ customer_id: 1, supplier_id: 3 }))).toBe('supplier_id');
    expect(fieldOf(() => ownerKind({ customer_id: 0 }))).toBe('customer_id');
    expect(fieldOf(() => ownerKind({ supplier_id: 1.5 }))).toBe('supplier_id');
  });

  it('requires name, type and event on create, only what is sent on update; trims and keeps awkward text exactly', () => {
    expect(fieldOf(() => normalizeRuleInput({ type: 'E', event: 'order_created' }, 'create'))).toBe('name');
    expect(fieldOf(() => normalizeRuleInput({ name: '  ', type: 'E', event: 'order_created' }, 'create'))).toBe('name');
    expect(fieldOf(() => normalizeRuleInput({ name: 'x'.repeat(201), type: 'E', event: 'order_created' }, 'create'))).toBe('name');
    expect(fieldOf(() => normalizeRuleInput({ name: 'x', event: 'order_created' }, 'create'))).toBe('type');
    expect(fieldOf(() => normalizeRuleInput({ name: 'x', type: 'E' }, 'create'))).toBe('event');
    expect(fieldOf(() => normalizeRuleInput({ name: 'x', type: 'E', event: 'order_lost' as never }, 'create'))).toBe('event');
    const update = normalizeRuleInput({ active: false }, 'update');
    expect([update.active, update.name, update.type, update.event]).toEqual([false, undefined, undefined, undefined]);
    const name = '  Bestellung "Süd"; 📧 Ü \'x\'  ';
    expect(normalizeRuleInput(mail({ name }), 'create').name).toBe(name.trim());
    expect(fieldOf(() => normalizeRuleInput({ recipients: [] }, 'update'))).toBe('recipients');
    expect(fieldOf(() => normalizeRuleInput(null as never, 'update'))).toBe('body');
  });

  it('checks addresses, hours, flags, ids and the subject and attachment name as templates', () => {
    expect(fieldOf(() => normalizeRuleInput(mail({ email_from: 'kein-mail' }), 'create'))).toBe('email_from');
    expect(fieldOf(() => normalizeRuleInput(mail({ email_to: 'a b@c.de' }), 'create'))).toBe('email_to');
    expect(normalizeRuleInput(mail({ email_to: '' }), 'create').email_to).toBe('');
    expect(fieldOf(() => normalizeRuleInput(mail({ email_from_name: 'x'.repeat(201) }), 'create'))).toBe('email_from_name');
    expect(fieldOf(() => normalizeRuleInput(mail({ daily_hour: 24 }), 'create'))).toBe('daily_hour');
    expect(fieldOf(() => normalizeRuleInput(mail({ daily_hour: 7.5 }), 'create'))).toBe('daily_hour');
    expect(normalizeRuleInput(mail({ daily_hour: 0 }), 'create').daily_hour).toBe(0);
    expect(fieldOf(() => normalizeRuleInput(mail({ active: 'yes' as never }), 'create'))).toBe('active');
    expect(fieldOf(() => normalizeRuleInput(mail({ server_id: 0 }), 'create'))).toBe('server_id');
    expect(normalizeRuleInput(mail({ server_id: null }), 'create').server_id).toBeNull();
    expect(fieldOf(() => normalizeRuleInput(mail({ subject: 'Bestellung {{ordr.id}}' }), 'create'))).toBe('subject');
    expect(fieldOf(() => normalizeRuleInput(mail({ attachment_name: 'order_{{#if order.id}}.csv' }), 'create'))).toBe('attachment_name');
    expect(fieldOf(() => normalizeRuleInput(mail({ attachment_name: '../etc/order.csv' }), 'create'))).toBe('attachment_name');
    expect(normalizeRuleInput(mail({ attachment_name: 'order_{{order.id}}.csv' }), 'create').attachment_name).toBe('order_{{order.id}}.csv');
  });

  it('compiles response expressions with their placeholders replaced, naming the expression', () => {
    expect(expressionWithSamples('^{order_id};{order_pos};{kanban_order_id};{ext_order_id}$')).toBe('^1;1;1;1$');
    expect(normalizeExpressions([{ target: 'ext_status', pattern: '^{order_id};(OK|FE)$' }])).toEqual([{ target: 'ext_status', pattern: '^{order_id};(OK|FE)$' }]);
    expect(normalizeExpressions(null)).toEqual([]);
    expect(normalizeExpressions(undefined)).toBeUndefined();
    expect(fieldOf(() => normalizeExpressions([{ target: 'ext_status', pattern: '({order_id}' }]))).toBe('response_expressions.0.pattern');
    expect(fieldOf(() => normalizeExpressions([{ target: 'ext_status', pattern: 'a' }, { target: 'price', pattern: 'b' }]))).toBe('response_expressions.1.target');
    expect(fieldOf(() => normalizeExpressions([{ target: 'po_number', pattern: '' }]))).toBe('response_expressions.0.pattern');
    expect(fieldOf(() => normalizeExpressions('x'))).toBe('response_expressions');
    expect(fieldOf(() => normalizeExpressions(Array.from({ length: 21 }, () => ({ target: 'ext_status', pattern: 'x' }))))).toBe('response_expressions');
  });

  it('checks the whole rule: templates and server of the company, E and F needs, order events, all_locations', () => {
    expect(fieldOf(() => checkRule(rule(mail()), 'customer', FOUND))).toBeUndefined();
    expect(fieldOf(() => checkRule(rule(mail({ subject: '' })), 'customer', FOUND))).toBe('email_template_id');
    expect(fieldOf(() => checkRule(rule(mail({ subject: '', email_template_id: 2 })), 'customer', FOUND))).toBeUndefined();
    expect(fieldOf(() => checkRule(rule(mail({ email_template_id: 2 })), 'customer', { ...FOUND, emailTemplateFound: false }))).toBe('email_template_id');
    expect(fieldOf(() => checkRule(rule(mail({ attachment_template_id: 2 })), 'customer', { ...FOUND, attachmentTemplateFound: false }))).toBe('attachment_template_id');
    expect(fieldOf(() => checkRule(rule(mail({ server_id: 9 })), 'customer', { ...FOUND, serverType: undefined }))).toBe('server_id');
    expect(fieldOf(() => checkRule(rule(mail({ server_id: 9 })), 'customer', { ...FOUND, serverType: 'SFTP' }))).toBe('server_id');
    expect(fieldOf(() => checkRule(rule(mail({ server_id: 9 })), 'customer', { ...FOUND, serverType: 'SMTP' }))).toBeUndefined();

    expect(fieldOf(() => checkRule(rule(file()), 'supplier', { ...FOUND, serverType: 'SFTP' }))).toBeUndefined();
    for (const type of ['FTP', 'FTPS', 'HTTP', 'HTTPS'] as const) expect(fieldOf(() => checkRule(rule(file()), 'supplier', { ...FOUND, serverType: type }))).toBeUndefined();
    expect(fieldOf(() => checkRule(rule(file({ server_id: null })), 'supplier', FOUND))).toBe('server_id');
    expect(fieldOf(() => checkRule(rule(file()), 'supplier', { ...FOUND, serverType: 'SMTP' }))).toBe('server_id');
    expect(fieldOf(() => checkRule(rule(file({ attachment_template_id: null })), 'supplier', { ...FOUND, serverType: 'SFTP' }))).toBe('attachment_template_id');
    expect(fieldOf(() => checkRule(rule(file({ event: 'sensor_alarm' })), 'supplier', { ...FOUND, serverType: 'SFTP' }))).toBe('event');
    expect(fieldOf(() => checkRule(rule(file({ delivery_note_pdf: true })), 'supplier', { ...FOUND, serverType: 'SFTP' }))).toBe('delivery_note_pdf');

    expect(fieldOf(() => checkRule(rule(mail({ event: 'journal_entry', attachment_template_id: 4 })), 'customer', FOUND))).toBe('attachment_template_id');
    expect(fieldOf(() => checkRule(rule(mail({ event: 'journal_entry', delivery_note_pdf: true })), 'customer', FOUND))).toBe('delivery_note_pdf');
    expect(fieldOf(() => checkRule(rule(mail({ fetch_response: true })), 'customer', FOUND))).toBe('response_expressions');
    // answer mails: an e-mail rule fetching responses reads them from an IMAP server (response_server_id)
    const answers = { fetch_response: true, response_expressions: [{ target: 'ext_status' as const, pattern: 'Status: (\\w+)' }] };
    expect(fieldOf(() => checkRule(rule(mail(answers)), 'customer', { ...FOUND, responseServerType: null }))).toBe('response_server_id');
    expect(fieldOf(() => checkRule(rule(mail({ ...answers, response_server_id: 7 })), 'customer', { ...FOUND, responseServerType: undefined }))).toBe('response_server_id');
    expect(fieldOf(() => checkRule(rule(mail({ ...answers, response_server_id: 7 })), 'customer', { ...FOUND, responseServerType: 'SMTP' }))).toBe('response_server_id');
    expect(fieldOf(() => checkRule(rule(mail({ ...answers, response_server_id: 7 })), 'customer', { ...FOUND, responseServerType: 'IMAP' }))).toBeUndefined();
    expect(fieldOf(() => checkRule(rule(mail({ response_server_id: 7 })), 'customer', { ...FOUND, responseServerType: 'IMAP' }))).toBe('response_server_id');
    expect(fieldOf(() => checkRule(rule(file({ ...answers, response_server_id: 7 })), 'supplier', { ...FOUND, serverType: 'SFTP', responseServerType: 'IMAP' }))).toBe('response_server_id');
    expect(fieldOf(() => checkRule(rule(file(answers)), 'supplier', { ...FOUND, serverType: 'SFTP', responseServerType: null }))).toBeUndefined();
    expect(normalizeRuleInput(mail({ response_server_id: 7 }), 'create').response_server_id).toBe(7);
    expect(fieldOf(() => normalizeRuleInput(mail({ response_server_id: 0 }), 'create'))).toBe('response_server_id');
    expect(fieldOf(() => checkRule(rule(mail({ all_locations: true })), 'customer', FOUND))).toBeUndefined();
    expect(fieldOf(() => checkRule(rule(mail({ all_locations: true })), 'location', FOUND))).toBe('all_locations');
    expect(fieldOf(() => checkRule(rule(mail({ all_locations: true })), 'supplier', FOUND))).toBe('all_locations');
  });

  it('checks recipients: kind, the id or address their kind needs, address syntax; clears what the kind does not use', () => {
    expect(fieldOf(() => normalizeRecipientInput({ email: 'a@b.de' }, 'create'))).toBe('kind');
    expect(fieldOf(() => normalizeRecipientInput({ kind: 'fax' as never }, 'create'))).toBe('kind');
    expect(fieldOf(() => normalizeRecipientInput({ kind: 'email', email: 'kaputt' }, 'create', 'recipients.2.'))).toBe('recipients.2.email');
    expect(fieldOf(() => normalizeRecipientInput({ kind: 'contact', contact_id: -1 }, 'create'))).toBe('contact_id');
    expect(fieldOf(() => normalizeRecipientInput({ kind: 'email', email: 'a@b.de', name: 'x'.repeat(201) }, 'create'))).toBe('name');
    expect(fieldOf(() => normalizeRecipientInput({ cc: 'ja' as never }, 'update'))).toBe('cc');

    const r = new NotificationRecipient();
    expect(fieldOf(() => applyRecipientInput(r, normalizeRecipientInput({ kind: 'contact' }, 'create')))).toBe('contact_id');
    expect(fieldOf(() => applyRecipientInput(new NotificationRecipient(), normalizeRecipientInput({ kind: 'user' }, 'create')))).toBe('user_id');
    expect(fieldOf(() => applyRecipientInput(new NotificationRecipient(), normalizeRecipientInput({ kind: 'email', name: 'Nur Name' }, 'create')))).toBe('email');
    const changed = new NotificationRecipient();
    applyRecipientInput(changed, normalizeRecipientInput({ kind: 'email', email: ' einkauf@kunde.de ', name: 'Einkauf; "Süd"' }, 'create'));
    expect([changed.kind, changed.email, changed.name, changed.contactId]).toEqual(['email', 'einkauf@kunde.de', 'Einkauf; "Süd"', null]);
    applyRecipientInput(changed, normalizeRecipientInput({ kind: 'contact', contact_id: 7 }, 'update'));
    expect([changed.kind, changed.email, changed.name, changed.contactId]).toEqual(['contact', '', '', 7]);
  });

  it('answers names read at answer time: owners, server, contacts and users', () => {
    const r = rule(mail({ server_id: 5 }));
    r.id = 9;
    r.customerId = 2;
    r.locationId = 3;
    const dto = toRuleDto(r, {
      customers: new Map([[2, 'Kunde']]),
      locations: new Map([[3, 'Lager']]),
      suppliers: new Map(),
      servers: new Map([[5, 'SMTP']]),
      contacts: new Map(),
      users: new Map(),
    });
    expect(dto).toMatchObject({ id: 9, customer: 'Kunde', location: 'Lager', supplier: '', server: 'SMTP', name: 'Mail', recipients: [] });
  });
});
