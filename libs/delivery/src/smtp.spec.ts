// Mails to a real SMTP server (the smtp-server package) on a free loopback port, parsed back with mailparser.
import { type SmtpTestServer, startSmtpServer } from '@kanban/testing';
import {
  classifySmtpError,
  messageIdOf,
  openMailTarget,
  type OutgoingMail,
  sendMail,
  type ServerConnection,
} from './index';

jest.setTimeout(60_000);

let smtp: SmtpTestServer;
beforeAll(async () => {
  smtp = await startSmtpServer({ auth: { user: 'orders@example.com', password: 'pw' } });
});
afterAll(async () => {
  await smtp?.stop();
});
beforeEach(() => {
  smtp.mode = 'accept';
});

const conn = (): ServerConnection => ({
  type: 'SMTP',
  host: smtp.host,
  port: smtp.port,
  user: 'orders@example.com',
  password: 'pw',
  smtpSecurity: 'none',
  timeoutMs: 5_000,
});
/** a minimal but well-formed PDF */
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);
const mail = (key: string): OutgoingMail => ({
  messageId: key,
  from: '"Müller Schrauben; Einkauf" <orders@example.com>',
  to: ['supplier@example.org'],
  cc: ['buyer@example.com'],
  subject: 'Bestellung 4711 – Schrauben "M6" 🔩',
  text: 'Guten Tag,\nanbei die Bestellung.\n',
  html: '<p>Guten Tag,<br>anbei die Bestellung.</p>',
  attachments: [{ filename: 'Bestellung 4711.pdf', content: pdf, contentType: 'application/pdf' }],
});

