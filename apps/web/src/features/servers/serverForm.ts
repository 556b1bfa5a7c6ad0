import { defaultServerPort, SERVER_LIMITS, SSH_ALGORITHM_KINDS, SSH_ALGORITHM_PATTERN, SSH_ALGORITHMS_MAX, type ServerType, type SmtpSecurity, type SshAlgorithms } from '@kanban/contracts';
import { isApiError } from '../../shared/api/apiError';
import type { ServerDto, ServerInput } from './serversApi';

/** The server form: text values, client-side checks (i18n keys), the payload, and the server's messages translated. */

/** The types with a connection security (plain, STARTTLS, TLS): SMTP and IMAP. */
export function hasSecurity(type: string): boolean {
  return type === 'SMTP' || type === 'IMAP';
}

/** The connection security a new server of a type starts with: STARTTLS for SMTP (port 587), TLS for IMAP (port 993). */
export function defaultSecurity(type: string): SmtpSecurity {
  return type === 'IMAP' ? 'tls' : 'starttls';
}

/**
 * The security after the type changes: the new type's default while the user has kept the old type's default (a
 * mailbox is read over TLS on 993, mail sent with STARTTLS on 587); a security chosen by hand stays.
 */
export function securityAfterTypeChange(from: string, to: string, security: string): string {
  return hasSecurity(from) && security !== defaultSecurity(from) ? security : defaultSecurity(to);
}

export const SERVER_FIELDS = ['name', 'type', 'host', 'port', 'user', 'password', 'private_key', 'passphrase', 'smtp_security', 'kex', 'cipher', 'host_key', 'hmac'] as const;
export type ServerField = (typeof SERVER_FIELDS)[number];
export type SecretField = 'password' | 'private_key' | 'passphrase';
/** Secrets the form removes on save (edit only; an empty secret field keeps the stored one). */
export type Clearing = Partial<Record<SecretField, boolean>>;

const HOST_LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

/** The server's host rule as far as a browser can check it: a host name (labels of letters, digits, hyphens), an IPv4 or IPv6 address. */
export function hostValid(host: string): boolean {
  if (!host || host.length > SERVER_LIMITS.host) return false;
  if (IPV4.test(host)) return true;
  if (host.includes(':')) return /^[0-9A-Fa-f:.]+$/.test(host) && host.split(':').length > 2;
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  return !/^[0-9.]+$/.test(name) && name.split('.').every((label) => HOST_LABEL.test(label));
}

export function serverValues(server: ServerDto | null): Record<ServerField, string> {
  const algorithms = (kind: keyof SshAlgorithms) => (server?.ssh_algorithms?.[kind] ?? []).join(', ');
  return {
    name: server?.name ?? '',
    type: server?.type ?? 'SMTP',
    host: server?.host ?? '',
    port: server ? String(server.port) : '',
    user: server?.user ?? '',
    password: '',
    private_key: '',
    passphrase: '',
    smtp_security: server?.smtp_security ?? 'starttls',
    kex: algorithms('kex'),
    cipher: algorithms('cipher'),
    host_key: algorithms('host_key'),
    hmac: algorithms('hmac'),
  };
}

/** The names of an algorithm field: separated by commas, spaces or lines. */
export function algorithmNames(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter(Boolean))];
}

