// Real servers for the delivery tests (issue 18), each on a free loopback port, stopped cleanly, never mocks:
// - SMTP: the smtp-server package, collecting what it receives (parsed with mailparser);
// - SFTP: Debian's OpenSSH sshd with a config of its own (internal-sftp in a chroot);
// - FTP/FTPS: Debian's vsftpd with a config of its own;
// - HTTP: a node:http server recording requests, answering what the test programs.
// - IMAP: Debian's Dovecot (dovecot-imapd) with a config, passwd-file user and Maildir of its own (answer mails).
//
// What works on this machine (Debian 12, tests run as root), found by trying:
// - sshd refuses to log in root without PermitRootLogin and has no password for it, so the SFTP and FTP servers log in
//   a dedicated system user, `kanbansftp` (no shell: /usr/sbin/nologin), created here when missing (useradd) with the
//   test password set by chpasswd on every start (the same constant for every run, so parallel runs agree).
// - ChrootDirectory needs every component of the path root-owned and not writable by others: /tmp (mode 1777) is
//   refused ("bad ownership or modes for chroot directory component"), so the servers' folders live under
//   /var/lib/kanban-test-servers/<random>/ (mode 755); the chroot is root-owned and its writable `upload` folder
//   belongs to the user.
// - The user's authorized_keys must be readable by that user (sshd reads it with the user's rights): mode 644 in a
//   755 folder, AuthorizedKeysFile an absolute path, StrictModes no.
// - sshd needs /run/sshd (its privilege separation folder; Debian creates it only when the service starts).
// - internal-sftp's own log (-l INFO) does not reach sshd's stderr from inside the chroot (OpenSSH 9.2), so the tests
//   watch the upload folder with inotify (`watchFolder`) to see a file written under its temporary name and renamed.
// - vsftpd changes into the user's home before it enters local_root, so the home must exist on this disk: it is the
//   servers' root folder; sshd's sessions start in /upload inside their chroot (`internal-sftp -d /upload`).
// - vsftpd logs local users in through PAM; Debian's /etc/pam.d/vsftpd requires a shell listed in /etc/shells
//   (pam_shells), which nologin is not, so a PAM service of our own (/etc/pam.d/kanban-test-ftp: pam_unix only) is
//   written when missing. seccomp_sandbox and isolate are off (they need namespaces a container may lack).
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { rmSync, watch } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import {
  createServer as createHttpServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server as HttpServer,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { connect as netConnect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { freePort } from './distributed';

const run = promisify(execFile);

/** The system user the SFTP and FTP test servers log in. */
export const TRANSFER_TEST_USER = 'kanbansftp';
/** Its password (test servers only, on loopback; the user has no shell). */
export const TRANSFER_TEST_PASSWORD = 'kanban-transfer-test';
const SERVERS_ROOT = '/var/lib/kanban-test-servers';
const PAM_SERVICE = 'kanban-test-ftp';

// ---------------------------------------------------------------------------------------------------------------
// SMTP

export interface ReceivedSmtpMessage {
  envelope: { from: string; to: string[] };
  /** the message as received, byte for byte */
  raw: Buffer;
  parsed: ParsedMail;
  /** the user who logged in, if any */
  user?: string;
}

export interface SmtpTestServerOptions {
  /** require a login with these credentials (AUTH PLAIN/LOGIN, also over the plain connection) */
  auth?: { user: string; password: string };
  /** TLS with a self-signed certificate: offered by STARTTLS, or implicit (the whole connection, as on port 465) */
  tls?: 'starttls' | 'implicit';
}

/** A self-signed certificate for 127.0.0.1 made by openssl (RSA 2048, two days), as PEM files in `dir`. */
export async function selfSignedCertificate(
  dir: string,
): Promise<{ keyFile: string; certFile: string; key: string; cert: string }> {
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
    '-keyout',
    keyFile,
    '-out',
    certFile,
  ]);
  return { keyFile, certFile, key: await readFile(keyFile, 'utf8'), cert: await readFile(certFile, 'utf8') };
}

/**
 * A real SMTP server (smtp-server) on a free loopback port that keeps every message it accepts. `mode` can be changed
 * at any time: 'accept'; 'tempfail' answers 451 to the recipients (RFC 5321 transient: try again later); 'reject'
 * answers 550 (permanent).
 */
