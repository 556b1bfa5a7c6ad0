import { eventually } from '@kanban/testing';
import { meta, ok, signInDemo, startSystem, type TestSystem } from '../support/system';

/**
 * Notification rules (issue 18 item 3; docs/notification-rules.md), in both run modes: create, read, change, list
 * and delete at a customer, a location and a supplier; all=0|1; the company overview; filters, sort, pages; every
 * check answering 1000 naming its field; awkward names stored exactly; roles and other companies; recipients
 * (contact, user, address) with their names read when answered; `contact/{id}/rules` fed by rule_changed through
 * the catalog, and a deleted contact leaving the rules.
 */
jest.setTimeout(300_000);

let system: TestSystem;
let demo: number;
let other: number;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const api = () => system.api;

let customer: number;
let otherCustomer: number;
let location1: number;
let location2: number;
let supplier: number;
let smtp: number;
let sftp: number;
let emailTemplate: number;
let fileTemplate: number;
let contact: number;
let supplierContact: number;
let otherCustomerContact: number;

const at = {
  customer: (id = customer, company = demo) => `/c/${company}/customer/${id}/notificationrule`,
  location: (locationId = location1, customerId = customer) => `/c/${demo}/customer/${customerId}/location/${locationId}/notificationrule`,
  supplier: (id = supplier) => `/c/${demo}/supplier/${id}/notificationrule`,
  overview: (company = demo) => `/c/${company}/notificationrule`,
};

const mailRule = (name: string, extra: Record<string, unknown> = {}) => ({ name, type: 'E', event: 'order_created', subject: 'Bestellung {{order.id}}', ...extra });
const names = (page: { items: { name: string }[] }) => page.items.map((r) => r.name);

beforeAll(async () => {
  system = await startSystem();
  const signedIn = await signInDemo(system);
  Object.assign(tokens, signedIn.tokens);
  Object.assign(ids, signedIn.ids);
  ({ demo, other } = signedIn);
  customer = ok(await api().post(`/c/${demo}/customer/`, { name: 'Regeln Kunde' }, tokens.admin)).id;
  otherCustomer = ok(await api().post(`/c/${demo}/customer/`, { name: 'Regeln Anderer Kunde' }, tokens.admin)).id;
  location1 = ok(await api().post(`/c/${demo}/customer/${customer}/location/`, { name: 'Lager Nord' }, tokens.admin)).id;
  location2 = ok(await api().post(`/c/${demo}/customer/${customer}/location/`, { name: 'Lager Süd' }, tokens.admin)).id;
  supplier = ok(await api().post(`/c/${demo}/supplier/`, { name: 'Regeln Lieferant' }, tokens.admin)).id;
  smtp = ok(await api().post(`/c/${demo}/server/`, { name: 'Regeln SMTP', type: 'SMTP', host: 'mail.example.com' }, tokens.admin)).id;
  sftp = ok(await api().post(`/c/${demo}/server/`, { name: 'Regeln SFTP', type: 'SFTP', host: 'files.example.com' }, tokens.admin)).id;
  emailTemplate = ok(await api().post(`/c/${demo}/emailtemplates`, { name: 'Regeln Mail', header: 'Bestellung {{order.id}}', body: 'Hallo' }, tokens.admin)).id;
  fileTemplate = ok(await api().post(`/c/${demo}/filetemplates`, { name: 'Regeln Datei', header: 'id;sku', body: '{{order.id}};{{line.sku}}' }, tokens.admin)).id;
  contact = ok(await api().post(`/c/${demo}/customer/${customer}/contact/`, { first_name: 'Jörg', name: "O'Brien", email: 'joerg@kunde.example' }, tokens.admin)).id;
  supplierContact = ok(await api().post(`/c/${demo}/supplier/${supplier}/contact/`, { first_name: 'Lia', name: 'Lief', email: 'lia@lieferant.example' }, tokens.admin)).id;
  otherCustomerContact = ok(await api().post(`/c/${demo}/customer/${otherCustomer}/contact/`, { name: 'Fremd', email: 'fremd@x.example' }, tokens.admin)).id;
});

afterAll(async () => {
  await system?.close();
});

