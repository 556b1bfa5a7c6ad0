import { posix } from 'node:path';
import { Writable } from 'node:stream';
import type { FileEntry } from 'ssh2';
import { TransportFailure } from './classify';
import { ftpFailure, type FtpSession, isFtpReply, openFtp } from './ftp';
import { baseUrl, describe, exchange, failureOf } from './http';
import { imapFailure, imapFolder, openImap } from './imap';
import { call, openSftp, sftpCode, sftpFailure, type SshSession } from './sftp';
import type { FailureKind, ServerConnection } from './types';
import { connectionProblem } from './verify';

/** One file of a remote folder (hidden files, folders and links are left out). */
export interface RemoteFile {
  name: string;
  size: number;
}

/**
 * A folder on an SFTP or FTP(S) server, opened once (one login) to read the supplier's answers (issue 18 item 5):
 * list its files, read one, move one into a subfolder (made when missing) or remove it. An HTTP(S) server's "folder"
 * is one URL: `list` answers the one file its GET answers (named by the path's last part), `read` its body; it
 * cannot move or remove (`canMove` false). An IMAP server's folder is a mailbox (libs/delivery/src/imap.ts: each mail
 * one "file", read as its subject, text body and text attachments; moved = flagged \Seen and moved to a mailbox
 * folder). Each call rejects with a TransportFailure (kind and the server's words).
 */
export interface RemoteFolder {
  readonly canMove: boolean;
  list(): Promise<RemoteFile[]>;
  read(name: string): Promise<Buffer>;
  /** into `subfolder` (relative to the folder), under the same name; an existing file of that name there is replaced (FTP) or kept beside with a suffix (SFTP) */
  move(name: string, subfolder: string): Promise<void>;
  remove(name: string): Promise<void>;
  close(): Promise<void>;
}

export type OpenFolderResult =
  { ok: true; folder: RemoteFolder } | { ok: false; answer: string; kind: FailureKind };

/** Files larger than this are not read (a response is a small text): 10 MiB. */
export const MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

/** A file name a folder listing may hand out: no slash, not hidden (temporary uploads start with a dot). */
function plainName(name: string): boolean {
  return !!name && !name.startsWith('.') && !/[/\\]/.test(name);
}

function folderPath(path: string): string {
  const trimmed = path.trim();
  return trimmed === '' ? '.' : trimmed.replace(/\/+$/, '') || '/';
}

/** Opens `path` on the server (login once). Never throws. */
export async function openFolder(conn: ServerConnection, path: string): Promise<OpenFolderResult> {
  const problem = connectionProblem(conn);
  if (problem) return { ok: false, answer: problem, kind: 'other' };
  try {
    switch (conn.type) {
      case 'SFTP':
        return { ok: true, folder: sftpFolder(await openSftp(conn), folderPath(path)) };
      case 'FTP':
      case 'FTPS':
        return { ok: true, folder: await ftpFolder(await openFtp(conn), folderPath(path)) };
      case 'HTTP':
      case 'HTTPS':
        return { ok: true, folder: httpFolder(conn, path) };
      case 'IMAP':
        return { ok: true, folder: await imapFolder(await openImap(conn), path, MAX_RESPONSE_BYTES) };
      case 'SMTP':
      default:
        return {
          ok: false,
          answer: `a ${String(conn.type)} server holds no files: choose an SFTP, FTP, HTTP or IMAP server`,
          kind: 'other',
        };
    }
  } catch (error) {
    const failure =
      error instanceof TransportFailure
        ? error
        : conn.type === 'SFTP'
          ? sftpFailure(error, '', 'connect')
          : conn.type === 'IMAP'
            ? imapFailure(error, 'login')
            : ftpFailure(error, '', 'login', '');
    return { ok: false, answer: failure.answer, kind: failure.kind };
  }
}

