import { Readable } from 'node:stream';
import { Client, type FTPError, type FTPResponse } from 'basic-ftp';
import { errorMessage, isUnreachable, printable, TransportFailure } from './classify';
import {
  type DeliveryResult,
  type FailureKind,
  type ServerConnection,
  timeoutOf,
  type VerifyResult,
} from './types';
import { alreadyThere, type FileTarget, sequentialTarget, type Upload, temporaryName } from './upload-names';

export interface FtpSession {
  client: Client;
  /** the server's greeting, e.g. "220 (vsFTPd 3.0.3)" */
  welcome: string;
}

/** A reply line of FTP (RFC 959): three digits, then a space or a hyphen. */
const FTP_REPLY = /^\d{3}(?:[ -]|$)/;

/** basic-ftp's FTPError carries the reply code as a number (instanceof is unreliable across module realms, e.g. jest) */
export function isFtpReply(error: unknown): error is FTPError {
  return typeof (error as { code?: unknown } | null)?.code === 'number';
}

/** FTP reply codes to a failure: 530/532 login refused; 4yz transient, 5yz permanent (RFC 959 4.2). */
export function ftpFailure(error: unknown, who: string, step: string, received: string): TransportFailure {
  if (error instanceof TransportFailure) return error;
  if (isFtpReply(error)) {
    const answer =
      `${who ? `${who}: ` : ''}${step}: ${error.code} ${error.message.replace(/^\d{3}[ -]/, '')}`.trim();
    if (error.code === 530 || error.code === 532) return new TransportFailure('auth', answer, false);
    return new TransportFailure('other', answer, error.code >= 400 && error.code < 500);
  }
  const message = errorMessage(error);
  if (received && !FTP_REPLY.test(received))
    return new TransportFailure('unreadable', `not an FTP server: ${printable(received)}`, true);
  if (isUnreachable(error) || (!received && /^Timeout/.test(message)))
    return new TransportFailure('unreachable', message, true);
  // TLS (certificate refused, AUTH TLS refused), a lost connection after the greeting
  const tls = /certificate|TLS|SSL|self.signed/i.test(message);
  return new TransportFailure(
    tls ? 'other' : 'unreachable',
    `${who ? `${who}: ` : ''}${step}: ${message}`,
    !tls,
  );
}

/**
 * Connects (FTPS: explicit AUTH TLS, implicit TLS on port 990), logs in and sets binary mode. The control socket is
 * watched from the start, so a server that answers in another protocol is told apart at once, not after a timeout.
 */
export async function openFtp(conn: ServerConnection): Promise<FtpSession> {
  const client = new Client(timeoutOf(conn));
  const secure = conn.type === 'FTPS' ? (conn.port === 990 ? 'implicit' : true) : false;
  let received = '';
  const access = client.access({
    host: conn.host,
    port: conn.port,
    user: conn.user || 'anonymous',
    password: conn.password ?? '',
    secure,
    secureOptions: { rejectUnauthorized: conn.tlsRejectUnauthorized ?? true },
  });
  // access() has created and connected the control socket synchronously (basic-ftp 5/6)
  const notFtp = new Promise<never>((_resolve, reject) => {
    client.ftp.socket.on('data', (chunk: string | Buffer) => {
      if (received.length > 4096) return;
      received += chunk.toString();
      const first = received.split('\n')[0];
      if (received.includes('\n') && !FTP_REPLY.test(first)) {
        reject(new TransportFailure('unreadable', `not an FTP server: ${printable(first)}`, true));
      }
    });
  });
  try {
    const welcome: FTPResponse = await Promise.race([access, notFtp]);
    return { client, welcome: welcome.message.split('\n')[0].trim() };
  } catch (error) {
    access.catch(() => undefined);
    client.close();
    const greeting = received.split('\n')[0].trim();
    // an SMTP server greets with 220 too, then refuses FTP's commands
    if (/^220[ -].*\bE?SMTP\b/i.test(greeting))
      throw new TransportFailure('unreadable', `not an FTP server: ${printable(greeting)}`, true);
    throw ftpFailure(error, greeting, 'login', received);
  }
}

