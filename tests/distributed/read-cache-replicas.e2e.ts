import { ApiClient, eventually, freePort } from '@kanban/testing';
import { login, startSystem, type TestSystem } from '../support/system';

jest.setTimeout(180_000);

/**
 * Two gateway replicas keep their own read caches; a change made through one is announced by the catalog
 * (broadcast after commit) and the other drops what it kept, so it never answers with the old data.
 */
describe('read cache across gateway replicas (distributed)', () => {
  let system: TestSystem;
  let second: ApiClient;
  let secondUrl: string;

  beforeAll(async () => {
    system = await startSystem('distributed');
    const port = await freePort();
    secondUrl = `http://127.0.0.1:${port}`;
    await system.distributed!.start('gateway', { PORT: String(port), PUBLIC_URL: secondUrl }, 'gateway-2');
    second = new ApiClient(secondUrl);
    await eventually(async () => ((await second.get('/health').catch(() => ({ status: 0 }))).status === 200 ? true : undefined), 60_000, 'the second gateway');
  });

  afterAll(async () => {
    await system?.close();
  });

  async function read(url: string, path: string, token: string) {
    const response = await fetch(`${url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { cache: response.headers.get('x-read-cache'), body: (await response.json()) as { Data: any } };
  }

  it('a change through one gateway is seen through the other, whose cache held the old answer', async () => {
    const token = (await login(system, 'writer@demo.example')).token;
    const company = (await system.api.get('/company', token)).body.Data[0].id as number;
    const created = await system.api.post(`/c/${company}/customer/`, { name: 'Replica Test GmbH', nr: 'REPL-1' }, token);
    const id = created.body.Data.id as number;
    const path = `/c/${company}/customer/${id}/`;
    expect((await read(secondUrl, path, token)).body.Data.name).toBe('Replica Test GmbH');
    expect((await read(secondUrl, path, token)).cache).toBe('hit');

    // Changed through the first gateway: the second hears the catalog's notice and reads again.
    expect((await system.api.patch(`/c/${company}/customer/${id}`, { name: 'Replica Test AG' }, token)).body.Meta.code).toBe(200);
    const seen = await eventually(async () => {
      const answer = await read(secondUrl, path, token);
      return answer.body.Data.name === 'Replica Test AG' ? answer : undefined;
    }, 2_000, 'the change through the other gateway');
    expect(seen.cache).not.toBe('hit');
    expect((await read(secondUrl, path, token)).cache).toBe('hit');
  });
});
