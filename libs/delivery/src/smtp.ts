import { connect as netConnect, type Socket } from 'node:net';
import { createTransport, type SendMailOptions } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { errorMessage, networkKind } from './classify';
import {
  type DeliveryResult,
  type FailureKind,
  type ServerConnection,
  timeoutOf,
  type VerifyResult,
} from './types';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface OutgoingMail {
  /** the delivery's idempotency key (or a full `<id@host>`): becomes the Message-ID */
  messageId: string;
  from: string;
  to: string[];
  cc?: string[];
  subject: string;
  text?: string;
  html?: string;
  attachments: MailAttachment[];
}

/** The Message-ID a key becomes: `<key@kanban.local>`, or the key itself when it is already `<…@…>`. */
export function messageIdOf(key: string): string {
  if (/^<[^<>\s]+@[^<>\s]+>$/.test(key)) return key;
  if (/^[^<>\s]+@[^<>\s]+$/.test(key)) return `<${key}>`;
  return `<${key.replace(/[<>\s@]/g, '_')}@kanban.local>`;
}

/** Collects what the SMTP server said (nodemailer's transaction log: the server's reply lines only). */
class ServerLines {
  readonly lines: string[] = [];
  private readonly take = (entry: { tnx?: string } | undefined, message: unknown) => {
    if (entry?.tnx === 'server' && typeof message === 'string') this.lines.push(message);
  };
  readonly logger = {
    level: () => undefined,
    trace: this.take,
    debug: this.take,
    info: this.take,
    warn: () => undefined,
    error: () => undefined,
    fatal: () => undefined,
  };
}

/**
 * nodemailer's options for a server. `lines` (verify only) collects what the server said through nodemailer's
 * transaction log; sending goes without any logger: every command and reply would be formatted into a log entry for
 * nothing (the answers of a send come with its result or error), and a pool's lines would pile up for its lifetime.
 */
function transportOptions(conn: ServerConnection, lines?: ServerLines): SMTPTransport.Options {
  const timeout = timeoutOf(conn);
  return {
    host: conn.host,
    port: conn.port,
    secure: conn.smtpSecurity === 'tls',
    requireTLS: conn.smtpSecurity === 'starttls',
    ignoreTLS: conn.smtpSecurity === 'none',
    auth: conn.user ? { user: conn.user, pass: conn.password ?? '' } : undefined,
    tls: { rejectUnauthorized: conn.tlsRejectUnauthorized ?? true },
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    dnsTimeout: timeout,
    ...(lines ? { logger: lines.logger, transactionLog: true } : { logger: false }),
    getSocket: (_options, callback) => connectNoDelay(conn.host, conn.port, timeout, callback),
  };
}

/**
 * The TCP connection for nodemailer, opened here with Nagle's algorithm off: nodemailer's own socket keeps it on, and
 * each small command then waits for the server's delayed ACK (about 40 ms per reply; measured here: pooled delivery to
 * a loopback server went from ~50 to ~100 mails/s per three connections). nodemailer still does TLS (implicit or
 * STARTTLS) on top.
 */
function connectNoDelay(
  host: string,
  port: number,
  timeout: number,
  callback: (error: Error | null, socketOptions?: { connection: Socket }) => void,
): void {
  let done = false;
  const socket = netConnect({ host, port, noDelay: true });
  const finish = (error: Error | null) => {
    if (done) return;
    done = true;
    socket.setTimeout(0);
    socket.removeListener('error', finish);
    if (error) {
      socket.destroy();
      callback(error);
    } else callback(null, { connection: socket });
  };
  socket.setTimeout(timeout, () =>
    finish(
      Object.assign(new Error(`connect to ${host}:${port} timed out after ${timeout} ms`), {
        code: 'ETIMEDOUT',
      }),
    ),
  );
  socket.once('error', finish);
  socket.once('connect', () => finish(null));
  coalesceWrites(socket);
}

/**
 * The writes of one turn of the event loop go out together: nodemailer writes a message as the many small chunks of its
 * MIME stream (headers of each part, boundaries, each encoded line block, the final dot), each of them a system call and,
 * with Nagle off, a packet of its own. Corked at a turn's first write and uncorked when the turn is over (setImmediate),
 * they leave in one writev; a write that waits for a reply (a command) is not delayed past its turn.
 */
function coalesceWrites(socket: Socket): void {
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  let corked = false;
  socket.write = ((...args: unknown[]) => {
    if (!corked && !socket.destroyed) {
      corked = true;
      socket.cork();
      setImmediate(() => {
        corked = false;
        if (!socket.destroyed) socket.uncork();
      });
    }
    return write(...args);
  }) as typeof socket.write;
}

interface SmtpError {
  code?: string;
  response?: string;
  responseCode?: number;
  syscall?: string;
  message?: string;
}

/**
 * nodemailer's error codes: EAUTH (login refused), EPROTOCOL (a reply that is not SMTP: wrong port, another protocol),
 * ECONNECTION/ESOCKET/ETIMEDOUT/EDNS (network; nodemailer replaces the socket's own code, the system error keeps
 * its `syscall`), EENVELOPE/EMESSAGE (the server refused sender, recipients or data, with its reply code).
 */