function sftpFolder(session: SshSession, dir: string): RemoteFolder {
  const sftp = session.sftp;
  const at = (name: string) => posix.join(dir, name);
  const wrap = async <T>(step: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw sftpFailure(error, session.ident, step);
    }
  };
  return {
    canMove: true,
    list: () =>
      wrap(`readdir ${dir}`, async () => {
        const entries = await call<FileEntry[]>(session, (done) => sftp.readdir(dir, done));
        return entries
          .filter((e) => plainName(e.filename) && (e.attrs.mode & 0o170000) === 0o100000)
          .map((e) => ({ name: e.filename, size: e.attrs.size }))
          .sort((a, b) => a.name.localeCompare(b.name));
      }),
    read: (name) =>
      wrap(`read ${at(name)}`, async () => {
        const content = await call<Buffer>(
          session,
          (done) => sftp.readFile(at(name), done),
          session.timeout + MAX_RESPONSE_BYTES / 10,
        );
        return content;
      }),
    move: (name, subfolder) =>
      wrap(`rename ${at(name)} to ${posix.join(dir, subfolder, name)}`, async () => {
        const target = posix.join(dir, subfolder);
        await call<void>(session, (done) => sftp.mkdir(target, done)).catch((error: unknown) => {
          // 4 failure: OpenSSH's answer for a folder that exists
          if (sftpCode(error) !== 4) throw error;
        });
        try {
          await call<void>(session, (done) => sftp.rename(at(name), posix.join(target, name), done));
        } catch (error) {
          // a file of that name is there already (SFTP's rename does not replace): keep both
          if (sftpCode(error) !== 4) throw error;
          await call<void>(session, (done) =>
            sftp.rename(at(name), posix.join(target, `${name}.${Date.now()}`), done),
          );
        }
      }),
    remove: (name) =>
      wrap(`remove ${at(name)}`, () => call<void>(session, (done) => sftp.unlink(at(name), done))),
    close: async () => {
      session.client.end();
    },
  };
}

async function ftpFolder(session: FtpSession, dir: string): Promise<RemoteFolder> {
  const client = session.client;
  const at = (name: string) => (dir === '.' ? name : `${dir}/${name}`);
  const wrap = async <T>(step: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw ftpFailure(error, session.welcome, step, '220');
    }
  };
  return {
    canMove: true,
    list: () =>
      wrap(`LIST ${dir}`, async () => {
        // vsftpd lists a missing folder as empty: CWD into it first (550 when it is not there), then back
        const home = await client.pwd();
        if (dir !== '.') await client.cd(dir);
        const entries = await client.list();
        await client.cd(home);
        return entries
          .filter((e) => e.isFile && plainName(e.name))
          .map((e) => ({ name: e.name, size: e.size }))
          .sort((a, b) => a.name.localeCompare(b.name));
      }),
    read: (name) =>
      wrap(`RETR ${at(name)}`, async () => {
        const chunks: Buffer[] = [];
        let size = 0;
        const sink = new Writable({
          write(chunk: Buffer, _encoding, done) {
            size += chunk.length;
            if (size > MAX_RESPONSE_BYTES) done(new Error(`larger than ${MAX_RESPONSE_BYTES} bytes`));
            else {
              chunks.push(chunk);
              done();
            }
          },
        });
        await client.downloadTo(sink, at(name));
        return Buffer.concat(chunks);
      }),
    move: (name, subfolder) =>
      wrap(`RNFR ${at(name)} RNTO ${at(`${subfolder}/${name}`)}`, async () => {
        try {
          await client.send(`MKD ${at(subfolder)}`);
        } catch (error) {
          // 550: the folder exists (or cannot be made: the rename says so)
          if (!(isFtpReply(error) && error.code === 550)) throw error;
        }
        await client.rename(at(name), at(`${subfolder}/${name}`));
      }),
    remove: (name) => wrap(`DELE ${at(name)}`, async () => void (await client.remove(at(name)))),
    close: async () => {
      client.close();
    },
  };
}

function httpFolder(conn: ServerConnection, path: string): RemoteFolder {
  const url = new URL(path.trim() || '/', baseUrl(conn));
  const name = decodeURIComponent(url.pathname.split('/').filter(Boolean).pop() ?? '') || 'response';
  let fetched: Buffer | null = null;
  const get = async (): Promise<Buffer | null> => {
    let answer;
    try {
      answer = await exchange(url, 'GET', conn, { Accept: '*/*' }, undefined, MAX_RESPONSE_BYTES);
    } catch (error) {
      const failure = failureOf(error);
      throw new TransportFailure(failure.kind, failure.answer, failure.kind !== 'other');
    }
    if (answer.status === 204 || answer.status === 404) return null;
    if (answer.status === 401 || answer.status === 403)
      throw new TransportFailure('auth', describe(answer), false);
    if (answer.status < 200 || answer.status >= 300)
      throw new TransportFailure('other', describe(answer), answer.status >= 500);
    return answer.bytes;
  };
  return {
    canMove: false,
    list: async () => {
      fetched = await get();
      return fetched === null ? [] : [{ name, size: fetched.length }];
    },
    read: async () => {
      const body = fetched ?? (await get());
      fetched = null;
      if (body === null)
        throw new TransportFailure('other', `GET ${url.pathname}: no answer file (404)`, false);
      return body;
    },
    move: () => Promise.reject(new TransportFailure('other', 'an HTTP server cannot move its answer', false)),
    remove: () =>
      Promise.reject(new TransportFailure('other', 'an HTTP server cannot remove its answer', false)),
    close: async () => undefined,
  };
}