describe('notification rules: create, read, change, delete at each owner', () => {
  it('keeps a customer rule with every field, names with ; quotes emoji umlauts exactly, 1059 for a taken name', async () => {
    const name = 'Bestellung "Süd"; 📧 Übergabe \'x\'';
    const created = ok(
      await api().post(
        at.customer(),
        mailRule(name, {
          email_from: 'bestellung@firma.example',
          email_from_name: 'Einkauf "Nord"; Ä',
          email_to: 'zentrale@kunde.example',
          email_to_name: 'Zentrale',
          email_template_id: emailTemplate,
          attachment_template_id: fileTemplate,
          attachment_name: 'bestellung_{{order.id}}.csv',
          delivery_note_pdf: true,
          server_id: smtp,
          only_daily: true,
          daily_hour: 6,
          all_locations: true,
          active: false,
        }),
        tokens.writer,
      ),
    );
    expect(created).toMatchObject({
      name,
      customer_id: customer,
      customer: 'Regeln Kunde',
      location_id: null,
      location: '',
      supplier_id: null,
      type: 'E',
      event: 'order_created',
      active: false,
      email_from_name: 'Einkauf "Nord"; Ä',
      email_template_id: emailTemplate,
      attachment_template_id: fileTemplate,
      delivery_note_pdf: true,
      server_id: smtp,
      server: 'Regeln SMTP',
      only_daily: true,
      daily_hour: 6,
      all_locations: true,
      recipients: [],
      response_expressions: [],
    });
    expect(ok(await api().get(`${at.customer()}/${created.id}`, tokens.admin))).toEqual(created);
    expect(meta(await api().post(at.customer(), mailRule(name), tokens.writer))).toMatchObject({ code: 1059, field: 'name' });
    // the same name at another owner is free
    const elsewhere = ok(await api().post(at.location(), mailRule(name), tokens.writer));

    const changed = ok(await api().patch(`${at.customer()}/${created.id}`, { active: true, subject: 'Neu {{order.id}} ✓', daily_hour: 0 }, tokens.writer));
    expect([changed.name, changed.active, changed.subject, changed.daily_hour, changed.email_to]).toEqual([name, true, 'Neu {{order.id}} ✓', 0, 'zentrale@kunde.example']);
    expect(Date.parse(changed.updated_at)).toBeGreaterThanOrEqual(Date.parse(created.updated_at));

    // found only under its own owner
    expect(meta(await api().get(`${at.customer(otherCustomer)}/${created.id}`, tokens.admin)).code).toBe(404);
    expect(meta(await api().get(`${at.location()}/${created.id}`, tokens.admin)).code).toBe(404);
    expect(meta(await api().get(`${at.supplier()}/${created.id}`, tokens.admin)).code).toBe(404);
    // unknown owners and another company's
    expect(meta(await api().get(at.customer(999_999), tokens.admin)).code).toBe(404);
    expect(meta(await api().get(at.location(location1, otherCustomer), tokens.admin)).code).toBe(404);
    expect(meta(await api().get(`${at.customer(customer, other)}/${created.id}`, tokens.other)).code).toBe(404);

    ok(await api().delete(`${at.location()}/${elsewhere.id}`, tokens.writer));
    expect(ok(await api().delete(`${at.customer()}/${created.id}`, tokens.writer))).toBeNull();
    expect(meta(await api().get(`${at.customer()}/${created.id}`, tokens.writer)).code).toBe(404);
    expect(meta(await api().delete(`${at.customer()}/${created.id}`, tokens.writer)).code).toBe(404);
  });

  it('keeps location and supplier rules, and a file rule with its server, template and response expressions', async () => {
    const atLocation = ok(await api().post(at.location(), mailRule('Lager-Regel', { email_template_id: emailTemplate, subject: '' }), tokens.writer));
    expect(atLocation).toMatchObject({ customer_id: customer, location_id: location1, location: 'Lager Nord', customer: 'Regeln Kunde', supplier_id: null });
    const file = ok(
      await api().post(
        at.supplier(),
        {
          name: 'Datei an Lieferant',
          type: 'F',
          event: 'supply_created',
          server_id: sftp,
          attachment_template_id: fileTemplate,
          path: '/in/orders',
          fetch_response: true,
          response_path: '/out',
          response_expressions: [
            { target: 'ext_status', pattern: '^{order_id};(OK|FE|KA)$' },
            { target: 'line_status', pattern: '^{order_id};(?<pos>\\d+);(?<status>[A-Z]{2})' },
          ],
        },
        tokens.writer,
      ),
    );
    expect(file).toMatchObject({ supplier_id: supplier, supplier: 'Regeln Lieferant', customer_id: null, server: 'Regeln SFTP', path: '/in/orders', fetch_response: true });
    expect(file.response_expressions).toEqual([
      { target: 'ext_status', pattern: '^{order_id};(OK|FE|KA)$' },
      { target: 'line_status', pattern: '^{order_id};(?<pos>\\d+);(?<status>[A-Z]{2})' },
    ]);
    expect(ok(await api().get(`${at.supplier()}/${file.id}`, tokens.admin))).toEqual(file);
    const changed = ok(await api().patch(`${at.supplier()}/${file.id}`, { path: '/neu', response_expressions: [] , fetch_response: false }, tokens.writer));
    expect([changed.path, changed.response_expressions, changed.fetch_response]).toEqual(['/neu', [], false]);
    ok(await api().delete(`${at.supplier()}/${file.id}`, tokens.writer));
    ok(await api().delete(`${at.location()}/${atLocation.id}`, tokens.writer));
  });
});

