import { serviceSql } from '../support/orders-sql';
import { login, meta, ok, startSystem, type TestSystem } from '../support/system';

jest.setTimeout(180_000);

let system: TestSystem;
let demoCompany: number;
let otherCompany: number;
const tokens: Record<string, string> = {};

type Server = { id: number; name: string; type: string; host: string; port: number; user: string; [key: string]: unknown };

beforeAll(async () => {
  system = await startSystem();
  for (const name of ['owner', 'admin', 'writer', 'readonly', 'customer', 'supplier']) tokens[name] = (await login(system, `${name}@demo.example`)).token;
  tokens.other = (await login(system, 'admin@other.example')).token;
  demoCompany = (await system.api.get('/company', tokens.admin)).body.Data[0].id;
  otherCompany = (await system.api.get('/company', tokens.other)).body.Data[0].id;
});

afterAll(async () => {
  await system?.close();
});

const api = () => system.api;
const base = (company = demoCompany) => `/c/${company}/server`;
const PRIVATE_KEY = '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n-----END OPENSSH PRIVATE KEY-----';

async function create(body: Record<string, unknown>, token = tokens.writer, company = demoCompany): Promise<Server> {
  return ok(await api().post(`${base(company)}/`, body, token)) as Server;
}

type Row = { name: string; username: string; password_sealed: string | null; private_key_sealed: string | null; passphrase_sealed: string | null };
async function row(id: number): Promise<Row> {
  const [found] = await serviceSql<Row>(system, 'notifications', 'select name, username, password_sealed, private_key_sealed, passphrase_sealed from notifications.server where id = ?', [id]);
  return found!;
}

