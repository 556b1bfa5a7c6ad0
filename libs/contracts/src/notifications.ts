import type { ListQuery } from './identity';

/** Request/reply subjects of the notifications service (apps/notifications; docs/notifications.md). */
export const NotificationsSubjects = {
  health: 'notifications.health',
} as const;

/** The company's outside servers (SMTP, SFTP, FTP(S), HTTP(S)) that notifications and imports deliver to or fetch from. */
export const ServerSubjects = {
  list: 'notifications.server.list',
  get: 'notifications.server.get',
  create: 'notifications.server.create',
  update: 'notifications.server.update',
  delete: 'notifications.server.delete',
  /** connects and signs in, answering the server's own greeting (or 1056 with its own message) */
  verify: 'notifications.server.verify',
} as const;

/** The kinds of server (spec 3 "Server: type"); IMAP: a mailbox the answer mails of e-mail rules are read from (issue 18 item 5). */
export const SERVER_TYPES = ['SMTP', 'SFTP', 'FTP', 'FTPS', 'HTTP', 'HTTPS', 'IMAP'] as const;
export type ServerType = (typeof SERVER_TYPES)[number];

/**
 * How an SMTP or IMAP server is reached: plain, upgraded with STARTTLS, or TLS from the first byte (implicit: SMTP port
 * 465, IMAP 993). Plain IMAP only to a server on this machine (loopback).
 */
export const SMTP_SECURITIES = ['none', 'starttls', 'tls'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITIES)[number];

/** The port a server type listens on unless one is given (SMTP by its security: 25, 587, 465; IMAP 143, 993). */
export function defaultServerPort(type: ServerType, security: SmtpSecurity | null = null): number {
  switch (type) {
    case 'SMTP':
      return security === 'tls' ? 465 : security === 'starttls' ? 587 : 25;
    case 'SFTP':
      return 22;
    case 'FTP':
    case 'FTPS':
      return 21;
    case 'HTTP':
      return 80;
    case 'HTTPS':
      return 443;
    case 'IMAP':
      return security === 'tls' ? 993 : 143;
  }
}

/**
 * SSH algorithms for old SFTP servers (e.g. `diffie-hellman-group1-sha1`, `ssh-rsa`, `aes128-cbc`, `hmac-sha1`): a
 * list given is what the connection offers of that kind instead of the current defaults; a kind left out keeps the
 * defaults. Each list at most SSH_ALGORITHMS_MAX names of SSH_ALGORITHM_PATTERN.
 */
export interface SshAlgorithms {
  kex?: string[];
  cipher?: string[];
  host_key?: string[];
  hmac?: string[];
}
export const SSH_ALGORITHM_KINDS = ['kex', 'cipher', 'host_key', 'hmac'] as const;
export const SSH_ALGORITHM_PATTERN = /^[A-Za-z0-9@.+_-]{1,100}$/;
export const SSH_ALGORITHMS_MAX = 20;

/** Text limits of a server's fields (the gateway's DTO and the service check the same). */
export const SERVER_LIMITS = {
  name: 200,
  host: 253,
  user: 200,
  password: 1000,
  /** a PEM or OpenSSH private key */
  private_key: 16_384,
  passphrase: 1000,
} as const;

export const SERVER_SORTS = ['name', 'type', 'host', 'updated_at'] as const;
export type ServerSort = (typeof SERVER_SORTS)[number];

/**
 * A server as the calls answer it: never its secrets, only whether they are set. `smtp_security` is set for SMTP
 * and IMAP servers only, `ssh_algorithms` for SFTP only (null otherwise).
 */
export interface ServerDto {
  id: number;
  name: string;
  type: ServerType;
  host: string;
  port: number;
  user: string;
  has_password: boolean;
  has_private_key: boolean;
  has_passphrase: boolean;
  smtp_security: SmtpSecurity | null;
  ssh_algorithms: SshAlgorithms | null;
  /** SMTP, FTPS, HTTPS: whether the server's TLS certificate is checked (false accepts a self-signed one) */
  tls_verify: boolean;
  created_at: string;
  updated_at: string;
}

/**
 * What create and update take. On update an absent field keeps its value; for the secrets (`password`,
 * `private_key`, `passphrase`) null or '' clears them.
 */
export interface ServerInput {
  name?: string;
  type?: ServerType;
  host?: string;
  port?: number;
  user?: string;
  password?: string | null;
  private_key?: string | null;
  passphrase?: string | null;
  smtp_security?: SmtpSecurity | null;
  ssh_algorithms?: SshAlgorithms | null;
  tls_verify?: boolean;
}

export interface ServerListQuery extends ListQuery {
  type?: ServerType;
}

/** GET server/{id}/verify: the connection and sign-in worked; `message` is the server's own greeting or answer. */
export interface ServerVerifyResult {
  ok: true;
  message: string;
}
