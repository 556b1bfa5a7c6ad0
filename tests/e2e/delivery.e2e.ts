import { eventually, type FtpTestServer, type HttpTestServer, type SftpTestServer, type SmtpTestServer, startFtpServer, startHttpServer, startSftpServer, startSmtpServer } from '@kanban/testing';
import { execFileSync } from 'node:child_process';
import { readFileSync, existsSync, readdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type NotificationOrders, notificationOrders } from '../support/notification-orders';
import { serviceSql } from '../support/orders-sql';
import { ok, signInDemo, startSystem, type TestSystem } from '../support/system';

jest.setTimeout(240_000);

/**
 * The delivery of notifications (docs/notifications.md "Delivery") in both run modes, against real servers on
 * loopback (libs/testing/src/delivery-servers.ts): an order created at the demo company is planned by the rules of its
 * supplier and customer, rendered, and sent by the worker: the SMTP server receives the mail with its attachment and
 * the key as Message-ID, OpenSSH's SFTP the file in the template's encoding and line breaks under a name with the key;
 * the order's history gets O and S events and its notification status. An FTP server down for a while: attempts with
 * retries, journal entries, the file once it is back, one file; an HTTP receiver gets the key as Idempotency-Key.
 * The retry schedule runs 1000 times faster (DELIVERY_RETRY_SCALE=0.001).
 */
let system: TestSystem;
let demo: number;
const tokens: Record<string, string> = {};
let sftp: SftpTestServer;
let ftp: FtpTestServer;
let smtp: SmtpTestServer;
let http: HttpTestServer;
let customerId: number;
let supplierId: number;
let at: NotificationOrders;
/** the first test's supplier mail rule (deactivated after it) */
let mailRuleId: number;
let lastOrderId: number;
const SMTP_USER = 'orders@example.com';
const SMTP_PASSWORD = 'S3cret; "Ü" 📧';

const api = () => system.api;
const c = () => `/c/${demo}`;

beforeAll(async () => {
  [sftp, ftp, smtp, http] = await Promise.all([startSftpServer(), startFtpServer(), startSmtpServer({ auth: { user: SMTP_USER, password: SMTP_PASSWORD } }), startHttpServer()]);
  http.honourIdempotencyKey = true;
  system = await startSystem(undefined, { env: { DELIVERY_RETRY_SCALE: '0.001', DELIVERY_POLL_MS: '200' } });
  const signedIn = await signInDemo(system);
  Object.assign(tokens, signedIn.tokens);
  demo = signedIn.demo;
  at = await notificationOrders(system, demo, tokens, { location: 'Versand-Lager Süd', skuPrefix: 'DLV' });
  ({ customerId, supplierId } = at);
});

afterAll(async () => {
  await system?.close();
  await Promise.all([sftp?.stop(), ftp?.stop(), smtp?.stop(), http?.stop()]);
});

/** A new order of the supplier at the test's location (tests/support/notification-orders.ts). */
const newOrder = (name: string) => at.newOrder(name);

const orderOf = async (orderId: number) => ok(await api().get(`${c()}/order/${orderId}`, tokens.admin));
const supplierRules = () => at.supplierRules;
const customerRules = () => at.customerRules;
const deactivateAll = () => at.deactivateAll();

/** Every file under a folder of the test server (hidden temporary files included). */
function filesIn(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir) : [];
}

