import { connect, type NatsConnection, type NatsError } from 'nats';
import { busInboxPrefix, IdentitySubjects, OrdersSubjects } from '@kanban/contracts';
import { login, startSystem, type TestSystem } from '../support/system';

jest.setTimeout(180_000);

/**
 * NATS authentication and permissions (generated from BUS_ACCESS in libs/contracts): the distributed system runs on
 * its own nats-server with a user per service; each user may use only its own subjects.
 */
describe('NATS users and permissions (distributed)', () => {
  let system: TestSystem;
  const open: NatsConnection[] = [];

  beforeAll(async () => {
    system = await startSystem('distributed');
  });

  afterAll(async () => {
    for (const nc of open) await nc.close().catch(() => undefined);
    await system?.close();
  });

  async function as(service: 'gateway' | 'identity' | 'catalog' | 'orders' | 'supply'): Promise<NatsConnection> {
    const { nats } = system.distributed!;
    const nc = await connect({ servers: nats.url, user: service, pass: nats.credentials[service].password, inboxPrefix: busInboxPrefix(service) });
    open.push(nc);
    return nc;
  }

  /** What happens to a subscription: the server's permission error, or null when it stayed open for a moment. */
  async function subscriptionError(nc: NatsConnection, subject: string): Promise<NatsError | null> {
    const sub = nc.subscribe(subject);
    const outcome = (async () => {
      try {
        for await (const _ of sub) {
          // nothing is published here
        }
        return null;
      } catch (error) {
        return error as NatsError;
      }
    })();
    let timeout: NodeJS.Timeout | undefined;
    const timer = new Promise<'open'>((resolve) => (timeout = setTimeout(() => resolve('open'), 1_000)));
    const result = await Promise.race([outcome, timer]);
    clearTimeout(timeout);
    sub.unsubscribe();
    return result === 'open' ? null : result;
  }

  it('the system works through the services own users (sign-in crosses gateway and identity)', async () => {
    const session = await login(system, 'admin@demo.example');
    expect(session.token).toEqual(expect.any(String));
  });

  it('refuses connections without credentials or with a wrong password', async () => {
    const { nats } = system.distributed!;
    await expect(connect({ servers: nats.url, reconnect: false })).rejects.toMatchObject({ code: 'AUTHORIZATION_VIOLATION' });
    await expect(connect({ servers: nats.url, user: 'catalog', pass: 'wrong', reconnect: false })).rejects.toMatchObject({ code: 'AUTHORIZATION_VIOLATION' });
    await expect(connect({ servers: nats.url, user: 'catalog', pass: nats.credentials.identity.password, reconnect: false })).rejects.toMatchObject({
      code: 'AUTHORIZATION_VIOLATION',
    });
  });

  it("a service's user cannot subscribe to another service's requests, nor to every inbox", async () => {
    const prefix = system.distributed!.prefix;
    const catalog = await as('catalog');
    expect(await subscriptionError(catalog, `${prefix}identity.>`)).toMatchObject({ code: 'PERMISSIONS_VIOLATION' });
    expect(await subscriptionError(catalog, `${prefix}${IdentitySubjects.authenticate}`)).toMatchObject({ code: 'PERMISSIONS_VIOLATION' });
    expect(await subscriptionError(catalog, '_INBOX.>')).toMatchObject({ code: 'PERMISSIONS_VIOLATION' });
    expect(await subscriptionError(catalog, `${busInboxPrefix('gateway')}.>`)).toMatchObject({ code: 'PERMISSIONS_VIOLATION' });
    expect(await subscriptionError(catalog, '>')).toMatchObject({ code: 'PERMISSIONS_VIOLATION' });
    // Its own request subjects it may serve (control: the check above is about the rights, not the call).
    expect(await subscriptionError(catalog, `${prefix}catalog.nats_auth_probe`)).toBeNull();
  });

  it("a service's user cannot call services it does not call, nor publish another service's events or touch its stream", async () => {
    const prefix = system.distributed!.prefix;
    const catalog = await as('catalog');
    await expect(catalog.request(`${prefix}${IdentitySubjects.authenticate}`, new Uint8Array(), { timeout: 3_000 })).rejects.toMatchObject({
      code: 'PERMISSIONS_VIOLATION',
    });
    // The catalog does call the orders service (which rules use an item): that one is answered.
    const health = await catalog.request(`${prefix}${OrdersSubjects.health}`, new Uint8Array(), { timeout: 5_000 });
    expect(health.json<{ ok: boolean }>().ok).toBe(true);

    // Forged events: the gateway may publish no durable event at all, the catalog none of identity's.
    const gateway = await as('gateway');
    const gatewayJs = gateway.jetstream();
    await expect(gatewayJs.publish(`${prefix}evt.identity.restrictions_changed`, new Uint8Array(), { timeout: 3_000 })).rejects.toThrow();
    const catalogJs = catalog.jetstream();
    await expect(catalogJs.publish(`${prefix}evt.identity.restrictions_changed`, new Uint8Array(), { timeout: 3_000 })).rejects.toThrow();

    // A consumer of identity's stream may read it but neither delete nor purge it.
    const jsm = await catalog.jetstreamManager();
    const stream = `${prefix.replace(/[^A-Za-z0-9_-]/g, '_')}EVT_identity`;
    await expect(jsm.streams.info(stream)).resolves.toMatchObject({ config: { name: stream } });
    await expect(jsm.streams.delete(stream)).rejects.toMatchObject({ code: 'PERMISSIONS_VIOLATION' });
    await expect(jsm.streams.purge(stream)).rejects.toMatchObject({ code: 'PERMISSIONS_VIOLATION' });
    // The object store bucket of the blobs is the gateway's alone.
    const supply = await as('supply');
    const supplyJsm = await supply.jetstreamManager();
    const blobs = `OBJ_${prefix.replace(/[^A-Za-z0-9_-]/g, '_')}blobs`;
    await expect(supplyJsm.streams.info(blobs)).rejects.toMatchObject({ code: 'PERMISSIONS_VIOLATION' });
  });
});
