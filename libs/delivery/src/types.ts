/** The kinds of outside servers the notifications talk to (issue 18: SMTP, SFTP, FTP(S), HTTP(S), IMAP for answer mails). */
export type ServerType = 'SMTP' | 'SFTP' | 'FTP' | 'FTPS' | 'HTTP' | 'HTTPS' | 'IMAP';

/** SSH algorithm lists for old servers, passed to ssh2 as they are (each replaces ssh2's default offer). */
export interface SshAlgorithms {
  kex?: string[];
  cipher?: string[];
  serverHostKey?: string[];
  hmac?: string[];
}

/** How to reach one server: what the notifications service decrypts from its stored server before a call. */
export interface ServerConnection {
  type: ServerType;
  host: string;
  port: number;
  user?: string;
  password?: string;
  /** SFTP: a private key in OpenSSH or PEM form */
  privateKey?: string;
  passphrase?: string;
  /**
   * SMTP: 'tls' = implicit TLS (port 465), 'starttls' = STARTTLS required, 'none' = plain (STARTTLS never tried). Default: STARTTLS when offered.
   * IMAP alike ('tls' port 993; 'none' only to a loopback host); default TLS on port 993, else STARTTLS required.
   */
  smtpSecurity?: 'none' | 'starttls' | 'tls';
  sshAlgorithms?: SshAlgorithms;
  /** TLS (SMTP, FTPS, HTTPS, IMAP): false accepts self-signed certificates. Default true. */
  tlsRejectUnauthorized?: boolean;
  /** per step (connect, greeting, each command); default 15 s */
  timeoutMs?: number;
}

/**
 * Why a call failed. 'auth': the server refused the login (journal 2004); 'unreadable': the server answered something
 * that is not its protocol (journal 2003); 'unreachable': refused connection, timeout, unknown host; 'other': the
 * server understood and said no (its answer says why).
 */
export type FailureKind = 'auth' | 'unreadable' | 'unreachable' | 'other';

/** `answer` is the server's own words where it said any (error 1056 shows them), else the local error's message. */
export type VerifyResult = { ok: true; answer: string } | { ok: false; answer: string; kind: FailureKind };

/**
 * The outcome of one delivery attempt. `retryable` tells whether another attempt may succeed (a transient failure)
 * or is pointless (a permanent refusal). `alreadyDelivered`: the target already held this delivery (a retry after a
 * crash), nothing was sent again.
 */
export type DeliveryResult =
  | { ok: true; answer: string; retryable: false; alreadyDelivered?: boolean }
  | { ok: false; answer: string; kind: FailureKind; retryable: boolean };

export const DEFAULT_TIMEOUT_MS = 15_000;

export function timeoutOf(conn: ServerConnection): number {
  return conn.timeoutMs && conn.timeoutMs > 0 ? conn.timeoutMs : DEFAULT_TIMEOUT_MS;
}