export async function verifyFtp(conn: ServerConnection): Promise<VerifyResult> {
  let session: FtpSession | undefined;
  try {
    session = await openFtp(conn);
    const home = await session.client.pwd();
    return { ok: true, answer: `${session.welcome}; directory ${home}` };
  } catch (error) {
    const failure = ftpFailure(error, session?.welcome ?? '', 'PWD', session ? '220' : '');
    return { ok: false, answer: failure.answer, kind: failure.kind };
  } finally {
    session?.client.close();
  }
}

async function sizeOrNull(client: Client, name: string): Promise<number | null> {
  try {
    return await client.size(name);
  } catch (error) {
    // 550: no such file (vsftpd: "Could not get file size.")
    if (isFtpReply(error) && error.code === 550) return null;
    throw error;
  }
}

/**
 * FTP alike SFTP: into the directory, the final name checked (same size = delivered before), written under the
 * temporary name in binary mode (bytes unchanged: ISO-8859-1, CRLF), then RNFR/RNTO. FTP's rename replaces an
 * existing file on most servers, so the final name is checked again right before the rename.
 */
export async function uploadFtp(conn: ServerConnection, upload: Upload): Promise<DeliveryResult> {
  let session: FtpSession;
  try {
    session = await openFtp(conn);
  } catch (error) {
    const failure = ftpFailure(error, '', 'login', '');
    return { ok: false, answer: failure.answer, kind: failure.kind, retryable: failure.retryable };
  }
  try {
    return await uploadOverFtp(session, upload);
  } finally {
    session.client.close();
  }
}

/** One upload over an open session (see uploadFtp). Never throws. */
async function uploadOverFtp(session: FtpSession, upload: Upload): Promise<DeliveryResult> {
  const client = session.client;
  const temp = temporaryName(upload.fileName);
  const dir = upload.path && upload.path !== '.' ? upload.path : '';
  const remote = (name: string) => (dir ? `${dir.replace(/\/+$/, '')}/${name}` : name);
  let step = `SIZE ${remote(upload.fileName)}`;
  let tempStarted = false;
  try {
    const existing = await sizeOrNull(client, remote(upload.fileName));
    if (existing !== null)
      return alreadyThere(existing, upload.content.length, remote(upload.fileName), session.welcome);
    step = `STOR ${remote(temp)}`;
    tempStarted = true;
    await client.uploadFrom(Readable.from([upload.content]), remote(temp));
    step = `SIZE ${remote(upload.fileName)}`;
    const raced = await sizeOrNull(client, remote(upload.fileName));
    if (raced !== null) {
      await client.remove(remote(temp), true);
      return alreadyThere(raced, upload.content.length, remote(upload.fileName), session.welcome);
    }
    step = `RNFR ${remote(temp)} RNTO ${remote(upload.fileName)}`;
    await client.rename(remote(temp), remote(upload.fileName));
    return {
      ok: true,
      answer: `${session.welcome}: ${remote(upload.fileName)} (${upload.content.length} bytes)`,
      retryable: false,
    };
  } catch (error) {
    if (tempStarted && !client.closed) await client.remove(remote(temp), true).catch(() => undefined);
    const failure = ftpFailure(error, session.welcome, step, '220');
    return { ok: false, answer: failure.answer, kind: failure.kind, retryable: failure.retryable };
  }
}

/** One FTP connection for many uploads (see openSftpTarget). */
export async function openFtpTarget(
  conn: ServerConnection,
): Promise<
  { ok: true; target: FileTarget } | { ok: false; answer: string; kind: FailureKind; retryable: boolean }
> {
  try {
    const session = await openFtp(conn);
    return { ok: true, target: sequentialTarget((upload) => uploadOverFtp(session, upload), () => session.client.close()) };
  } catch (error) {
    const failure = ftpFailure(error, '', 'login', '');
    return { ok: false, answer: failure.answer, kind: failure.kind, retryable: failure.retryable };
  }
}