export function classifySmtpError(error: unknown): { kind: FailureKind; answer: string; retryable: boolean } {
  const e = (error ?? {}) as SmtpError;
  const answer = e.response?.trim() || errorMessage(error);
  const code = e.responseCode;
  // TLS expected, something else came (a plain server on the port): OpenSSL's record layer says so
  if (
    /wrong version number|unknown protocol|packet length too long|http request/i.test(answer) &&
    code === undefined
  ) {
    const reason = /SSL routines:[^:]*:([^:]+)/.exec(answer)?.[1] ?? answer.trim();
    return { kind: 'unreadable', answer: `no TLS on this port: ${reason}`, retryable: true };
  }
  // RFC 5321 4.2.1: 4yz transient (try again), 5yz permanent
  const byReply = code !== undefined ? code >= 400 && code < 500 : undefined;
  switch (e.code ?? '') {
    case 'EAUTH':
      return { kind: 'auth', answer, retryable: byReply ?? false };
    case 'EPROTOCOL':
      return { kind: 'unreadable', answer, retryable: true };
    case 'ETLS':
      // TLS on the connection failed: a certificate refused, no common protocol version
      return { kind: 'other', answer, retryable: false };
    case 'ETIMEDOUT':
    case 'EDNS':
      return { kind: 'unreachable', answer, retryable: true };
    case 'ECONNECTION':
    case 'ESOCKET':
      if (code !== undefined) return { kind: 'other', answer, retryable: byReply ?? true };
      if (
        e.syscall ||
        networkKind(error) === 'unreachable' ||
        /ECONNREFUSED|ECONNRESET|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN|closed unexpectedly/.test(
          answer,
        )
      ) {
        return { kind: 'unreachable', answer, retryable: true };
      }
      // TLS: certificate refused, no common protocol version
      return { kind: 'other', answer, retryable: false };
    default:
      if (code !== undefined) return { kind: 'other', answer, retryable: byReply ?? false };
      return { kind: networkKind(error), answer, retryable: networkKind(error) === 'unreachable' };
  }
}

/** An answer that is not SMTP: the greeting before it tells what is on the port ("220 (vsFTPd 3.0.3) / 530 …"). */
function withGreeting(failure: { kind: FailureKind; answer: string }, lines: ServerLines): string {
  const greeting = lines.lines[0] ? firstLine(lines.lines[0]) : '';
  if (failure.kind !== 'unreadable' || !greeting || failure.answer.includes(greeting)) return failure.answer;
  return `${greeting} / ${failure.answer}`;
}

function firstLine(text: string): string {
  return text.split(/\r?\n/)[0].trim();
}

/** Connects, greets, logs in when a user is set, and reports the greeting (and the login's reply). */
export async function verifySmtp(conn: ServerConnection): Promise<VerifyResult> {
  const lines = new ServerLines();
  const transport = createTransport(transportOptions(conn, lines));
  try {
    await transport.verify();
    const greeting = lines.lines.find((l) => l.startsWith('220')) ?? lines.lines[0] ?? '';
    const login = lines.lines.find((l) => /^23\d/.test(l));
    return { ok: true, answer: [firstLine(greeting), login && firstLine(login)].filter(Boolean).join(' / ') };
  } catch (error) {
    const failure = classifySmtpError(error);
    return { ok: false, answer: withGreeting(failure, lines), kind: failure.kind };
  } finally {
    transport.close();
  }
}

/**
 * Sends one mail with the delivery's idempotency key as its Message-ID (receivers and the supplier's mail system can
 * tell a repeated delivery by it). Recipients the server refuses while it takes others are named in the answer: the
 * mail went out, a retry would send it twice to the others.
 */
export async function sendMail(conn: ServerConnection, mail: OutgoingMail): Promise<DeliveryResult> {
  const transport = createTransport(transportOptions(conn));
  try {
    return await sendOver(transport, mail);
  } finally {
    transport.close();
  }
}

/** what sendOver needs of a transport: the single and the pooled one both have it */
interface MailSender {
  sendMail(
    options: SendMailOptions,
  ): Promise<{ response?: string; rejected: Array<string | { address: string }> }>;
}

function sendOver(transport: MailSender, mail: OutgoingMail): Promise<DeliveryResult> {
  return transport
    .sendMail({
      messageId: messageIdOf(mail.messageId),
      from: mail.from,
      to: mail.to,
      cc: mail.cc && mail.cc.length ? mail.cc : undefined,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments.map((a) => ({
        filename: a.filename,
        content: a.content,
        contentType: a.contentType,
      })),
    })
    .then(
      (info): DeliveryResult => {
        const rejected = info.rejected.map((r) => (typeof r === 'string' ? r : r.address));
        const answer =
          firstLine(info.response ?? '') + (rejected.length ? `; refused: ${rejected.join(', ')}` : '');
        return { ok: true, answer, retryable: false };
      },
      (error: unknown): DeliveryResult => ({ ok: false, ...classifySmtpError(error) }),
    );
}

/** Several mails over a few kept-open connections (nodemailer's pool): a digest run, the benchmark. */
export interface MailTarget {
  send(mail: OutgoingMail): Promise<DeliveryResult>;
  close(): Promise<void>;
}

/**
 * A pool of up to `maxConnections` SMTP connections (default 3), each used for up to 100 mails: the greeting, EHLO and
 * login are paid once per connection, not per mail. `send` behaves as sendMail.
 */
export function openMailTarget(
  conn: ServerConnection,
  options: { maxConnections?: number } = {},
): MailTarget {
  const transport = createTransport({
    ...transportOptions(conn),
    pool: true,
    maxConnections: options.maxConnections ?? 3,
    maxMessages: 100,
  });
  const pending = new Set<Promise<DeliveryResult>>();
  return {
    send: (mail) => {
      const sent = sendOver(transport, mail);
      pending.add(sent);
      void sent.finally(() => pending.delete(sent));
      return sent;
    },
    close: async () => {
      await Promise.all(pending);
      transport.close();
    },
  };
}