describe('servers: create, read, change, delete', () => {
  it('creates an SMTP server, answers only whether it has a password, and stores the password encrypted', async () => {
    const created = await create({ name: 'Mail "Süd"; 📧 Übergabe', type: 'SMTP', host: 'mail.example.com', user: 'bestellung@example.com', password: 'Geheim; "quoted" 🔑', smtp_security: 'starttls' });
    expect(created).toMatchObject({
      name: 'Mail "Süd"; 📧 Übergabe',
      type: 'SMTP',
      host: 'mail.example.com',
      port: 587,
      user: 'bestellung@example.com',
      has_password: true,
      has_private_key: false,
      has_passphrase: false,
      smtp_security: 'starttls',
      ssh_algorithms: null,
    });
    expect(JSON.stringify(created)).not.toContain('Geheim');
    expect(created).not.toHaveProperty('password');
    const read = ok(await api().get(`${base()}/${created.id}`, tokens.writer));
    expect(read).toEqual(created);
    expect(JSON.stringify(ok(await api().get(`${base()}?type=SMTP`, tokens.admin)))).not.toContain('Geheim');

    const stored = await row(created.id);
    expect(stored.name).toBe('Mail "Süd"; 📧 Übergabe');
    expect(stored.password_sealed).toMatch(/^v1\.[0-9a-f]{8}\.[A-Za-z0-9+/=]+$/);
    expect(stored.password_sealed).not.toContain('Geheim');
    expect(Buffer.from(stored.password_sealed!.split('.')[2]!, 'base64').toString('latin1')).not.toContain('Geheim');
    expect(ok(await api().delete(`${base()}/${created.id}`, tokens.writer))).toBeNull();
    expect(meta(await api().get(`${base()}/${created.id}`, tokens.writer)).code).toBe(404);
  });

  it('keeps a secret that a change leaves out, replaces one sent, clears one sent as null or empty', async () => {
    const sftp = await create({ name: 'Lieferant SFTP', type: 'SFTP', host: '192.0.2.10', user: 'kanban', private_key: PRIVATE_KEY, passphrase: 'phrase', password: 'pw1' });
    expect([sftp.port, sftp.has_private_key, sftp.has_passphrase, sftp.has_password]).toEqual([22, true, true, true]);
    const first = await row(sftp.id);

    const renamed = ok(await api().patch(`${base()}/${sftp.id}`, { name: 'Lieferant SFTP alt', port: 2222 }, tokens.writer));
    expect([renamed.name, renamed.port, renamed.has_password, renamed.has_private_key, renamed.has_passphrase]).toEqual(['Lieferant SFTP alt', 2222, true, true, true]);
    const kept = await row(sftp.id);
    expect([kept.password_sealed, kept.private_key_sealed, kept.passphrase_sealed]).toEqual([first.password_sealed, first.private_key_sealed, first.passphrase_sealed]);

    ok(await api().patch(`${base()}/${sftp.id}`, { password: 'pw2' }, tokens.writer));
    const replaced = await row(sftp.id);
    expect(replaced.password_sealed).not.toBe(first.password_sealed);
    expect(replaced.private_key_sealed).toBe(first.private_key_sealed);

    const cleared = ok(await api().patch(`${base()}/${sftp.id}`, { password: null, passphrase: '' }, tokens.writer));
    expect([cleared.has_password, cleared.has_private_key, cleared.has_passphrase]).toEqual([false, true, false]);
    expect((await row(sftp.id)).password_sealed).toBeNull();

    const algorithms = ok(await api().patch(`${base()}/${sftp.id}`, { ssh_algorithms: { kex: ['diffie-hellman-group1-sha1', 'diffie-hellman-group1-sha1'], host_key: ['ssh-rsa'], cipher: [] } }, tokens.writer));
    expect(algorithms.ssh_algorithms).toEqual({ kex: ['diffie-hellman-group1-sha1'], host_key: ['ssh-rsa'] });

    // turned FTP: the key and the SSH options go, the default port follows only when it was the default
    const ftp = ok(await api().patch(`${base()}/${sftp.id}`, { type: 'FTP' }, tokens.writer));
    expect([ftp.type, ftp.port, ftp.has_private_key, ftp.ssh_algorithms]).toEqual(['FTP', 2222, false, null]);
    expect((await row(sftp.id)).private_key_sealed).toBeNull();
    ok(await api().delete(`${base()}/${sftp.id}`, tokens.writer));
  });

  it('lists by type, q, sort and pages; other companies see none of them', async () => {
    const made = [
      await create({ name: 'L-A Mail', type: 'SMTP', host: 'a.example.com' }),
      await create({ name: 'L-B Dateien', type: 'SFTP', host: 'b.example.com' }),
      await create({ name: 'L-C Web', type: 'HTTPS', host: 'c.example.com' }),
      await create({ name: 'L-D Web alt', type: 'HTTP', host: 'd.example.com' }),
    ];
    expect(made.map((s) => s.port)).toEqual([25, 22, 443, 80]);
    const sftp = ok(await api().get(`${base()}?type=SFTP&q=L-`, tokens.writer));
    expect(sftp.items.map((s: Server) => s.name)).toEqual(['L-B Dateien']);
    const page = ok(await api().get(`${base()}?q=L-&sort=name&order=desc&per_page=2&page=2`, tokens.writer));
    expect([page.total, page.page, page.per_page, page.items.map((s: Server) => s.name)]).toEqual([4, 2, 2, ['L-B Dateien', 'L-A Mail']]);
    expect(ok(await api().get(`${base()}?q=d.example`, tokens.writer)).items.map((s: Server) => s.name)).toEqual(['L-D Web alt']);
    expect(ok(await api().get(base(otherCompany), tokens.other)).items.filter((s: Server) => s.name.startsWith('L-'))).toEqual([]);
    expect(meta(await api().get(`${base(otherCompany)}/${made[0]!.id}`, tokens.other)).code).toBe(404);
    expect(meta(await api().patch(`${base(otherCompany)}/${made[0]!.id}`, { name: 'x' }, tokens.other)).code).toBe(404);
    expect(meta(await api().delete(`${base(otherCompany)}/${made[0]!.id}`, tokens.other)).code).toBe(404);
    expect(meta(await api().get(`${base()}?type=POP3`, tokens.writer))).toMatchObject({ code: 1000, field: 'type' });
    expect(meta(await api().get(`${base()}?sort=constructor`, tokens.writer))).toMatchObject({ code: 1000, field: 'sort' });
    for (const s of made) ok(await api().delete(`${base()}/${s.id}`, tokens.writer));
  });
});

