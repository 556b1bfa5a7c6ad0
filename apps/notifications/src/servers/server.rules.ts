import { isIP } from 'node:net';
import { AppError } from '@kanban/access';
import {
  defaultServerPort,
  SERVER_LIMITS,
  SERVER_TYPES,
  SMTP_SECURITIES,
  SSH_ALGORITHM_KINDS,
  SSH_ALGORITHM_PATTERN,
  SSH_ALGORITHMS_MAX,
  type ServerDto,
  type ServerInput,
  type ServerType,
  type SmtpSecurity,
  type SshAlgorithms,
} from '@kanban/contracts';
import type { Server } from './server.entity';

/** A host name of letters, digits and hyphens in dot-separated labels of at most 63 (RFC 1123), or an IP address. */
const HOST_LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;

export function validHost(host: string): boolean {
  if (host.length === 0 || host.length > SERVER_LIMITS.host) return false;
  if (isIP(host) !== 0) return true;
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  return name.split('.').every((label) => HOST_LABEL.test(label)) && !/^[0-9.]+$/.test(name);
}

const bad = AppError.validation;

function text(input: Record<string, unknown>, field: keyof typeof SERVER_LIMITS, options: { required?: boolean; trim?: boolean } = {}): string | undefined {
  const value = input[field];
  if (value === undefined) {
    if (options.required) throw bad(field, 'is required');
    return undefined;
  }
  if (typeof value !== 'string') throw bad(field, 'must be a text');
  const result = options.trim === false ? value : value.trim();
  if (result.length > SERVER_LIMITS[field]) throw bad(field, `must be at most ${SERVER_LIMITS[field]} characters`);
  return result;
}

/** A secret field: undefined keeps it, null or '' clears it, a text sets it (taken as sent, spaces included). */
function secret(input: Record<string, unknown>, field: 'password' | 'private_key' | 'passphrase'): string | null | undefined {
  const value = input[field];
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  return text(input, field, { trim: false });
}

function sshAlgorithms(value: unknown): SshAlgorithms | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) throw bad('ssh_algorithms', 'must be an object of lists (kex, cipher, host_key, hmac)');
  const result: SshAlgorithms = {};
  for (const [kind, list] of Object.entries(value as Record<string, unknown>)) {
    if (!(SSH_ALGORITHM_KINDS as readonly string[]).includes(kind)) throw bad(`ssh_algorithms.${kind}`, `is not one of ${SSH_ALGORITHM_KINDS.join(', ')}`);
    if (!Array.isArray(list) || list.length > SSH_ALGORITHMS_MAX) throw bad(`ssh_algorithms.${kind}`, `must be a list of at most ${SSH_ALGORITHMS_MAX} names`);
    const names: string[] = [];
    for (const name of list) {
      if (typeof name !== 'string' || !SSH_ALGORITHM_PATTERN.test(name)) throw bad(`ssh_algorithms.${kind}`, 'names are letters, digits and @ . + _ - (e.g. diffie-hellman-group1-sha1)');
      if (!names.includes(name)) names.push(name);
    }
    if (names.length > 0) result[kind as keyof SshAlgorithms] = names;
  }
  return Object.keys(result).length > 0 ? result : null;
}

/** The checked input, with `undefined` for what it leaves out (update: kept): the contract's fields. */
export type NormalizedServerInput = ServerInput;

/** Field by field checks of create (name, type and host required) and update (what is sent); 1000 naming the field. */
export function normalizeServerInput(raw: ServerInput, mode: 'create' | 'update'): NormalizedServerInput {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw bad('body', 'must be an object');
  const input = raw as Record<string, unknown>;
  const create = mode === 'create';
  const out: NormalizedServerInput = {};
  out.name = text(input, 'name', { required: create });
  if (out.name !== undefined && out.name.length === 0) throw bad('name', 'must not be empty');
  if (input.type !== undefined || create) {
    if (!(SERVER_TYPES as readonly unknown[]).includes(input.type)) throw bad('type', `must be one of ${SERVER_TYPES.join(', ')}`);
    out.type = input.type as ServerType;
  }
  out.host = text(input, 'host', { required: create });
  if (out.host !== undefined && !validHost(out.host)) throw bad('host', 'must be a host name or an IP address (no scheme, port or path)');
  if (input.port !== undefined && input.port !== null) {
    if (typeof input.port !== 'number' || !Number.isInteger(input.port) || input.port < 1 || input.port > 65535) throw bad('port', 'must be a whole number from 1 to 65535');
    out.port = input.port;
  }
  out.user = text(input, 'user');
  out.password = secret(input, 'password');
  out.private_key = secret(input, 'private_key');
  if (out.private_key) {
    const key = out.private_key.trim();
    if (!/^-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]+-----END [A-Z0-9 ]*PRIVATE KEY-----$/.test(key)) {
      throw bad('private_key', 'must be a private key in PEM or OpenSSH form (-----BEGIN … PRIVATE KEY-----)');
    }
    out.private_key = `${key}\n`;
  }
  out.passphrase = secret(input, 'passphrase');
  if (input.smtp_security !== undefined) {
    if (input.smtp_security !== null && !(SMTP_SECURITIES as readonly unknown[]).includes(input.smtp_security)) throw bad('smtp_security', `must be one of ${SMTP_SECURITIES.join(', ')}`);
    out.smtp_security = input.smtp_security as SmtpSecurity | null;
  }
  out.ssh_algorithms = sshAlgorithms(input.ssh_algorithms);
  if (input.tls_verify !== undefined) {
    if (typeof input.tls_verify !== 'boolean') throw bad('tls_verify', 'must be true or false');
    out.tls_verify = input.tls_verify;
  }
  return out;
}