describe('notification rules: lists', () => {
  it('answers all=0|1 at customer and location, the supplier, and the company overview', async () => {
    const a = ok(await api().post(at.customer(), mailRule('A Kunde bestellt'), tokens.writer));
    const b = ok(await api().post(at.customer(), mailRule('B Kunde OK alle', { event: 'order_ok', all_locations: true }), tokens.writer));
    const c = ok(await api().post(at.location(), mailRule('C Nord bestellt'), tokens.writer));
    const s = ok(await api().post(at.supplier(), mailRule('S Lieferant', { event: 'supply_created' }), tokens.writer));

    expect(names(ok(await api().get(at.customer(), tokens.admin)))).toEqual(['A Kunde bestellt', 'B Kunde OK alle']);
    expect(names(ok(await api().get(`${at.customer()}?all=1`, tokens.admin)))).toEqual(['A Kunde bestellt', 'B Kunde OK alle', 'C Nord bestellt']);
    expect(names(ok(await api().get(at.location(), tokens.admin)))).toEqual(['C Nord bestellt']);
    // Nord has its own active order_created rule: the customer's A does not apply there, B (all locations) does
    expect(names(ok(await api().get(`${at.location()}?all=1`, tokens.admin)))).toEqual(['B Kunde OK alle', 'C Nord bestellt']);
    expect(names(ok(await api().get(`${at.location(location2)}?all=1`, tokens.admin)))).toEqual(['A Kunde bestellt', 'B Kunde OK alle']);
    expect(names(ok(await api().get(`${at.location(location2)}?all=0`, tokens.admin)))).toEqual([]);
    // an inactive rule of the location's own leaves the customer's rule in force
    ok(await api().patch(`${at.location()}/${c.id}`, { active: false }, tokens.writer));
    expect(names(ok(await api().get(`${at.location()}?all=1`, tokens.admin)))).toEqual(['A Kunde bestellt', 'B Kunde OK alle', 'C Nord bestellt']);
    expect(names(ok(await api().get(at.supplier(), tokens.admin)))).toEqual(['S Lieferant']);
    expect(names(ok(await api().get(`${at.supplier()}?all=1`, tokens.admin)))).toEqual(['S Lieferant']);

    const overview = ok(await api().get(`${at.overview()}?per_page=200`, tokens.admin));
    const mine = overview.items.filter((r: { id: number }) => [a.id, b.id, c.id, s.id].includes(r.id));
    expect(mine.map((r: { name: string }) => r.name)).toEqual(['A Kunde bestellt', 'B Kunde OK alle', 'C Nord bestellt', 'S Lieferant']);
    expect(mine.find((r: { id: number }) => r.id === c.id)).toMatchObject({ customer: 'Regeln Kunde', location: 'Lager Nord' });
    expect(mine.find((r: { id: number }) => r.id === s.id)).toMatchObject({ supplier: 'Regeln Lieferant' });
    // another company sees none of them
    const theirs = ok(await api().get(`${at.overview(other)}?per_page=200`, tokens.other));
    expect(theirs.items.filter((r: { id: number }) => [a.id, b.id, c.id, s.id].includes(r.id))).toEqual([]);

    // filters, sort and pages
    expect(names(ok(await api().get(`${at.customer()}?all=1&q=${encodeURIComponent('nord')}`, tokens.admin)))).toEqual(['C Nord bestellt']);
    expect(names(ok(await api().get(`${at.customer()}?all=1&event=order_ok`, tokens.admin)))).toEqual(['B Kunde OK alle']);
    expect(names(ok(await api().get(`${at.customer()}?all=1&active=0`, tokens.admin)))).toEqual(['C Nord bestellt']);
    expect(names(ok(await api().get(`${at.customer()}?all=1&active=1&type=E`, tokens.admin)))).toEqual(['A Kunde bestellt', 'B Kunde OK alle']);
    expect(names(ok(await api().get(`${at.customer()}?all=1&type=F`, tokens.admin)))).toEqual([]);
    const page2 = ok(await api().get(`${at.customer()}?all=1&sort=name&order=desc&per_page=1&page=2`, tokens.admin));
    expect([page2.total, page2.page, page2.per_page, names(page2)]).toEqual([3, 2, 1, ['B Kunde OK alle']]);
    const byEvent = ok(await api().get(`${at.customer()}?sort=event&order=desc`, tokens.admin));
    expect(names(byEvent)).toEqual(['B Kunde OK alle', 'A Kunde bestellt']);
    for (const [query, field] of [['sort=nope', 'sort'], ['event=nope', 'event'], ['all=2', 'all'], ['type=X', 'type'], ['per_page=0', 'per_page']] as const) {
      expect([query, meta(await api().get(`${at.customer()}?${query}`, tokens.admin))]).toEqual([query, expect.objectContaining({ code: 1000, field })]);
    }

    for (const [path, rule] of [[at.customer(), a], [at.customer(), b], [at.location(), c], [at.supplier(), s]] as const) ok(await api().delete(`${path}/${rule.id}`, tokens.writer));
  });
});

