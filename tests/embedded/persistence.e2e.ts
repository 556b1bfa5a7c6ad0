import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbedded } from '@kanban/app-server';
import { ApiClient } from '@kanban/testing';

jest.setTimeout(120_000);

/** The embedded run keeps its data under DATA_DIR: changes and sessions survive a restart. */
describe('embedded persistence', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kanban-persist-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps data, the demo seed (once) and refresh tokens across a restart', async () => {
    const env = { DATA_DIR: dir, PORT: '0' };
    const first = await startEmbedded(env, false);
    const api1 = new ApiClient(first.url);
    const login = await api1.post('/authenticate', { Email: 'owner@demo.example', Password: 'demo12345' }, undefined, { 'X-API-Key': 'kanban-web-demo-key' });
    const companyId = (await api1.get('/company', login.body.Data.token)).body.Data[0].id as number;
    expect((await api1.patch(`/c/${companyId}`, { city: 'Karlsruhe' }, login.body.Data.token)).body.Meta.code).toBe(200);
    await first.close();

    const second = await startEmbedded(env, false);
    try {
      const api2 = new ApiClient(second.url);
      const refreshed = await api2.post('/refresh_token', { RefreshToken: login.body.Data.refresh_token });
      expect(refreshed.body.Meta.code).toBe(200);
      const companies = (await api2.get('/company', refreshed.body.Data.token)).body.Data as { id: number; city: string; name: string }[];
      expect(companies).toEqual([expect.objectContaining({ id: companyId, city: 'Karlsruhe' })]);
      const operator = await api2.post('/authenticate', { Email: 'operator@demo.example', Password: 'demo12345' }, undefined, { 'X-API-Key': 'kanban-web-demo-key' });
      const all = (await api2.get('/platform/companies', operator.body.Data.token)).body.Data as { name: string }[];
      expect(all.filter((c) => c.name === 'Demo Distribution GmbH')).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('starts without demo data when DEMO_DATA=false', async () => {
    const system = await startEmbedded({ DATA_DIR: ':memory:', PORT: '0', DEMO_DATA: 'false' }, false);
    try {
      const answer = await new ApiClient(system.url).post('/authenticate', { Email: 'owner@demo.example', Password: 'demo12345' }, undefined, {
        'X-API-Key': 'kanban-web-demo-key',
      });
      expect(answer.body.Meta.code).toBe(1026);
    } finally {
      await system.close();
    }
  });
});
