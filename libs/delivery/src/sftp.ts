import { createHash } from 'node:crypto';
import { connect as netConnect } from 'node:net';
import { posix } from 'node:path';
import { Client, type ConnectConfig, type SFTPWrapper, type Stats } from 'ssh2';
import { errorMessage, isUnreachable, printable, TransportFailure } from './classify';
import {
  type DeliveryResult,
  type FailureKind,
  type ServerConnection,
  timeoutOf,
  type VerifyResult,
} from './types';
import { alreadyThere, type FileTarget, sequentialTarget, type Upload, temporaryName } from './upload-names';

export interface SshSession {
  client: Client;
  sftp: SFTPWrapper;
  /** the server's identification line, e.g. "SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u3" */
  ident: string;
  /** SHA256 fingerprint of the host key as OpenSSH prints it */
  hostKey: string;
  /** per request, ms */
  timeout: number;
}

/** The server's first bytes that are no SSH identification but another protocol's greeting (FTP, SMTP, HTTP). */
const OTHER_PROTOCOL = /^(\d{3}[ -]|HTTP\/|<|\{)/;

/**
 * Opens an SSH connection (our own socket, so we see what the server sent when it is not SSH), logs in and opens the
 * SFTP subsystem. Rejects with a TransportFailure.
 */
export async function openSftp(conn: ServerConnection): Promise<SshSession> {
  const timeout = timeoutOf(conn);
  return new Promise<SshSession>((resolve, reject) => {
    const client = new Client();
    const sock = netConnect({ host: conn.host, port: conn.port });
    // Nagle's algorithm off: an upload is five request/answer round trips (stat, open, write, close, rename), and with it on
    // each small request waits for the delayed ACK of the one before (about 40 ms: 4-5 files a second instead of hundreds)
    sock.setNoDelay(true);
    let received = Buffer.alloc(0);
    let ident = '';
    let hostKey = '';
    let settled = false;
    let loggedIn = false;
    const fail = (failure: TransportFailure) => {
      if (settled) return;
      settled = true;
      client.end();
      sock.destroy();
      reject(failure);
    };
    sock.on('data', (chunk: Buffer) => {
      if (ident || received.length > 4096) return;
      received = Buffer.concat([received, chunk]);
      const text = received.toString('latin1');
      const line = text.split('\n').find((l) => l.startsWith('SSH-'));
      if (line) ident = line.replace(/\r$/, '');
      else if (text.includes('\n') && OTHER_PROTOCOL.test(text)) {
        fail(new TransportFailure('unreadable', `not an SSH server: ${printable(text)}`, true));
      }
    });
    client.on('error', (error: Error & { level?: string }) => {
      const message = errorMessage(error);
      const said = ident ? `${ident}: ` : '';
      // logged in, then lost: the server ended the session (a chroot it cannot enter, no SFTP subsystem, a restart)
      if (loggedIn)
        return fail(
          new TransportFailure(
            'other',
            `${said}the server closed the session after the login: ${message}`,
            true,
          ),
        );
      switch (error.level ?? '') {
        case 'client-authentication':
          return fail(new TransportFailure('auth', `${said}${message}`, false));
        case 'client-socket':
        case 'client-dns':
          if (received.length && !ident)
            return fail(
              new TransportFailure('unreadable', `not an SSH server: ${printable(received)}`, true),
            );
          return fail(new TransportFailure('unreachable', message, true));
        case 'client-timeout':
          if (received.length && !ident)
            return fail(
              new TransportFailure('unreadable', `not an SSH server: ${printable(received)}`, true),
            );
          return fail(new TransportFailure(ident ? 'other' : 'unreachable', `${said}${message}`, true));
        case 'protocol':
          if (!received.length)
            return fail(
              new TransportFailure(
                'unreachable',
                `the server closed the connection without a word: ${message}`,
                true,
              ),
            );
          return fail(
            new TransportFailure(
              'unreadable',
              `${said}${message}${ident ? '' : `: ${printable(received)}`}`,
              true,
            ),
          );
        case 'handshake':
          // no common algorithm: the server's ident and ssh2's list of what failed (set sshAlgorithms for old servers)
          return fail(new TransportFailure('other', `${said}${message}`, false));
        default:
          return fail(
            new TransportFailure(isUnreachable(error) ? 'unreachable' : 'other', `${said}${message}`, true),
          );
      }
    });
    // closed without an error first (ssh2 reports most losses as errors; this one catches the rest)
    client.on('close', () =>
      fail(
        new TransportFailure(
          loggedIn ? 'other' : 'unreachable',
          `${ident ? `${ident}: ` : ''}the connection closed`,
          true,
        ),
      ),
    );
    client.on('ready', () => {
      loggedIn = true;
      const timer = setTimeout(
        () => fail(new TransportFailure('other', `${ident}: no SFTP channel within ${timeout} ms`, true)),
        timeout,
      );
      client.sftp((error, sftp) => {
        clearTimeout(timer);
        if (error) return fail(new TransportFailure('other', `${ident}: ${error.message}`, false));
        if (settled) return;
        settled = true;
        resolve({ client, sftp, ident, hostKey, timeout });
      });
    });
    const config: ConnectConfig = {
      sock,
      host: conn.host,
      port: conn.port,
      username: conn.user ?? '',
      password: conn.password || undefined,
      privateKey: conn.privateKey || undefined,
      passphrase: conn.passphrase || undefined,
      readyTimeout: timeout,
      // no agent, no keyboard-interactive prompts: only what the stored server holds
      tryKeyboard: false,
      hostVerifier: (key: Buffer) => {
        hostKey = `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;
        return true;
      },
    };
    const algorithms = conn.sshAlgorithms;
    if (
      algorithms &&
      (algorithms.kex?.length ||
        algorithms.cipher?.length ||
        algorithms.serverHostKey?.length ||
        algorithms.hmac?.length)
    ) {
      config.algorithms = {
        ...(algorithms.kex?.length ? { kex: algorithms.kex as never } : {}),
        ...(algorithms.cipher?.length ? { cipher: algorithms.cipher as never } : {}),
        ...(algorithms.serverHostKey?.length ? { serverHostKey: algorithms.serverHostKey as never } : {}),
        ...(algorithms.hmac?.length ? { hmac: algorithms.hmac as never } : {}),
      };
    }
    try {
      client.connect(config);
    } catch (error) {
      // ssh2 throws synchronously on a key it cannot parse
      fail(new TransportFailure('auth', `private key: ${errorMessage(error)}`, false));
    }
  });
}

/**
 * One SFTP request as a promise, bounded in time: a server that stops answering ends the connection (the request then
 * fails as unreachable, retryable) instead of holding the delivery forever.
 */
export function call<T>(
  session: SshSession,
  run: (done: (error: Error | null | undefined, value?: T) => void) => void,
  ms = session.timeout,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(Object.assign(new Error(`no answer within ${ms} ms`), { code: 'ETIMEDOUT' }));
      session.client.end();
    }, ms);
    run((error, value) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(value as T);
    });
  });
}

/** SFTP status codes (draft-ietf-secsh-filexfer-02): 2 no such file, 3 permission denied, 4 failure, … */
const SFTP_NO_SUCH_FILE = 2;

export function sftpCode(error: unknown): number | undefined {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'number' ? code : undefined;
}

export async function statOrNull(session: SshSession, file: string): Promise<Stats | null> {
  try {
    return await call<Stats>(session, (done) => session.sftp.stat(file, done));
  } catch (error) {
    if (sftpCode(error) === SFTP_NO_SUCH_FILE) return null;
    throw error;
  }
}

/** A failure inside an open session: the server's status text; the connection's loss is 'unreachable'. */
export function sftpFailure(error: unknown, ident: string, step: string): TransportFailure {
  if (error instanceof TransportFailure) return error;
  const code = sftpCode(error);
  const message = `${ident}: ${step}: ${errorMessage(error)}`;
  if (code === undefined)
    return new TransportFailure(isUnreachable(error) ? 'unreachable' : 'other', message, true);
  // 2 no such file (the path), 3 permission denied, 8 op unsupported: fixed only by a person; 4 failure, 6/7 connection
  return new TransportFailure('other', message, ![2, 3, 8].includes(code));
}

/** Connects, logs in, opens SFTP, resolves the home directory: the answer names the server and the directory. */
export async function verifySftp(conn: ServerConnection): Promise<VerifyResult> {
  let session: SshSession | undefined;
  try {
    session = await openSftp(conn);
    const sftp = session.sftp;
    const home = await call<string>(session, (done) => sftp.realpath('.', done));
    return { ok: true, answer: `${session.ident}; host key ${session.hostKey}; directory ${home}` };
  } catch (error) {
    const failure =
      error instanceof TransportFailure ? error : sftpFailure(error, session?.ident ?? '', 'realpath');
    return { ok: false, answer: failure.answer, kind: failure.kind };
  } finally {
    session?.client.end();
  }
}

/**
 * Uploads under a temporary name in the target directory, then renames it to the final name, so the supplier's
 * system never sees half a file under the final name. A final file of the same size already there means an earlier
 * attempt got through (a retry after a crash): nothing is sent again. SFTP's plain rename refuses to replace a file,
 * so two racing attempts cannot both land; the loser finds the winner's file and reports it delivered.
 */
export async function uploadSftp(conn: ServerConnection, upload: Upload): Promise<DeliveryResult> {
  let session: SshSession;
  try {
    session = await openSftp(conn);
  } catch (error) {
    const failure = sftpFailure(error, '', 'connect');
    return { ok: false, answer: failure.answer, kind: failure.kind, retryable: failure.retryable };
  }
  try {
    return await uploadOverSftp(session, upload);
  } finally {
    session.client.end();
  }
}

/** One upload over an open session (see uploadSftp). Never throws. */
async function uploadOverSftp(session: SshSession, upload: Upload): Promise<DeliveryResult> {
  const sftp = session.sftp;
  const dir = upload.path || '.';
  const final = posix.join(dir, upload.fileName);
  const temp = posix.join(dir, temporaryName(upload.fileName));
  let step = `stat ${final}`;
  let tempStarted = false;
  try {
    const existing = await statOrNull(session, final);
    if (existing) return alreadyThere(existing.size, upload.content.length, final, session.ident);
    step = `write ${temp}`;
    tempStarted = true;
    // at least 10 KB/s on top of the per-request time
    await call<void>(
      session,
      (done) => sftp.writeFile(temp, upload.content, { mode: 0o644 }, done),
      session.timeout + Math.ceil(upload.content.length / 10),
    );
    step = `rename ${temp} to ${final}`;
    try {
      await call<void>(session, (done) => sftp.rename(temp, final, done));
    } catch (error) {
      // the final name appeared meanwhile (another attempt won): its file stands, ours goes
      const raced = await statOrNull(session, final);
      if (raced) {
        await call<void>(session, (done) => sftp.unlink(temp, done)).catch(() => undefined);
        return alreadyThere(raced.size, upload.content.length, final, session.ident);
      }
      throw error;
    }
    return {
      ok: true,
      answer: `${session.ident}: ${final} (${upload.content.length} bytes)`,
      retryable: false,
    };
  } catch (error) {
    if (tempStarted) await call<void>(session, (done) => sftp.unlink(temp, done)).catch(() => undefined);
    const failure = sftpFailure(error, session.ident, step);
    return { ok: false, answer: failure.answer, kind: failure.kind, retryable: failure.retryable };
  }
}

/**
 * One SFTP connection for many uploads (a batch, the benchmark): the SSH handshake and login are paid once. `upload`
 * behaves as uploadSftp; after a lost connection every further upload fails as unreachable.
 */
export async function openSftpTarget(
  conn: ServerConnection,
): Promise<
  { ok: true; target: FileTarget } | { ok: false; answer: string; kind: FailureKind; retryable: boolean }
> {
  try {
    const session = await openSftp(conn);
    return { ok: true, target: sequentialTarget((upload) => uploadOverSftp(session, upload), () => session.client.end()) };
  } catch (error) {
    const failure = sftpFailure(error, '', 'connect');
    return { ok: false, answer: failure.answer, kind: failure.kind, retryable: failure.retryable };
  }
}
