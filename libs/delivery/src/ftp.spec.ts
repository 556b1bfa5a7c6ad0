// Uploads to Debian's vsftpd (plain FTP and explicit FTPS), started by the test on a free loopback port.
import { readdir, readFile, stat } from 'node:fs/promises';
import { type FtpTestServer, startFtpServer, watchFolder } from '@kanban/testing';
import { openFileTarget, type ServerConnection, uploadFile } from './index';

jest.setTimeout(60_000);

let ftp: FtpTestServer;
let ftps: FtpTestServer;
beforeAll(async () => {
  [ftp, ftps] = await Promise.all([startFtpServer(), startFtpServer({ tls: true })]);
});
afterAll(async () => {
  await Promise.all([ftp?.stop(), ftps?.stop()]);
});

const conn = (): ServerConnection => ({
  type: 'FTP',
  host: ftp.host,
  port: ftp.port,
  user: ftp.user,
  password: ftp.password,
  timeoutMs: 5_000,
});
const latin1Crlf = Buffer.from(
  'Bestellnr;Artikel;Menge\r\n4711;Schraube M6 \xd8 6 mm, \xe4\xf6\xfc\xdf;100\r\n4712;"Mutter; verzinkt";50\r\n',
  'latin1',
);
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

describe('uploadFile over FTP', () => {
  it('delivers the exact bytes (binary mode) under the final name: STOR of a temporary name, then RNFR/RNTO', async () => {
    const watcher = watchFolder(ftp.localPath('upload'));
    const before = (await ftp.commands()).length;
    try {
      const result = await uploadFile(conn(), {
        path: 'upload',
        fileName: 'order-2001-v1.csv',
        content: latin1Crlf,
      });
      expect(result).toEqual({
        ok: true,
        retryable: false,
        answer: expect.stringMatching(/^220 \(vsFTPd [\d.]+\): upload\/order-2001-v1\.csv \(\d+ bytes\)$/),
      });
      await settle();
    } finally {
      watcher.close();
    }
    expect(await readFile(ftp.localPath('upload/order-2001-v1.csv'))).toEqual(latin1Crlf);
    const commands = (await ftp.commands()).slice(before);
    const stor = commands.find((c) => c.startsWith('STOR '));
    expect(stor).toMatch(/^STOR upload\/\.order-2001-v1\.csv\.[0-9a-f]{8}\.part$/);
    const temp = stor!.slice('STOR '.length);
    expect(commands).toEqual(
      expect.arrayContaining(['TYPE I', `RNFR ${temp}`, 'RNTO upload/order-2001-v1.csv']),
    );
    expect(commands.indexOf(`RNFR ${temp}`)).toBeGreaterThan(commands.indexOf(stor!));
    expect(commands.some((c) => c === 'STOR upload/order-2001-v1.csv')).toBe(false);
    expect(watcher.events.filter((e) => e.name === 'order-2001-v1.csv')).toEqual([
      { event: 'rename', name: 'order-2001-v1.csv' },
    ]);
    expect((await readdir(ftp.localPath('upload'))).filter((n) => n.endsWith('.part'))).toEqual([]);
  });

  it('a repeated upload with the same name delivers once', async () => {
    const upload = { path: 'upload', fileName: 'order-2002-v1.csv', content: latin1Crlf };
    expect(await uploadFile(conn(), upload)).toMatchObject({ ok: true });
    const mtime = (await stat(ftp.localPath('upload/order-2002-v1.csv'))).mtimeMs;
    const before = (await ftp.commands()).length;
    expect(await uploadFile(conn(), upload)).toEqual({
      ok: true,
      retryable: false,
      alreadyDelivered: true,
      answer: expect.stringContaining('already delivered'),
    });
    expect((await ftp.commands()).slice(before).filter((c) => /^(STOR|RNFR|RNTO)/.test(c))).toEqual([]);
    expect((await stat(ftp.localPath('upload/order-2002-v1.csv'))).mtimeMs).toBe(mtime);
  });

  it('a refused login is auth; a folder that does not exist is permanent; a closed server is retryable', async () => {
    const upload = { path: 'upload', fileName: 'order-2003-v1.csv', content: latin1Crlf };
    expect(await uploadFile({ ...conn(), password: 'wrong' }, upload)).toEqual({
      ok: false,
      kind: 'auth',
      retryable: false,
      answer: expect.stringContaining('530 Login incorrect'),
    });
    expect(await uploadFile(conn(), { ...upload, path: 'missing' })).toEqual({
      ok: false,
      kind: 'other',
      retryable: false,
      answer: expect.stringMatching(/STOR missing\/\..*: 553 Could not create file/),
    });
    await ftp.down();
    try {
      expect(await uploadFile(conn(), upload)).toMatchObject({
        ok: false,
        kind: 'unreachable',
        retryable: true,
      });
    } finally {
      await ftp.up();
    }
    expect(await uploadFile(conn(), upload)).toMatchObject({ ok: true });
    expect(await readFile(ftp.localPath('upload/order-2003-v1.csv'))).toEqual(latin1Crlf);
  });

  it('FTPS: the same over explicit TLS (control and data encrypted)', async () => {
    const secure: ServerConnection = {
      ...conn(),
      type: 'FTPS',
      port: ftps.port,
      tlsRejectUnauthorized: false,
    };
    expect(
      await uploadFile(secure, { path: 'upload', fileName: 'order-2004-v1.csv', content: latin1Crlf }),
    ).toMatchObject({ ok: true });
    expect(await readFile(ftps.localPath('upload/order-2004-v1.csv'))).toEqual(latin1Crlf);
    const commands = await ftps.commands();
    expect(commands).toEqual(expect.arrayContaining(['AUTH TLS', 'PROT P']));
  });

  it('one connection for several uploads (openFileTarget)', async () => {
    const opened = await openFileTarget(conn());
    if (!opened.ok) throw new Error(opened.answer);
    const before = (await ftp.commands()).filter((c) => c.startsWith('USER')).length;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        opened.target.upload({
          path: 'upload',
          fileName: `batch-${i}.txt`,
          content: Buffer.from(`line ${i}\n`),
        }),
      ),
    );
    await opened.target.close();
    expect(results.every((r) => r.ok)).toBe(true);
    expect((await ftp.commands()).filter((c) => c.startsWith('USER')).length).toBe(before);
    expect(await readFile(ftp.localPath('upload/batch-9.txt'), 'latin1')).toBe('line 9\n');
  });
});
