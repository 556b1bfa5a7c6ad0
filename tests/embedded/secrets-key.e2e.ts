import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_API_KEYS, startEmbedded, type EmbeddedSystem } from '@kanban/app-server';
import { ApiClient, startSmtpServer, type SmtpTestServer } from '@kanban/testing';

jest.setTimeout(240_000);

/**
 * The embedded run's key for the servers' secrets (docs/notifications.md "Secrets at rest"): made once in
 * DATA_DIR/secrets-key (mode 600) when SECRETS_KEY is unset, kept over a restart so the stored password still opens
 * (verify signs in to a real SMTP server), and a run with another key cannot open it (1000 naming the field); a
 * rotation (SECRETS_KEY_PREVIOUS) seals the stored secrets again with the new key at start.
 */
let dataDir: string;
let smtp: SmtpTestServer;
let system: EmbeddedSystem | undefined;
const PASSWORD = 'Schlüssel; "geheim" 🔐';

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'kanban-secrets-key-'));
  smtp = await startSmtpServer({ auth: { user: 'orders@example.com', password: PASSWORD } });
});

afterAll(async () => {
  await system?.close();
  await smtp?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

async function start(env: Record<string, string> = {}): Promise<{ api: ApiClient; token: string; company: number }> {
  system = await startEmbedded({ DATA_DIR: dataDir, PORT: '0', DEMO_DATA: 'true', DEMO_HISTORY: 'false', ORDERS_SCHEDULER: 'false', SENSOR_ALARMS: 'false', ...env }, false);
  const api = new ApiClient(system.url);
  const login = await api.post('/authenticate', { Email: 'writer@demo.example', Password: 'demo12345' }, undefined, { 'X-API-Key': DEMO_API_KEYS.web });
  const token = login.body.Data.token as string;
  const company = (await api.get('/company', token)).body.Data[0].id as number;
  return { api, token, company };
}

async function stop(): Promise<void> {
  await system?.close();
  system = undefined;
}

it('keeps its generated key in DATA_DIR over a restart; another key cannot open the stored password', async () => {
  let { api, token, company } = await start();
  const keyFile = path.join(dataDir, 'secrets-key');
  expect(existsSync(keyFile)).toBe(true);
  expect(statSync(keyFile).mode & 0o777).toBe(0o600);
  const key = (await readFile(keyFile, 'utf8')).trim();
  expect(Buffer.from(key, 'base64')).toHaveLength(32);
  const created = await api.post(`/c/${company}/server/`, { name: 'Mail', type: 'SMTP', host: smtp.host, port: smtp.port, smtp_security: 'none', user: 'orders@example.com', password: PASSWORD }, token);
  expect(created.body.Meta.code).toBe(200);
  const id = created.body.Data.id as number;
  expect((await api.get(`/c/${company}/server/${id}/verify`, token)).body.Data).toMatchObject({ ok: true, message: expect.stringContaining('235 Authentication successful') });
  await stop();

  // restarted: the same key from the file, the password opens and signs in again
  ({ api, token, company } = await start());
  expect((await readFile(keyFile, 'utf8')).trim()).toBe(key);
  expect((await api.get(`/c/${company}/server/${id}/verify`, token)).body.Data).toMatchObject({ ok: true });
  await stop();

  // SECRETS_KEY set to another key: the stored password does not open (the server is kept; enter it again)
  const other = randomBytes(32).toString('base64');
  ({ api, token, company } = await start({ SECRETS_KEY: other }));
  const refused = await api.get(`/c/${company}/server/${id}/verify`, token);
  expect([refused.body.Meta.code, refused.body.Meta.field]).toEqual([1000, 'password']);
  expect(refused.body.Meta.message).toMatch(/cannot be opened with SECRETS_KEY/);
  expect((await api.patch(`/c/${company}/server/${id}`, { password: PASSWORD }, token)).body.Meta.code).toBe(200);
  expect((await api.get(`/c/${company}/server/${id}/verify`, token)).body.Data).toMatchObject({ ok: true });
  await stop();

  // rotation: SECRETS_KEY a new key and the one before in SECRETS_KEY_PREVIOUS: the password opens, and the start sealed
  // it again with the new key, so the next start without the previous key still opens it
  const current = randomBytes(32).toString('base64');
  ({ api, token, company } = await start({ SECRETS_KEY: current, SECRETS_KEY_PREVIOUS: ` ${other} ,${key}` }));
  await stop();
  ({ api, token, company } = await start({ SECRETS_KEY: current }));
  expect((await api.get(`/c/${company}/server/${id}/verify`, token)).body.Data).toMatchObject({ ok: true });
  await stop();
  await expect(startEmbedded({ DATA_DIR: dataDir, PORT: '0', DEMO_DATA: 'false', SECRETS_KEY: current, SECRETS_KEY_PREVIOUS: 'too-short' }, false)).rejects.toThrow(/SECRETS_KEY_PREVIOUS key 1: must be base64/);

  // a malformed SECRETS_KEY stops the start with a clear message
  await expect(startEmbedded({ DATA_DIR: dataDir, PORT: '0', DEMO_DATA: 'false', SECRETS_KEY: 'too-short' }, false)).rejects.toThrow(/SECRETS_KEY must be base64 of 32 bytes/);
});
