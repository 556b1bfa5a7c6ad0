// verifyServer against real servers on loopback (libs/testing/src/delivery-servers.ts): OpenSSH's sshd, vsftpd,
// smtp-server and node:http. Each type: the server's own words when it works, 'auth' when the login is refused,
// 'unreachable' when nothing listens, 'unreadable' when another protocol answers.
import { postHttp, type ServerConnection, verifyServer } from './index';
import {
  type FtpTestServer,
  type HttpTestServer,
  type SftpTestServer,
  type SmtpTestServer,
  startFtpServer,
  startHttpServer,
  startSftpServer,
  startSmtpServer,
} from '@kanban/testing';

jest.setTimeout(60_000);

let sftp: SftpTestServer;
let ftp: FtpTestServer;
let ftps: FtpTestServer;
let smtp: SmtpTestServer;
let http: HttpTestServer;
/** nothing listens on port 1 of loopback (tcpmux is not run anywhere here); a port from freePort() could be taken by
 * a passive FTP data connection of the servers meanwhile */
const closedPort = 1;

beforeAll(async () => {
  [sftp, ftp, ftps, smtp, http] = await Promise.all([
    startSftpServer(),
    startFtpServer(),
    startFtpServer({ tls: true }),
    startSmtpServer({ auth: { user: 'orders@example.com', password: 'S3cret;"ü' } }),
    startHttpServer(),
  ]);
});

afterAll(async () => {
  await Promise.all([sftp?.stop(), ftp?.stop(), ftps?.stop(), smtp?.stop(), http?.stop()]);
});

const short = { timeoutMs: 5_000 };

describe('SFTP (OpenSSH)', () => {
  const conn = (): ServerConnection => ({
    type: 'SFTP',
    host: sftp.host,
    port: sftp.port,
    user: sftp.user,
    ...short,
  });

  it('logs in with a key and answers with the server ident, host key and directory', async () => {
    const result = await verifyServer({ ...conn(), privateKey: sftp.privateKey });
    expect(result).toEqual({
      ok: true,
      answer: expect.stringMatching(/^SSH-2\.0-OpenSSH_\S+.*; host key SHA256:\S+; directory \/upload$/),
    });
    expect(result.answer).toContain(sftp.hostKeyFingerprint);
  });

  it('logs in with a password', async () => {
    expect(await verifyServer({ ...conn(), password: sftp.password })).toMatchObject({
      ok: true,
      answer: expect.stringContaining('directory /upload'),
    });
  });

  it('reports a refused password or key as auth, with the server ident', async () => {
    expect(await verifyServer({ ...conn(), password: 'wrong' })).toEqual({
      ok: false,
      kind: 'auth',
      answer: expect.stringMatching(/^SSH-2\.0-OpenSSH.*authentication methods failed/),
    });
    expect(await verifyServer({ ...conn(), user: 'nobody-here', password: sftp.password })).toMatchObject({
      ok: false,
      kind: 'auth',
    });
  });

  it('reports a private key that cannot be read as auth', async () => {
    expect(
      await verifyServer({
        ...conn(),
        privateKey: '-----BEGIN OPENSSH PRIVATE KEY-----\nnot a key\n-----END OPENSSH PRIVATE KEY-----\n',
      }),
    ).toEqual({
      ok: false,
      kind: 'auth',
      answer: expect.stringMatching(/^private key: /),
    });
  });

  it('reports a closed port as unreachable', async () => {
    expect(await verifyServer({ ...conn(), port: closedPort, password: 'x' })).toEqual({
      ok: false,
      kind: 'unreachable',
      answer: expect.stringContaining('ECONNREFUSED'),
    });
  });

  it('reports another protocol as unreadable, quoting it', async () => {
    expect(await verifyServer({ ...conn(), port: ftp.port, password: 'x' })).toEqual({
      ok: false,
      kind: 'unreadable',
      answer: expect.stringContaining('not an SSH server: 220 (vsFTPd'),
    });
    expect(await verifyServer({ ...conn(), port: http.port, password: 'x' })).toEqual({
      ok: false,
      kind: 'unreadable',
      answer: expect.stringContaining('HTTP/1.1 400'),
    });
  });

  it('offers only the algorithms asked for: one the server lacks fails the handshake', async () => {
    const result = await verifyServer({
      ...conn(),
      password: sftp.password,
      sshAlgorithms: { kex: ['diffie-hellman-group1-sha1'] },
    });
    expect(result).toMatchObject({
      ok: false,
      kind: 'other',
      answer: expect.stringMatching(/^SSH-2\.0-OpenSSH.*key exchange/i),
    });
    expect(
      await verifyServer({
        ...conn(),
        password: sftp.password,
        sshAlgorithms: { kex: ['curve25519-sha256'], cipher: ['aes256-ctr'], hmac: ['hmac-sha2-256'] },
      }),
    ).toMatchObject({ ok: true });
  });
});

