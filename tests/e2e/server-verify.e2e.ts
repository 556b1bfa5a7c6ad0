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
import { login, meta, ok, startSystem, type TestSystem } from '../support/system';

jest.setTimeout(240_000);

/**
 * GET server/{id}/verify against real servers on loopback (libs/testing/src/delivery-servers.ts): Debian's OpenSSH
 * sshd and vsftpd, smtp-server, node:http. The stored (encrypted) secrets are opened by the notifications service and
 * the server's own words come back: 200 when the sign-in works, 1056 with the server's message when not.
 */
let system: TestSystem;
let company: number;
let token: string;
let sftp: SftpTestServer;
let ftp: FtpTestServer;
let ftps: FtpTestServer;
let smtp: SmtpTestServer;
let http: HttpTestServer;
const SMTP_USER = 'orders@example.com';
const SMTP_PASSWORD = 'S3cret; "Ü" 📧';

beforeAll(async () => {
  [sftp, ftp, ftps, smtp, http] = await Promise.all([
    startSftpServer(),
    startFtpServer(),
    startFtpServer({ tls: true }),
    startSmtpServer({ auth: { user: SMTP_USER, password: SMTP_PASSWORD } }),
    startHttpServer(),
  ]);
  system = await startSystem();
  token = (await login(system, 'writer@demo.example')).token;
  company = (await system.api.get('/company', token)).body.Data[0].id;
});

afterAll(async () => {
  await system?.close();
  await Promise.all([sftp?.stop(), ftp?.stop(), ftps?.stop(), smtp?.stop(), http?.stop()]);
});

const base = () => `/c/${company}/server`;
async function server(body: Record<string, unknown>): Promise<number> {
  return (ok(await system.api.post(`${base()}/`, body, token)) as { id: number }).id;
}
const verify = (id: number) => system.api.get(`${base()}/${id}/verify`, token);

describe('server verify', () => {
  it('SFTP: signs in with the stored private key and with the password; a wrong password is 1056 with the server ident', async () => {
    const byKey = await server({ name: 'SFTP Schlüssel', type: 'SFTP', host: sftp.host, port: sftp.port, user: sftp.user, private_key: sftp.privateKey });
    const answer = await verify(byKey);
    expect(answer.status).toBe(200);
    expect(ok(answer)).toEqual({ ok: true, message: expect.stringMatching(/^SSH-2\.0-OpenSSH_\S+.*host key SHA256:\S+; directory \/upload$/) });

    const byPassword = await server({ name: 'SFTP Passwort', type: 'SFTP', host: sftp.host, port: sftp.port, user: sftp.user, password: sftp.password });
    expect(ok(await verify(byPassword)).message).toContain('directory /upload');
    ok(await system.api.patch(`${base()}/${byPassword}`, { password: 'wrong' }, token));
    const refused = await verify(byPassword);
    expect([refused.status, meta(refused).code]).toEqual([502, 1056]);
    expect(meta(refused).message).toMatch(/^SSH-2\.0-OpenSSH.*authentication methods failed/);
    expect(refused.body.Data).toMatchObject({ kind: 'auth' });

    // an old server's algorithms only: this server offers no diffie-hellman-group1-sha1, and says so
    ok(await system.api.patch(`${base()}/${byKey}`, { ssh_algorithms: { kex: ['diffie-hellman-group1-sha1'] } }, token));
    const handshake = await verify(byKey);
    expect([meta(handshake).code, handshake.body.Data?.kind]).toEqual([1056, 'other']);
    expect(meta(handshake).message).toMatch(/key exchange/i);
    ok(await system.api.patch(`${base()}/${byKey}`, { ssh_algorithms: { kex: ['curve25519-sha256'], cipher: ['aes256-ctr'] } }, token));
    expect(ok(await verify(byKey)).ok).toBe(true);
  });

  it('SMTP: the greeting and the login reply; a refused login is 1056 with the server reply', async () => {
    const id = await server({ name: 'Mail', type: 'SMTP', host: smtp.host, port: smtp.port, smtp_security: 'none', user: SMTP_USER, password: SMTP_PASSWORD });
    expect(ok(await verify(id))).toEqual({ ok: true, message: '220 kanban-test-smtp ESMTP kanban test SMTP ready / 235 Authentication successful' });
    ok(await system.api.patch(`${base()}/${id}`, { password: 'nope' }, token));
    const refused = await verify(id);
    expect([meta(refused).code, meta(refused).message, refused.body.Data?.kind]).toEqual([1056, '535 Invalid username or password', 'auth']);
  });

  it('FTP and FTPS: greeting and directory; a self-signed certificate only with tls_verify false', async () => {
    const plain = await server({ name: 'FTP', type: 'FTP', host: ftp.host, port: ftp.port, user: ftp.user, password: ftp.password });
    expect(ok(await verify(plain)).message).toMatch(/^220 \(vsFTPd [\d.]+\); directory \/$/);
    const secure = await server({ name: 'FTPS', type: 'FTPS', host: ftps.host, port: ftps.port, user: ftps.user, password: ftps.password });
    const checked = await verify(secure);
    expect([meta(checked).code, meta(checked).message]).toEqual([1056, expect.stringContaining('self-signed certificate')]);
    ok(await system.api.patch(`${base()}/${secure}`, { tls_verify: false }, token));
    expect(ok(await verify(secure)).message).toContain('vsFTPd');
  });

  it('HTTP: the status line with basic auth; a closed port and another protocol are 1056 with what happened', async () => {
    http.respond = (req) => (req.headers.authorization === `Basic ${Buffer.from('edi:pw').toString('base64')}` ? { status: 204 } : { status: 401, body: 'who are you' });
    const id = await server({ name: 'EDI', type: 'HTTP', host: http.host, port: http.port, user: 'edi', password: 'pw' });
    expect(ok(await verify(id)).message).toBe('HTTP/1.1 204 No Content (kanban-test-http)');
    ok(await system.api.patch(`${base()}/${id}`, { password: 'bad' }, token));
    expect(meta(await verify(id))).toMatchObject({ code: 1056, message: 'HTTP/1.1 401 Unauthorized (kanban-test-http)' });

    const closed = await server({ name: 'Zu', type: 'HTTP', host: '127.0.0.1', port: 1 });
    const unreachable = await verify(closed);
    expect([meta(unreachable).code, unreachable.body.Data?.kind]).toEqual([1056, 'unreachable']);
    expect(meta(unreachable).message).toContain('ECONNREFUSED');
    const wrong = await server({ name: 'Falsches Protokoll', type: 'FTP', host: sftp.host, port: sftp.port, user: 'x', password: 'y' });
    expect(meta(await verify(wrong))).toMatchObject({ code: 1056, message: expect.stringContaining('not an FTP server: SSH-2.0-OpenSSH') });
  });

  it('is refused to readers and answers 404 for an unknown server', async () => {
    const reader = (await login(system, 'readonly@demo.example')).token;
    const id = await server({ name: 'Leser', type: 'HTTP', host: http.host, port: http.port });
    expect(meta(await system.api.get(`${base()}/${id}/verify`, reader)).code).toBe(1020);
    expect(meta(await verify(999_999)).code).toBe(404);
  });
});
