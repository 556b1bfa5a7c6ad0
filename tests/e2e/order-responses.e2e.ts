import { chown, mkdir, rename, writeFile } from 'node:fs/promises';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import {
  ensureTransferUser,
  eventually,
  type FtpTestServer,
  type HttpTestServer,
  type ImapTestServer,
  type SftpTestServer,
  type SmtpTestServer,
  startFtpServer,
  startHttpServer,
  startImapServer,
  startSftpServer,
  startSmtpServer,
} from '@kanban/testing';
import { type NotificationOrders, notificationOrders } from '../support/notification-orders';
import { ok, signInDemo, startSystem, type TestSystem } from '../support/system';

jest.setTimeout(240_000);

/**
 * Order responses (issue 18 item 5; docs/notifications.md "Order responses") in both run modes, against OpenSSH's SFTP
 * and vsftpd on loopback: a file rule delivers the order's file, the supplier's answer file placed in the rule's
 * response folder is read with its expressions (every RESPONSE_POLL_MS, here 300 ms) and sets the order's ext_status,
 * its purchase-order number and a line's external status, each a history event; the file moves to done/; the same
 * answer again changes nothing; an answer that is not UTF-8 is journal 2003 and moves to unreadable/; a refused login
 * is journal 2004. Answer mails: an e-mail rule sending through the smtp-server package reads the replies from the
 * mailbox of Debian's Dovecot (IMAP), the reply put there by IMAP APPEND; read, it is flagged \Seen and moved to done.
 */
let system: TestSystem;
let demo: number;
const tokens: Record<string, string> = {};
let sftp: SftpTestServer;
let ftp: FtpTestServer;
let http: HttpTestServer;
let smtp: SmtpTestServer;
let imap: ImapTestServer;
let at: NotificationOrders;

const api = () => system.api;
const c = () => `/c/${demo}`;
const orderOf = async (orderId: number) => ok(await api().get(`${c()}/order/${orderId}`, tokens.admin));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  [sftp, ftp, http, smtp, imap] = await Promise.all([startSftpServer(), startFtpServer(), startHttpServer(), startSmtpServer(), startImapServer()]);
  system = await startSystem(undefined, { env: { DELIVERY_POLL_MS: '200', RESPONSE_POLL_MS: '300' } });
  const signedIn = await signInDemo(system);
  Object.assign(tokens, signedIn.tokens);
  demo = signedIn.demo;
  at = await notificationOrders(system, demo, tokens, { location: 'Antwort-Lager „Nord“', skuPrefix: 'RSP' });
  await at.deactivateAll();
});

afterAll(async () => {
  await system?.close();
  await Promise.all([sftp?.stop(), ftp?.stop(), http?.stop(), smtp?.stop(), imap?.stop()]);
});

/** An answer as the supplier's system leaves it: written under a hidden name, owned by the transfer user, then renamed. */
async function placeAnswer(localFile: string, content: Buffer | string): Promise<void> {
  const { uid, gid } = await ensureTransferUser();
  const dir = path.dirname(localFile);
  await mkdir(dir, { recursive: true });
  await chown(dir, uid, gid);
  const hidden = path.join(dir, `.${path.basename(localFile)}.part`);
  await writeFile(hidden, content);
  await chown(hidden, uid, gid);
  await rename(hidden, localFile);
}

const files = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir) : []);
type HistoryEvent = { code: string; type: string; params: Record<string, unknown>; text: string };
const responseEvents = (order: { history: HistoryEvent[] }) => order.history.filter((e) => e.code.startsWith('response_'));

/** The order delivered by the rule (its file at the server, the delivery recorded sent). */
async function delivered(ruleId: number, orderId: number): Promise<void> {
  await eventually(
    async () => ((await orderOf(orderId)).history.some((e: HistoryEvent) => e.code === 'notification_sent' && e.params.rule_id === ruleId) ? true : undefined),
    60_000,
    'the order file delivered',
  );
}

async function journal(filter: (entry: { code: number; message_key: string; params: Record<string, unknown> }) => boolean) {
  return ok(await api().get(`/v2/c/${demo}/journal?per_page=200`, tokens.admin)).items.filter(filter);
}

