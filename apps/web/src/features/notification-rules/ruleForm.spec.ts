import type { NotificationRuleDto } from '@kanban/contracts';
import {
  ownerPagePath,
  patternError,
  ruleBody,
  ruleErrors,
  ruleFlags,
  ruleValues,
  rulePagePath,
} from './ruleForm';

const rule: NotificationRuleDto = {
  id: 7,
  customer_id: 2,
  customer: 'Müller; "GmbH" 🚚',
  location_id: null,
  location: '',
  supplier_id: null,
  supplier: '',
  name: 'Orders to purchasing',
  type: 'F',
  active: false,
  event: 'supply_created',
  email_from: '',
  email_from_name: '',
  email_to: '',
  email_to_name: '',
  subject: '',
  email_template_id: null,
  attachment_template_id: 4,
  attachment_name: 'order_{{order.id}}.csv',
  delivery_note_pdf: false,
  server_id: 9,
  server: 'Supplier SFTP',
  path: '/in',
  fetch_response: true,
  response_path: '/out',
  response_server_id: null,
  response_expressions: [{ target: 'ext_status', pattern: '^{order_id};(OK|FE)' }],
  only_daily: true,
  daily_hour: 17,
  all_locations: true,
  recipients: [],
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

describe('rule form', () => {
  it('a new rule starts as an active e-mail rule on "order created", digest hour 6', () => {
    expect(ruleValues(null)).toMatchObject({
      name: '',
      type: 'E',
      event: 'order_created',
      email_template_id: '',
      server_id: '',
      daily_hour: '6',
    });
    expect(ruleFlags(null)).toEqual({
      active: true,
      delivery_note_pdf: false,
      fetch_response: false,
      only_daily: false,
      all_locations: false,
    });
  });

  it('round-trips a stored rule into the body, ids as numbers and text as typed', () => {
    const values = { ...ruleValues(rule), name: '  Orders; "quoted" ✓  ' };
    const body = ruleBody(values, ruleFlags(rule), rule.response_expressions, {
      companyID: 1,
      customerID: 2,
    });
    expect(body).toMatchObject({
      name: 'Orders; "quoted" ✓',
      type: 'F',
      event: 'supply_created',
      active: false,
      email_template_id: null,
      attachment_template_id: 4,
      attachment_name: 'order_{{order.id}}.csv',
      server_id: 9,
      path: '/in',
      fetch_response: true,
      response_path: '/out',
      response_expressions: [{ target: 'ext_status', pattern: '^{order_id};(OK|FE)' }],
      only_daily: true,
      daily_hour: 17,
      all_locations: true,
    });
  });

  it('sends only what the type and event use: no e-mail fields for a file rule, no attachment without an order event', () => {
    const file = ruleBody(
      { ...ruleValues(rule), email_from: 'x@y.example', subject: 'Hi', email_template_id: '3' },
      { ...ruleFlags(rule), delivery_note_pdf: true },
      [],
      { companyID: 1, customerID: 2 },
    );
    expect(file).toMatchObject({
      email_from: '',
      subject: '',
      email_template_id: null,
      delivery_note_pdf: false,
      attachment_template_id: 4,
    });
    const mail = ruleBody(
      {
        ...ruleValues(rule),
        type: 'E',
        event: 'sensor_alarm',
        email_from: ' a@b.example ',
        subject: 'Alarm',
      },
      { ...ruleFlags(rule), delivery_note_pdf: true },
      rule.response_expressions,
      { companyID: 1, supplierID: 5 },
    );
    expect(mail).toMatchObject({
      email_from: 'a@b.example',
      subject: 'Alarm',
      attachment_template_id: null,
      attachment_name: '',
      delivery_note_pdf: false,
      path: '',
      fetch_response: false,
      response_expressions: [],
    });
  });

  it('an e-mail rule fetching answers reads them from an IMAP server: response_server_id and the mailbox folder are sent, and required', () => {
    const values = {
      ...ruleValues(rule),
      type: 'E',
      event: 'order_created',
      subject: 'Order',
      response_server_id: '12',
      response_path: 'Antworten',
    };
    expect(
      ruleBody(values, ruleFlags(rule), rule.response_expressions, { companyID: 1, supplierID: 5 }),
    ).toMatchObject({
      type: 'E',
      fetch_response: true,
      response_server_id: 12,
      response_path: 'Antworten',
      response_expressions: rule.response_expressions,
    });
    // a file rule reads from its own server: no response_server_id
    expect(
      ruleBody(
        { ...ruleValues(rule), event: 'order_created', response_server_id: '12' },
        ruleFlags(rule),
        rule.response_expressions,
        { companyID: 1, supplierID: 5 },
      ).response_server_id,
    ).toBeNull();
    // not fetching: none
    expect(
      ruleBody(values, { ...ruleFlags(rule), fetch_response: false }, [], { companyID: 1, supplierID: 5 }),
    ).toMatchObject({ fetch_response: false, response_server_id: null });
    expect(ruleErrors({ ...values, response_server_id: '' }, true).response_server_id).toBe(
      'notificationRules.responseServerRequired',
    );
    expect(ruleErrors(values, true).response_server_id).toBeUndefined();
    expect(ruleErrors({ ...values, response_server_id: '' }, false).response_server_id).toBeUndefined();
  });

  it('sends all_locations only for a customer rule, and no expressions when responses are not fetched', () => {
    const flags = { ...ruleFlags(rule), fetch_response: false };
    const atLocation = ruleBody(ruleValues(rule), flags, rule.response_expressions, {
      companyID: 1,
      customerID: 2,
      locationID: 3,
    });
    expect(atLocation).not.toHaveProperty('all_locations');
    expect(atLocation.response_expressions).toEqual([]);
    expect(ruleBody(ruleValues(rule), flags, [], { companyID: 1, supplierID: 5 })).not.toHaveProperty(
      'all_locations',
    );
  });

  it('checks the name, e-mail rules (addresses, template or subject), file rules (server, file template, order event) and the digest hour', () => {
    expect(
      ruleErrors({
        ...ruleValues(null),
        name: ' ',
        email_from: 'nope',
        email_to: 'x@y.example',
        daily_hour: '24',
      }),
    ).toEqual({
      name: 'validation.required',
      email_from: 'validation.email',
      email_to: undefined,
      email_template_id: 'notificationRules.templateOrSubject',
      daily_hour: 'notificationRules.hourRange',
    });
    expect(ruleErrors({ ...ruleValues(null), name: 'x', subject: 'Order {{order.id}}' })).toEqual({
      email_from: undefined,
      email_to: undefined,
    });
    expect(
      ruleErrors({ ...ruleValues(rule), server_id: '', attachment_template_id: '', event: 'journal_entry' }),
    ).toEqual({
      server_id: 'notificationRules.serverRequired',
      attachment_template_id: 'notificationRules.fileTemplateRequired',
      event: 'notificationRules.fileNeedsOrderEvent',
    });
    expect(ruleErrors({ ...ruleValues(rule), email_from: 'ignored for files' })).toEqual({});
  });

  it('accepts expressions whose placeholders make them valid and refuses broken ones', () => {
    expect(patternError('^{order_id};{order_pos};(?<status>[A-Z]{2})$')).toBeUndefined();
    expect(patternError('(unclosed')).toBe('notificationRules.patternInvalid');
    expect(patternError('  ')).toBe('validation.required');
  });

  it('links a rule to its owner: customer, location or supplier', () => {
    expect(rulePagePath(1, rule)).toBe('/c/1/customer/2/notifications/7');
    expect(rulePagePath(1, { ...rule, location_id: 3 })).toBe('/c/1/customer/2/location/3/notifications/7');
    expect(rulePagePath(1, { ...rule, customer_id: null, supplier_id: 5 })).toBe(
      '/c/1/supplier/5/notifications/7',
    );
    expect(ownerPagePath({ companyID: 1, customerID: 2 })).toBe('/c/1/customer/2/notifications');
  });
});
