import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { eventually, until } from '@kanban/testing';
import { notificationOrders } from '../support/notification-orders';
import { ok, signInDemo, startSystem, type TestSystem } from '../support/system';

jest.setTimeout(180_000);

/**
 * The orders service's batch consumer of evt.notifications.delivery_changed (libs/messaging `DeadLetters.batchOnce`)
 * when its database connection is lost in the middle of a batch: the batch's transaction waits for a lock held here and
 * its backend is terminated (57P01). The whole batch is given back to JetStream uncounted (no failure counts, not one by
 * one), redelivered after the delay and recorded once.
 */
let system: TestSystem;
let db: Client;

beforeAll(async () => {
  system = await startSystem('distributed');
  db = new Client({ connectionString: system.distributed!.databaseUrl });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
  await system?.close();
});

it('a batch whose connection is terminated is redelivered whole and recorded once, no failure counted', async () => {
  const { tokens, demo } = await signInDemo(system);
  const at = await notificationOrders(system, demo, tokens, { location: 'Ausfall-Lager', skuPrefix: 'OUT' });
  const orderId = (await at.newOrder('Outage')).orderId;
  // the supply service's answer to the new order is written into its history first (not to wait for the lock below)
  await until('supply_created', async () => ok(await system.api.get(`/c/${demo}/order/${orderId}`, tokens.admin!)).history as { code: string }[], (h) => h.some((e) => e.code === 'supply_created'), 30_000);
  const at0 = Date.now() - 60_000;
  const events = Array.from({ length: 6 }, (_, i) => ({
    id: randomUUID(),
    data: {
      company_id: demo,
      order_id: orderId,
      key: `r9201.o${orderId}.v${i + 1}`,
      rule_id: 9201,
      rule_name: 'Ausfall',
      side: 'S',
      channel: 'mail',
      status: 'sent',
      attempt: 1,
      answer: '250 ok',
      kind: null,
      next_attempt_at: null,
      at: new Date(at0 + i * 1000).toISOString(),
      customer_id: at.customerId,
      location_id: at.locationId,
    },
  }));
  const writer = new Client({ connectionString: system.distributed!.databaseUrl });
  await writer.connect();
  // the history table locked here; the events written into the notifications outbox by a second connection (committed:
  // the relay publishes them together, the orders consumer's batch waits for the lock)
  await db.query('begin');
  try {
    await db.query('lock table orders.purchase_order_event in access exclusive mode');
    const values = events.map((_, i) => `($${2 * i + 1}::uuid, 'evt.notifications.delivery_changed', $${2 * i + 2}::json, now())`).join(', ');
    await writer.query(
      `insert into notifications.outbox (id, subject, payload, created_at) values ${values}`,
      events.flatMap((e) => [e.id, JSON.stringify({ id: e.id, subject: 'evt.notifications.delivery_changed', occurredAt: new Date().toISOString(), data: e.data })]),
    );
    // looked up from the second connection: a transaction sees pg_stat_activity as it was at its first look
    const pid = await eventually(async () => {
      const { rows } = await writer.query<{ pid: number }>(
        `select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like '%jsonb_to_recordset%'`,
      );
      return rows[0]?.pid;
    }, 30_000, "the orders consumer's batch to wait for the lock");
    await db.query('select pg_terminate_backend($1)', [pid]);
  } finally {
    await db.query('rollback');
    await writer.end();
  }

  const sent = async () =>
    (ok(await system.api.get(`/c/${demo}/order/${orderId}`, tokens.admin!)).history as { code: string; params: { key: string } }[]).filter((e) => e.code === 'notification_sent');
  const history = await until('the batch recorded after its redelivery', sent, (h) => h.length >= events.length, 60_000);
  expect(history.map((e) => e.params.key).sort()).toEqual(events.map((e) => e.data.key).sort());
  const counted = await db.query(`select event_id from orders.dead_letter where consumer = 'orders.notification_delivery' and event_id = any($1::uuid[])`, [events.map((e) => e.id)]);
  expect(counted.rows).toEqual([]);
  const log = system.distributed!.processes.get('orders')!.output.join('');
  expect(log).toMatch(/orders\.notification_delivery: a batch of \d+ events failed, the database is out of reach \(redelivered\)/);
  expect(log).not.toMatch(/orders\.notification_delivery: a batch of \d+ events failed, handling them one by one/);
});
