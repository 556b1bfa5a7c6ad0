import { JSONCodec, type NatsConnection } from 'nats';
import { Client } from 'pg';
import { eventually } from '@kanban/testing';
import { login, startSystem, type TestSystem, waitReady } from '../support/system';

jest.setTimeout(240_000);

/**
 * The supply service as its own process (docs/supplies.md): an order created while it is down becomes a supply
 * once it runs again (durable consumer of evt.orders.created); the same event delivered again (another message
 * id, the same event id) creates nothing twice; its delivery change reaches the orders service.
 */
describe('supply events (distributed)', () => {
  let system: TestSystem;
  let db: Client;
  let nc: NatsConnection;
  let token: string;
  let company: number;
  let customerId: number;
  let supplierId: number;
  let catalogId: number;

  beforeAll(async () => {
    system = await startSystem('distributed');
    db = new Client({ connectionString: system.distributed!.databaseUrl });
    await db.connect();
    nc = await system.distributed!.nats.connect();
    token = (await login(system, 'admin@demo.example')).token;
    company = (await system.api.get('/company', token)).body.Data[0].id as number;
    customerId = (await system.api.get(`/c/${company}/customer?q=K-10001`, token)).body.Data.items[0].id as number;
    supplierId = (await system.api.get(`/c/${company}/supplier?q=L-100`, token)).body.Data.items[0].id as number;
    catalogId = (await system.api.get(`/c/${company}/supplier/${supplierId}/catalog`, token)).body.Data.items[0].id as number;
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

  async function order(sku: string): Promise<number> {
    const locationId = ok(await system.api.post(`/c/${company}/customer/${customerId}/location/`, { name: `Supply events ${sku}` }, token)).id;
    const item = ok(await system.api.post(`/c/${company}/customer/${customerId}/item`, { sku, name: sku, catalog_id: catalogId }, token));
    const rule = ok(await system.api.post(`/c/${company}/rules`, { location_id: locationId, item_id: item.id, threshold: 1, capacity: 6, stock: 6 }, token));
    const decision = ok(await system.api.post(`/c/${company}/rules/${rule.id}/stock`, { stock: 0 }, token)).decision;
    expect(decision.reason).toBe('ordered');
    return decision.order_id as number;
  }

  const supplies = async (orderId: number) => ok(await system.api.get(`/c/${company}/supplier/${supplierId}/supply?state=all&q=${orderId}`, token)).items.filter((s: any) => s.order_id === orderId);

  it('receives an order created while the supply service was down once it runs again', async () => {
    const { distributed } = system;
    await distributed!.kill('supply');
    const orderId = await order('SUPEVT-1');
    // The order exists; no supply yet (the service is down and nothing else writes supplies).
    const before = await db.query('select count(*)::int as n from supply.supply where order_id = $1', [orderId]);
    expect(before.rows[0].n).toBe(0);

    await distributed!.start('supply');
    await waitReady(system.api, distributed!.processes);
    const [supply] = await eventually(async () => {
      const found = await supplies(orderId);
      return found.length > 0 ? found : undefined;
    }, 30_000, `the supply of order ${orderId}`);
    expect(supply).toMatchObject({ order_id: orderId, supplier: 'Schraubenwerk Franken GmbH', customer: 'Maschinenbau Huber GmbH', line_count: 1, status: 'open' });

    // The same event again (a new message id, so JetStream does not drop it): the inbox claim makes it a no-op.
    const stream = `${distributed!.prefix.replace(/[^A-Za-z0-9_-]/g, '_')}EVT_orders`;
    const jsm = await nc.jetstreamManager();
    const info = await jsm.streams.info(stream);
    let envelope: { id: string; subject: string; data: { id: number } } | undefined;
    for (let seq = info.state.first_seq; seq <= info.state.last_seq && !envelope; seq++) {
      const message = await jsm.streams.getMessage(stream, { seq }).catch(() => null);
      const candidate = message?.json<{ id: string; subject: string; data: { id: number } }>();
      if (candidate?.subject === 'evt.orders.created' && candidate.data.id === orderId) envelope = candidate;
    }
    expect(envelope).toBeDefined();
    const js = nc.jetstream();
    await js.publish(`${distributed!.prefix}evt.orders.created`, JSONCodec().encode(envelope), { msgID: `${envelope!.id}-again` });
    // Processed (claimed once: the inbox holds the event once) and still one supply.
    await eventually(async () => {
      const consumer = await jsm.consumers.info(stream, 'supply__evt_orders_created');
      return consumer.num_pending === 0 && consumer.num_ack_pending === 0 ? true : undefined;
    }, 30_000, 'the repeated event to be processed');
    const after = await db.query('select count(*)::int as n from supply.supply where order_id = $1', [orderId]);
    expect(after.rows[0].n).toBe(1);
    const inbox = await db.query(`select count(*)::int as n from supply.inbox where consumer = 'supply.orders' and event_id = $1`, [envelope!.id]);
    expect(inbox.rows[0].n).toBe(1);

    // Marked delivered: the orders service (its own process) marks the order delivered.
    ok(await system.api.patch(`/c/${company}/supplier/${supplierId}/supply/${supply.id}`, { delivered: true }, token));
    await eventually(async () => ((await system.api.get(`/c/${company}/order/${orderId}`, token)).body.Data.status === 'delivered' ? true : undefined), 30_000, 'the order delivered');
    const history = ok(await system.api.get(`/c/${company}/order/${orderId}`, token)).history.map((e: any) => e.type);
    expect(history.filter((t: string) => t === 'S')).toHaveLength(2);
  });
});