describe('notification rules: checks', () => {
  it('refuses bad input with 1000 naming the field', async () => {
    const smtpOther = ok(await api().post(`/c/${other}/server/`, { name: 'Fremder SMTP', type: 'SMTP', host: 'mail.other.example' }, tokens.other)).id;
    const cases: [string, Record<string, unknown>, string][] = [
      [at.customer(), { type: 'E', event: 'order_created', subject: 'x' }, 'name'],
      [at.customer(), mailRule('   '), 'name'],
      [at.customer(), mailRule('x'.repeat(201)), 'name'],
      [at.customer(), mailRule('t', { type: 'X' }), 'type'],
      [at.customer(), mailRule('t', { event: 'order_lost' }), 'event'],
      [at.customer(), mailRule('t', { subject: '' }), 'email_template_id'],
      [at.customer(), mailRule('t', { subject: 'Bestellung {{ordr.id}}' }), 'subject'],
      [at.customer(), mailRule('t', { email_from: 'kein-mail' }), 'email_from'],
      [at.customer(), mailRule('t', { email_to: 'a@b' }), 'email_to'],
      [at.customer(), mailRule('t', { email_template_id: 999_999 }), 'email_template_id'],
      [at.customer(), mailRule('t', { attachment_template_id: 999_999 }), 'attachment_template_id'],
      [at.customer(), mailRule('t', { server_id: 999_999 }), 'server_id'],
      [at.customer(), mailRule('t', { server_id: smtpOther }), 'server_id'],
      [at.customer(), mailRule('t', { server_id: sftp }), 'server_id'],
      [at.customer(), mailRule('t', { daily_hour: 24 }), 'daily_hour'],
      [at.customer(), mailRule('t', { daily_hour: -1 }), 'daily_hour'],
      [at.customer(), mailRule('t', { event: 'journal_entry', attachment_template_id: fileTemplate }), 'attachment_template_id'],
      [at.customer(), mailRule('t', { fetch_response: true }), 'response_expressions'],
      [at.customer(), mailRule('t', { response_expressions: [{ target: 'ext_status', pattern: '({order_id}' }] }), 'response_expressions.0.pattern'],
      [at.customer(), mailRule('t', { response_expressions: [{ target: 'price', pattern: 'x' }] }), 'response_expressions.0.target'],
      [at.customer(), mailRule('t', { recipients: [{ kind: 'email', email: 'kaputt' }] }), 'recipients.0.email'],
      [at.customer(), mailRule('t', { recipients: [{ kind: 'contact', contact_id: otherCustomerContact }] }), 'recipients.0.contact_id'],
      [at.customer(), mailRule('t', { recipients: [{ kind: 'user', user_id: ids.other }] }), 'recipients.0.user_id'],
      [at.location(), mailRule('t', { all_locations: true }), 'all_locations'],
      [at.supplier(), mailRule('t', { all_locations: true }), 'all_locations'],
      [at.supplier(), { name: 't', type: 'F', event: 'order_created', attachment_template_id: fileTemplate }, 'server_id'],
      [at.supplier(), { name: 't', type: 'F', event: 'order_created', attachment_template_id: fileTemplate, server_id: smtp }, 'server_id'],
      [at.supplier(), { name: 't', type: 'F', event: 'order_created', server_id: sftp }, 'attachment_template_id'],
      [at.supplier(), { name: 't', type: 'F', event: 'sensor_alarm', server_id: sftp, attachment_template_id: fileTemplate }, 'event'],
    ];
    for (const [path, body, field] of cases) {
      const answer = await api().post(path, body, tokens.writer);
      expect([JSON.stringify(body).slice(0, 100), meta(answer).code, meta(answer).field]).toEqual([JSON.stringify(body).slice(0, 100), 1000, field]);
    }
    // a change is checked as a whole: turning a mail rule into a file rule needs its server and template
    const rule = ok(await api().post(at.customer(), mailRule('Prüfung'), tokens.writer));
    expect(meta(await api().patch(`${at.customer()}/${rule.id}`, { type: 'F' }, tokens.writer))).toMatchObject({ code: 1000, field: 'server_id' });
    expect(meta(await api().patch(`${at.customer()}/${rule.id}`, { name: '' }, tokens.writer))).toMatchObject({ code: 1000, field: 'name' });
    expect(ok(await api().get(`${at.customer()}/${rule.id}`, tokens.writer))).toMatchObject({ type: 'E', name: 'Prüfung' });
    ok(await api().delete(`${at.customer()}/${rule.id}`, tokens.writer));
    ok(await api().delete(`/c/${other}/server/${smtpOther}`, tokens.other));
  });
});