describe('servers: validation', () => {
  it('refuses bad input with 1000 naming the field, and a taken name with 1059', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'SMTP', host: 'a.example.com' }, 'name'],
      [{ name: '  ', type: 'SMTP', host: 'a.example.com' }, 'name'],
      [{ name: 'x'.repeat(201), type: 'SMTP', host: 'a.example.com' }, 'name'],
      [{ name: 'v', type: 'POP3', host: 'a.example.com' }, 'type'],
      [{ name: 'v', type: 'SMTP' }, 'host'],
      [{ name: 'v', type: 'SMTP', host: 'smtp://a.example.com' }, 'host'],
      [{ name: 'v', type: 'SMTP', host: 'a.example.com:25' }, 'host'],
      [{ name: 'v', type: 'SMTP', host: 'a b.example.com' }, 'host'],
      [{ name: 'v', type: 'SMTP', host: '-a.example.com' }, 'host'],
      [{ name: 'v', type: 'SMTP', host: 'a.example.com', port: 0 }, 'port'],
      [{ name: 'v', type: 'SMTP', host: 'a.example.com', port: 65536 }, 'port'],
      [{ name: 'v', type: 'SMTP', host: 'a.example.com', port: '25' }, 'port'],
      [{ name: 'v', type: 'SMTP', host: 'a.example.com', user: 'u'.repeat(201) }, 'user'],
      [{ name: 'v', type: 'SMTP', host: 'a.example.com', password: 'p'.repeat(1001) }, 'password'],
      [{ name: 'v', type: 'SMTP', host: 'a.example.com', smtp_security: 'ssl' }, 'smtp_security'],
      [{ name: 'v', type: 'FTP', host: 'a.example.com', smtp_security: 'tls' }, 'smtp_security'],
      [{ name: 'v', type: 'FTP', host: 'a.example.com', private_key: PRIVATE_KEY }, 'private_key'],
      [{ name: 'v', type: 'SFTP', host: 'a.example.com', private_key: 'not a key' }, 'private_key'],
      [{ name: 'v', type: 'SFTP', host: 'a.example.com', passphrase: 'p' }, 'passphrase'],
      [{ name: 'v', type: 'SFTP', host: 'a.example.com', ssh_algorithms: { kex: ['bad name;'] } }, 'ssh_algorithms.kex'],
      [{ name: 'v', type: 'SFTP', host: 'a.example.com', ssh_algorithms: { mac: ['hmac-sha1'] } }, 'ssh_algorithms.mac'],
      [{ name: 'v', type: 'SFTP', host: 'a.example.com', ssh_algorithms: ['ssh-rsa'] }, 'ssh_algorithms'],
      [{ name: 'v', type: 'HTTP', host: 'a.example.com', ssh_algorithms: { kex: ['diffie-hellman-group1-sha1'] } }, 'ssh_algorithms'],
    ];
    for (const [body, field] of cases) {
      const answer = await api().post(`${base()}/`, body, tokens.writer);
      expect([JSON.stringify(body).slice(0, 80), answer.status, meta(answer).code, meta(answer).field]).toEqual([JSON.stringify(body).slice(0, 80), 422, 1000, field]);
    }
    const ipv6 = await create({ name: 'IPv6', type: 'FTPS', host: '2001:db8::1' });
    expect([ipv6.host, ipv6.port]).toEqual(['2001:db8::1', 21]);
    const taken = await api().post(`${base()}/`, { name: 'IPv6', type: 'HTTP', host: 'a.example.com' }, tokens.writer);
    expect([meta(taken).code, meta(taken).field]).toEqual([1059, 'name']);
    const other = await create({ name: 'IPv6 zwei', type: 'HTTP', host: 'a.example.com' });
    expect(meta(await api().patch(`${base()}/${other.id}`, { name: 'IPv6' }, tokens.writer))).toMatchObject({ code: 1059, field: 'name' });
    expect(meta(await api().patch(`${base()}/${other.id}`, { name: null }, tokens.writer))).toMatchObject({ code: 1000, field: 'name' });
    expect(meta(await api().patch(`${base()}/${other.id}`, { host: 'https://x' }, tokens.writer))).toMatchObject({ code: 1000, field: 'host' });
    // the same name in another company is free
    const elsewhere = await create({ name: 'IPv6', type: 'HTTP', host: 'a.example.com' }, tokens.other, otherCompany);
    for (const [id, token, company] of [[ipv6.id, tokens.writer, demoCompany], [other.id, tokens.writer, demoCompany], [elsewhere.id, tokens.other, otherCompany]] as const) {
      ok(await api().delete(`${base(company)}/${id}`, token));
    }
  });
});

describe('servers: roles', () => {
  it('lets the user group (admin, owner, writer) read and write; readers, customers and suppliers are refused', async () => {
    const server = await create({ name: 'Rollen', type: 'HTTPS', host: 'r.example.com' }, tokens.admin);
    ok(await api().patch(`${base()}/${server.id}`, { user: 'owner' }, tokens.owner));
    ok(await api().get(base(), tokens.owner));
    for (const role of ['readonly', 'customer', 'supplier']) {
      const calls = [
        api().get(base(), tokens[role]),
        api().get(`${base()}/${server.id}`, tokens[role]),
        api().post(`${base()}/`, { name: `by ${role}`, type: 'HTTP', host: 'x.example.com' }, tokens[role]),
        api().patch(`${base()}/${server.id}`, { name: role }, tokens[role]),
        api().delete(`${base()}/${server.id}`, tokens[role]),
      ];
      for (const answer of await Promise.all(calls)) expect([role, meta(answer).code]).toEqual([role, 1020]);
    }
    // another company's admin is no member of this company, and the other way round
    expect(meta(await api().get(base(), tokens.other)).code).toBe(1020);
    expect(meta(await api().get(base(otherCompany), tokens.writer)).code).toBe(1020);
    expect(ok(await api().get(`${base()}/${server.id}`, tokens.writer)).name).toBe('Rollen');
    ok(await api().delete(`${base()}/${server.id}`, tokens.writer));
  });
});