describe('sendMail', () => {
  it('delivers the mail with its PDF attachment; the idempotency key is the Message-ID', async () => {
    const result = await sendMail(conn(), mail('rule-7.order-4711.v1'));
    expect(result).toEqual({ ok: true, retryable: false, answer: '250 Message accepted' });
    const received = smtp.byMessageId('<rule-7.order-4711.v1@kanban.local>');
    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message.envelope).toEqual({
      from: 'orders@example.com',
      to: ['supplier@example.org', 'buyer@example.com'],
    });
    expect(message.user).toBe('orders@example.com');
    expect(message.parsed.subject).toBe('Bestellung 4711 – Schrauben "M6" 🔩');
    expect(message.parsed.from?.value).toEqual([
      { address: 'orders@example.com', name: 'Müller Schrauben; Einkauf' },
    ]);
    expect(message.parsed.text).toBe('Guten Tag,\nanbei die Bestellung.\n');
    expect(message.parsed.attachments).toHaveLength(1);
    const [attachment] = message.parsed.attachments;
    expect(attachment).toMatchObject({ filename: 'Bestellung 4711.pdf', contentType: 'application/pdf' });
    expect(attachment.content.equals(pdf)).toBe(true);
  });

  it('messageIdOf: a key becomes <key@kanban.local>; a full Message-ID stays', () => {
    expect(messageIdOf('abc')).toBe('<abc@kanban.local>');
    expect(messageIdOf('a b<c>')).toBe('<a_b_c_@kanban.local>');
    expect(messageIdOf('x@y.de')).toBe('<x@y.de>');
    expect(messageIdOf('<x@y.de>')).toBe('<x@y.de>');
  });

  it('4xx from the server is transient (retry), 5xx permanent (RFC 5321)', async () => {
    smtp.mode = 'tempfail';
    expect(await sendMail(conn(), mail('k-temp'))).toEqual({
      ok: false,
      kind: 'other',
      retryable: true,
      answer: expect.stringContaining('451 Mailbox busy'),
    });
    smtp.mode = 'reject';
    expect(await sendMail(conn(), mail('k-perm'))).toEqual({
      ok: false,
      kind: 'other',
      retryable: false,
      answer: expect.stringContaining('550 No such user here'),
    });
    expect(smtp.byMessageId('<k-temp@kanban.local>')).toEqual([]);
    smtp.mode = 'accept';
    expect(await sendMail(conn(), mail('k-temp'))).toMatchObject({ ok: true });
    expect(smtp.byMessageId('<k-temp@kanban.local>')).toHaveLength(1);
  });

  it('a refused login is auth and not retried (535)', async () => {
    expect(await sendMail({ ...conn(), password: 'nope' }, mail('k-auth'))).toEqual({
      ok: false,
      kind: 'auth',
      retryable: false,
      answer: '535 Invalid username or password',
    });
  });

  it('a server that is down: unreachable and retryable; delivered once it is back', async () => {
    const port = smtp.port;
    await smtp.stop();
    try {
      expect(await sendMail(conn(), mail('k-down'))).toMatchObject({
        ok: false,
        kind: 'unreachable',
        retryable: true,
      });
    } finally {
      await smtp.start(port);
    }
    expect(await sendMail(conn(), mail('k-down'))).toMatchObject({ ok: true });
    expect(smtp.byMessageId('<k-down@kanban.local>')).toHaveLength(1);
  });

  it('openMailTarget: many mails over a few kept-open connections, each once', async () => {
    const connectionsBefore = smtp.connections;
    const target = openMailTarget(conn(), { maxConnections: 2 });
    const keys = Array.from({ length: 30 }, (_, i) => `pool-${i}`);
    const results = await Promise.all(keys.map((key) => target.send(mail(key))));
    await target.close();
    expect(results.every((r) => r.ok)).toBe(true);
    for (const key of keys) expect(smtp.byMessageId(`<${key}@kanban.local>`)).toHaveLength(1);
    expect(smtp.connections - connectionsBefore).toBeLessThanOrEqual(2);
  });

  it('plain, over STARTTLS and over implicit TLS, a pool sends mails with a 3 MB attachment byte for byte (writes coalesced per turn)', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024);
    for (let i = 0; i < big.length; i++) big[i] = (i * 7919) % 251;
    for (const tls of ['none', 'starttls', 'implicit'] as const) {
      const server = await startSmtpServer({ auth: { user: 'orders@example.com', password: 'pw' }, ...(tls === 'none' ? {} : { tls }) });
      try {
        const security = tls === 'none' ? 'none' : tls === 'starttls' ? 'starttls' : 'tls';
        const target = openMailTarget({ ...conn(), port: server.port, smtpSecurity: security, tlsRejectUnauthorized: false }, { maxConnections: 2 });
        const keys = [`${tls}-1`, `${tls}-2`, `${tls}-3`];
        const results = await Promise.all(
          keys.map((key, i) => target.send({ ...mail(key), attachments: [{ filename: 'gross.bin', content: i === 0 ? big : pdf, contentType: 'application/octet-stream' }] })),
        );
        await target.close();
        expect(results.map((r) => r.ok)).toEqual([true, true, true]);
        for (const [i, key] of keys.entries()) {
          const [message, ...more] = server.byMessageId(`<${key}@kanban.local>`);
          expect(more).toHaveLength(0);
          expect(message!.parsed.attachments[0]!.content.equals(i === 0 ? big : pdf)).toBe(true);
          expect(message!.parsed.text).toBe('Guten Tag,\nanbei die Bestellung.\n');
        }
      } finally {
        await server.stop();
      }
    }
  });

  it('classifySmtpError: 454 on login is a transient auth failure; EPROTOCOL unreadable; TLS refusal permanent', () => {
    expect(
      classifySmtpError({
        code: 'EAUTH',
        response: '454 4.7.0 Temporary authentication failure',
        responseCode: 454,
      }),
    ).toEqual({ kind: 'auth', retryable: true, answer: '454 4.7.0 Temporary authentication failure' });
    expect(classifySmtpError({ code: 'EPROTOCOL', response: 'SSH-2.0-OpenSSH_9.2' })).toMatchObject({
      kind: 'unreadable',
    });
    expect(classifySmtpError({ code: 'ESOCKET', message: 'self-signed certificate' })).toEqual({
      kind: 'other',
      retryable: false,
      answer: 'self-signed certificate',
    });
    expect(
      classifySmtpError({
        code: 'ESOCKET',
        message: 'connect ECONNREFUSED 127.0.0.1:25',
        syscall: 'connect',
      }),
    ).toMatchObject({ kind: 'unreachable', retryable: true });
  });
});