/** The secrets as they will be after the change: set or not. */
export interface SecretState {
  password: boolean;
  privateKey: boolean;
  passphrase: boolean;
}

/**
 * Checks of the whole record once the input is applied (1000): a private key and a passphrase only for SFTP, a
 * passphrase only with a private key; SMTP security only for SMTP and IMAP, SSH algorithms only for SFTP.
 */
export function checkServer(server: Pick<Server, 'type' | 'smtpSecurity' | 'sshAlgorithms'>, secrets: SecretState): void {
  if (secrets.privateKey && server.type !== 'SFTP') throw bad('private_key', 'only SFTP servers sign in with a private key');
  if (secrets.passphrase && !secrets.privateKey) throw bad('passphrase', 'is the private key’s passphrase: give a private key');
  if (server.smtpSecurity !== null && server.type !== 'SMTP' && server.type !== 'IMAP') throw bad('smtp_security', 'only for SMTP and IMAP servers');
  if (server.sshAlgorithms !== null && server.type !== 'SFTP') throw bad('ssh_algorithms', 'only for SFTP servers');
}

/**
 * Applies the checked input to the record's plain fields (not the secrets). A type change drops the settings of the
 * old type that the new one has none of; a missing port takes the type's default.
 */
export function applyServerInput(server: Server, input: NormalizedServerInput, isNew: boolean): void {
  const before = isNew ? null : { type: server.type, security: server.smtpSecurity, port: server.port };
  if (input.name !== undefined) server.name = input.name;
  if (input.type !== undefined) server.type = input.type;
  if (input.host !== undefined) server.host = input.host;
  if (input.user !== undefined) server.username = input.user;
  if (input.smtp_security !== undefined) server.smtpSecurity = input.smtp_security;
  if (input.ssh_algorithms !== undefined) server.sshAlgorithms = input.ssh_algorithms;
  if (input.tls_verify !== undefined) server.tlsVerify = input.tls_verify;
  if (server.type === 'SMTP' && server.smtpSecurity === null) server.smtpSecurity = 'none';
  // IMAP: TLS unless chosen otherwise (plain only to loopback, libs/delivery imap.ts)
  if (server.type === 'IMAP' && server.smtpSecurity === null) server.smtpSecurity = 'tls';
  if (server.type !== 'SMTP' && server.type !== 'IMAP' && input.smtp_security === undefined) server.smtpSecurity = null;
  if (server.type !== 'SFTP' && input.ssh_algorithms === undefined) server.sshAlgorithms = null;
  if (input.port !== undefined) server.port = input.port;
  // no port given: the type's default when new, or when the old port was the old type's default and the type or
  // the SMTP security changed (an SFTP server on 22 turned FTP goes to 21; a port set by hand stays)
  else if (before === null || before.port === defaultServerPort(before.type, before.security)) server.port = defaultServerPort(server.type, server.smtpSecurity);
}

export function toServerDto(server: Server): ServerDto {
  return {
    id: server.id,
    name: server.name,
    type: server.type,
    host: server.host,
    port: server.port,
    user: server.username,
    has_password: server.passwordSealed !== null,
    has_private_key: server.privateKeySealed !== null,
    has_passphrase: server.passphraseSealed !== null,
    smtp_security: server.smtpSecurity,
    ssh_algorithms: server.sshAlgorithms,
    tls_verify: server.tlsVerify,
    created_at: server.createdAt.toISOString(),
    updated_at: server.updatedAt.toISOString(),
  };
}
