import { createTransport } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { errorMessage, networkKind } from './classify';
import { type DeliveryResult, type FailureKind, type ServerConnection, timeoutOf, type VerifyResult } from './types';

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

function transportOptions(conn: ServerConnection, lines: ServerLines): SMTPTransport.Options {
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
    logger: lines.logger,
    transactionLog: true,
  };
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
  // RFC 5321 4.2.1: 4yz transient (try again), 5yz permanent
  const byReply = code !== undefined ? code >= 400 && code < 500 : undefined;
  switch (e.code ?? '') {
    case 'EAUTH':
      return { kind: 'auth', answer, retryable: byReply ?? false };
    case 'EPROTOCOL':
      return { kind: 'unreadable', answer, retryable: true };
    case 'ETIMEDOUT':
    case 'EDNS':
      return { kind: 'unreachable', answer, retryable: true };
    case 'ECONNECTION':
    case 'ESOCKET':
      if (code !== undefined) return { kind: 'other', answer, retryable: byReply ?? true };
      if (e.syscall || networkKind(error) === 'unreachable' || /ECONNREFUSED|ECONNRESET|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN|closed unexpectedly/.test(answer)) {
        return { kind: 'unreachable', answer, retryable: true };
      }
      // TLS: certificate refused, no common protocol version
      return { kind: 'other', answer, retryable: false };
    default:
      if (code !== undefined) return { kind: 'other', answer, retryable: byReply ?? false };
      return { kind: networkKind(error), answer, retryable: networkKind(error) === 'unreachable' };
  }
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
    return { ok: false, answer: failure.answer, kind: failure.kind };
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
  const lines = new ServerLines();
  const transport = createTransport(transportOptions(conn, lines));
  try {
    const info = await transport.sendMail({
      messageId: messageIdOf(mail.messageId),
      from: mail.from,
      to: mail.to,
      cc: mail.cc && mail.cc.length ? mail.cc : undefined,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
    });
    const rejected = info.rejected.map((r) => (typeof r === 'string' ? r : r.address));
    const answer = firstLine(info.response ?? '') + (rejected.length ? `; refused: ${rejected.join(', ')}` : '');
    return { ok: true, answer, retryable: false };
  } catch (error) {
    const failure = classifySmtpError(error);
    return { ok: false, ...failure };
  } finally {
    transport.close();
  }
}