describe('notification rules: roles', () => {
  it('lets the user group read and write; readers, customers and suppliers are refused (1020)', async () => {
    const rule = ok(await api().post(at.customer(), mailRule('Rollen'), tokens.owner));
    ok(await api().get(at.overview(), tokens.admin));
    for (const role of ['readonly', 'customer', 'supplier']) {
      const calls = [
        api().get(at.customer(), tokens[role]),
        api().get(`${at.customer()}/${rule.id}`, tokens[role]),
        api().post(at.customer(), mailRule(`by ${role}`), tokens[role]),
        api().patch(`${at.customer()}/${rule.id}`, { name: role }, tokens[role]),
        api().delete(`${at.customer()}/${rule.id}`, tokens[role]),
        api().post(`${at.customer()}/${rule.id}/recipient`, { kind: 'email', email: 'x@y.example' }, tokens[role]),
        api().get(at.supplier(), tokens[role]),
        api().get(at.overview(), tokens[role]),
      ];
      for (const answer of await Promise.all(calls)) expect([role, meta(answer).code]).toEqual([role, 1020]);
    }
    expect(meta(await api().get(at.customer(), tokens.other)).code).toBe(1020);
    ok(await api().delete(`${at.customer()}/${rule.id}`, tokens.writer));
  });

  it('hides rules of customers a restricted writer may not see (404, and not in the overview)', async () => {
    const hidden = ok(await api().post(at.customer(otherCustomer), mailRule('Versteckt'), tokens.admin));
    const grant = ok(await api().post(`/c/${demo}/accessrestriction`, { user_id: ids.writer, customer_id: customer }, tokens.admin)).id;
    try {
      await eventually(async () => ((await api().get(at.customer(otherCustomer), tokens.writer)).body.Meta.code === 404 ? true : undefined), 20_000, 'the restriction to reach the catalog');
      expect(meta(await api().get(`${at.customer(otherCustomer)}/${hidden.id}`, tokens.writer)).code).toBe(404);
      expect(ok(await api().get(`${at.overview()}?per_page=200`, tokens.writer)).items.map((r: { id: number }) => r.id)).not.toContain(hidden.id);
      expect(ok(await api().get(`${at.overview()}?per_page=200`, tokens.admin)).items.map((r: { id: number }) => r.id)).toContain(hidden.id);
      ok(await api().get(at.customer(), tokens.writer));
    } finally {
      ok(await api().delete(`/c/${demo}/accessrestriction/${grant}`, tokens.admin));
    }
    await eventually(async () => ((await api().get(at.customer(otherCustomer), tokens.writer)).body.Meta.code === 200 ? true : undefined), 20_000, 'the grant to go');
    ok(await api().delete(`${at.customer(otherCustomer)}/${hidden.id}`, tokens.admin));
  });
});

