import { openFtpTarget, uploadFtp, verifyFtp } from './ftp';
import { verifyHttp } from './http';
import { verifyImap } from './imap';
import { openSftpTarget, uploadSftp, verifySftp } from './sftp';
import { verifySmtp } from './smtp';
import { type DeliveryResult, type FailureKind, type ServerConnection, type VerifyResult } from './types';
import { type FileTarget, type Upload } from './upload-names';

/** What is wrong with a connection before any network step, or null. */
export function connectionProblem(conn: ServerConnection): string | null {
  if (!conn.host || /\s/.test(conn.host)) return 'host missing or invalid';
  if (!Number.isInteger(conn.port) || conn.port < 1 || conn.port > 65535)
    return `port ${conn.port} is not 1-65535`;
  return null;
}

/**
 * Connects to the server as its type says, logs in, and reports the server's own answer (greeting, identification,
 * status line): what error 1056 shows. Never throws.
 */
export async function verifyServer(conn: ServerConnection): Promise<VerifyResult> {
  const problem = connectionProblem(conn);
  if (problem) return { ok: false, answer: problem, kind: 'other' };
  switch (conn.type) {
    case 'SMTP':
      return verifySmtp(conn);
    case 'SFTP':
      return verifySftp(conn);
    case 'FTP':
    case 'FTPS':
      return verifyFtp(conn);
    case 'HTTP':
    case 'HTTPS':
      return verifyHttp(conn);
    case 'IMAP':
      return verifyImap(conn);
    default:
      return {
        ok: false,
        answer: `unknown server type ${String((conn as { type: unknown }).type)}`,
        kind: 'other',
      };
  }
}

/**
 * Puts one file on an SFTP or FTP(S) server: temporary name, then rename; a final file of the same size already there
 * counts as delivered (a retry after a crash never delivers twice). Never throws.
 */
function fileNameProblem(fileName: string): string | null {
  return !fileName || /[/\\]/.test(fileName) || fileName.startsWith('.')
    ? `file name "${fileName}" is empty, has a slash or starts with a dot`
    : null;
}

export async function uploadFile(conn: ServerConnection, upload: Upload): Promise<DeliveryResult> {
  const problem = connectionProblem(conn) ?? fileNameProblem(upload.fileName);
  if (problem) return { ok: false, answer: problem, kind: 'other', retryable: false };
  switch (conn.type) {
    case 'SFTP':
      return uploadSftp(conn, upload);
    case 'FTP':
    case 'FTPS':
      return uploadFtp(conn, upload);
    case 'SMTP':
    case 'IMAP':
    case 'HTTP':
    case 'HTTPS':
      return {
        ok: false,
        answer: `a ${conn.type} server takes no files: choose an SFTP or FTP server`,
        kind: 'other',
        retryable: false,
      };
    default:
      return {
        ok: false,
        answer: `unknown server type ${String((conn as { type: unknown }).type)}`,
        kind: 'other',
        retryable: false,
      };
  }
}

/**
 * One connection to an SFTP or FTP(S) server for several uploads (batches, the benchmark): login once, then `upload`
 * as uploadFile does, one file after another. Never throws.
 */
export async function openFileTarget(
  conn: ServerConnection,
): Promise<
  { ok: true; target: FileTarget } | { ok: false; answer: string; kind: FailureKind; retryable: boolean }
> {
  const problem = connectionProblem(conn);
  if (problem) return { ok: false, answer: problem, kind: 'other', retryable: false };
  const opened =
    conn.type === 'SFTP'
      ? await openSftpTarget(conn)
      : conn.type === 'FTP' || conn.type === 'FTPS'
        ? await openFtpTarget(conn)
        : null;
  if (!opened)
    return {
      ok: false,
      answer: `a ${conn.type} server takes no files: choose an SFTP or FTP server`,
      kind: 'other',
      retryable: false,
    };
  if (!opened.ok) return opened;
  const target = opened.target;
  return {
    ok: true,
    target: {
      upload: (upload) => {
        const bad = fileNameProblem(upload.fileName);
        return bad
          ? Promise.resolve({ ok: false, answer: bad, kind: 'other', retryable: false })
          : target.upload(upload);
      },
      close: () => target.close(),
    },
  };
}
