import { algorithmNames, hostValid, securityAfterTypeChange, serverBody, serverErrors, serverValues, translatedServerError } from './serverForm';

const t = (key: string) => `t:${key}`;

describe('server form', () => {
  it('checks the host as the server does: names and addresses, no scheme, port or path', () => {
    for (const ok of ['mail.example.com', 'sftp-1.example.de', 'localhost', '192.0.2.10', '2001:db8::1', 'example.com.']) expect([ok, hostValid(ok)]).toEqual([ok, true]);
    for (const bad of ['', 'smtp://mail.example.com', 'mail.example.com:25', 'mail.example.com/x', 'a b', '-a.example.com', '999.1.1.1', 'x'.repeat(254)]) expect([bad, hostValid(bad)]).toEqual([bad, false]);
  });

  it('asks for name and host, a port from 1 to 65535, a PEM or OpenSSH key and algorithm names', () => {
    const values = { ...serverValues(null), type: 'SFTP' };
    expect(serverErrors(values, { privateKey: false })).toMatchObject({ name: 'validation.required', host: 'validation.required' });
    const filled = { ...values, name: 'S', host: 'h.example.com', port: '70000', private_key: 'no key', kex: 'good-one, bad;name' };
    expect(serverErrors(filled, { privateKey: false })).toMatchObject({ port: 'servers.validation.port', private_key: 'servers.validation.privateKey', kex: 'servers.validation.algorithms' });
    expect(serverErrors({ ...filled, port: '', private_key: '', kex: '', passphrase: 'p' }, { privateKey: false }).passphrase).toBe('servers.validation.passphrase');
    expect(serverErrors({ ...filled, port: '', private_key: '', kex: '', passphrase: 'p' }, { privateKey: true }).passphrase).toBeUndefined();
  });

  it('sends a secret only when typed, null when removed, and none of the SFTP settings for other types', () => {
    const values = { ...serverValues(null), name: ' Mail ', host: 'm.example.com', type: 'SMTP', smtp_security: 'tls', password: ' secret ' };
    expect(serverBody(values, false, {})).toEqual({ name: 'Mail', type: 'SMTP', host: 'm.example.com', user: '', password: ' secret ', smtp_security: 'tls' });
    expect(serverBody({ ...values, password: '' }, true, {})).toEqual({ name: 'Mail', type: 'SMTP', host: 'm.example.com', user: '', port: 465, smtp_security: 'tls', private_key: null, passphrase: null });
    expect(serverBody({ ...values, password: 'typed' }, true, { password: true }).password).toBeNull();
    const sftp = serverBody({ ...values, type: 'SFTP', port: '2222', kex: 'a, b\nb', hmac: '' }, false, {});
    expect(sftp).toMatchObject({ type: 'SFTP', port: 2222, ssh_algorithms: { kex: ['a', 'b'] } });
    expect(sftp).not.toHaveProperty('smtp_security');
    expect(algorithmNames(' x,y  z ,, ')).toEqual(['x', 'y', 'z']);
  });

  it('IMAP has a connection security like SMTP: sent, and its default port (143, TLS 993) when the port is emptied', () => {
    const values = { ...serverValues(null), name: 'Postfach', type: 'IMAP', host: 'imap.example.com', smtp_security: 'tls' };
    expect(serverBody(values, false, {})).toMatchObject({ type: 'IMAP', smtp_security: 'tls' });
    expect(serverBody(values, true, {}).port).toBe(993);
    expect(serverBody({ ...values, smtp_security: 'starttls' }, true, {}).port).toBe(143);
    expect(serverBody({ ...values, type: 'SFTP' }, false, {})).not.toHaveProperty('smtp_security');
  });

  it('words the server refusals in the reader language, at their fields', () => {
    const taken = translatedServerError({ code: 1059, status: 409, message: 'duplicate', field: 'name' }, t) as { errors: { field: string; message: string }[] };
    expect(taken.errors).toEqual([{ field: 'name', message: 't:servers.validation.nameTaken' }]);
    const bad = translatedServerError({ code: 1000, status: 422, message: 'ssh_algorithms.kex: names are …', field: 'ssh_algorithms.kex', errors: [{ field: 'ssh_algorithms.kex', message: 'x' }] }, t) as { message: string; errors: { field: string; message: string }[] };
    expect(bad).toMatchObject({ message: 't:errors.code.1000', errors: [{ field: 'kex', message: 't:servers.validation.algorithms' }] });
  });
});

describe('securityAfterTypeChange', () => {
  it('moves a kept default to the new type\'s default: STARTTLS for SMTP, TLS for IMAP', () => {
    expect(securityAfterTypeChange('SMTP', 'IMAP', 'starttls')).toBe('tls');
    expect(securityAfterTypeChange('IMAP', 'SMTP', 'tls')).toBe('starttls');
    expect(securityAfterTypeChange('SFTP', 'IMAP', 'starttls')).toBe('tls');
    expect(securityAfterTypeChange('SFTP', 'SMTP', 'tls')).toBe('starttls');
  });

  it('keeps a security chosen by hand', () => {
    expect(securityAfterTypeChange('SMTP', 'IMAP', 'plain')).toBe('plain');
    expect(securityAfterTypeChange('IMAP', 'SMTP', 'starttls')).toBe('starttls');
  });
});