describe('notification rules: recipients', () => {
  it('adds, changes and removes contacts, users and addresses, with names and addresses read when answered', async () => {
    const rule = ok(
      await api().post(at.customer(), mailRule('Empfänger', { recipients: [{ kind: 'email', email: 'einkauf@kunde.example', name: 'Einkauf; "Süd" 📦' }] }), tokens.writer),
    );
    expect(rule.recipients).toEqual([{ id: expect.any(Number), kind: 'email', contact_id: null, user_id: null, email: 'einkauf@kunde.example', name: 'Einkauf; "Süd" 📦', cc: false }]);
    const withContact = ok(await api().post(`${at.customer()}/${rule.id}/recipient`, { kind: 'contact', contact_id: contact }, tokens.writer));
    expect(withContact.recipients[1]).toMatchObject({ kind: 'contact', contact_id: contact, email: 'joerg@kunde.example', name: "Jörg O'Brien", cc: false });
    const withUser = ok(await api().post(`${at.customer()}/${rule.id}/recipient`, { kind: 'user', user_id: ids.writer, cc: true }, tokens.writer));
    expect(withUser.recipients[2]).toMatchObject({ kind: 'user', user_id: ids.writer, email: 'writer@demo.example', cc: true });
    expect(withUser.recipients[2].name).not.toBe('');

    // names are read when answered: a changed contact shows its new address
    ok(await api().patch(`/c/${demo}/customer/${customer}/contact/${contact}`, { email: 'joerg.neu@kunde.example' }, tokens.admin));
    expect(ok(await api().get(`${at.customer()}/${rule.id}`, tokens.admin)).recipients[1]).toMatchObject({ email: 'joerg.neu@kunde.example' });

    // checks
    const add = (body: Record<string, unknown>) => api().post(`${at.customer()}/${rule.id}/recipient`, body, tokens.writer);
    expect(meta(await add({ kind: 'contact', contact_id: contact }))).toMatchObject({ code: 1059, field: 'contact_id' });
    expect(meta(await add({ kind: 'email', email: 'EINKAUF@kunde.example' }))).toMatchObject({ code: 1059, field: 'email' });
    expect(meta(await add({ kind: 'contact', contact_id: otherCustomerContact }))).toMatchObject({ code: 1000, field: 'contact_id' });
    expect(meta(await add({ kind: 'contact', contact_id: supplierContact }))).toMatchObject({ code: 1000, field: 'contact_id' });
    expect(meta(await add({ kind: 'contact' }))).toMatchObject({ code: 1000, field: 'contact_id' });
    expect(meta(await add({ kind: 'user', user_id: ids.other }))).toMatchObject({ code: 1000, field: 'user_id' });
    expect(meta(await add({ kind: 'email', email: 'a b@c.example' }))).toMatchObject({ code: 1000, field: 'email' });
    expect(meta(await add({ kind: 'fax', email: 'a@c.example' }))).toMatchObject({ code: 1000, field: 'kind' });

    const emailId = withUser.recipients[0].id;
    const changed = ok(await api().patch(`${at.customer()}/${rule.id}/recipient/${emailId}`, { cc: true, name: 'Einkauf Süd' }, tokens.writer));
    expect(changed.recipients[0]).toMatchObject({ id: emailId, email: 'einkauf@kunde.example', name: 'Einkauf Süd', cc: true });
    expect(meta(await api().patch(`${at.customer()}/${rule.id}/recipient/${emailId}`, { email: 'nope' }, tokens.writer))).toMatchObject({ code: 1000, field: 'email' });
    // a contact or user recipient changed in cc alone keeps its contact or user
    const contactId = withUser.recipients[1].id;
    const userId = withUser.recipients[2].id;
    expect(ok(await api().patch(`${at.customer()}/${rule.id}/recipient/${contactId}`, { cc: true }, tokens.writer)).recipients[1]).toMatchObject({ contact_id: contact, cc: true, name: "Jörg O'Brien" });
    expect(ok(await api().patch(`${at.customer()}/${rule.id}/recipient/${userId}`, { cc: false }, tokens.writer)).recipients[2]).toMatchObject({ user_id: ids.writer, cc: false });
    expect(meta(await api().patch(`${at.customer()}/${rule.id}/recipient/${contactId}`, { contact_id: otherCustomerContact }, tokens.writer))).toMatchObject({ code: 1000, field: 'contact_id' });
    expect(meta(await api().patch(`${at.customer()}/${rule.id}/recipient/${contactId}`, { kind: 'user' }, tokens.writer))).toMatchObject({ code: 1000, field: 'user_id' });
    // turned into an address recipient: the contact goes
    const turned = ok(await api().patch(`${at.customer()}/${rule.id}/recipient/${contactId}`, { kind: 'email', email: 'umgestellt@kunde.example' }, tokens.writer));
    expect(turned.recipients[1]).toMatchObject({ kind: 'email', contact_id: null, email: 'umgestellt@kunde.example', cc: true });
    ok(await api().patch(`${at.customer()}/${rule.id}/recipient/${contactId}`, { kind: 'contact', contact_id: contact }, tokens.writer));
    expect(meta(await api().patch(`${at.customer()}/${rule.id}/recipient/999999`, { cc: true }, tokens.writer)).code).toBe(404);
    const removed = ok(await api().delete(`${at.customer()}/${rule.id}/recipient/${emailId}`, tokens.writer));
    expect(removed.recipients.map((r: { kind: string }) => r.kind)).toEqual(['contact', 'user']);
    expect(meta(await api().delete(`${at.customer()}/${rule.id}/recipient/${emailId}`, tokens.writer)).code).toBe(404);
    // a recipient under another rule's address is not found
    const second = ok(await api().post(at.customer(), mailRule('Empfänger 2'), tokens.writer));
    expect(meta(await api().delete(`${at.customer()}/${second.id}/recipient/${removed.recipients[0].id}`, tokens.writer)).code).toBe(404);

    // a location rule takes contacts of the location's customer; a supplier rule the supplier's
    const atLocation = ok(await api().post(at.location(), mailRule('Lager Empfänger', { recipients: [{ kind: 'contact', contact_id: contact }] }), tokens.writer));
    expect(atLocation.recipients[0]).toMatchObject({ contact_id: contact, name: "Jörg O'Brien" });
    const atSupplier = ok(await api().post(at.supplier(), mailRule('Lieferant Empfänger', { event: 'supply_created', recipients: [{ kind: 'contact', contact_id: supplierContact }] }), tokens.writer));
    expect(atSupplier.recipients[0]).toMatchObject({ contact_id: supplierContact, email: 'lia@lieferant.example', name: 'Lia Lief' });
    expect(meta(await api().post(`${at.supplier()}/${atSupplier.id}/recipient`, { kind: 'contact', contact_id: contact }, tokens.writer))).toMatchObject({ code: 1000, field: 'contact_id' });

    for (const [path, id] of [[at.customer(), rule.id], [at.customer(), second.id], [at.location(), atLocation.id], [at.supplier(), atSupplier.id]] as const) ok(await api().delete(`${path}/${id}`, tokens.writer));
  });

  it("lists the rule at contact/{id}/rules once the contact is a recipient (through the catalog), and drops a deleted contact from the rules", async () => {
    const person = ok(await api().post(`/c/${demo}/customer/${customer}/contact/`, { name: 'Empfängerin', email: 'e@kunde.example' }, tokens.admin)).id;
    const rulesOf = async () => ok(await api().get(`/c/${demo}/customer/${customer}/contact/${person}/rules`, tokens.admin)) as { rule_id: number; rule_name: string }[];
    const rule = ok(await api().post(at.customer(), mailRule('Für "Kontakt"; ✓'), tokens.writer));
    const withContact = ok(await api().post(`${at.customer()}/${rule.id}/recipient`, { kind: 'contact', contact_id: person }, tokens.writer));
    await eventually(async () => ((await rulesOf()).length === 1 ? true : undefined), 20_000, 'the rule to reach contact/{id}/rules');
    expect(await rulesOf()).toEqual([{ rule_id: rule.id, rule_name: 'Für "Kontakt"; ✓', customer_id: customer, supplier_id: null }]);
    // a rename reaches the catalog's copy
    ok(await api().patch(`${at.customer()}/${rule.id}`, { name: 'Umbenannt' }, tokens.writer));
    await eventually(async () => ((await rulesOf())[0]?.rule_name === 'Umbenannt' ? true : undefined), 20_000, 'the new name');
    // removing the recipient empties it again
    const recipientId = withContact.recipients[0].id;
    ok(await api().delete(`${at.customer()}/${rule.id}/recipient/${recipientId}`, tokens.writer));
    await eventually(async () => ((await rulesOf()).length === 0 ? true : undefined), 20_000, 'the recipient to leave contact/{id}/rules');
    // the contact deleted: the notifications service drops it from the rule
    ok(await api().post(`${at.customer()}/${rule.id}/recipient`, { kind: 'contact', contact_id: person }, tokens.writer));
    await eventually(async () => ((await rulesOf()).length === 1 ? true : undefined), 20_000, 'the rule to reach contact/{id}/rules again');
    ok(await api().delete(`/c/${demo}/customer/${customer}/contact/${person}`, tokens.admin));
    await eventually(
      async () => ((ok(await api().get(`${at.customer()}/${rule.id}`, tokens.admin)).recipients as unknown[]).length === 0 ? true : undefined),
      20_000,
      'the deleted contact to leave the rule',
    );
    // a deleted rule leaves the catalog's copy
    const again = ok(await api().post(`${at.customer()}/${rule.id}/recipient`, { kind: 'contact', contact_id: contact }, tokens.writer));
    expect(again.recipients).toHaveLength(1);
    const rulesOfContact = async () => ok(await api().get(`/c/${demo}/customer/${customer}/contact/${contact}/rules`, tokens.admin)) as { rule_id: number }[];
    await eventually(async () => ((await rulesOfContact()).some((r) => r.rule_id === rule.id) ? true : undefined), 20_000, 'the rule at the contact');
    ok(await api().delete(`${at.customer()}/${rule.id}`, tokens.writer));
    await eventually(async () => ((await rulesOfContact()).some((r) => r.rule_id === rule.id) ? undefined : true), 20_000, 'the deleted rule to leave the contact');
  });

  it('deletes the rules of a deleted location and supplier', async () => {
    const place = ok(await api().post(`/c/${demo}/customer/${customer}/location/`, { name: 'Lager Abriss' }, tokens.admin)).id;
    const gone = ok(await api().post(`/c/${demo}/supplier/`, { name: 'Lieferant Abriss' }, tokens.admin)).id;
    // the location's rule names a contact of the customer, which outlives the location: its contact/{id}/rules shows
    // the rule until the notifications service has deleted it (rule_changed deleted reaches the catalog)
    const atPlace = ok(await api().post(at.location(place), mailRule('Abriss Lager', { recipients: [{ kind: 'contact', contact_id: contact }] }), tokens.writer));
    const atGone = ok(await api().post(at.supplier(gone), mailRule('Abriss Lieferant'), tokens.writer));
    const inOverview = async () => ok(await api().get(`${at.overview()}?per_page=200&q=Abriss`, tokens.admin)).items.map((r: { id: number }) => r.id) as number[];
    expect((await inOverview()).sort()).toEqual([atPlace.id, atGone.id].sort());
    const atContact = async () => (ok(await api().get(`/c/${demo}/customer/${customer}/contact/${contact}/rules`, tokens.admin)) as { rule_id: number }[]).some((r) => r.rule_id === atPlace.id);
    await eventually(async () => ((await atContact()) ? true : undefined), 20_000, 'the location rule at the contact');
    ok(await api().delete(`/c/${demo}/customer/${customer}/location/${place}`, tokens.admin));
    ok(await api().delete(`/c/${demo}/supplier/${gone}`, tokens.admin));
    await eventually(async () => ((await atContact()) ? undefined : true), 20_000, 'the deleted location to take its rule');
    expect(await inOverview()).toEqual([]);
  });
});