describe('order responses', () => {
  it('SFTP: the answer sets ext_status, the purchase-order number and a line status; moved to done/; read again it changes nothing', async () => {
    const server = ok(await api().post(`${c()}/server`, { name: 'SFTP Antworten', type: 'SFTP', host: sftp.host, port: sftp.port, user: sftp.user, private_key: sftp.privateKey }, tokens.writer)).id;
    const template = ok(await api().post(`${c()}/filetemplates`, { name: 'Bestellung mit Antwort', header: 'order;{{order.id}}', body: '{{line.pos}};{{line.sku}};{{line.quantity}}', encoding: 'UTF-8', linebreak: 'LF' }, tokens.writer)).id;
    const rule = ok(
      await api().post(
        at.supplierRules,
        {
          name: 'Antworten lesen; "SFTP" ✓',
          type: 'F',
          event: 'order_created',
          attachment_template_id: template,
          attachment_name: 'bestellung_{{order.id}}.csv',
          server_id: server,
          path: '',
          fetch_response: true,
          response_path: 'antworten',
          response_expressions: [
            { target: 'ext_status', pattern: '^HEAD;{order_id};(\\w+)' },
            { target: 'po_number', pattern: '^HEAD;{order_id};\\w+;(?<po>[^;\\r\\n]+)' },
            { target: 'line_status', pattern: '^POS;{order_id};(?<pos>\\d+);(?<status>\\w+)' },
          ],
        },
        tokens.writer,
      ),
    ).id;
    const { orderId } = await at.newOrder('Schraube „Antwort“ M6');
    const other = await at.newOrder('Mutter M6');
    await delivered(rule, orderId);
    await delivered(rule, other.orderId);
    const before = await orderOf(orderId);
    expect(before).toMatchObject({ ext_status: 0, po_status: 0, po_number: null });

    // the answer names this order (and a position it does not have, and an order the rule never delivered)
    const answer = `HEAD;${orderId};OK;AB-Ä; 9001\nPOS;${orderId};1;BE\nPOS;${orderId};7;RE\nHEAD;999999;FE\n`;
    await placeAnswer(sftp.localPath(`antworten/antwort_${orderId}.txt`), answer);
    const order = await eventually(
      async () => {
        const o = await orderOf(orderId);
        return responseEvents(o).length === 3 ? o : undefined;
      },
      60_000,
      'three response events',
    );
    expect(order).toMatchObject({ ext_status: 1, ext_status_text: 'OK', status: 'confirmed', po_status: 1, po_number: 'AB-Ä' });
    expect(order.lines[0]).toMatchObject({ pos: 1, ext_line_status: 'BE', status: 'confirmed' });
    const events = responseEvents(order);
    const common = { rule_id: rule, rule: 'Antworten lesen; "SFTP" ✓', file: `antwort_${orderId}.txt` };
    expect(events.map((e) => [e.type, e.code, e.params]).sort()).toEqual(
      [
        ['S', 'response_ext_status', { ...common, ext_status: 1, text: 'OK' }],
        ['S', 'response_po_number', { ...common, po_number: 'AB-Ä' }],
        ['S', 'response_line_status', { ...common, pos: 1, status: 'BE' }],
      ].sort(),
    );
    expect(events.find((e) => e.code === 'response_line_status')!.text).toBe(`answer antwort_${orderId}.txt ("Antworten lesen; "SFTP" ✓"): line 1 BE`);
    // the other order is untouched
    expect(responseEvents(await orderOf(other.orderId))).toEqual([]);

    // the file moved to done/
    await eventually(async () => (files(sftp.localPath('antworten/done')).includes(`antwort_${orderId}.txt`) ? true : undefined), 30_000, 'the answer in done/');
    expect(files(sftp.localPath('antworten')).filter((f) => !f.startsWith('.') && f !== 'done')).toEqual([]);

    // the same answer again: read and moved, nothing changes
    await placeAnswer(sftp.localPath(`antworten/antwort_${orderId}.txt`), answer);
    await eventually(async () => (files(sftp.localPath('antworten')).includes(`antwort_${orderId}.txt`) ? undefined : true), 30_000, 'the second answer read');
    expect(files(sftp.localPath('antworten/done')).filter((f) => f.startsWith(`antwort_${orderId}.txt`))).toHaveLength(2);
    await sleep(2000);
    const again = await orderOf(orderId);
    expect(responseEvents(again)).toHaveLength(3);
    expect(again).toMatchObject({ ext_status: 1, po_number: 'AB-Ä' });

    // a later answer: line 1 shipped, another purchase-order number — applied as changes
    await placeAnswer(sftp.localPath(`antworten/versand_${orderId}.txt`), `POS;${orderId};1;WB\n`);
    const shipped = await eventually(async () => {
      const o = await orderOf(orderId);
      return o.lines[0].ext_line_status === 'WB' ? o : undefined;
    }, 60_000, 'line 1 WB');
    expect(responseEvents(shipped)).toHaveLength(4);

    // an answer that is not UTF-8 (the template's encoding): journal 2003 naming the file, moved to unreadable/
    await placeAnswer(sftp.localPath('antworten/kaputt.txt'), Buffer.from(`HEAD;${orderId};FE;Gr\xf6\xdfe\n`, 'latin1'));
    const entries = await eventually(async () => {
      const found = await journal((j) => j.message_key === 'response_failed' && j.params.file === 'kaputt.txt');
      return found.length > 0 ? found : undefined;
    }, 60_000, 'journal 2003');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ code: 2003, params: { rule_id: rule, kind: 'unreadable', answer: 'the answer is not UTF-8 text' } });
    await eventually(async () => (files(sftp.localPath('antworten/unreadable')).includes('kaputt.txt') ? true : undefined), 30_000, 'kaputt.txt in unreadable/');
    // an answer for no order the rule delivered: unmatched/
    await placeAnswer(sftp.localPath('antworten/fremd.txt'), 'HEAD;999999;OK\n');
    await eventually(async () => (files(sftp.localPath('antworten/unmatched')).includes('fremd.txt') ? true : undefined), 30_000, 'fremd.txt in unmatched/');
    expect((await orderOf(orderId)).ext_status).toBe(1);
    ok(await api().patch(`${at.supplierRules}/${rule}`, { active: false }, tokens.writer));
  });

  it('FTP: line statuses per {order_pos} and FE; a refused login is journal 2004 once', async () => {
    const server = ok(await api().post(`${c()}/server`, { name: 'FTP Antworten', type: 'FTP', host: ftp.host, port: ftp.port, user: ftp.user, password: ftp.password }, tokens.writer)).id;
    const template = ok(await api().post(`${c()}/filetemplates`, { name: 'Bestellung FTP', header: 'order;{{order.id}}', body: '{{line.pos}};{{line.sku}}', encoding: 'ISO-8859-1', linebreak: 'CRLF' }, tokens.writer)).id;
    const rule = ok(
      await api().post(
        at.supplierRules,
        {
          name: 'Antworten FTP',
          type: 'F',
          event: 'order_created',
          attachment_template_id: template,
          attachment_name: 'o_{{order.id}}.csv',
          server_id: server,
          path: 'upload',
          fetch_response: true,
          response_path: 'upload/in',
          response_expressions: [
            { target: 'line_status', pattern: '^{order_id}/{order_pos}=(\\w\\w)\\r?$' },
            { target: 'ext_status', pattern: '^{order_id} status (-?\\d)' },
          ],
        },
        tokens.writer,
      ),
    ).id;
    const { orderId } = await at.newOrder('Scheibe Ø 8');
    await delivered(rule, orderId);
    // inactive: the timer leaves it alone, read by hand (POST …/responses)
    ok(await api().patch(`${at.supplierRules}/${rule}`, { active: false }, tokens.writer));
    await sleep(1500); // a timer run that began while it was active has ended
    // ISO-8859-1 as the template: "Größe" read fine
    await placeAnswer(ftp.localPath(`upload/in/${orderId}.txt`), Buffer.from(`Größe\r\n${orderId}/1=EE\r\n${orderId} status -1\r\n`, 'latin1'));
    expect(ok(await api().post(`${at.supplierRules}/${rule}/responses`, {}, tokens.writer))).toEqual({
      rule_id: rule,
      files: [{ name: `${orderId}.txt`, outcome: 'applied', orders: [orderId], moved: 'done' }],
      failure: null,
    });
    expect(ok(await api().post(`${at.supplierRules}/${rule}/responses`, {}, tokens.writer))).toEqual({ rule_id: rule, files: [], failure: null });
    // a reader may not; another owner's path is 404; a rule that reads no answers is 1000 at fetch_response
    expect((await api().post(`${at.supplierRules}/${rule}/responses`, {}, tokens.readonly)).body.Meta.code).toBe(1020);
    expect((await api().post(`${at.customerRules}/${rule}/responses`, {}, tokens.writer)).status).toBe(404);
    const plain = ok(await api().post(at.supplierRules, { name: 'Ohne Antworten', type: 'F', active: false, event: 'order_created', attachment_template_id: template, server_id: server, path: 'upload' }, tokens.writer)).id;
    expect((await api().post(`${at.supplierRules}/${plain}/responses`, {}, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'fetch_response' });
    const order = await eventually(async () => {
      const o = await orderOf(orderId);
      return responseEvents(o).length === 2 ? o : undefined;
    }, 60_000, 'two response events');
    expect(order).toMatchObject({ ext_status: -1, ext_status_text: 'FE', status: 'open' });
    expect(order.lines[0]).toMatchObject({ pos: 1, ext_line_status: 'EE' });
    await eventually(async () => (files(ftp.localPath('upload/in/done')).includes(`${orderId}.txt`) ? true : undefined), 30_000, 'the answer in done/');

    // a server that refuses the login: journal 2004 (once, not every poll)
    const refused = ok(await api().post(`${c()}/server`, { name: 'FTP falsch', type: 'FTP', host: ftp.host, port: ftp.port, user: ftp.user, password: 'falsch; "Ü"' }, tokens.writer)).id;
    const bad = ok(
      await api().post(
        at.supplierRules,
        { name: 'Antworten abgelehnt', type: 'F', event: 'order_created', attachment_template_id: template, server_id: refused, path: 'upload', fetch_response: true, response_path: 'upload/in', response_expressions: [{ target: 'ext_status', pattern: '^{order_id};(\\w+)' }] },
        tokens.writer,
      ),
    ).id;
    const entries = await eventually(async () => {
      const found = await journal((j) => j.message_key === 'response_failed' && j.params.rule_id === bad);
      return found.length > 0 ? found : undefined;
    }, 60_000, 'journal 2004');
    expect(entries[0]).toMatchObject({ code: 2004, params: { file: '', kind: 'auth' } });
    await sleep(1500);
    expect(await journal((j) => j.message_key === 'response_failed' && j.params.rule_id === bad)).toHaveLength(1);
    await at.deactivateAll();
  });

  it('HTTP: the body a GET of the response path answers is read on every run; its changes are applied once', async () => {
    const server = ok(await api().post(`${c()}/server`, { name: 'HTTP Antworten', type: 'HTTP', host: http.host, port: http.port }, tokens.writer)).id;
    const template = ok(await api().post(`${c()}/filetemplates`, { name: 'Bestellung HTTP', header: 'order;{{order.id}}', body: '{{line.pos}};{{line.sku}}', encoding: 'UTF-8', linebreak: 'LF' }, tokens.writer)).id;
    const rule = ok(
      await api().post(
        at.supplierRules,
        {
          name: 'Antworten HTTP',
          type: 'F',
          event: 'order_created',
          attachment_template_id: template,
          attachment_name: 'o_{{order.id}}.csv',
          server_id: server,
          path: '/orders',
          fetch_response: true,
          response_path: '/antworten/aktuell.txt',
          response_expressions: [{ target: 'line_status', pattern: '^{order_id};(?<pos>\\d+);(?<status>\\w+)$' }],
        },
        tokens.writer,
      ),
    ).id;
    let answer = '';
    http.respond = (request) => (request.method === 'GET' ? (answer ? { status: 200, body: answer } : { status: 404 }) : { status: 201, body: 'created' });
    const { orderId } = await at.newOrder('Bolzen HTTP');
    await delivered(rule, orderId);
    answer = `${orderId};1;IP\n`;
    await eventually(async () => ((await orderOf(orderId)).lines[0].ext_line_status === 'IP' ? true : undefined), 60_000, 'line 1 IP');
    // read again and again (nothing to move on an HTTP server): one history event
    const gets = http.requests.filter((r) => r.method === 'GET').length;
    await eventually(async () => (http.requests.filter((r) => r.method === 'GET').length >= gets + 3 ? true : undefined), 30_000, 'three more GETs');
    await sleep(1000);
    expect(responseEvents(await orderOf(orderId))).toEqual([expect.objectContaining({ code: 'response_line_status', params: { rule_id: rule, rule: 'Antworten HTTP', file: 'aktuell.txt', pos: 1, status: 'IP' } })]);
    await at.deactivateAll();
  });

  it('IMAP: an e-mail rule reads the reply mails in its IMAP mailbox; read, a reply is flagged \\Seen and moved to done', async () => {
    const smtpServer = ok(await api().post(`${c()}/server`, { name: 'Mail Bestellung', type: 'SMTP', host: smtp.host, port: smtp.port, smtp_security: 'none' }, tokens.writer)).id;
    const imapServer = ok(
      await api().post(`${c()}/server`, { name: 'Postfach Antworten', type: 'IMAP', host: imap.host, port: imap.port, smtp_security: 'none', user: imap.user, password: imap.password }, tokens.writer),
    );
    expect(imapServer).toMatchObject({ type: 'IMAP', smtp_security: 'none', has_password: true });
    expect(ok(await api().get(`${c()}/server/${imapServer.id}/verify`, tokens.writer)).message).toMatch(/Dovecot.*logged in as kanban-imap/);
    const mailRule = {
      name: 'Bestellung per Mail, Antwort per Mail',
      type: 'E',
      event: 'order_created',
      subject: 'Bestellung {{order.id}}',
      email_from: 'einkauf@kunde.example',
      server_id: smtpServer,
      recipients: [{ kind: 'email', email: 'verkauf@lieferant.example' }],
      fetch_response: true,
      response_path: '',
      response_expressions: [
        { target: 'ext_status', pattern: '^Subject: AW: Bestellung {order_id} (\\w+)$' },
        { target: 'line_status', pattern: '^Bestellung {order_id} Position (?<pos>\\d+): (?<status>\\w+)' },
      ],
    };
    // an e-mail rule fetching answers needs an IMAP server to read them from (1000 at response_server_id)
    expect((await api().post(at.supplierRules, mailRule, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'response_server_id' });
    expect((await api().post(at.supplierRules, { ...mailRule, response_server_id: smtpServer }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'response_server_id' });
    const rule = ok(await api().post(at.supplierRules, { ...mailRule, response_server_id: imapServer.id }, tokens.writer));
    expect(rule).toMatchObject({ response_server_id: imapServer.id, response_path: '' });
    const { orderId } = await at.newOrder('Stift IMAP');
    await delivered(rule.id, orderId);
    expect(smtp.messages.some((m) => m.parsed.subject === `Bestellung ${orderId}`)).toBe(true);

    const mailbox = new ImapFlow({ host: imap.host, port: imap.port, secure: false, doSTARTTLS: false, auth: { user: imap.user, pass: imap.password }, logger: false });
    await mailbox.connect();
    try {
      const reply = [
        'From: Verkauf <verkauf@lieferant.example>',
        'To: einkauf@kunde.example',
        `Subject: AW: Bestellung ${orderId} OK`,
        `Message-ID: <reply-${orderId}@lieferant.example>`,
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: 8bit',
        '',
        `Guten Tag, wir bestätigen:`,
        `Bestellung ${orderId} Position 1: BE`,
        '',
      ].join('\r\n');
      await mailbox.append('INBOX', reply);
      const order = await eventually(
        async () => {
          const o = await orderOf(orderId);
          return responseEvents(o).length === 2 ? o : undefined;
        },
        60_000,
        'two response events from the reply mail',
      );
      expect(order).toMatchObject({ ext_status: 1, ext_status_text: 'OK' });
      expect(order.lines[0]).toMatchObject({ pos: 1, ext_line_status: 'BE' });
      expect(responseEvents(order).map((e) => e.params.file)).toEqual([`mail 1: AW: Bestellung ${orderId} OK`, `mail 1: AW: Bestellung ${orderId} OK`]);

      // read: out of INBOX, in done, flagged \Seen
      const inFolder = async (folder: string) => {
        const lock = await mailbox.getMailboxLock(folder);
        try {
          // the folder may be selected already: NOOP lets the server report what another session moved out meanwhile
          await mailbox.noop();
          const found: { subject: string; seen: boolean }[] = [];
          if (mailbox.mailbox && mailbox.mailbox.exists > 0)
            for await (const m of mailbox.fetch('1:*', { envelope: true, flags: true })) found.push({ subject: m.envelope?.subject ?? '', seen: !!m.flags?.has('\\Seen') });
          return found;
        } finally {
          lock.release();
        }
      };
      await eventually(async () => ((await inFolder('INBOX')).length === 0 ? true : undefined), 30_000, 'the reply out of INBOX');
      expect(await inFolder('done')).toEqual([{ subject: `AW: Bestellung ${orderId} OK`, seen: true }]);

      // the same reply again: read and moved, nothing changes
      await mailbox.append('INBOX', reply);
      await eventually(async () => ((await inFolder('done')).length === 2 ? true : undefined), 30_000, 'the second reply in done');
      await sleep(1500);
      expect(responseEvents(await orderOf(orderId))).toHaveLength(2);
    } finally {
      await mailbox.logout();
    }

    // a mailbox that refuses the login: journal 2004
    const refused = ok(await api().post(`${c()}/server`, { name: 'Postfach falsch', type: 'IMAP', host: imap.host, port: imap.port, smtp_security: 'none', user: imap.user, password: 'falsch' }, tokens.writer)).id;
    const bad = ok(await api().post(at.supplierRules, { ...mailRule, name: 'Antworten Postfach abgelehnt', response_server_id: refused }, tokens.writer)).id;
    const entries = await eventually(async () => {
      const found = await journal((j) => j.message_key === 'response_failed' && j.params.rule_id === bad);
      return found.length > 0 ? found : undefined;
    }, 60_000, 'journal 2004');
    expect(entries[0]).toMatchObject({ code: 2004, params: { file: '', kind: 'auth' } });
    await at.deactivateAll();
  });
});
