import { verifyFtp, uploadFtp } from './ftp';
import { verifyHttp } from './http';
import { uploadSftp, verifySftp } from './sftp';
import { verifySmtp } from './smtp';
import { type DeliveryResult, type ServerConnection, type VerifyResult } from './types';
import { type Upload } from './upload-names';

/** What is wrong with a connection before any network step, or null. */
export function connectionProblem(conn: ServerConnection): string | null {
  if (!conn.host || /\s/.test(conn.host)) return 'host missing or invalid';
  if (!Number.isInteger(conn.port) || conn.port < 1 || conn.port > 65535) return `port ${conn.port} is not 1-65535`;
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
    default:
      return { ok: false, answer: `unknown server type ${String((conn as { type: unknown }).type)}`, kind: 'other' };
  }
}

/**
 * Puts one file on an SFTP or FTP(S) server: temporary name, then rename; a final file of the same size already there
 * counts as delivered (a retry after a crash never delivers twice). Never throws.
 */
export async function uploadFile(conn: ServerConnection, upload: Upload): Promise<DeliveryResult> {
  const problem = connectionProblem(conn) ?? (!upload.fileName || /[/\\]/.test(upload.fileName) || upload.fileName.startsWith('.') ? `file name "${upload.fileName}" is empty, has a slash or starts with a dot` : null);
  if (problem) return { ok: false, answer: problem, kind: 'other', retryable: false };
  switch (conn.type) {
    case 'SFTP':
      return uploadSftp(conn, upload);
    case 'FTP':
    case 'FTPS':
      return uploadFtp(conn, upload);
    case 'SMTP':
    case 'HTTP':
    case 'HTTPS':
      return { ok: false, answer: `a ${conn.type} server takes no files: choose an SFTP or FTP server`, kind: 'other', retryable: false };
    default:
      return { ok: false, answer: `unknown server type ${String((conn as { type: unknown }).type)}`, kind: 'other', retryable: false };
  }
}
