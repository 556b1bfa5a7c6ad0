import iconv from 'iconv-lite';
import { ImapFlow } from 'imapflow';
import { simpleParser } from 'mailparser';
import { errorMessage, isUnreachable, TransportFailure } from './classify';
import type { RemoteFolder } from './folder';
import { type ServerConnection, timeoutOf, type VerifyResult } from './types';

// IMAP (issue 18 item 5): a mailbox holding the supplier's answer mails, read with imapflow (the IMAP client of
// nodemailer's author, which sends our mails; kept up to date, promise-based, typed, handles STARTTLS, MOVE with its
// COPY+EXPUNGE fallback and mailbox locking) and parsed with mailparser (same author).

/** Hosts on which plain IMAP (no TLS) is allowed: this machine only (passwords never cross a network unencrypted). */
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/** How an IMAP server is reached: as its `smtpSecurity` says, else TLS on port 993 and STARTTLS (required) elsewhere. */
export function imapSecurity(conn: ServerConnection): 'none' | 'starttls' | 'tls' {
  return conn.smtpSecurity ?? (conn.port === 993 ? 'tls' : 'starttls');
}

/** imapflow's failure as kind and words: a refused login 'auth', the network 'unreachable', else the server's words. */
export function imapFailure(error: unknown, step: string): TransportFailure {
  if (error instanceof TransportFailure) return error;
  const e = error as {
    authenticationFailed?: boolean;
    responseText?: string;
    serverResponseCode?: string;
    code?: string;
  } | null;
  const words = e?.responseText
    ? `${e.serverResponseCode ? `[${e.serverResponseCode}] ` : ''}${e.responseText}`
    : errorMessage(error);
  if (e?.authenticationFailed) return new TransportFailure('auth', `${step}: ${words}`, false);
  if (isUnreachable(error)) return new TransportFailure('unreachable', `${step}: ${words}`, true);
  if (e?.code === 'GreetingTimeout' || /greeting|unexpected|parse/i.test(words))
    return new TransportFailure('unreadable', `${step}: ${words}`, true);
  return new TransportFailure('other', `${step}: ${words}`, false);
}

export interface ImapSession {
  client: ImapFlow;
  greeting: string;
}

/** Connects (TLS, STARTTLS or plain on loopback) and logs in. Rejects with a TransportFailure. */
export async function openImap(conn: ServerConnection): Promise<ImapSession> {
  const security = imapSecurity(conn);
  if (security === 'none' && !LOOPBACK.has(conn.host.toLowerCase()))
    throw new TransportFailure(
      'other',
      `plain IMAP (no TLS) only to a server on this machine (127.0.0.1, ::1, localhost): choose TLS or STARTTLS for ${conn.host}`,
      false,
    );
  const timeout = timeoutOf(conn);
  const client = new ImapFlow({
    host: conn.host,
    port: conn.port,
    secure: security === 'tls',
    doSTARTTLS: security === 'starttls' ? true : security === 'none' ? false : undefined,
    auth: { user: conn.user ?? '', pass: conn.password ?? '' },
    tls: { rejectUnauthorized: conn.tlsRejectUnauthorized !== false },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: Math.max(timeout, 30_000),
  });
  // imapflow reports a dropped connection as an 'error' event too (the pending call rejects with it as well)
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    client.close();
    throw imapFailure(error, 'login');
  }
  return { client, greeting: client.greeting ?? '' };
}

/** Connects, logs in and answers the greeting (what error 1056 shows when it fails). Never throws. */
export async function verifyImap(conn: ServerConnection): Promise<VerifyResult> {
  let session: ImapSession | undefined;
  try {
    session = await openImap(conn);
    const inbox = await session.client.status('INBOX', { messages: true });
    return {
      ok: true,
      answer: `${session.greeting || 'IMAP server'}; logged in as ${conn.user ?? ''}, INBOX holds ${(inbox && inbox.messages) || 0} messages`,
    };
  } catch (error) {
    const failure = imapFailure(error, session ? 'STATUS INBOX' : 'login');
    return { ok: false, answer: failure.answer, kind: failure.kind };
  } finally {
    await session?.client.logout().catch(() => session?.client.close());
  }
}