/** The client-side messages (i18n keys) per field, shown once a field is touched. */
export function serverErrors(values: Record<ServerField, string>, has: { privateKey: boolean }): Partial<Record<ServerField, string>> {
  const port = values.port.trim();
  const errors: Partial<Record<ServerField, string>> = {
    name: values.name.trim() ? undefined : 'validation.required',
    host: !values.host.trim() ? 'validation.required' : hostValid(values.host.trim()) ? undefined : 'servers.validation.host',
    port: !port || (/^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535) ? undefined : 'servers.validation.port',
    private_key:
      values.type === 'SFTP' && values.private_key.trim() && !/^-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]+-----END [A-Z0-9 ]*PRIVATE KEY-----$/.test(values.private_key.trim())
        ? 'servers.validation.privateKey'
        : undefined,
    passphrase: values.type === 'SFTP' && values.passphrase && !values.private_key.trim() && !has.privateKey ? 'servers.validation.passphrase' : undefined,
  };
  for (const kind of SSH_ALGORITHM_KINDS) {
    const names = algorithmNames(values[kind]);
    if (values.type === 'SFTP' && (names.length > SSH_ALGORITHMS_MAX || names.some((n) => !SSH_ALGORITHM_PATTERN.test(n)))) errors[kind] = 'servers.validation.algorithms';
  }
  return errors;
}

/**
 * The payload: an edit sends a secret only when one was typed (else the stored one stays) or null when the user
 * removes it; a type without private keys or SSH settings sends none.
 */
export function serverBody(values: Record<ServerField, string>, editing: boolean, clearing: Clearing): ServerInput {
  const type = values.type as ServerType;
  const body: ServerInput = {
    name: values.name.trim(),
    type,
    host: values.host.trim(),
    user: values.user.trim(),
  };
  const port = values.port.trim();
  if (port) body.port = Number(port);
  else if (editing) body.port = defaultServerPort(type, hasSecurity(type) ? (values.smtp_security as SmtpSecurity) : null);
  const secret = (field: SecretField, allowed: boolean) => {
    if (clearing[field] || (!allowed && editing)) body[field] = null;
    else if (allowed && values[field] !== '') body[field] = values[field];
  };
  secret('password', true);
  secret('private_key', type === 'SFTP');
  secret('passphrase', type === 'SFTP');
  if (hasSecurity(type)) body.smtp_security = values.smtp_security as SmtpSecurity;
  if (type === 'SFTP') {
    const algorithms: SshAlgorithms = {};
    for (const kind of SSH_ALGORITHM_KINDS) {
      const names = algorithmNames(values[kind]);
      if (names.length > 0) algorithms[kind] = names;
    }
    body.ssh_algorithms = Object.keys(algorithms).length > 0 ? algorithms : null;
  }
  return body;
}

/** The i18n key of the server's message for a field of a 1000 answer (the server speaks English). */
const SERVER_FIELD_TEXT: Record<string, string> = {
  name: 'servers.validation.name',
  type: 'servers.validation.type',
  host: 'servers.validation.host',
  port: 'servers.validation.port',
  user: 'servers.validation.user',
  password: 'servers.validation.password',
  private_key: 'servers.validation.privateKey',
  passphrase: 'servers.validation.passphrase',
  smtp_security: 'servers.validation.smtpSecurity',
};

/**
 * A failed save in the reader's language: 1000 gets the catalogue text above the form and each field's own message
 * at its field (SSH algorithm lists at their field); 1059 (the name is taken) says so at the name; others pass.
 */
export function translatedServerError(error: unknown, t: (key: string) => string): unknown {
  if (!isApiError(error)) return error;
  if (error.code === 1059) return { ...error, message: t('errors.code.1059'), errors: [{ field: 'name', message: t('servers.validation.nameTaken') }] };
  if (error.code !== 1000) return error;
  const at = (field: string | undefined) => (field?.startsWith('ssh_algorithms.') ? field.slice('ssh_algorithms.'.length) : field);
  const translate = (field: string | undefined, message: string) => {
    if (field?.startsWith('ssh_algorithms')) return t('servers.validation.algorithms');
    return field && SERVER_FIELD_TEXT[field] ? t(SERVER_FIELD_TEXT[field]!) : message;
  };
  return {
    ...error,
    message: t('errors.code.1000'),
    errors: (error.errors ?? (error.field ? [{ field: error.field, message: error.message }] : [])).map((e) => ({ ...e, field: at(e.field) ?? e.field, message: translate(e.field, e.message) })),
  };
}
