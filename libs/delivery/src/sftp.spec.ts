// Uploads to Debian's OpenSSH (internal-sftp in a chroot), started by the test on a free loopback port.
import { chown, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { type SftpTestServer, startSftpServer, watchFolder } from '@kanban/testing';
import { openFileTarget, type ServerConnection, uploadFile } from './index';

jest.setTimeout(60_000);

let sftp: SftpTestServer;
beforeAll(async () => {
  sftp = await startSftpServer();
});
afterAll(async () => {
  await sftp?.stop();
});

const conn = (): ServerConnection => ({
  type: 'SFTP',
  host: sftp.host,
  port: sftp.port,
  user: sftp.user,
  privateKey: sftp.privateKey,
  timeoutMs: 5_000,
});
/** ISO-8859-1 bytes with CRLF line breaks, as a file template in that encoding renders them */
const latin1Crlf = Buffer.from(
  'Bestellnr;Artikel;Menge\r\n4711;Schraube M6 \xd8 6 mm, \xe4\xf6\xfc\xdf;100\r\n4712;"Mutter; verzinkt";50\r\n',
  'latin1',
);
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

describe('uploadFile over SFTP', () => {
  it('delivers the exact bytes under the final name, written under a temporary name and renamed', async () => {
    const watcher = watchFolder(sftp.localPath('.'));
    try {
      const result = await uploadFile(conn(), {
        path: '.',
        fileName: 'order-1001-v1.csv',
        content: latin1Crlf,
      });
      expect(result).toEqual({
        ok: true,
        retryable: false,
        answer: expect.stringMatching(/^SSH-2\.0-OpenSSH.*order-1001-v1\.csv \(\d+ bytes\)$/),
      });
      await settle();
    } finally {
      watcher.close();
    }
    expect(await readFile(sftp.localPath('order-1001-v1.csv'))).toEqual(latin1Crlf);
    const events = watcher.events;
    const temp = events.find((e) => /^\.order-1001-v1\.csv\.[0-9a-f]{8}\.part$/.test(e.name));
    expect(temp).toBeDefined();
    // the bytes were written to the temporary file; the final name only appeared (rename), never written to
    expect(events.some((e) => e.name === temp!.name && e.event === 'change')).toBe(true);
    expect(events.filter((e) => e.name === 'order-1001-v1.csv')).toEqual([
      { event: 'rename', name: 'order-1001-v1.csv' },
    ]);
    expect((await readdir(sftp.localPath('.'))).filter((n) => n.endsWith('.part'))).toEqual([]);
  });

  it('a repeated upload with the same name delivers once: the file stays untouched', async () => {
    const upload = { path: '/upload', fileName: 'order-1002-v1.csv', content: latin1Crlf };
    expect(await uploadFile(conn(), upload)).toMatchObject({ ok: true });
    const before = await stat(sftp.localPath('order-1002-v1.csv'));
    const watcher = watchFolder(sftp.localPath('.'));
    const again = await uploadFile({ ...conn(), privateKey: undefined, password: sftp.password }, upload);
    await settle();
    watcher.close();
    expect(again).toEqual({
      ok: true,
      retryable: false,
      alreadyDelivered: true,
      answer: expect.stringContaining('/upload/order-1002-v1.csv already delivered'),
    });
    expect(watcher.events).toEqual([]);
    expect((await stat(sftp.localPath('order-1002-v1.csv'))).mtimeMs).toBe(before.mtimeMs);
  });

  it('two attempts at once deliver one file: the rename of the second finds the first one', async () => {
    const upload = { path: '.', fileName: 'order-1003-v1.csv', content: latin1Crlf };
    const results = await Promise.all([
      uploadFile(conn(), upload),
      uploadFile(conn(), upload),
      uploadFile(conn(), upload),
    ]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.ok && !r.alreadyDelivered)).toHaveLength(1);
    expect(await readFile(sftp.localPath('order-1003-v1.csv'))).toEqual(latin1Crlf);
    expect((await readdir(sftp.localPath('.'))).filter((n) => n.includes('order-1003'))).toEqual([
      'order-1003-v1.csv',
    ]);
  });

  it('a file of another size under the final name is left alone and reported, not retried', async () => {
    const upload = { path: '.', fileName: 'order-1004-v1.csv', content: latin1Crlf };
    const local = sftp.localPath('order-1004-v1.csv');
    await writeFile(local, 'edited by the supplier\n');
    const owner = await stat(sftp.localPath('.'));
    await chown(local, owner.uid, owner.gid);
    expect(await uploadFile(conn(), upload)).toEqual({
      ok: false,
      kind: 'other',
      retryable: false,
      answer: expect.stringContaining(
        `exists with 23 bytes, this delivery has ${latin1Crlf.length}: not replaced`,
      ),
    });
    expect(await readFile(local, 'utf8')).toBe('edited by the supplier\n');
  });

  it('a folder that does not exist is a permanent failure with the server words', async () => {
    const result = await uploadFile(conn(), {
      path: 'no-such-folder',
      fileName: 'order-1005-v1.csv',
      content: latin1Crlf,
    });
    expect(result).toEqual({
      ok: false,
      kind: 'other',
      retryable: false,
      answer: expect.stringMatching(/^SSH-2\.0-OpenSSH.*no-such-folder.*No such file/),
    });
  });

  it('a refused key is auth and not retried; a file name with a slash is refused before connecting', async () => {
    expect(
      await uploadFile(
        { ...conn(), privateKey: undefined, password: 'wrong' },
        { path: '.', fileName: 'x.csv', content: latin1Crlf },
      ),
    ).toMatchObject({ ok: false, kind: 'auth', retryable: false });
    expect(await uploadFile(conn(), { path: '.', fileName: '../x.csv', content: latin1Crlf })).toMatchObject({
      ok: false,
      kind: 'other',
      retryable: false,
    });
  });

  it('while the server is down: unreachable and retryable; once it is back the file arrives once', async () => {
    const upload = { path: '.', fileName: 'order-1006-v1.csv', content: latin1Crlf };
    await sftp.down();
    try {
      expect(await uploadFile(conn(), upload)).toEqual({
        ok: false,
        kind: 'unreachable',
        retryable: true,
        answer: expect.stringContaining('ECONNREFUSED'),
      });
    } finally {
      await sftp.up();
    }
    expect(await uploadFile(conn(), upload)).toMatchObject({ ok: true });
    expect(await uploadFile(conn(), upload)).toMatchObject({ ok: true, alreadyDelivered: true });
    expect(await readFile(sftp.localPath('order-1006-v1.csv'))).toEqual(latin1Crlf);
  });

  it('a server that stops answering mid-session fails the request in time (unreachable, retryable), nothing lands', async () => {
    const opened = await openFileTarget({ ...conn(), timeoutMs: 1_000 });
    if (!opened.ok) throw new Error(opened.answer);
    await settle();
    // the session's process (sshd: "User child is on pid N"), frozen with SIGSTOP
    const pid = Number([...sftp.log().matchAll(/User child is on pid (\d+)/g)].at(-1)![1]);
    process.kill(pid, 'SIGSTOP');
    try {
      const started = Date.now();
      const result = await opened.target.upload({
        path: '.',
        fileName: 'order-1007-v1.csv',
        content: latin1Crlf,
      });
      expect(result).toEqual({
        ok: false,
        kind: 'unreachable',
        retryable: true,
        answer: expect.stringMatching(
          /^SSH-2\.0-OpenSSH.*: stat order-1007-v1\.csv: no answer within 1000 ms$/,
        ),
      });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      process.kill(pid, 'SIGCONT');
      await opened.target.close();
    }
    await settle();
    expect((await readdir(sftp.localPath('.'))).filter((n) => n.includes('order-1007'))).toEqual([]);
  });

  it('one connection for several uploads (openFileTarget)', async () => {
    const logins = () => sftp.log().split('Accepted publickey').length - 1;
    const before = logins();
    const opened = await openFileTarget(conn());
    if (!opened.ok) throw new Error(opened.answer);
    const names = Array.from({ length: 20 }, (_, i) => `batch-${i}.txt`);
    const results = await Promise.all(
      names.map((fileName, i) =>
        opened.target.upload({ path: '.', fileName, content: Buffer.from(`line ${i}\r\n`) }),
      ),
    );
    await opened.target.close();
    expect(results.every((r) => r.ok && !r.alreadyDelivered)).toBe(true);
    for (const [i, name] of names.entries())
      expect(await readFile(sftp.localPath(name), 'latin1')).toBe(`line ${i}\r\n`);
    await settle();
    // one login for the batch
    expect(logins() - before).toBe(1);
  });
});