/** The text of an answer mail the expressions read: its subject, its text body, then each text attachment. */
export async function mailText(source: Buffer): Promise<string> {
  let mail;
  try {
    mail = await simpleParser(source, { skipImageLinks: true, skipTextToHtml: true });
  } catch (error) {
    throw new TransportFailure('unreadable', `not a mail: ${errorMessage(error)}`, false);
  }
  const parts = [`Subject: ${mail.subject ?? ''}`, mail.text ?? ''];
  for (const attachment of mail.attachments) {
    const type = attachment.contentType.toLowerCase();
    if (
      !(type.startsWith('text/') && type !== 'text/html') &&
      !/\.(csv|txt)$/i.test(attachment.filename ?? '')
    )
      continue;
    const charset =
      (attachment.headers.get('content-type') as { params?: { charset?: string } } | undefined)?.params
        ?.charset ?? 'UTF-8';
    parts.push(
      iconv.encodingExists(charset)
        ? iconv.decode(attachment.content, charset)
        : attachment.content.toString('utf8'),
    );
  }
  return parts.join('\n');
}

/**
 * A mailbox folder as a RemoteFolder (docs/notifications.md "Order responses"): each mail is one "file" named
 * `mail <uid>: <subject>` (its UID in the folder); `read` answers `mailText` (subject, text body, text attachments) as
 * UTF-8; `move` flags it \Seen and moves it to the folder `subfolder` (for INBOX a top-level folder, else a child of
 * the folder), made when missing; `remove` deletes it (\Deleted, expunged).
 */
export async function imapFolder(
  session: ImapSession,
  path: string,
  maxBytes: number,
): Promise<RemoteFolder> {
  const client = session.client;
  const mailbox = path.trim() || 'INBOX';
  let lock;
  try {
    lock = await client.getMailboxLock(mailbox);
  } catch (error) {
    client.close();
    throw imapFailure(error, `SELECT ${mailbox}`);
  }
  const uids = new Map<string, number>();
  const uidOf = (name: string): number => {
    const uid = uids.get(name) ?? Number(/^mail (\d+)/.exec(name)?.[1]);
    if (!Number.isInteger(uid)) throw new TransportFailure('other', `${name}: no mail of this folder`, false);
    return uid;
  };
  const wrap = async <T>(step: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw imapFailure(error, step);
    }
  };
  const delimiter =
    typeof client.mailbox === 'object' && client.mailbox ? client.mailbox.delimiter || '/' : '/';
  const target = (subfolder: string) =>
    mailbox.toUpperCase() === 'INBOX' ? subfolder : `${mailbox}${delimiter}${subfolder}`;
  return {
    canMove: true,
    list: () =>
      wrap(`FETCH ${mailbox}`, async () => {
        const box = client.mailbox;
        if (!box || box.exists === 0) return [];
        const files = [];
        for await (const m of client.fetch('1:*', { uid: true, envelope: true, size: true, flags: true })) {
          if (m.flags?.has('\\Deleted')) continue;
          const subject = (m.envelope?.subject ?? '').replace(/[\r\n]+/g, ' ').slice(0, 100);
          const name = `mail ${m.uid}: ${subject}`;
          uids.set(name, m.uid);
          files.push({ name, size: m.size ?? 0, uid: m.uid });
        }
        return files.sort((a, b) => a.uid - b.uid).map(({ name, size }) => ({ name, size }));
      }),
    read: async (name) => {
      const uid = uidOf(name);
      const source = await wrap(`FETCH ${mailbox} ${uid}`, async () => {
        const m = await client.fetchOne(String(uid), { uid: true, size: true, source: true }, { uid: true });
        if (!m || !m.source)
          throw new TransportFailure('other', `mail ${uid} is gone from ${mailbox}`, false);
        return m.source;
      });
      if (source.length > maxBytes)
        throw new TransportFailure('unreadable', `${name}: larger than ${maxBytes} bytes`, false);
      return Buffer.from(await mailText(source), 'utf8');
    },
    move: (name, subfolder) =>
      wrap(`MOVE ${mailbox} to ${target(subfolder)}`, async () => {
        const uid = String(uidOf(name));
        const to = target(subfolder);
        const existing = await client.list();
        if (!existing.some((b) => b.path === to)) await client.mailboxCreate(to);
        await client.messageFlagsAdd(uid, ['\\Seen'], { uid: true });
        const moved = await client.messageMove(uid, to, { uid: true });
        if (!moved) throw new TransportFailure('other', `mail ${uid} not moved to ${to}`, false);
      }),
    remove: (name) =>
      wrap(`STORE ${mailbox} \\Deleted`, async () => {
        await client.messageDelete(String(uidOf(name)), { uid: true });
      }),
    close: async () => {
      lock.release();
      await client.logout().catch(() => client.close());
    },
  };
}
