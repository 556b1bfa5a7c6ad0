import { AppError } from '@kanban/access';
import { applyServerInput, checkServer, normalizeServerInput, toServerDto, validHost } from './server.rules';
import { Server } from './server.entity';

const fieldOf = (work: () => unknown): string | undefined => {
  try {
    work();
  } catch (error) {
    return error instanceof AppError ? error.field : `not an AppError: ${String(error)}`;
  }
  return undefined;
};

function server(input: Parameters<typeof normalizeServerInput>[0]): Server {
  const s = new Server();
  s.companyId = 1;
  applyServerInput(s, normalizeServerInput(input, 'create'), true);
  return s;
}

describe('server rules', () => {
  it('takes host names and IP addresses, nothing with a scheme, port, path or spaces', () => {
    for (const host of ['mail.example.com', 'localhost', 'sftp-1.example.de.', '192.0.2.1', '2001:db8::1', '::1']) expect([host, validHost(host)]).toEqual([host, true]);
    for (const host of ['', 'smtp://a.example.com', 'a.example.com:25', 'a.example.com/x', 'a b', '-a.example.com', 'a_b.example.com', '1.2.3.4.5', 'a'.repeat(64) + '.com']) {
      expect([host, validHost(host)]).toEqual([host, false]);
    }
  });

  it('requires name, type and host on create, trims texts, keeps secrets as typed and reads null or empty as clearing', () => {
    expect(fieldOf(() => normalizeServerInput({ type: 'SMTP', host: 'a.example.com' }, 'create'))).toBe('name');
    expect(fieldOf(() => normalizeServerInput({ name: 'a', host: 'a.example.com' }, 'create'))).toBe('type');
    expect(fieldOf(() => normalizeServerInput({ name: 'a', type: 'SMTP' }, 'create'))).toBe('host');
    expect(normalizeServerInput({ name: ' Mail; "Süd" 📧 ', password: ' pw ' }, 'update')).toEqual({ name: 'Mail; "Süd" 📧', password: ' pw ' });
    expect(normalizeServerInput({ password: null, passphrase: '' }, 'update')).toMatchObject({ password: null, passphrase: null, private_key: undefined });
    expect(fieldOf(() => normalizeServerInput({ port: 1.5 }, 'update'))).toBe('port');
    expect(fieldOf(() => normalizeServerInput({ tls_verify: 'yes' as never }, 'update'))).toBe('tls_verify');
    expect(fieldOf(() => normalizeServerInput({ ssh_algorithms: { kex: ['ok', 'not ok'] } }, 'update'))).toBe('ssh_algorithms.kex');
    expect(normalizeServerInput({ ssh_algorithms: { kex: [], hmac: ['hmac-sha1', 'hmac-sha1'] } }, 'update').ssh_algorithms).toEqual({ hmac: ['hmac-sha1'] });
    expect(normalizeServerInput({ ssh_algorithms: { kex: [] } }, 'update').ssh_algorithms).toBeNull();
  });

  it('gives a new server its type default port, moves a default port with the type and keeps one set by hand', () => {
    expect(server({ name: 'a', type: 'SMTP', host: 'h.example.com' })).toMatchObject({ port: 25, smtpSecurity: 'none' });
    expect(server({ name: 'a', type: 'SMTP', host: 'h.example.com', smtp_security: 'tls' }).port).toBe(465);
    const sftp = server({ name: 'a', type: 'SFTP', host: 'h.example.com', ssh_algorithms: { kex: ['diffie-hellman-group1-sha1'] } });
    expect([sftp.port, sftp.smtpSecurity, sftp.sshAlgorithms]).toEqual([22, null, { kex: ['diffie-hellman-group1-sha1'] }]);
    applyServerInput(sftp, normalizeServerInput({ type: 'FTP' }, 'update'), false);
    expect([sftp.port, sftp.sshAlgorithms]).toEqual([21, null]);
    applyServerInput(sftp, normalizeServerInput({ port: 2121 }, 'update'), false);
    applyServerInput(sftp, normalizeServerInput({ type: 'HTTPS' }, 'update'), false);
    expect(sftp.port).toBe(2121);
  });

  it('allows a private key and passphrase only on SFTP, a passphrase only with a key, settings only on their type', () => {
    const none = { password: false, privateKey: false, passphrase: false };
    expect(fieldOf(() => checkServer(server({ name: 'a', type: 'FTP', host: 'h.example.com' }), { ...none, privateKey: true }))).toBe('private_key');
    expect(fieldOf(() => checkServer(server({ name: 'a', type: 'SFTP', host: 'h.example.com' }), { ...none, passphrase: true }))).toBe('passphrase');
    expect(fieldOf(() => checkServer(server({ name: 'a', type: 'SFTP', host: 'h.example.com' }), { ...none, privateKey: true, passphrase: true }))).toBeUndefined();
    expect(fieldOf(() => checkServer(server({ name: 'a', type: 'FTP', host: 'h.example.com', smtp_security: 'tls' }), none))).toBe('smtp_security');
    expect(fieldOf(() => checkServer(server({ name: 'a', type: 'HTTP', host: 'h.example.com', ssh_algorithms: { kex: ['x'] } }), none))).toBe('ssh_algorithms');
  });

  it('IMAP: a connection security like SMTP, TLS on 993 unless chosen, STARTTLS or plain on 143', () => {
    const none = { password: true, privateKey: false, passphrase: false };
    const imap = server({ name: 'Postfach', type: 'IMAP', host: 'imap.example.com' });
    expect(imap).toMatchObject({ smtpSecurity: 'tls', port: 993 });
    expect(fieldOf(() => checkServer(imap, none))).toBeUndefined();
    expect(server({ name: 'a', type: 'IMAP', host: '127.0.0.1', smtp_security: 'none' })).toMatchObject({ smtpSecurity: 'none', port: 143 });
    expect(server({ name: 'a', type: 'IMAP', host: 'imap.example.com', smtp_security: 'starttls' }).port).toBe(143);
    expect(fieldOf(() => checkServer(imap, { ...none, privateKey: true }))).toBe('private_key');
    // SFTP turned IMAP: the default port moves, the security defaults to TLS
    const moved = server({ name: 'b', type: 'SFTP', host: 'h.example.com' });
    applyServerInput(moved, normalizeServerInput({ type: 'IMAP' }, 'update'), false);
    expect(moved).toMatchObject({ port: 993, smtpSecurity: 'tls' });
  });

  it('answers the secrets only as flags', () => {
    const s = server({ name: 'a', type: 'SFTP', host: 'h.example.com' });
    s.id = 7;
    s.passwordSealed = 'v1.abcd1234.xyz';
    const dto = toServerDto(s);
    expect(dto).toMatchObject({ id: 7, has_password: true, has_private_key: false, has_passphrase: false, tls_verify: true });
    expect(JSON.stringify(dto)).not.toContain('xyz');
  });
});
