// Reading answer mails (issue 18 item 5) from Debian's Dovecot (dovecot-imapd), started by the test on a free loopback
// port with its own config and user; mails put into the mailbox by IMAP APPEND (imapflow), as a mail server would.
import { ImapFlow } from 'imapflow';
import { type ImapTestServer, startImapServer } from '@kanban/testing';
import { openFolder, type ServerConnection, verifyServer } from './index';

jest.setTimeout(90_000);

let plain: ImapTestServer;
let tls: ImapTestServer;
let starttls: ImapTestServer;
beforeAll(async () => {
  [plain, tls, starttls] = await Promise.all([
    startImapServer(),
    startImapServer({ security: 'tls' }),
    startImapServer({ security: 'starttls' }),
  ]);
});
afterAll(async () => {
  await Promise.all([plain?.stop(), tls?.stop(), starttls?.stop()]);
});

const connOf = (server: ImapTestServer, extra: Partial<ServerConnection> = {}): ServerConnection => ({
  type: 'IMAP',
  host: server.host,
  port: server.port,
  user: server.user,
  password: server.password,
  smtpSecurity: server === tls ? 'tls' : server === starttls ? 'starttls' : 'none',
  tlsRejectUnauthorized: false,
  timeoutMs: 10_000,
  ...extra,
});

async function mailbox<T>(server: ImapTestServer, run: (client: ImapFlow) => Promise<T>): Promise<T> {
  const client = new ImapFlow({
    host: server.host,
    port: server.port,
    secure: server === tls,
    doSTARTTLS: server === tls ? undefined : false,
    tls: { rejectUnauthorized: false },
    auth: { user: server.user, pass: server.password },
    logger: false,
  });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.logout();
  }
}

const answerMail = (
  subject: string,
  body: string,
  attachment?: { name: string; charset: string; bytes: Buffer },
) => {
  const head = `From: Supplier <orders@supplier.example>\r\nTo: kanban@customer.example\r\nSubject: ${subject}\r\nMessage-ID: <${Math.random()}@supplier.example>\r\nMIME-Version: 1.0\r\n`;
  if (!attachment)
    return `${head}Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${body}\r\n`;
  return [
    `${head}Content-Type: multipart/mixed; boundary="b1"\r\n\r\n--b1\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`,
    `--b1\r\nContent-Type: text/csv; charset=${attachment.charset}; name="${attachment.name}"\r\nContent-Disposition: attachment; filename="${attachment.name}"\r\nContent-Transfer-Encoding: base64\r\n\r\n${attachment.bytes.toString('base64')}\r\n--b1--\r\n`,
  ].join('');
};

describe('IMAP server (Dovecot)', () => {
  it('verify answers the greeting and login; a wrong password is refused (auth), a closed port unreachable', async () => {
    const ok = await verifyServer(connOf(plain));
    expect(ok).toEqual({
      ok: true,
      answer: expect.stringMatching(/Dovecot.*ready.*logged in as kanban-imap/),
    });
    const overTls = await verifyServer(connOf(tls));
    expect(overTls.ok).toBe(true);
    expect(await verifyServer(connOf(starttls))).toMatchObject({ ok: true });
    const refused = await verifyServer(connOf(plain, { password: 'wrong' }));
    expect(refused).toEqual({
      ok: false,
      kind: 'auth',
      answer: expect.stringMatching(/AUTHENTICATIONFAILED|Authentication failed/),
    });
    const opened = await openFolder(connOf(plain, { password: 'wrong' }), 'INBOX');
    expect(opened).toMatchObject({ ok: false, kind: 'auth' });
    const closed = await verifyServer(connOf(plain, { port: 1 }));
    expect(closed).toMatchObject({ ok: false, kind: 'unreachable' });
  });

  it('plain IMAP only to this machine: another host needs TLS or STARTTLS', async () => {
    const result = await verifyServer(connOf(plain, { host: 'imap.example.com' }));
    expect(result).toEqual({
      ok: false,
      kind: 'other',
      answer: expect.stringContaining('only to a server on this machine'),
    });
  });

  it('lists the mails, reads subject, text body and text attachments, moves one (\\Seen, folder made) and removes one', async () => {
    await mailbox(plain, async (client) => {
      await client.append('INBOX', answerMail('Order 4711 confirmed', 'Status: OK\nPO: PO-1'));
      await client.append(
        'INBOX',
        answerMail('Lines 4712', 'see attachment', {
          name: 'lines.csv',
          charset: 'iso-8859-1',
          bytes: Buffer.from('1;BE;Gr\xf6\xdfe\r\n', 'latin1'),
        }),
      );
      await client.append('INBOX', answerMail('Spam', 'nothing'));
    });
    const opened = await openFolder(connOf(plain), 'INBOX');
    if (!opened.ok) throw new Error(opened.answer);
    const folder = opened.folder;
    try {
      const files = await folder.list();
      expect(files.map((f) => f.name)).toEqual([
        'mail 1: Order 4711 confirmed',
        'mail 2: Lines 4712',
        'mail 3: Spam',
      ]);
      expect((await folder.read(files[0].name)).toString('utf8')).toBe(
        'Subject: Order 4711 confirmed\nStatus: OK\nPO: PO-1\n',
      );
      expect((await folder.read(files[1].name)).toString('utf8')).toContain('1;BE;Größe');
      await folder.move(files[0].name, 'done');
      await folder.move(files[1].name, 'done');
      await folder.remove(files[2].name);
      expect(await folder.list()).toEqual([]);
    } finally {
      await folder.close();
    }
    const done = await mailbox(plain, async (client) => {
      const lock = await client.getMailboxLock('done');
      try {
        const seen = [];
        for await (const m of client.fetch('1:*', { envelope: true, flags: true }))
          seen.push({ subject: m.envelope?.subject, seen: m.flags?.has('\\Seen') });
        return seen;
      } finally {
        lock.release();
      }
    });
    expect(done).toEqual([
      { subject: 'Order 4711 confirmed', seen: true },
      { subject: 'Lines 4712', seen: true },
    ]);
  });

  it("a missing mailbox folder is the server's NO", async () => {
    const opened = await openFolder(connOf(plain), 'Nowhere');
    expect(opened).toMatchObject({
      ok: false,
      kind: 'other',
      answer: expect.stringContaining('SELECT Nowhere'),
    });
  });
});
