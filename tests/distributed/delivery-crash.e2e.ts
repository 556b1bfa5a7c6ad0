import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventually, type SftpTestServer, type SmtpTestServer, startSftpServer, startSmtpServer } from '@kanban/testing';
import { serviceSql } from '../support/orders-sql';
import { ok, signInDemo, startSystem, type TestSystem, waitReady } from '../support/system';

jest.setTimeout(240_000);

/**
 * The notifications process killed with SIGKILL between sending a delivery and recording it (docs/notifications.md
 * "Delivery"): the rows stay claimed (`sending`) until their lease runs out, the restarted process claims them again
 * and sends with the same key. The SFTP file is found under its final name (`alreadyDelivered`): one file; the mail
 * goes out again with the same Message-ID, which the receiver counts once. Each delivery is recorded sent once.
 * DELIVERY_TEST_PAUSE_FILE makes the worker wait after a send while the file exists.
 */
describe('delivery crash between send and record (distributed)', () => {
  let system: TestSystem;
  let sftp: SftpTestServer;
  let smtp: SmtpTestServer;
  const folder = mkdtempSync(path.join(tmpdir(), 'delivery-crash-'));
  const pause = path.join(folder, 'pause');

  beforeAll(async () => {
    [sftp, smtp] = await Promise.all([startSftpServer(), startSmtpServer()]);
    system = await startSystem('distributed', { env: { DELIVERY_TEST_PAUSE_FILE: pause, DELIVERY_LEASE_MS: '3000', DELIVERY_POLL_MS: '250', DELIVERY_RETRY_SCALE: '0.001' } });
  });

  afterAll(async () => {
    rmSync(folder, { recursive: true, force: true });
    await system?.close();
    await Promise.all([sftp?.stop(), smtp?.stop()]);
  });

  it('sends once: the file is found there after the restart, the mail keeps its Message-ID, each recorded sent once', async () => {
    const d = system.distributed!;
    const api = system.api;
    const { tokens, demo } = await signInDemo(system);
    const c = `/c/${demo}`;
    const customer = ok(await api.get(`${c}/customer?all=1&per_page=200`, tokens.admin)).items.find((x: { nr: string }) => x.nr === 'K-10001').id;
    const supplier = ok(await api.get(`${c}/supplier?all=1&per_page=200`, tokens.admin)).items.find((x: { nr: string }) => x.nr === 'L-100').id;
    const catalog = ok(await api.get(`${c}/supplier/${supplier}/catalog`, tokens.admin)).items[0].id;
    const sftpServer = ok(await api.post(`${c}/server`, { name: 'SFTP', type: 'SFTP', host: sftp.host, port: sftp.port, user: sftp.user, private_key: sftp.privateKey }, tokens.writer)).id;
    const smtpServer = ok(await api.post(`${c}/server`, { name: 'Mail', type: 'SMTP', host: smtp.host, port: smtp.port, smtp_security: 'none' }, tokens.writer)).id;
    const template = ok(await api.post(`${c}/filetemplates`, { name: 'Datei', header: 'order;{{order.id}}', body: '{{line.sku}};{{line.quantity}}', encoding: 'UTF-8', linebreak: 'CRLF' }, tokens.writer)).id;
    const rules = `${c}/supplier/${supplier}/notificationrule`;
    const fileRule = ok(await api.post(rules, { name: 'SFTP-Datei', type: 'F', event: 'order_created', attachment_template_id: template, attachment_name: 'o_{{order.id}}.csv', server_id: sftpServer }, tokens.writer)).id;
    const mailRule = ok(
      await api.post(rules, { name: 'Mail', type: 'E', event: 'order_created', subject: 'Bestellung {{order.id}}', email_from: 'orders@example.com', server_id: smtpServer, recipients: [{ kind: 'email', email: 'verkauf@lieferant.example' }] }, tokens.writer),
    ).id;

    writeFileSync(pause, '');
    const location = ok(await api.post(`${c}/customer/${customer}/location/`, { name: 'Crash-Lager' }, tokens.writer)).id;
    const item = ok(await api.post(`${c}/customer/${customer}/item`, { sku: 'CRASH-1', name: 'Scheibe', order_unit: 'PAK', catalog_id: catalog }, tokens.writer));
    const rule = ok(await api.post(`${c}/rules`, { location_id: location, item_id: item.id, threshold: 2, capacity: 8, stock: 8 }, tokens.writer));
    const orderId = ok(await api.post(`${c}/rules/${rule.id}/stock`, { stock: 1 }, tokens.writer)).decision.order_id as number;
    const fileKey = `r${fileRule}.o${orderId}.v1`;
    const mailKey = `r${mailRule}.o${orderId}.v1`;
    const fileName = `o_${orderId}.${fileKey}.csv`;

    // both sent, neither recorded: the worker waits after sending
    await eventually(async () => (existsSync(sftp.localPath(fileName)) && smtp.byMessageId(`<${mailKey}@kanban.local>`).length === 1 ? true : undefined), 60_000, 'the file and the mail sent');
    await eventually(async () => (existsSync(`${pause}.sent`) ? true : undefined), 10_000, 'the worker paused');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = await serviceSql<{ key: string; status: string }>(system, 'notifications', 'select key, status from notifications.delivery where order_id = ? order by key', [orderId]);
    expect(before.map((r) => r.status)).toEqual(['sending', 'sending']);

    await d.kill('notifications', 'SIGKILL');
    rmSync(pause);
    await d.start('notifications');
    await waitReady(api, d.processes);

    const rows = await eventually(
      async () => {
        const r = await serviceSql<{ key: string; status: string; attempts: number; last_answer: string }>(system, 'notifications', 'select key, status, attempts, last_answer from notifications.delivery where order_id = ? order by key', [orderId]);
        return r.every((x) => x.status === 'sent') ? r : undefined;
      },
      60_000,
      'both recorded sent after the restart',
    );
    expect(rows.map((r) => Number(r.attempts))).toEqual([2, 2]);
    // the file: found there, not written twice
    expect(rows.find((r) => r.key === fileKey)!.last_answer).toMatch(/^already delivered/);
    const dir = path.dirname(sftp.localPath(fileName));
    expect(readdirSync(dir).filter((f) => f.includes(fileKey))).toEqual([fileName]);
    expect(readFileSync(sftp.localPath(fileName), 'utf8')).toBe(`order;${orderId}\r\nCRASH-1;7\r\n`);
    // the mail: sent again with the same Message-ID (a receiver counts it once), no other Message-ID for the key
    const copies = smtp.messages.filter((m) => m.parsed.subject === `Bestellung ${orderId}`);
    expect(copies.length).toBeGreaterThanOrEqual(1);
    expect(new Set(copies.map((m) => m.parsed.messageId))).toEqual(new Set([`<${mailKey}@kanban.local>`]));

    // recorded once each on the order
    const order = await eventually(
      async () => {
        const o = ok(await api.get(`${c}/order/${orderId}`, tokens.admin));
        return o.notification_status === 2 && o.history.filter((e: { code: string }) => e.code === 'notification_sent').length === 2 ? o : undefined;
      },
      60_000,
      'two notification_sent events',
    );
    expect(order.history.filter((e: { code: string }) => e.code === 'notification_sent').map((e: { params: { key: string } }) => e.params.key).sort()).toEqual([fileKey, mailKey].sort());
  });
});