describe('FTP and FTPS (vsftpd)', () => {
  const conn = (): ServerConnection => ({
    type: 'FTP',
    host: ftp.host,
    port: ftp.port,
    user: ftp.user,
    password: ftp.password,
    ...short,
  });

  it('logs in and answers with the greeting and directory', async () => {
    expect(await verifyServer(conn())).toEqual({
      ok: true,
      answer: expect.stringMatching(/^220 \(vsFTPd [\d.]+\); directory \/$/),
    });
  });

  it('reports a refused login as auth with the reply', async () => {
    expect(await verifyServer({ ...conn(), password: 'wrong' })).toEqual({
      ok: false,
      kind: 'auth',
      answer: expect.stringContaining('530 Login incorrect'),
    });
  });

  it('reports a closed port as unreachable and an SSH server as unreadable', async () => {
    expect(await verifyServer({ ...conn(), port: closedPort })).toMatchObject({
      ok: false,
      kind: 'unreachable',
    });
    expect(await verifyServer({ ...conn(), port: sftp.port })).toEqual({
      ok: false,
      kind: 'unreadable',
      answer: expect.stringContaining('not an FTP server: SSH-2.0-OpenSSH'),
    });
    expect(await verifyServer({ ...conn(), port: smtp.port })).toEqual({
      ok: false,
      kind: 'unreadable',
      answer: 'not an FTP server: 220 kanban-test-smtp ESMTP kanban test SMTP ready',
    });
  });

  it('FTPS: explicit TLS with the self-signed certificate accepted, refused when certificates are checked', async () => {
    const secure: ServerConnection = { ...conn(), type: 'FTPS', port: ftps.port };
    expect(await verifyServer({ ...secure, tlsRejectUnauthorized: false })).toMatchObject({
      ok: true,
      answer: expect.stringContaining('vsFTPd'),
    });
    expect(await verifyServer(secure)).toEqual({
      ok: false,
      kind: 'other',
      answer: expect.stringContaining('self-signed certificate'),
    });
    // plain FTP against a server that requires TLS: its refusal of the login
    expect(await verifyServer({ ...secure, type: 'FTP' })).toEqual({
      ok: false,
      kind: 'auth',
      answer: expect.stringContaining('530 Non-anonymous sessions must use encryption'),
    });
  });
});

