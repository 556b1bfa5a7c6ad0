import { type NatsConnection } from 'nats';
import { Client } from 'pg';
import { eventually } from '@kanban/testing';
import { login, startSystem, type TestSystem } from '../support/system';

jest.setTimeout(180_000);

/** Customer and supplier state changes reach JetStream (stream EVT_catalog) through the catalog's outbox. */
describe('catalog events (distributed)', () => {
  let system: TestSystem;
  let db: Client;
  let nc: NatsConnection;

  beforeAll(async () => {
    system = await startSystem('distributed');
    db = new Client({ connectionString: system.distributed!.databaseUrl });
    await db.connect();
    nc = await system.distributed!.nats.connect();
  });

  afterAll(async () => {
    await nc?.close();
    await db?.end();
    await system?.close();
  });

  it('publishes evt.catalog.customer_changed (create, deactivate, delete) and evt.catalog.supplier_changed', async () => {
    const token = (await login(system, 'writer@demo.example')).token;
    const company = (await system.api.get('/company', token)).body.Data[0].id as number;
    const created = await system.api.post(`/c/${company}/customer/`, { name: 'Event Test GmbH' }, token);
    const id = created.body.Data.id as number;
    await system.api.get(`/c/${company}/customer/${id}/toggleActive?active=0`, token);
    await system.api.get(`/c/${company}/customer/${id}/toggleActive?active=0`, token);
    await system.api.delete(`/c/${company}/customer/${id}`, token);

    const stream = `${system.distributed!.prefix.replace(/[^A-Za-z0-9_-]/g, '_')}EVT_catalog`;
    const events = await eventually(
      async () => {
        const jsm = await nc.jetstreamManager();
        const info = await jsm.streams.info(stream).catch(() => null);
        if (!info) return undefined;
        const found: { inactive: boolean; deleted?: boolean; company_id: number; name: string }[] = [];
        for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq++) {
          const message = await jsm.streams.getMessage(stream, { seq }).catch(() => null);
          if (!message) continue;
          const envelope = message.json<{ subject: string; data: { id: number; inactive: boolean; company_id: number; name: string } }>();
          if (envelope.subject === 'evt.catalog.customer_changed' && envelope.data.id === id) found.push(envelope.data);
        }
        return found.length === 3 ? found : undefined;
      },
      15_000,
      'three customer events in JetStream',
    );
    // The repeated deactivation changed nothing and announced nothing.
    // Each carries the customer's ordering settings for the orders service's copy (CustomerOrderingFields).
    const ordering = { use_request_workflow: false, use_backorder: false, backorder_type: 'days', use_subscription: false, automatic_restock_days: 0, service_fee_item_id: null, time_tracking_item_id: null, show_stock_in_app: false, updated_at: expect.any(String) };
    expect(events).toEqual([
      { id, company_id: company, name: 'Event Test GmbH', inactive: false, ...ordering },
      { id, company_id: company, name: 'Event Test GmbH', inactive: true, ...ordering },
      { id, company_id: company, name: 'Event Test GmbH', inactive: true, deleted: true, ...ordering },
    ]);
    // Suppliers the same way, on their own subject.
    const supplier = await system.api.post(`/c/${company}/supplier/`, { name: 'Event Supplier AG' }, token);
    const supplierId = supplier.body.Data.id as number;
    await system.api.get(`/c/${company}/supplier/${supplierId}/toggleActive?active=0`, token);
    const supplierEvents = await eventually(
      async () => {
        const jsm = await nc.jetstreamManager();
        const info = await jsm.streams.info(stream);
        const found: unknown[] = [];
        for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq++) {
          const message = await jsm.streams.getMessage(stream, { seq }).catch(() => null);
          const envelope = message?.json<{ subject: string; data: { id: number } }>();
          if (envelope?.subject === 'evt.catalog.supplier_changed' && envelope.data.id === supplierId) found.push(envelope.data);
        }
        return found.length === 2 ? found : undefined;
      },
      15_000,
      'two supplier events in JetStream',
    );
    expect(supplierEvents).toEqual([
      { id: supplierId, company_id: company, name: 'Event Supplier AG', active: true },
      { id: supplierId, company_id: company, name: 'Event Supplier AG', active: false },
    ]);
    // every row marked published (the relay marks a batch after JetStream acknowledged all of it: a moment after the
    // last event can be read from the stream)
    const pending = async () => (await db.query(`select count(*)::int as n from catalog.outbox where published_at is null`)).rows[0].n as number;
    await eventually(async () => ((await pending()) === 0 ? true : undefined), 10_000, 'the outbox marked published');
    expect(await pending()).toBe(0);
  });
});
