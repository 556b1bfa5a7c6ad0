import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import { type FileHandle, link, lstat, mkdir, open as openFile, readdir, readFile, rename, rm, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import type { AddressInfo, Server as NetServer, Socket } from 'node:net';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import { SMTPServer } from 'smtp-server';
import { type Attributes, type Connection, type FileEntry, Server as SshServer, type SFTPWrapper, utils } from 'ssh2';

/**
 * The demo's outbox (README "Demo data: notifications", docs/notifications.md "Demo"): in the embedded run with the demo
 * data, two real servers on loopback in the same process stand in for the suppliers' servers, so the demo's notification
 * rules deliver through the product's real paths (nodemailer over SMTP, ssh2 over SFTP, the delivery worker's retries
 * and records) and what was sent can be looked at:
 *
 * - an SMTP server (the smtp-server package) with a login that writes each message it accepts as an .eml file into
 *   `DATA_DIR/demo-outbox/mail/` (named by its Message-ID, so a retry of the same delivery replaces its own file);
 * - an SFTP server (ssh2's Server) with a login whose root is `DATA_DIR/demo-outbox/files/`: the requests the
 *   delivery's upload uses (stat, open, write, close, rename without replacing, remove, realpath) and what a person's
 *   SFTP client needs to look around (opendir, readdir, read, mkdir, rmdir).
 *
 * Both listen on 127.0.0.1 only, on free ports unless DEMO_SMTP_PORT / DEMO_SFTP_PORT say; their users, passwords and
 * the SSH host key are made once and kept in `DATA_DIR/demo-servers.json` (mode 600). The seeded servers of the demo
 * company are pointed at them on every start (ports may change).
 */
export interface DemoOutbox {
  mail: DemoServerAddress;
  files: DemoServerAddress;
  /** where the mails land (`*.eml`) */
  mailDir: string;
  /** the SFTP server's root */
  filesDir: string;
  close(): Promise<void>;
}

export interface DemoServerAddress {
  host: string;
  port: number;
  user: string;
  password: string;
}

export interface DemoOutboxOptions {
  /** DATA_DIR (in-memory runs: their temporary folder): the outbox goes to `<dir>/demo-outbox`, the credentials to `<dir>/demo-servers.json` */
  dataDir: string;
  /** 0: a free port */
  smtpPort?: number;
  sftpPort?: number;
}

const HOST = '127.0.0.1';

interface StoredCredentials {
  mail: { user: string; password: string };
  files: { user: string; password: string };
  /** the SFTP server's host key (OpenSSH private key), so its fingerprint stays the same over restarts */
  host_key: string;
}

/** The users, passwords and host key of the demo servers: made once, kept in `DATA_DIR/demo-servers.json` (mode 600). */
async function credentialsIn(dataDir: string): Promise<StoredCredentials> {
  const file = path.join(dataDir, 'demo-servers.json');
  if (existsSync(file)) {
    const stored = JSON.parse(await readFile(file, 'utf8')) as Partial<StoredCredentials>;
    if (stored.mail?.password && stored.files?.password && stored.host_key) return stored as StoredCredentials;
  }
  const credentials: StoredCredentials = {
    mail: { user: 'kanban-demo', password: randomBytes(18).toString('base64url') },
    files: { user: 'kanban-demo', password: randomBytes(18).toString('base64url') },
    host_key: utils.generateKeyPairSync('ed25519').private,
  };
  await writeFile(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  return credentials;
}

/** Equal texts, compared in constant time (of their digests). */
function same(a: string, b: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** Starts both servers; `close()` stops them. */
export async function startDemoOutbox(options: DemoOutboxOptions): Promise<DemoOutbox> {
  const root = path.join(options.dataDir, 'demo-outbox');
  const mailDir = path.join(root, 'mail');
  const filesDir = path.join(root, 'files');
  await mkdir(mailDir, { recursive: true });
  await mkdir(filesDir, { recursive: true });
  const credentials = await credentialsIn(options.dataDir);
  const smtp = await startMailSink(mailDir, credentials.mail, options.smtpPort ?? 0);
  let sftp: { server: SshServer; port: number };
  try {
    sftp = await startFileServer(filesDir, credentials.files, credentials.host_key, options.sftpPort ?? 0);
  } catch (error) {
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
    throw error;
  }
  return {
    mail: { host: HOST, port: smtp.port, ...credentials.mail },
    files: { host: HOST, port: sftp.port, ...credentials.files },
    mailDir,
    filesDir,
    async close() {
      await Promise.all([
        new Promise<void>((resolve) => smtp.server.close(() => resolve())),
        new Promise<void>((resolve) => sftp.server.close(() => resolve())),
      ]);
    },
  };
}

async function listen(server: NetServer, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

/** A Message-ID as a file name: `<r7.o4711.v1@kanban.local>` → `r7.o4711.v1@kanban.local.eml`. */
export function mailFileName(raw: Buffer, received: Date): string {
  const head = raw.toString('latin1').split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const id = /^message-id:\s*<?([^>\r\n]+)>?/im.exec(head)?.[1]?.trim();
  const safe = id?.replace(/[^A-Za-z0-9._@+-]/g, '_').slice(0, 200);
  if (safe) return `${safe}.eml`;
  return `${received.toISOString().replace(/[:.]/g, '-')}.${randomBytes(4).toString('hex')}.eml`;
}

/** The SMTP server: a login required, no STARTTLS (loopback), every accepted message written as an .eml file. */
async function startMailSink(dir: string, login: { user: string; password: string }, port: number): Promise<{ server: SMTPServer; port: number }> {
  const log = new Logger('DemoOutbox');
  const server = new SMTPServer({
    name: 'kanban-demo-outbox',
    banner: 'kanban demo outbox (mails are kept as files)',
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    disableReverseLookup: true,
    size: 50 * 1024 * 1024,
    onAuth: (auth, _session, callback) => {
      if (same(auth.username ?? '', login.user) && same(auth.password ?? '', login.password)) return callback(null, { user: auth.username });
      callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (error: Error) => callback(error));
      stream.on('end', () => {
        const received = new Date();
        // the envelope as headers in front (Bcc recipients are only there), then the message as it came
        const envelope =
          `X-Envelope-From: <${session.envelope.mailFrom ? session.envelope.mailFrom.address : ''}>\r\n` +
          `X-Envelope-To: ${session.envelope.rcptTo.map((r) => `<${r.address}>`).join(', ')}\r\n`;
        const raw = Buffer.concat(chunks);
        const file = path.join(dir, mailFileName(raw, received));
        // written under a temporary name, then renamed: a reader never sees half a mail
        const temp = path.join(dir, `.${path.basename(file)}.${randomBytes(4).toString('hex')}.part`);
        writeFile(temp, Buffer.concat([Buffer.from(envelope, 'latin1'), raw]))
          .then(() => rename(temp, file))
          .then(() => callback(null, `kept as ${path.basename(file)}`))
          .catch((error: Error) => {
            log.error(`demo outbox: a mail could not be kept: ${error.message}`);
            void rm(temp, { force: true });
            callback(Object.assign(new Error(`cannot keep the mail: ${error.message}`), { responseCode: 451 }));
          });
      });
    },
  });
  server.on('error', (error: Error) => log.warn(`demo outbox SMTP: ${error.message}`));
  server.server.on('connection', (socket: Socket) => socket.setNoDelay(true));
  return { server, port: await listen(server.server, port) };
}

const { OPEN_MODE, STATUS_CODE } = utils.sftp;

/** A path of the SFTP session (absolute, or relative to the root `/`) as a local path under `root`, never above it. */
export function localPathOf(root: string, remote: string): string {
  return path.join(root, ...remotePathOf(remote).split('/').filter(Boolean));
}

/** The normalized remote path: `/` is the root, `..` stops there. */
export function remotePathOf(remote: string): string {
  return path.posix.normalize(path.posix.join('/', remote || '.'));
}

function statusOf(error: unknown): number {
  const code = (error as { code?: string }).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return STATUS_CODE.NO_SUCH_FILE;
  if (code === 'EACCES' || code === 'EPERM') return STATUS_CODE.PERMISSION_DENIED;
  return STATUS_CODE.FAILURE;
}

function attributesOf(s: { mode: number; uid: number; gid: number; size: number; atimeMs: number; mtimeMs: number }): Attributes {
  return { mode: s.mode, uid: s.uid, gid: s.gid, size: s.size, atime: Math.floor(s.atimeMs / 1000), mtime: Math.floor(s.mtimeMs / 1000) };
}

function longName(name: string, s: Attributes): string {
  const type = (s.mode & 0o170000) === 0o040000 ? 'd' : '-';
  const bits = ['r', 'w', 'x'];
  const perms = Array.from({ length: 9 }, (_, i) => (s.mode & (1 << (8 - i)) ? bits[i % 3] : '-')).join('');
  const when = new Date(s.mtime * 1000).toISOString().slice(0, 16).replace('T', ' ');
  return `${type}${perms} 1 demo demo ${String(s.size).padStart(10)} ${when} ${name}`;
}

/** The SFTP server (ssh2's Server): a password login, one folder as the root of every session. */
async function startFileServer(root: string, login: { user: string; password: string }, hostKey: string, port: number): Promise<{ server: SshServer; port: number }> {
  const log = new Logger('DemoOutbox');
  const server = new SshServer({ hostKeys: [hostKey], ident: 'kanban-demo-outbox' }, (client: Connection) => {
    client.on('error', (error: Error) => log.debug(`demo outbox SFTP client: ${error.message}`));
    client.on('authentication', (ctx) => {
      if (ctx.method === 'password' && same(ctx.username, login.user) && same(ctx.password, login.password)) return ctx.accept();
      ctx.reject(['password']);
    });
    client.on('ready', () => {
      client.on('session', (acceptSession) => {
        const session = acceptSession();
        session.on('sftp', (acceptSftp) => serveSftp(acceptSftp(), root));
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return { server, port: (server.address() as AddressInfo).port };
}

type Open = { kind: 'file'; file: FileHandle } | { kind: 'dir'; dir: string; entries: string[] | null };

/** The requests of one SFTP session, on the local folder `root`. */
function serveSftp(sftp: SFTPWrapper, root: string): void {
  const handles = new Map<number, Open>();
  let next = 1;
  const newHandle = (open: Open): Buffer => {
    const id = next++;
    handles.set(id, open);
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32BE(id, 0);
    return buffer;
  };
  const opened = (handle: Buffer): [number, Open | undefined] => {
    const id = handle.length === 4 ? handle.readUInt32BE(0) : -1;
    return [id, handles.get(id)];
  };
  const local = (remote: string) => localPathOf(root, remote);
  /** runs a request; a failure answers its status */
  const run = (reqId: number, work: () => Promise<void>) => {
    work().catch((error: unknown) => sftp.status(reqId, statusOf(error), (error as Error).message));
  };

  sftp.on('REALPATH', (reqId, remote) => {
    const name = remotePathOf(remote);
    run(reqId, async () => {
      const attrs = attributesOf(await stat(local(name)));
      sftp.name(reqId, [{ filename: name, longname: longName(name, attrs), attrs }]);
    });
  });
  sftp.on('STAT', (reqId, remote) => run(reqId, async () => sftp.attrs(reqId, attributesOf(await stat(local(remote))))));
  sftp.on('LSTAT', (reqId, remote) => run(reqId, async () => sftp.attrs(reqId, attributesOf(await lstat(local(remote))))));
  sftp.on('FSTAT', (reqId, handle) => {
    const [, open] = opened(handle);
    if (open?.kind !== 'file') return sftp.status(reqId, STATUS_CODE.FAILURE, 'not an open file');
    run(reqId, async () => sftp.attrs(reqId, attributesOf(await open.file.stat())));
  });
  // permissions and times are the server's own: accepted, not applied
  sftp.on('SETSTAT', (reqId) => sftp.status(reqId, STATUS_CODE.OK));
  sftp.on('FSETSTAT', (reqId) => sftp.status(reqId, STATUS_CODE.OK));
  sftp.on('OPEN', (reqId, remote, flags) => {
    const mode = utils.sftp.flagsToString(flags);
    if (!mode) return sftp.status(reqId, STATUS_CODE.OP_UNSUPPORTED, 'unsupported open flags');
    run(reqId, async () => {
      const file = await openFile(local(remote), mode, flags & OPEN_MODE.CREAT ? 0o644 : undefined);
      sftp.handle(reqId, newHandle({ kind: 'file', file }));
    });
  });
  sftp.on('WRITE', (reqId, handle, offset, data) => {
    const [, open] = opened(handle);
    if (open?.kind !== 'file') return sftp.status(reqId, STATUS_CODE.FAILURE, 'not an open file');
    run(reqId, async () => {
      await open.file.write(data, 0, data.length, offset);
      sftp.status(reqId, STATUS_CODE.OK);
    });
  });
  sftp.on('READ', (reqId, handle, offset, length) => {
    const [, open] = opened(handle);
    if (open?.kind !== 'file') return sftp.status(reqId, STATUS_CODE.FAILURE, 'not an open file');
    run(reqId, async () => {
      const buffer = Buffer.alloc(Math.min(length, 256 * 1024));
      const { bytesRead } = await open.file.read(buffer, 0, buffer.length, offset);
      if (bytesRead === 0) sftp.status(reqId, STATUS_CODE.EOF);
      else sftp.data(reqId, buffer.subarray(0, bytesRead));
    });
  });
  sftp.on('CLOSE', (reqId, handle) => {
    const [id, open] = opened(handle);
    if (!open) return sftp.status(reqId, STATUS_CODE.FAILURE, 'not an open handle');
    handles.delete(id);
    run(reqId, async () => {
      if (open.kind === 'file') await open.file.close();
      sftp.status(reqId, STATUS_CODE.OK);
    });
  });
  sftp.on('OPENDIR', (reqId, remote) =>
    run(reqId, async () => {
      const dir = local(remote);
      if (!(await stat(dir)).isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' });
      sftp.handle(reqId, newHandle({ kind: 'dir', dir, entries: null }));
    }),
  );
  sftp.on('READDIR', (reqId, handle) => {
    const [, open] = opened(handle);
    if (open?.kind !== 'dir') return sftp.status(reqId, STATUS_CODE.FAILURE, 'not an open directory');
    run(reqId, async () => {
      if (open.entries === null) open.entries = await readdir(open.dir);
      const batch = open.entries.splice(0, 100);
      if (batch.length === 0) return sftp.status(reqId, STATUS_CODE.EOF);
      const names: FileEntry[] = [];
      for (const filename of batch) {
        const attrs = attributesOf(await lstat(path.join(open.dir, filename)));
        names.push({ filename, longname: longName(filename, attrs), attrs });
      }
      sftp.name(reqId, names);
    });
  });
  // like OpenSSH's rename: link, then unlink, so an existing file is never replaced (the delivery's upload relies on it)
  sftp.on('RENAME', (reqId, from, to) =>
    run(reqId, async () => {
      await link(local(from), local(to));
      await unlink(local(from));
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );
  sftp.on('REMOVE', (reqId, remote) =>
    run(reqId, async () => {
      await unlink(local(remote));
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );
  sftp.on('MKDIR', (reqId, remote) =>
    run(reqId, async () => {
      await mkdir(local(remote));
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );
  sftp.on('RMDIR', (reqId, remote) =>
    run(reqId, async () => {
      await rmdir(local(remote));
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );
  for (const unsupported of ['READLINK', 'SYMLINK'] as const) sftp.on(unsupported, (reqId: number) => sftp.status(reqId, STATUS_CODE.OP_UNSUPPORTED));
  sftp.on('close', () => {
    for (const open of handles.values()) if (open.kind === 'file') void open.file.close().catch(() => undefined);
    handles.clear();
  });
}