describe('SMTP (smtp-server)', () => {
  const conn = (): ServerConnection => ({
    type: 'SMTP',
    host: smtp.host,
    port: smtp.port,
    user: 'orders@example.com',
    password: 'S3cret;"ü',
    smtpSecurity: 'none',
    ...short,
  });

  it('greets and logs in: the answer has the greeting and the login reply', async () => {
    expect(await verifyServer(conn())).toEqual({
      ok: true,
      answer: '220 kanban-test-smtp ESMTP kanban test SMTP ready / 235 Authentication successful',
    });
  });

  it('reports a refused login as auth with the reply', async () => {
    expect(await verifyServer({ ...conn(), password: 'wrong' })).toEqual({
      ok: false,
      kind: 'auth',
      answer: '535 Invalid username or password',
    });
  });

  it('reports a closed port as unreachable and an SSH server as unreadable', async () => {
    expect(await verifyServer({ ...conn(), port: closedPort })).toMatchObject({
      ok: false,
      kind: 'unreachable',
    });
    expect(await verifyServer({ ...conn(), port: sftp.port })).toEqual({
      ok: false,
      kind: 'unreadable',
      answer: expect.stringContaining('SSH-2.0-OpenSSH'),
    });
    // an FTP server greets with 220 too, then refuses EHLO and HELO: the greeting says what is there
    expect(await verifyServer({ ...conn(), port: ftp.port })).toEqual({
      ok: false,
      kind: 'unreadable',
      answer: expect.stringMatching(/^220 \(vsFTPd [\d.]+\) \/ 530 /),
    });
  });
});