export class SmtpTestServer {
  readonly messages: ReceivedSmtpMessage[] = [];
  mode: 'accept' | 'tempfail' | 'reject' = 'accept';
  /** connection errors the server saw (a client refusing the certificate, a dropped connection) */
  readonly errors: Error[] = [];
  /** every connection the server took (counted at greeting) */
  connections = 0;
  port = 0;
  readonly host = '127.0.0.1';
  private server?: SMTPServer;

  constructor(private readonly options: SmtpTestServerOptions = {}) {}

  private certificate?: { key: string; cert: string };

  async start(port = 0): Promise<this> {
    const auth = this.options.auth;
    const tls = this.options.tls;
    if (tls && !this.certificate) {
      const dir = await mkdtemp(path.join(tmpdir(), 'smtp-tls-'));
      try {
        this.certificate = await selfSignedCertificate(dir);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }
    this.server = new SMTPServer({
      ...(tls
        ? { key: this.certificate!.key, cert: this.certificate!.cert, secure: tls === 'implicit' }
        : {}),
      name: 'kanban-test-smtp',
      banner: 'kanban test SMTP ready',
      authOptional: !auth,
      allowInsecureAuth: true,
      authMethods: ['PLAIN', 'LOGIN'],
      disabledCommands: tls === 'starttls' ? [] : ['STARTTLS'],
      logger: false,
      // no reverse DNS of the client: without a resolver (closed network) each lookup waits for its timeout
      disableReverseLookup: true,
      size: 50 * 1024 * 1024,
      onConnect: (_session, callback) => {
        this.connections++;
        callback();
      },
      onAuth: (login, _session, callback) => {
        if (auth && login.username === auth.user && login.password === auth.password)
          return callback(null, { user: login.username });
        callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      },
      onRcptTo: (_address: SMTPServerAddress, _session, callback) => {
        if (this.mode === 'tempfail')
          return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
        if (this.mode === 'reject')
          return callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks);
          simpleParser(raw)
            .then((parsed) => {
              const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
              this.messages.push({
                envelope: { from, to: session.envelope.rcptTo.map((r) => r.address) },
                raw,
                parsed,
                user: session.user as string | undefined,
              });
              callback(null, 'Message accepted');
            })
            .catch((error: Error) => callback(error));
        });
      },
    });
    const server = this.server;
    // a client that gives up during TLS (a refused certificate) or drops the connection: kept, not thrown
    server.on('error', (error: Error) => this.errors.push(error));
    // replies go out at once (no Nagle): otherwise each reply after DATA waits for the client's delayed ACK (~40 ms)
    server.server.on('connection', (socket: Socket) => socket.setNoDelay(true));
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(port, this.host, () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    return this;
  }

  /** Messages by their Message-ID header (angle brackets included), to count deliveries of one key. */
  byMessageId(messageId: string): ReceivedSmtpMessage[] {
    return this.messages.filter((m) => m.parsed.messageId === messageId);
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

export async function startSmtpServer(options: SmtpTestServerOptions = {}): Promise<SmtpTestServer> {
  return new SmtpTestServer(options).start();
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP

export interface RecordedHttpRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** the status it was answered with */
  status?: number;
  /** answered with the stored first answer of its Idempotency-Key (`honourIdempotencyKey`), not by `respond` */
  replayed?: boolean;
}

export interface HttpReply {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

/**
 * A node:http server (node:https with `{tls: true}`, a self-signed certificate) that records every request and answers
 * what `respond` returns (default 201 "created").
 */
export class HttpTestServer {
  readonly requests: RecordedHttpRequest[] = [];
  respond: (request: RecordedHttpRequest) => HttpReply = () => ({ status: 201, body: 'created' });
  /**
   * Behave like a receiver that honours `Idempotency-Key`: a request repeating the key of one answered with 2xx gets
   * that answer again (recorded with `replayed`), `respond` is not asked. Off by default.
   */
  honourIdempotencyKey = false;
  port = 0;
  readonly host = '127.0.0.1';
  private server?: HttpServer | HttpsServer;
  private readonly answered = new Map<string, HttpReply>();

  /** The requests `respond` answered with 2xx (deliveries that counted), replays left out. */
  delivered(): RecordedHttpRequest[] {
    return this.requests.filter(
      (r) => !r.replayed && r.status !== undefined && r.status >= 200 && r.status < 300,
    );
  }
  private certificate?: { key: string; cert: string };

  constructor(private readonly options: { tls?: boolean } = {}) {}

  async start(): Promise<this> {
    if (this.options.tls && !this.certificate) {
      const dir = await mkdtemp(path.join(tmpdir(), 'https-'));
      try {
        this.certificate = await selfSignedCertificate(dir);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }
    const handler = (req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const recorded: RecordedHttpRequest = {
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks),
        };
        this.requests.push(recorded);
        const key = req.headers['idempotency-key'];
        const earlier =
          this.honourIdempotencyKey && typeof key === 'string' ? this.answered.get(key) : undefined;
        let reply: HttpReply;
        if (earlier) {
          recorded.replayed = true;
          reply = earlier;
        } else {
          try {
            reply = this.respond(recorded);
          } catch (error) {
            reply = { status: 500, body: String(error) };
          }
          if (typeof key === 'string' && reply.status >= 200 && reply.status < 300)
            this.answered.set(key, reply);
        }
        recorded.status = reply.status;
        res.writeHead(reply.status, {
          'Content-Type': 'text/plain; charset=utf-8',
          Server: 'kanban-test-http',
          ...reply.headers,
        });
        res.end(req.method === 'HEAD' ? undefined : (reply.body ?? ''));
      });
    };
    const server = this.certificate
      ? createHttpsServer({ key: this.certificate.key, cert: this.certificate.cert }, handler)
      : createHttpServer(handler);
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, this.host, () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `${this.options.tls ? 'https' : 'http'}://${this.host}:${this.port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

export async function startHttpServer(options: { tls?: boolean } = {}): Promise<HttpTestServer> {
  return new HttpTestServer(options).start();
}

// ---------------------------------------------------------------------------------------------------------------
// shared by SFTP and FTP: the system user, the servers' folders, a process that is started and stopped

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

let userReady: Promise<{ uid: number; gid: number }> | undefined;

/** Creates the transfer user when missing and sets its test password (root only). */
export function ensureTransferUser(): Promise<{ uid: number; gid: number }> {
  userReady ??= (async () => {
    if (process.getuid?.() !== 0)
      throw new Error(
        'the SFTP and FTP test servers need root (they start sshd and vsftpd and log in a system user)',
      );
    // vsftpd changes into the user's home before its chroot, so the home must exist outside: the servers' root folder.
    // sshd's sessions start in /upload inside their chroot (internal-sftp -d).
    await mkdir(SERVERS_ROOT, { recursive: true, mode: 0o755 });
    // useradd, usermod and chpasswd lock /etc/passwd and /etc/shadow and give up when another test process holds them:
    // one process at a time (flock on a file of ours), the user made or fixed and its password set in one go
    const script = [
      'set -e',
      `if ! getent passwd ${TRANSFER_TEST_USER} >/dev/null; then useradd --system --no-create-home --home-dir ${SERVERS_ROOT} --shell /usr/sbin/nologin ${TRANSFER_TEST_USER}; fi`,
      `if [ "$(getent passwd ${TRANSFER_TEST_USER} | cut -d: -f6)" != "${SERVERS_ROOT}" ]; then usermod --home ${SERVERS_ROOT} ${TRANSFER_TEST_USER}; fi`,
      `echo '${TRANSFER_TEST_USER}:${TRANSFER_TEST_PASSWORD}' | chpasswd`,
    ].join('\n');
    await run('flock', ['--timeout', '60', path.join(SERVERS_ROOT, '.user.lock'), 'sh', '-c', script]);
    const uid = Number((await run('id', ['-u', TRANSFER_TEST_USER])).stdout.trim());
    const gid = Number((await run('id', ['-g', TRANSFER_TEST_USER])).stdout.trim());
    return { uid, gid };
  })();
  userReady.catch(() => {
    userReady = undefined;
  });
  return userReady;
}

export interface FolderEvent {
  /** inotify's kind as node reports it: 'rename' (created, removed, moved in or out) or 'change' (written) */
  event: 'rename' | 'change';
  name: string;
}

/**
 * Records what happens in a folder (inotify through fs.watch) until close(): a file written under a temporary name
 * and renamed shows 'rename'/'change' events for the temporary name and a single 'rename' for the final one, never a
 * 'change' (a write) of the final name.
 */
export function watchFolder(dir: string): { events: FolderEvent[]; close(): void } {
  const events: FolderEvent[] = [];
  const watcher = watch(dir, (event, name) => {
    if (name) events.push({ event, name: name.toString() });
  });
  return { events, close: () => watcher.close() };
}

async function serverFolder(prefix: string): Promise<string> {
  await mkdir(SERVERS_ROOT, { recursive: true, mode: 0o755 });
  await chmod(SERVERS_ROOT, 0o755);
  const dir = await mkdtemp(path.join(SERVERS_ROOT, `${prefix}-`));
  folders.add(dir);
  await chmod(dir, 0o755);
  return dir;
}

/** Resolves once something accepts connections on the port (or rejects when the process ends first). */
async function waitListening(
  port: number,
  child: ChildProcess,
  output: () => string,
  name: string,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${name} ended (${child.exitCode ?? child.signalCode}): ${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = netConnect({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`${name} did not listen on port ${port}: ${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Server processes still running: ended when this process exits without having stopped them (a test that failed in
 * its setup, a script that threw), so no sshd or vsftpd outlives its test run. A SIGKILLed test process leaves them.
 */
const running = new Set<ChildProcess>();
/** the servers' folders not removed yet, removed at exit alike */
const folders = new Set<string>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGTERM');
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** A server process on a fixed port that can be taken down and brought back (to test retries). */
abstract class ProcessServer {
  readonly host = '127.0.0.1';
  port = 0;
  /** the folder with the server's config, keys, logs and files */
  dir = '';
  protected child?: ChildProcess;
  protected output: string[] = [];

  protected abstract launch(): ChildProcess;
  protected abstract readonly name: string;

  /** Starts the server (again) on its port. */
  async up(): Promise<void> {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) return;
    const child = this.launch();
    this.child = child;
    running.add(child);
    child.once('exit', () => running.delete(child));
    child.stdout?.on('data', (d: Buffer) => this.output.push(d.toString()));
    child.stderr?.on('data', (d: Buffer) => this.output.push(d.toString()));
    await waitListening(this.port, child, () => this.output.join(''), this.name);
  }

  /** The first start after the files are written: a server that does not come up leaves nothing behind. */
  protected async firstUp(): Promise<void> {
    try {
      await this.up();
    } catch (error) {
      await this.stop();
      throw error;
    }
  }

  /** Stops the server process but keeps its files and port: the next connection is refused until up(). */
  async down(): Promise<void> {
    await stopProcess(this.child);
    this.child = undefined;
  }

  /** Stops the server and removes its folder. */
  async stop(): Promise<void> {
    await this.down();
    if (this.dir) {
      await rm(this.dir, { recursive: true, force: true });
      folders.delete(this.dir);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// SFTP: OpenSSH

export interface SftpTestServerOptions {
  /** also accept the test password (default true); key auth is always on */
  passwordAuth?: boolean;
}

/**
 * Debian's OpenSSH sshd, started by the test with its own config on a free port: internal-sftp in a chroot, the
 * transfer user logging in with a generated ed25519 key or the test password. Its writable folder is `upload` (the
 * login directory; `localPath('x')` is where the file lands on this disk).
 */
export class SftpTestServer extends ProcessServer {
  protected readonly name = 'sshd';
  readonly user = TRANSFER_TEST_USER;
  readonly password = TRANSFER_TEST_PASSWORD;
  /** the client's private key (OpenSSH format) */
  privateKey = '';
  /** the client's public key line */
  publicKey = '';
  /** the server's host key fingerprint (SHA256:…) */
  hostKeyFingerprint = '';
  /** the remote login directory */
  readonly remoteDir = '/upload';

  constructor(private readonly options: SftpTestServerOptions = {}) {
    super();
  }

  get chroot(): string {
    return path.join(this.dir, 'root');
  }

  /** Where a file written to the remote path (absolute, or relative to the login directory) is on this disk. */
  localPath(remote: string): string {
    return path.join(
      this.chroot,
      path.posix.isAbsolute(remote) ? remote : path.posix.join(this.remoteDir, remote),
    );
  }

  /** What sshd logged (connections, logins, chroot, sessions). */
  log(): string {
    return this.output.join('');
  }

  async start(): Promise<this> {
    if (!(await exists('/usr/sbin/sshd')))
      throw new Error(
        '/usr/sbin/sshd missing: apt-get install openssh-server (tools/scripts/ensure-services.sh does)',
      );
    const { uid, gid } = await ensureTransferUser();
    await mkdir('/run/sshd', { recursive: true, mode: 0o755 });
    this.dir = await serverFolder('sftp');
    await mkdir(path.join(this.chroot, 'upload'), { recursive: true, mode: 0o755 });
    await chmod(this.chroot, 0o755);
    await chown(path.join(this.chroot, 'upload'), uid, gid);
    await run('ssh-keygen', [
      '-q',
      '-t',
      'ed25519',
      '-N',
      '',
      '-C',
      'kanban-test-host',
      '-f',
      path.join(this.dir, 'host_key'),
    ]);
    await run('ssh-keygen', [
      '-q',
      '-t',
      'ed25519',
      '-N',
      '',
      '-C',
      'kanban-test-client',
      '-f',
      path.join(this.dir, 'client_key'),
    ]);
    this.privateKey = await readFile(path.join(this.dir, 'client_key'), 'utf8');
    this.publicKey = (await readFile(path.join(this.dir, 'client_key.pub'), 'utf8')).trim();
    this.hostKeyFingerprint = (
      await run('ssh-keygen', ['-l', '-f', path.join(this.dir, 'host_key.pub')])
    ).stdout.split(' ')[1];
    await writeFile(path.join(this.dir, 'authorized_keys'), `${this.publicKey}\n`, { mode: 0o644 });
    await rm(path.join(this.dir, 'client_key'));
    this.port = await freePort();
    const config = [
      `Port ${this.port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${path.join(this.dir, 'host_key')}`,
      `PidFile ${path.join(this.dir, 'sshd.pid')}`,
      `AuthorizedKeysFile ${path.join(this.dir, 'authorized_keys')}`,
      'UsePAM no',
      'StrictModes no',
      'PubkeyAuthentication yes',
      `PasswordAuthentication ${this.options.passwordAuth === false ? 'no' : 'yes'}`,
      'KbdInteractiveAuthentication no',
      'PermitRootLogin no',
      `AllowUsers ${TRANSFER_TEST_USER}`,
      `ChrootDirectory ${this.chroot}`,
      `ForceCommand internal-sftp -d ${this.remoteDir}`,
      `Subsystem sftp internal-sftp -d ${this.remoteDir}`,
      'AllowTcpForwarding no',
      'X11Forwarding no',
      'PrintMotd no',
      'LogLevel VERBOSE',
      'UseDNS no',
      // many short connections in benchmarks and parallel tests
      'MaxStartups 200',
      'MaxAuthTries 3',
      '',
    ].join('\n');
    await writeFile(path.join(this.dir, 'sshd_config'), config);
    await run('/usr/sbin/sshd', ['-t', '-f', path.join(this.dir, 'sshd_config')]);
    await this.firstUp();
    return this;
  }

  protected launch(): ChildProcess {
    // -D: stay in the foreground (a child of the test), -e: log to stderr
    return spawn('/usr/sbin/sshd', ['-D', '-e', '-f', path.join(this.dir, 'sshd_config')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  }
}

export async function startSftpServer(options: SftpTestServerOptions = {}): Promise<SftpTestServer> {
  return new SftpTestServer(options).start();
}

// ---------------------------------------------------------------------------------------------------------------
// FTP: vsftpd

export interface FtpTestServerOptions {
  /** explicit FTPS (AUTH TLS) with a self-signed certificate, required for logins and data */
  tls?: boolean;
}

/** password check only (no /etc/shells rule), without pam_unix's 2 s delay after a wrong password (tests try them) */
const PAM_CONFIG =
  '# kanban test FTP servers (libs/testing/src/delivery-servers.ts): password check only, no /etc/shells rule\nauth required pam_unix.so nodelay\naccount required pam_unix.so\nsession required pam_permit.so\n';

async function ensurePamService(): Promise<void> {
  const file = path.join('/etc/pam.d', PAM_SERVICE);
  if ((await readFile(file, 'utf8').catch(() => '')) === PAM_CONFIG) return;
  await writeFile(file, PAM_CONFIG, { mode: 0o644 });
}

/**
 * Debian's vsftpd with its own config on a free port (passive data ports chosen by the kernel, on loopback): the
 * transfer user logs in with the test password and lands in its own folder (chroot). Its protocol log (every command)
 * goes to `vsftpd.log`, read by `log()`.
 */
export class FtpTestServer extends ProcessServer {
  protected readonly name = 'vsftpd';
  readonly user = TRANSFER_TEST_USER;
  readonly password = TRANSFER_TEST_PASSWORD;

  constructor(private readonly options: FtpTestServerOptions = {}) {
    super();
  }

  get root(): string {
    return path.join(this.dir, 'ftp');
  }

  /** Where a remote path (relative to the login folder, or absolute in the chroot) is on this disk. */
  localPath(remote: string): string {
    return path.join(this.root, remote);
  }

  /** vsftpd's protocol log: `FTP command: Client "127.0.0.1", "STOR .x.part"` and the answers. */
  async log(): Promise<string> {
    return (await readFile(path.join(this.dir, 'vsftpd.log'), 'utf8').catch(() => '')) + this.output.join('');
  }

  /** The commands clients sent, e.g. ['USER kanbansftp', 'PASS <hidden>', 'STOR .x.part', 'RNFR .x.part', …]. */
  async commands(): Promise<string[]> {
    return [...(await this.log()).matchAll(/FTP command: Client "[^"]*", "(.*)"\r?$/gm)].map((m) => m[1]);
  }

  async start(): Promise<this> {
    if (!(await exists('/usr/sbin/vsftpd')))
      throw new Error(
        '/usr/sbin/vsftpd missing: apt-get install vsftpd (tools/scripts/ensure-services.sh does)',
      );
    const { uid, gid } = await ensureTransferUser();
    await ensurePamService();
    this.dir = await serverFolder('ftp');
    await mkdir(path.join(this.root, 'upload'), { recursive: true, mode: 0o755 });
    await chown(this.root, uid, gid);
    await chown(path.join(this.root, 'upload'), uid, gid);
    const emptyDir = path.join(this.dir, 'empty');
    await mkdir(emptyDir, { mode: 0o755 });
    this.port = await freePort();
    const tls: string[] = [];
    if (this.options.tls) {
      const { certFile: cert, keyFile: key } = await selfSignedCertificate(this.dir);
      tls.push(
        'ssl_enable=YES',
        `rsa_cert_file=${cert}`,
        `rsa_private_key_file=${key}`,
        'force_local_logins_ssl=YES',
        'force_local_data_ssl=YES',
        'ssl_tlsv1=YES',
        'ssl_sslv2=NO',
        'ssl_sslv3=NO',
        // basic-ftp resumes the control connection's TLS session on data connections, vsftpd need not insist
        'require_ssl_reuse=NO',
        'ssl_ciphers=HIGH',
      );
    }
    const config = [
      'listen=YES',
      'listen_ipv6=NO',
      'listen_address=127.0.0.1',
      `listen_port=${this.port}`,
      'background=NO',
      'anonymous_enable=NO',
      'local_enable=YES',
      'write_enable=YES',
      'local_umask=022',
      'chroot_local_user=YES',
      'allow_writeable_chroot=YES',
      `local_root=${this.root}`,
      `pam_service_name=${PAM_SERVICE}`,
      'userlist_enable=NO',
      'seccomp_sandbox=NO',
      'isolate=NO',
      'isolate_network=NO',
      `secure_chroot_dir=${emptyDir}`,
      'pasv_enable=YES',
      'port_enable=NO',
      'xferlog_enable=YES',
      'xferlog_std_format=NO',
      'log_ftp_protocol=YES',
      `vsftpd_log_file=${path.join(this.dir, 'vsftpd.log')}`,
      'syslog_enable=NO',
      'use_localtime=NO',
      'max_clients=200',
      // no pause after a wrong password (vsftpd's own, beside PAM's)
      'delay_failed_login=0',
      'max_per_ip=200',
      ...tls,
      '',
    ].join('\n');
    await writeFile(path.join(this.dir, 'vsftpd.conf'), config, { mode: 0o600 });
    await this.firstUp();
    return this;
  }

  protected launch(): ChildProcess {
    return spawn('/usr/sbin/vsftpd', [path.join(this.dir, 'vsftpd.conf')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  }
}

export async function startFtpServer(options: FtpTestServerOptions = {}): Promise<FtpTestServer> {
  return new FtpTestServer(options).start();
}

// ---------------------------------------------------------------------------------------------------------------
// IMAP: Dovecot

export interface ImapTestServerOptions {
  /** 'starttls' offers STARTTLS (Dovecot still takes a plain login from loopback); 'tls' speaks TLS from the first byte (self-signed) */
  security?: 'none' | 'starttls' | 'tls';
}

/**
 * Debian's Dovecot (dovecot-imapd) with its own config on a free loopback port: one user, `user` with `password`, from
 * a passwd-file of its own; its mail in Maildir under the server's folder, owned by the transfer user (Dovecot gives
 * no mail access as root). Its base_dir and state_dir are in the folder too, so it never meets the machine's own
 * Dovecot (not started by the tests or ensure-services.sh). Its log (with every login) is `dovecot.log`, read by `log()`.
 */
export class ImapTestServer extends ProcessServer {
  protected readonly name = 'dovecot';
  readonly user = 'kanban-imap';
  readonly password = 'kanban-imap-test';

  constructor(private readonly options: ImapTestServerOptions = {}) {
    super();
  }

  async log(): Promise<string> {
    return (
      (await readFile(path.join(this.dir, 'dovecot.log'), 'utf8').catch(() => '')) + this.output.join('')
    );
  }

  async start(): Promise<this> {
    if (!(await exists('/usr/sbin/dovecot')))
      throw new Error(
        '/usr/sbin/dovecot missing: apt-get install dovecot-imapd (tools/scripts/ensure-services.sh does)',
      );
    const { uid, gid } = await ensureTransferUser();
    this.dir = await serverFolder('imap');
    const mail = path.join(this.dir, 'mail');
    await mkdir(mail, { mode: 0o700 });
    await chown(mail, uid, gid);
    for (const sub of ['run', 'state']) await mkdir(path.join(this.dir, sub), { mode: 0o755 });
    await writeFile(path.join(this.dir, 'users'), `${this.user}:{PLAIN}${this.password}::::::\n`, {
      mode: 0o644,
    });
    this.port = await freePort();
    const security = this.options.security ?? 'none';
    const ssl: string[] = ['ssl = no'];
    if (security !== 'none') {
      const { certFile, keyFile } = await selfSignedCertificate(this.dir);
      ssl.splice(
        0,
        1,
        security === 'tls' ? 'ssl = yes' : 'ssl = required',
        `ssl_cert = <${certFile}`,
        `ssl_key = <${keyFile}`,
      );
    }
    const config = [
      `base_dir = ${path.join(this.dir, 'run')}`,
      `state_dir = ${path.join(this.dir, 'state')}`,
      `instance_name = kanban-imap-${this.port}`,
      'protocols = imap',
      'listen = 127.0.0.1',
      `log_path = ${path.join(this.dir, 'dovecot.log')}`,
      'auth_verbose = yes',
      'auth_failure_delay = 0',
      'disable_plaintext_auth = no',
      'auth_mechanisms = plain login',
      'default_internal_user = dovecot',
      'default_login_user = dovenull',
      `first_valid_uid = ${Math.min(uid, 500)}`,
      `first_valid_gid = ${Math.min(gid, 500)}`,
      ...ssl,
      'passdb {',
      '  driver = passwd-file',
      `  args = scheme=PLAIN username_format=%u ${path.join(this.dir, 'users')}`,
      '}',
      'userdb {',
      '  driver = static',
      `  args = uid=${uid} gid=${gid} home=${mail}/%u`,
      '}',
      'mail_location = maildir:~/Maildir',
      'namespace inbox {',
      '  inbox = yes',
      '  separator = /',
      '}',
      'service imap-login {',
      '  inet_listener imap {',
      '    address = 127.0.0.1',
      `    port = ${security === 'tls' ? 0 : this.port}`,
      '  }',
      '  inet_listener imaps {',
      '    address = 127.0.0.1',
      `    port = ${security === 'tls' ? this.port : 0}`,
      '  }',
      '}',
      '',
    ].join('\n');
    await writeFile(path.join(this.dir, 'dovecot.conf'), config, { mode: 0o644 });
    await this.firstUp();
    return this;
  }

  protected launch(): ChildProcess {
    return spawn('/usr/sbin/dovecot', ['-F', '-c', path.join(this.dir, 'dovecot.conf')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  }
}

export async function startImapServer(options: ImapTestServerOptions = {}): Promise<ImapTestServer> {
  return new ImapTestServer(options).start();
}
