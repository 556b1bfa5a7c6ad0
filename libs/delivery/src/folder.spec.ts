// Reading a folder of answers (issue 18 item 5) on Debian's OpenSSH (internal-sftp) and vsftpd (FTP, FTPS), and an
// HTTP GET, all started by the test on free loopback ports.
import { chown, mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  ensureTransferUser,
  type FtpTestServer,
  type HttpTestServer,
  type SftpTestServer,
  startFtpServer,
  startHttpServer,
  startSftpServer,
} from '@kanban/testing';
import { openFolder, type ServerConnection } from './index';

jest.setTimeout(90_000);

let sftp: SftpTestServer;
let ftp: FtpTestServer;
let ftps: FtpTestServer;
let http: HttpTestServer;
beforeAll(async () => {
  [sftp, ftp, ftps, http] = await Promise.all([startSftpServer(), startFtpServer(), startFtpServer({ tls: true }), startHttpServer()]);
});
afterAll(async () => {
  await Promise.all([sftp?.stop(), ftp?.stop(), ftps?.stop(), http?.stop()]);
});

const latin1 = Buffer.from('4711;OK;PO-\xc4\xd6\xdc\r\n1;BE\r\n', 'latin1');

/** A file as the supplier's system would leave it: owned by the transfer user, so the server may move it. */
async function place(localFile: string, content: Buffer): Promise<void> {
  const { uid, gid } = await ensureTransferUser();
  await mkdir(path.dirname(localFile), { recursive: true });
  await writeFile(localFile, content);
  await chown(path.dirname(localFile), uid, gid);
  await chown(localFile, uid, gid);
}

describe.each([
  ['SFTP', () => ({ type: 'SFTP', host: sftp.host, port: sftp.port, user: sftp.user, privateKey: sftp.privateKey, timeoutMs: 5000 }) as ServerConnection, 'answers', (p: string) => sftp.localPath(p)],
  ['FTP', () => ({ type: 'FTP', host: ftp.host, port: ftp.port, user: ftp.user, password: ftp.password, timeoutMs: 5000 }) as ServerConnection, 'upload/answers', (p: string) => ftp.localPath(p)],
  ['FTPS', () => ({ type: 'FTPS', host: ftps.host, port: ftps.port, user: ftps.user, password: ftps.password, tlsRejectUnauthorized: false, timeoutMs: 5000 }) as ServerConnection, 'upload/answers', (p: string) => ftps.localPath(p)],
])('openFolder over %s', (_type, conn, dir, local) => {
  it('lists the plain files (not hidden ones, not folders), reads their bytes, moves one into done/ and removes one', async () => {
    await place(local(`${dir}/b_answer.txt`), latin1);
    await place(local(`${dir}/a_answer.txt`), Buffer.from('x'));
    await place(local(`${dir}/.upload.part`), Buffer.from('half'));
    await mkdir(local(`${dir}/sub`), { recursive: true });
    const opened = await openFolder(conn(), dir);
    if (!opened.ok) throw new Error(opened.answer);
    const folder = opened.folder;
    try {
      expect(await folder.list()).toEqual([
        { name: 'a_answer.txt', size: 1 },
        { name: 'b_answer.txt', size: latin1.length },
      ]);
      expect(Buffer.compare(await folder.read('b_answer.txt'), latin1)).toBe(0);
      await folder.move('b_answer.txt', 'done');
      await folder.remove('a_answer.txt');
      expect(await folder.list()).toEqual([]);
      // a second file of the same name into done/ (read again later) does not fail
      await place(local(`${dir}/b_answer.txt`), latin1);
      await folder.move('b_answer.txt', 'done');
    } finally {
      await folder.close();
    }
    expect((await readdir(local(`${dir}/done`))).some((f) => f.startsWith('b_answer.txt'))).toBe(true);
    expect(await readdir(local(dir))).toEqual(expect.arrayContaining(['.upload.part', 'done', 'sub']));
  });

  it('a folder that does not exist: the server says so when listed', async () => {
    const opened = await openFolder(conn(), `${dir}/missing`);
    if (!opened.ok) throw new Error(opened.answer);
    await expect(opened.folder.list()).rejects.toMatchObject({ kind: 'other' });
    await opened.folder.close();
  });
});

describe('openFolder: refusals', () => {
  it('a wrong password is auth (journal 2004); a closed port unreachable', async () => {
    expect(await openFolder({ type: 'FTP', host: ftp.host, port: ftp.port, user: ftp.user, password: 'wrong', timeoutMs: 5000 }, '')).toMatchObject({ ok: false, kind: 'auth' });
    expect(await openFolder({ type: 'SFTP', host: sftp.host, port: sftp.port, user: sftp.user, password: 'wrong', timeoutMs: 5000 }, '')).toMatchObject({ ok: false, kind: 'auth' });
    expect(await openFolder({ type: 'SFTP', host: '127.0.0.1', port: 1, user: 'x', password: 'y', timeoutMs: 2000 }, '')).toMatchObject({ ok: false, kind: 'unreachable' });
    expect(await openFolder({ type: 'SMTP', host: '127.0.0.1', port: 25 }, '')).toMatchObject({ ok: false, kind: 'other' });
  });
});

describe('openFolder over HTTP', () => {
  it("GETs the response path: one file named by the path's last part with the body's bytes; 404 none; 401 auth", async () => {
    http.respond = (request) =>
      request.url === '/answers/latest.txt' ? { status: 200, body: '4711;OK;PO-Ä' } : request.url === '/locked' ? { status: 401, body: 'no' } : { status: 404, body: 'nothing' };
    const conn: ServerConnection = { type: 'HTTP', host: http.host, port: http.port, timeoutMs: 5000 };
    const opened = await openFolder(conn, '/answers/latest.txt');
    if (!opened.ok) throw new Error(opened.answer);
    expect(opened.folder.canMove).toBe(false);
    expect(await opened.folder.list()).toEqual([{ name: 'latest.txt', size: Buffer.byteLength('4711;OK;PO-Ä') }]);
    expect((await opened.folder.read('latest.txt')).toString('utf8')).toBe('4711;OK;PO-Ä');
    expect(http.requests.filter((r) => r.url === '/answers/latest.txt')).toHaveLength(1);
    const none = await openFolder(conn, '/answers/none.txt');
    expect(none.ok && (await none.folder.list())).toEqual([]);
    const locked = await openFolder(conn, '/locked');
    if (!locked.ok) throw new Error(locked.answer);
    await expect(locked.folder.list()).rejects.toMatchObject({ kind: 'auth' });
  });
});