describe('SMTP with TLS (smtp-server)', () => {
  let starttls: SmtpTestServer;
  let implicit: SmtpTestServer;
  beforeAll(async () => {
    [starttls, implicit] = await Promise.all([
      startSmtpServer({ tls: 'starttls', auth: { user: 'u', password: 'p' } }),
      startSmtpServer({ tls: 'implicit', auth: { user: 'u', password: 'p' } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([starttls?.stop(), implicit?.stop()]);
  });
  const conn = (server: SmtpTestServer, smtpSecurity: 'starttls' | 'tls'): ServerConnection => ({
    type: 'SMTP',
    host: server.host,
    port: server.port,
    user: 'u',
    password: 'p',
    smtpSecurity,
    tlsRejectUnauthorized: false,
    ...short,
  });

  it('STARTTLS and implicit TLS log in over the encrypted connection', async () => {
    expect(await verifyServer(conn(starttls, 'starttls'))).toMatchObject({
      ok: true,
      answer: expect.stringContaining('235 Authentication successful'),
    });
    expect(await verifyServer(conn(implicit, 'tls'))).toMatchObject({
      ok: true,
      answer: expect.stringContaining('235 Authentication successful'),
    });
  });

  it('a self-signed certificate is refused when certificates are checked: other, not auth', async () => {
    expect(await verifyServer({ ...conn(starttls, 'starttls'), tlsRejectUnauthorized: true })).toEqual({
      ok: false,
      kind: 'other',
      answer: expect.stringContaining('self-signed certificate'),
    });
    expect(await verifyServer({ ...conn(implicit, 'tls'), tlsRejectUnauthorized: true })).toEqual({
      ok: false,
      kind: 'other',
      answer: expect.stringContaining('self-signed certificate'),
    });
  });

  it('STARTTLS required but refused, implicit TLS on a plain server: the reasons', async () => {
    expect(await verifyServer({ ...conn(starttls, 'starttls'), port: smtp.port })).toEqual({
      ok: false,
      kind: 'other',
      answer: '500 Error: command not recognized',
    });
    expect(await verifyServer({ ...conn(implicit, 'tls'), port: smtp.port })).toEqual({
      ok: false,
      kind: 'unreadable',
      answer: 'no TLS on this port: wrong version number',
    });
  });
});

describe('HTTP (node:http)', () => {
  const conn = (): ServerConnection => ({ type: 'HTTP', host: http.host, port: http.port, ...short });

  it('answers with the status line and the server header', async () => {
    http.respond = () => ({ status: 200, body: 'ok' });
    expect(await verifyServer(conn())).toEqual({ ok: true, answer: 'HTTP/1.1 200 OK (kanban-test-http)' });
    expect(http.requests.at(-1)).toMatchObject({ method: 'HEAD', url: '/' });
  });

  it('sends the user and password as basic auth; 401 is auth', async () => {
    http.respond = (req) =>
      req.headers.authorization === `Basic ${Buffer.from('edi:pw').toString('base64')}`
        ? { status: 204 }
        : { status: 401, body: 'who are you' };
    expect(await verifyServer({ ...conn(), user: 'edi', password: 'pw' })).toMatchObject({
      ok: true,
      answer: 'HTTP/1.1 204 No Content (kanban-test-http)',
    });
    expect(await verifyServer({ ...conn(), user: 'edi', password: 'nope' })).toEqual({
      ok: false,
      kind: 'auth',
      answer: 'HTTP/1.1 401 Unauthorized (kanban-test-http)',
    });
  });

  it('falls back to GET when HEAD is not allowed; 5xx is the server failing', async () => {
    http.respond = (req) =>
      req.method === 'HEAD' ? { status: 405 } : { status: 503, body: 'maintenance until 6' };
    expect(await verifyServer(conn())).toEqual({
      ok: false,
      kind: 'other',
      answer: 'HTTP/1.1 503 Service Unavailable (kanban-test-http) : maintenance until 6',
    });
    expect(http.requests.slice(-2).map((r) => r.method)).toEqual(['HEAD', 'GET']);
  });

  it('reports a closed port as unreachable and an SSH server as unreadable', async () => {
    expect(await verifyServer({ ...conn(), port: closedPort })).toMatchObject({
      ok: false,
      kind: 'unreachable',
    });
    expect(await verifyServer({ ...conn(), port: sftp.port })).toEqual({
      ok: false,
      kind: 'unreadable',
      answer: expect.stringMatching(/^not an HTTP server: SSH-2\.0-OpenSSH_/),
    });
  });
});

describe('HTTPS (node:https, self-signed certificate)', () => {
  let https: HttpTestServer;
  beforeAll(async () => {
    https = await startHttpServer({ tls: true });
  });
  afterAll(async () => {
    await https?.stop();
  });

  it('verifies with certificate checks off, refuses the certificate with them on', async () => {
    const conn: ServerConnection = { type: 'HTTPS', host: https.host, port: https.port, ...short };
    expect(await verifyServer({ ...conn, tlsRejectUnauthorized: false })).toEqual({
      ok: true,
      answer: 'HTTP/1.1 201 Created (kanban-test-http)',
    });
    expect(await verifyServer(conn)).toEqual({ ok: false, kind: 'other', answer: 'self-signed certificate' });
    // plain HTTP on the HTTPS port: the TLS server hangs up without an answer
    expect(await verifyServer({ ...conn, type: 'HTTP' })).toEqual({
      ok: false,
      kind: 'unreachable',
      answer: 'socket hang up',
    });
  });

  it('postHttp over HTTPS: delivered with checks off, the certificate refused (not retried) with them on', async () => {
    const conn: ServerConnection = { type: 'HTTPS', host: https.host, port: https.port, ...short };
    const post = { path: '/orders', body: '{}', contentType: 'application/json', idempotencyKey: 'tls-1' };
    expect(await postHttp({ ...conn, tlsRejectUnauthorized: false }, post)).toMatchObject({ ok: true });
    expect(await postHttp(conn, post)).toEqual({
      ok: false,
      kind: 'other',
      retryable: false,
      answer: 'self-signed certificate',
    });
    expect(https.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(https.requests.find((r) => r.method === 'POST')?.headers['idempotency-key']).toBe('tls-1');
  });
});

describe('before any network step', () => {
  it('refuses an empty host or a port out of range', async () => {
    expect(await verifyServer({ type: 'SFTP', host: '', port: 22 })).toEqual({
      ok: false,
      kind: 'other',
      answer: 'host missing or invalid',
    });
    expect(await verifyServer({ type: 'FTP', host: 'ftp.example.com', port: 70000 })).toEqual({
      ok: false,
      kind: 'other',
      answer: 'port 70000 is not 1-65535',
    });
  });
});
