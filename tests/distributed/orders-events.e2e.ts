import { type NatsConnection } from 'nats';
import { Client } from 'pg';
import { eventually } from '@kanban/testing';
import { login, startSystem, type TestSystem, waitReady } from '../support/system';

jest.setTimeout(240_000);

/**
 * The orders service as its own process: evt.orders.created reaches JetStream through its outbox, also when the
 * process died after the commit and before publishing; catalog events sent while it was down arrive after its
 * restart (durable consumers).
 */
describe('orders events (distributed)', () => {
  let system: TestSystem;
  let db: Client;
  let nc: NatsConnection;
  let token: string;
  let company: number;
  let customerId: number;

  beforeAll(async () => {
    system = await startSystem('distributed');
    db = new Client({ connectionString: system.distributed!.databaseUrl });
    await db.connect();
    nc = await system.distributed!.nats.connect();
    token = (await login(system, 'writer@demo.example')).token;
    company = (await system.api.get('/company', token)).body.Data[0].id as number;
    customerId = (await system.api.get(`/c/${company}/customer?q=K-10001`, token)).body.Data.items[0].id as number;
  });

  afterAll(async () => {
    await nc?.close();
    await db?.end();
    await system?.close();
  });

  const ok = (answer: { body: { Meta: { code: number }; Data: any } }) => {
    if (answer.body.Meta.code !== 200) throw new Error(JSON.stringify(answer.body.Meta));
    return answer.body.Data;
  };

  async function rule(sku: string) {
    const locationId = ok(await system.api.post(`/c/${company}/customer/${customerId}/location/`, { name: `Events ${sku}` }, token)).id;
    const item = ok(await system.api.post(`/c/${company}/customer/${customerId}/item`, { sku, name: sku }, token));
    return ok(await system.api.post(`/c/${company}/rules`, { location_id: locationId, item_id: item.id, threshold: 1, capacity: 6, stock: 6 }, token));
  }

  async function orderEvents(orderId: number) {
    const stream = `${system.distributed!.prefix.replace(/[^A-Za-z0-9_-]/g, '_')}EVT_orders`;
    return eventually(
      async () => {
        const jsm = await nc.jetstreamManager();
        const info = await jsm.streams.info(stream).catch(() => null);
        if (!info || info.state.messages === 0) return undefined;
        const found = [];
        for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
          const message = await jsm.streams.getMessage(stream, { seq }).catch(() => null);
          const envelope = message?.json<{ subject: string; data: { id: number } }>();
          if (envelope?.subject === 'evt.orders.created' && envelope.data.id === orderId) found.push(envelope.data);
        }
        return found.length > 0 ? found : undefined;
      },
      20_000,
      `evt.orders.created of order ${orderId}`,
    );
  }

  it('publishes evt.orders.created with the lines', async () => {
    const made = await rule('EVT-1');
    const decision = ok(await system.api.post(`/c/${company}/rules/${made.id}/stock`, { stock: 0 }, token)).decision;
    expect(decision.reason).toBe('ordered');
    const [event] = await orderEvents(decision.order_id);
    expect(event).toMatchObject({
      id: decision.order_id,
      company_id: company,
      customer_id: customerId,
      location_id: made.location_id,
      trigger: 'stock',
      lines: [{ pos: 1, rule_id: made.id, item_id: made.item_id, sku: 'EVT-1', name: 'EVT-1', quantity: 6 }],
    });
  });

  it('publishes an order event committed before the process died once it runs again; catalog events sent meanwhile arrive', async () => {
    const { distributed } = system;
    // An orders process whose relay never publishes on its own: the event stays in the outbox.
    await distributed!.kill('orders');
    await distributed!.start('orders', { OUTBOX_RELAY_IMMEDIATE: 'false', OUTBOX_RELAY_INTERVAL_MS: '3600000' });
    await waitReady(system.api, distributed!.processes);
    const made = await rule('EVT-2');
    const decision = ok(await system.api.post(`/c/${company}/rules/${made.id}/stock`, { stock: 0 }, token)).decision;
    expect(decision.reason).toBe('ordered');
    // its evt.orders.created (a journal entry's evt.orders.journal_entry carries the entry's own id, which may be the same number)
    const pending = await db.query(`select id from orders.outbox where published_at is null and subject = 'evt.orders.created' and payload -> 'data' ->> 'id' = $1`, [String(decision.order_id)]);
    expect(pending.rows).toHaveLength(1);
    await distributed!.kill('orders');

    // While orders is down, the catalog pauses the item.
    ok(await system.api.patch(`/c/${company}/customer/${customerId}/item/${made.item_id}`, { paused_until: '2099-01-01' }, token));

    await distributed!.start('orders');
    await waitReady(system.api, distributed!.processes);
    expect(await orderEvents(decision.order_id)).toHaveLength(1);
    await eventually(
      async () => ((await system.api.get(`/c/${company}/rules/${made.id}`, token)).body.Data?.item?.paused_until === '2099-01-01' ? true : undefined),
      20_000,
      'the item change sent while orders was down',
    );
  });
});