describe('delivery', () => {
  it('an order: the supplier gets its mail with the attachment and its file over SFTP, the customer its mail; O and S events, status sent', async () => {
    const smtpServer = ok(await api().post(`${c()}/server`, { name: 'Mail', type: 'SMTP', host: smtp.host, port: smtp.port, smtp_security: 'none', user: SMTP_USER, password: SMTP_PASSWORD }, tokens.writer)).id;
    const sftpServer = ok(await api().post(`${c()}/server`, { name: 'SFTP Lieferant', type: 'SFTP', host: sftp.host, port: sftp.port, user: sftp.user, private_key: sftp.privateKey }, tokens.writer)).id;
    const mailTemplate = ok(
      await api().post(`${c()}/emailtemplates`, { name: 'Bestellung', header: 'Bestellung {{order.id}} für {{customer.name}}', body: 'Hallo {{supplier.name}},\n{{#each lines}}{{pos}}. {{sku}} {{name}} {{quantity}} {{unit}}\n{{/each}}' }, tokens.writer),
    ).id;
    const fileTemplate = ok(
      await api().post(`${c()}/filetemplates`, { name: 'Bestelldatei', header: 'Bestellung;{{order.id}};Größe', body: '{{line.pos}};{{line.sku}};{{line.quantity}};{{location.name}}', encoding: 'ISO-8859-1', linebreak: 'CRLF' }, tokens.writer),
    ).id;
    const mailRule = ok(
      await api().post(
        supplierRules(),
        {
          name: 'Bestellung per Mail; "Süd" 📦',
          type: 'E',
          event: 'order_created',
          email_from: SMTP_USER,
          email_from_name: 'Kanban Einkauf',
          email_template_id: mailTemplate,
          attachment_template_id: fileTemplate,
          attachment_name: 'bestellung_{{order.id}}.csv',
          server_id: smtpServer,
          recipients: [{ kind: 'email', email: 'verkauf@lieferant.example', name: 'Verkauf Müller' }, { kind: 'email', email: 'kopie@lieferant.example', cc: true }],
        },
        tokens.writer,
      ),
    ).id;
    const fileRule = ok(
      await api().post(supplierRules(), { name: 'Bestelldatei SFTP', type: 'F', event: 'order_created', attachment_template_id: fileTemplate, attachment_name: 'bestellung_{{order.id}}.csv', server_id: sftpServer, path: '' }, tokens.writer),
    ).id;
    const customerRule = ok(
      await api().post(customerRules(), { name: 'Kunde informieren', type: 'E', event: 'order_created', subject: 'Ihre Bestellung {{order.id}}', email_from: SMTP_USER, server_id: smtpServer, all_locations: true, recipients: [{ kind: 'email', email: 'lager@kunde.example' }] }, tokens.writer),
    ).id;

    mailRuleId = mailRule;
    const { orderId, sku } = await newOrder('Schraube "Größe" M8; ✓');
    const mailKey = `r${mailRule}.o${orderId}.v1`;
    const mails = await eventually(async () => (smtp.byMessageId(`<${mailKey}@kanban.local>`).length > 0 ? smtp.byMessageId(`<${mailKey}@kanban.local>`) : undefined), 60_000, 'the supplier mail');
    expect(mails).toHaveLength(1);
    const mail = mails[0]!.parsed;
    expect(mail.subject).toBe(`Bestellung ${orderId} für ${ok(await api().get(`${c()}/customer/${customerId}`, tokens.admin)).name}`);
    expect(mail.text).toContain(`1. ${sku} Schraube "Größe" M8; ✓`);
    expect(mail.from?.text).toContain(SMTP_USER);
    expect([...mails[0]!.envelope.to].sort()).toEqual(['kopie@lieferant.example', 'verkauf@lieferant.example']);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]!.filename).toBe(`bestellung_${orderId}.csv`);
    const expected = Buffer.from(`Bestellung;${orderId};Gr\xf6\xdfe\r\n1;${sku.replace('Ä', '\xc4')};7;Versand-Lager S\xfcd\r\n`, 'latin1');
    expect(Buffer.compare(mail.attachments[0]!.content, expected)).toBe(0);

    // the file over SFTP: the key in its name, ISO-8859-1 with CRLF byte for byte
    const fileName = `bestellung_${orderId}.r${fileRule}.o${orderId}.v1.csv`;
    await eventually(async () => (existsSync(sftp.localPath(fileName)) ? true : undefined), 60_000, 'the SFTP file');
    expect(Buffer.compare(readFileSync(sftp.localPath(fileName)), expected)).toBe(0);

    // the customer's mail
    await eventually(async () => (smtp.byMessageId(`<r${customerRule}.o${orderId}.v1@kanban.local>`).length === 1 ? true : undefined), 60_000, 'the customer mail');
    expect(smtp.byMessageId(`<r${customerRule}.o${orderId}.v1@kanban.local>`)[0]!.parsed.subject).toBe(`Ihre Bestellung ${orderId}`);

    // recorded on the order: O for the customer's rule, S for the supplier's, status sent
    const order = await eventually(
      async () => {
        const o = await orderOf(orderId);
        return o.history.filter((e: { code: string }) => e.code === 'notification_sent').length === 3 && o.notification_status === 2 ? o : undefined;
      },
      60_000,
      'three notification_sent events and status 2',
    );
    const sent = order.history.filter((e: { code: string }) => e.code === 'notification_sent');
    expect(sent.map((e: { type: string; params: { rule_id: number } }) => [e.type, e.params.rule_id]).sort()).toEqual(
      [['O', customerRule], ['S', mailRule], ['S', fileRule]].sort(),
    );
    expect(sent.find((e: { params: { rule_id: number } }) => e.params.rule_id === fileRule)).toMatchObject({ params: { key: `r${fileRule}.o${orderId}.v1`, channel: 'file', attempt: 1 } });
    expect(order.history.filter((e: { code: string }) => e.code === 'notification_queued')).toHaveLength(3);
    const rows = await serviceSql<{ key: string; status: string; attempts: number }>(system, 'notifications', 'select key, status, attempts from notifications.delivery where order_id = ? order by key', [orderId]);
    expect(rows.map((r) => [r.status, Number(r.attempts)])).toEqual([['sent', 1], ['sent', 1], ['sent', 1]]);
    await deactivateAll();
  });

  it('an FTP server down for a while: retries with journal entries, the file once it is back, one file; HTTP with the key as Idempotency-Key', async () => {
    const ftpServer = ok(await api().post(`${c()}/server`, { name: 'FTP Lieferant', type: 'FTP', host: ftp.host, port: ftp.port, user: ftp.user, password: ftp.password }, tokens.writer)).id;
    const httpServer = ok(await api().post(`${c()}/server`, { name: 'HTTP Lieferant', type: 'HTTP', host: http.host, port: http.port }, tokens.writer)).id;
    const fileTemplate = ok(await api().post(`${c()}/filetemplates`, { name: 'CSV LF', header: 'order;{{order.id}}', body: '{{line.sku}};{{line.quantity}}', encoding: 'UTF-8', linebreak: 'LF' }, tokens.writer)).id;
    const ftpRule = ok(await api().post(supplierRules(), { name: 'FTP', type: 'F', event: 'order_created', attachment_template_id: fileTemplate, attachment_name: 'o_{{order.id}}.csv', server_id: ftpServer, path: '' }, tokens.writer)).id;
    const httpRule = ok(await api().post(supplierRules(), { name: 'HTTP', type: 'F', event: 'order_created', attachment_template_id: fileTemplate, attachment_name: 'o_{{order.id}}.csv', server_id: httpServer, path: '/orders' }, tokens.writer)).id;

    await ftp.down();
    const { orderId, sku } = await newOrder('Mutter M8');
    lastOrderId = orderId;
    const ftpKey = `r${ftpRule}.o${orderId}.v1`;
    // at least two failed attempts, recorded as O/S events with the status pending and in the journal (2000: unreachable)
    await eventually(
      async () => {
        const o = await orderOf(orderId);
        const retrying = o.history.filter((e: { code: string; params: { key: string } }) => e.code === 'notification_retrying' && e.params.key === ftpKey);
        return retrying.length >= 2 && o.notification_status === 1 ? true : undefined;
      },
      60_000,
      'retrying events while the FTP server is down',
    );
    const journal = ok(await api().get(`/v2/c/${demo}/journal?per_page=100`, tokens.admin));
    const entries = journal.items.filter((j: { message_key: string; params: { key: string } }) => j.message_key === 'notification_failed' && j.params.key === ftpKey);
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(entries[0]).toMatchObject({ code: 2000, order_id: orderId, params: { kind: 'unreachable', retrying: true, channel: 'file' } });

    await ftp.up();
    const fileName = `o_${orderId}.${ftpKey}.csv`;
    await eventually(async () => (existsSync(ftp.localPath(fileName)) ? true : undefined), 60_000, 'the FTP file once the server is back');
    expect(readFileSync(ftp.localPath(fileName), 'utf8')).toBe(`order;${orderId}\n${sku};7\n`);
    const order = await eventually(async () => {
      const o = await orderOf(orderId);
      return o.notification_status === 2 && o.history.some((e: { code: string; params: { key: string } }) => e.code === 'notification_sent' && e.params.key === ftpKey) ? o : undefined;
    }, 60_000, 'sent and status 2');
    expect(order.history.filter((e: { code: string; params: { key: string } }) => e.code === 'notification_sent' && e.params.key === ftpKey)).toHaveLength(1);
    // one file, no temporary files left
    expect(filesIn(path.dirname(ftp.localPath(fileName))).filter((f) => f.includes(ftpKey))).toEqual([fileName]);

    // HTTP: posted once with the key
    const httpKey = `r${httpRule}.o${orderId}.v1`;
    const posted = http.requests.filter((r) => r.headers['idempotency-key'] === httpKey);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ method: 'POST', url: '/orders' });
    expect(posted[0]!.body.toString('utf8')).toBe(`order;${orderId}\n${sku};7\n`);
    const [row] = await serviceSql<{ status: string; attempts: number }>(system, 'notifications', 'select status, attempts from notifications.delivery where key = ?', [ftpKey]);
    expect(row!.status).toBe('sent');
    expect(Number(row!.attempts)).toBeGreaterThanOrEqual(3);
    await deactivateAll();
  });

  it('a refused login: given up at once (not retried), journal 2004, history notification_failed, status -1', async () => {
    const sftpServer = ok(await api().post(`${c()}/server`, { name: 'SFTP falsch', type: 'SFTP', host: sftp.host, port: sftp.port, user: sftp.user, password: 'falsch; "Ü" 🔑' }, tokens.writer)).id;
    const fileTemplate = ok(await api().post(`${c()}/filetemplates`, { name: 'Auth', header: 'order;{{order.id}}', body: '', encoding: 'UTF-8', linebreak: 'LF' }, tokens.writer)).id;
    const rule = ok(await api().post(supplierRules(), { name: 'Abgelehnt', type: 'F', event: 'order_created', attachment_template_id: fileTemplate, server_id: sftpServer }, tokens.writer)).id;
    const { orderId } = await newOrder('Unterlegscheibe');
    lastOrderId = orderId;
    const key = `r${rule}.o${orderId}.v1`;
    const order = await eventually(async () => {
      const o = await orderOf(orderId);
      return o.notification_status === -1 ? o : undefined;
    }, 60_000, 'status -1');
    const failed = order.history.filter((e: { code: string; params: { key: string } }) => e.code === 'notification_failed' && e.params.key === key);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ type: 'S', params: { kind: 'auth', attempt: 1, channel: 'file' } });
    expect(failed[0].params.answer).toMatch(/authentication methods failed/);
    const journal = ok(await api().get(`/v2/c/${demo}/journal?per_page=100`, tokens.admin));
    const entries = journal.items.filter((j: { message_key: string; params: { key: string } }) => j.message_key === 'notification_failed' && j.params.key === key);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ code: 2004, order_id: orderId, params: { kind: 'auth', retrying: false } });
    const [row] = await serviceSql<{ status: string; attempts: number }>(system, 'notifications', 'select status, attempts from notifications.delivery where key = ?', [key]);
    expect([row!.status, Number(row!.attempts)]).toEqual(['failed', 1]);
    await deactivateAll();
  });

  it('supply events: supply_created tells the customer (history S), supply_delivered the supplier rule once the whole supply is delivered', async () => {
    const smtpServer = ok(await api().post(`${c()}/server`, { name: 'Mail Lieferung', type: 'SMTP', host: smtp.host, port: smtp.port, smtp_security: 'none', user: SMTP_USER, password: SMTP_PASSWORD }, tokens.writer)).id;
    const created = ok(
      await api().post(customerRules(), { name: 'Lieferauftrag angelegt', type: 'E', event: 'supply_created', subject: 'Beim Lieferanten: {{order.id}}', email_from: SMTP_USER, server_id: smtpServer, recipients: [{ kind: 'email', email: 'lager@kunde.example' }] }, tokens.writer),
    ).id;
    const delivered = ok(
      await api().post(supplierRules(), { name: 'Geliefert', type: 'E', event: 'supply_delivered', subject: 'Geliefert: {{order.id}}', email_from: SMTP_USER, server_id: smtpServer, recipients: [{ kind: 'email', email: 'versand@lieferant.example' }] }, tokens.writer),
    ).id;
    const { orderId } = await newOrder('Bolzen');
    lastOrderId = orderId;
    const createdKey = `r${created}.o${orderId}.v1`;
    await eventually(async () => (smtp.byMessageId(`<${createdKey}@kanban.local>`).length === 1 ? true : undefined), 60_000, 'the supply_created mail');
    expect(smtp.byMessageId(`<${createdKey}@kanban.local>`)[0]!.parsed.subject).toBe(`Beim Lieferanten: ${orderId}`);
    const supply = await eventually(async () => ok(await api().get(`${c()}/supplier/${supplierId}/supply?state=all&q=${orderId}`, tokens.admin)).items.find((x: { order_id: number }) => x.order_id === orderId), 30_000, 'the supply');
    expect(smtp.messages.filter((m) => m.parsed.subject === `Geliefert: ${orderId}`)).toHaveLength(0);
    ok(await api().patch(`${c()}/supplier/${supplierId}/supply/${supply.id}`, { delivered: true }, tokens.admin));
    const deliveredKey = `r${delivered}.o${orderId}.v1`;
    await eventually(async () => (smtp.byMessageId(`<${deliveredKey}@kanban.local>`).length === 1 ? true : undefined), 60_000, 'the supply_delivered mail');
    const order = await eventually(async () => {
      const o = await orderOf(orderId);
      return o.history.filter((e: { code: string }) => e.code === 'notification_sent').length === 2 ? o : undefined;
    }, 60_000, 'two notification_sent events');
    expect(order.history.filter((e: { code: string }) => e.code === 'notification_sent').map((e: { type: string }) => e.type)).toEqual(['S', 'S']);
    await deactivateAll();
  });

  it('trigger: runs a rule (even inactive) on its owner\'s latest order with a new version each time; another owner\'s path is 404', async () => {
    const trigger = (base: string, id: number) => api().get(`${base}/${id}/trigger`, tokens.writer);
    const first = ok(await trigger(supplierRules(), mailRuleId));
    expect(first).toEqual({ event: { kind: 'order_created', order_id: lastOrderId, at: expect.any(String) }, queued: 1, keys: [`r${mailRuleId}.o${lastOrderId}.v1`] });
    const second = ok(await trigger(supplierRules(), mailRuleId));
    expect(second.keys).toEqual([`r${mailRuleId}.o${lastOrderId}.v2`]);
    for (const key of [...first.keys, ...second.keys]) {
      await eventually(async () => (smtp.byMessageId(`<${key}@kanban.local>`).length === 1 ? true : undefined), 60_000, `the mail ${key}`);
    }
    expect(smtp.byMessageId(`<${second.keys[0]}@kanban.local>`)[0]!.parsed.subject).toContain(`Bestellung ${lastOrderId}`);
    const wrongOwner = await trigger(customerRules(), mailRuleId);
    expect(wrongOwner.body.Meta.code).toBe(404);
    expect((await api().get(`${supplierRules()}/${mailRuleId}/trigger`, tokens.readonly)).body.Meta.code).toBe(1020);
  });

  it('delivery_note_pdf: the mail carries the order\'s delivery note as a PDF beside the template\'s file, the bytes stored with the delivery', async () => {
    const smtpServer = ok(await api().post(`${c()}/server`, { name: 'Mail Lieferschein', type: 'SMTP', host: smtp.host, port: smtp.port, smtp_security: 'none', user: SMTP_USER, password: SMTP_PASSWORD }, tokens.writer)).id;
    const fileTemplate = ok(await api().post(`${c()}/filetemplates`, { name: 'Lieferschein CSV', header: 'order;{{order.id}}', body: '{{line.sku}};{{line.quantity}}', encoding: 'UTF-8', linebreak: 'LF' }, tokens.writer)).id;
    const rule = ok(
      await api().post(
        supplierRules(),
        { name: 'Lieferschein als PDF', type: 'E', event: 'order_created', subject: 'Lieferschein {{order.id}}', email_from: SMTP_USER, server_id: smtpServer, attachment_template_id: fileTemplate, attachment_name: 'o_{{order.id}}.csv', delivery_note_pdf: true, recipients: [{ kind: 'email', email: 'wareneingang@lieferant.example' }] },
        tokens.writer,
      ),
    );
    expect(rule.delivery_note_pdf).toBe(true);
    const { orderId, sku } = await newOrder('Gewindestange M10 "verzinkt"');
    lastOrderId = orderId;
    const key = `r${rule.id}.o${orderId}.v1`;
    const mails = await eventually(async () => (smtp.byMessageId(`<${key}@kanban.local>`).length > 0 ? smtp.byMessageId(`<${key}@kanban.local>`) : undefined), 60_000, 'the mail with the delivery note');
    expect(mails).toHaveLength(1);
    const attachments = mails[0]!.parsed.attachments;
    expect(attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`o_${orderId}.csv`, 'text/csv'],
      [`delivery_note_${orderId}.pdf`, 'application/pdf'],
    ]);
    expect(attachments[0]!.content.toString('utf8')).toBe(`order;${orderId}\n${sku};7\n`);
    const pdf = attachments[1]!.content;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // read back with poppler's pdftotext: the order's number, and its line's SKU and quantity on one row
    const dir = mkdtempSync(path.join(tmpdir(), 'delivery-note-'));
    let text: string;
    try {
      writeFileSync(path.join(dir, 'note.pdf'), pdf);
      text = execFileSync('pdftotext', ['-layout', path.join(dir, 'note.pdf'), '-'], { encoding: 'utf8' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(text).toContain('Delivery note');
    expect(text).toMatch(new RegExp(`Order\\s+${orderId}\\b`));
    expect(text).toMatch(new RegExp(`^\\s*1\\s+${sku}\\s+Gewindestange M10 "verzinkt"\\s+7\\b`, 'm'));
    // rendered once when planned and stored with the message: a retry would send these bytes
    const [row] = await serviceSql<{ payload: { attachments: { filename: string; content_base64: string }[] } }>(system, 'notifications', 'select payload from notifications.delivery where key = ?', [key]);
    const stored = (typeof row!.payload === 'string' ? JSON.parse(row!.payload) : row!.payload) as { attachments: { filename: string; content_base64: string }[] };
    expect(Buffer.compare(Buffer.from(stored.attachments[1]!.content_base64, 'base64'), pdf)).toBe(0);
    await eventually(async () => ((await orderOf(orderId)).history.some((e: { code: string; params: { key: string } }) => e.code === 'notification_sent' && e.params.key === key) ? true : undefined), 60_000, 'notification_sent');
    await deactivateAll();
  });
});
