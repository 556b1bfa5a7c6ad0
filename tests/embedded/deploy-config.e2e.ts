import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startEmbedded } from '@kanban/app-server';
import { natsServerConfig } from '@kanban/contracts';
import { ROOT } from '@kanban/testing';

jest.setTimeout(120_000);

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** What the embedded run listens on, and the secrets and NATS configuration of docker-compose and the Helm chart. */
describe('deployment configuration', () => {
  it('the embedded run listens on 127.0.0.1 unless HOST says otherwise', async () => {
    const env = { DATA_DIR: ':memory:', PORT: '0', DEMO_DATA: 'false' };
    const local = await startEmbedded(env, false);
    try {
      expect((local.app.getHttpServer().address() as { address: string }).address).toBe('127.0.0.1');
      expect((await fetch(`${local.url}/api/health`)).status).toBe(200);
    } finally {
      await local.close();
    }
    const open = await startEmbedded({ ...env, HOST: '0.0.0.0' }, false);
    try {
      expect((open.app.getHttpServer().address() as { address: string }).address).toBe('0.0.0.0');
      expect((await fetch(`${open.url}/api/health`)).status).toBe(200);
    } finally {
      await open.close();
    }
    await expect(startEmbedded({ ...env, HOST: 'not an address' }, false)).rejects.toThrow(/HOST/);
  });

  describe('docker-compose.yml', () => {
    const compose = read('docker-compose.yml');
    const required = [...compose.matchAll(/\$\{([A-Z0-9_]+):\?/g)].map((m) => m[1]!);
    const secrets = ['JWT_SECRET', 'API_KEY_WEB', 'API_KEY_APP', 'POSTGRES_PASSWORD', 'S3_SECRET_ACCESS_KEY', 'SECRETS_KEY'];
    const natsPasswords = ['GATEWAY', 'IDENTITY', 'CATALOG', 'ORDERS', 'SUPPLY', 'INGEST', 'NOTIFICATIONS'].map((s) => `NATS_PASSWORD_${s}`);

    it('takes every secret from the environment (.env) and refuses to start without it: no default, no fixed value', () => {
      for (const name of [...secrets, ...natsPasswords]) {
        expect(required).toContain(name);
        // every use of the variable is the required form
        // (the name itself, not a longer one that starts with it: SECRETS_KEY_PREVIOUS is optional)
        for (const use of compose.matchAll(new RegExp(`\\$\\{${name}((?::[^}]*)?)\\}`, 'g'))) expect([name, use[1]!.startsWith(':?')]).toEqual([name, true]);
      }
      for (const fixed of ['kanban-web-demo-key', 'kanban-app-demo-key', 'demo-jwt-secret', 'kanban-secret', 'POSTGRES_PASSWORD: kanban', 'kanban:kanban@']) {
        expect([fixed, compose.includes(fixed)]).toEqual([fixed, false]);
      }
    });

    it('leaves the demo data out unless asked', () => {
      expect(compose).toMatch(/SEED_DEMO: \$\{SEED_DEMO:-false\}/);
    });

    it('gives each service its own NATS user and password, and NATS its configuration', () => {
      for (const service of ['identity', 'catalog', 'orders', 'supply', 'ingest', 'notifications', 'gateway']) {
        const block = compose.slice(compose.indexOf(`\n  ${service}:\n`));
        expect(block).toMatch(new RegExp(`NATS_USER: ${service}\\n\\s+NATS_PASSWORD: \\$\\{NATS_PASSWORD_${service.toUpperCase()}:\\?`));
      }
      expect(compose).toContain('./deploy/nats/nats.conf:/etc/nats/nats.conf:ro');
    });

    it('has an example env file naming every required variable, and .env is not committed', () => {
      const example = read('.env.example');
      for (const name of new Set(required)) expect(example).toMatch(new RegExp(`^${name}=$`, 'm'));
      expect(read('.gitignore').split('\n')).toContain('.env');
    });
  });

  it('the committed NATS server configurations are what BUS_ACCESS generates (tools/scripts/nats-config.mjs)', () => {
    const passwords = { gateway: { env: 'NATS_PASSWORD_GATEWAY' }, identity: { env: 'NATS_PASSWORD_IDENTITY' }, catalog: { env: 'NATS_PASSWORD_CATALOG' }, orders: { env: 'NATS_PASSWORD_ORDERS' }, supply: { env: 'NATS_PASSWORD_SUPPLY' }, ingest: { env: 'NATS_PASSWORD_INGEST' }, notifications: { env: 'NATS_PASSWORD_NOTIFICATIONS' } };
    expect(read('deploy/nats/nats.conf')).toBe(natsServerConfig({ passwords, listen: '0.0.0.0:4222', storeDir: '/data' }));
    expect(read('helm/kanban/files/nats.conf')).toBe(natsServerConfig({ passwords }));
    // every password the configurations read is one the services get
    const chart = read('helm/kanban/templates/deployments.yaml');
    expect(chart).toContain('NATS_PASSWORD_%s" (upper .name)');
  });
});
