import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { until } from '@kanban/testing';
import { type NotificationOrders, notificationOrders } from '../support/notification-orders';
import { serviceSql } from '../support/orders-sql';
import { ok, signInDemo, startSystem, type TestSystem } from '../support/system';

jest.setTimeout(240_000);

/**
 * The orders service's consumer of evt.notifications.delivery_changed takes its events in batches (libs/messaging
 * `@OnEvents`, `DeadLetters.batchOnce`; docs/notifications.md "Recording on the order"), in both run modes. Events of
 * two orders, of an event without an order and of another company are written into the notifications outbox in one
 * transaction, as the worker's batched recording writes them; the relay publishes them together. Then: each history
 * event once, the status of each order as a recomputation over all its events gives it (a rule's latest by time, also
 * when its events come out of order), the journal entries of the failed attempts in their companies; those that came
 * together were claimed in fewer transactions than events. One event of the batch fails (EVENT_FAILURE_FILE): the others
 * are recorded meanwhile, it is redelivered and recorded once when its failure is gone.
 */
const failureFile = join(tmpdir(), `kanban-delivery-batch-${process.pid}-${randomBytes(4).toString('hex')}.txt`);
const tag = randomBytes(3).toString('hex');
const FAIL = `BATCHFAIL-${tag}`;

let system: TestSystem;
let demo: number;
let other: number;
const tokens: Record<string, string> = {};
let at: NotificationOrders;

beforeAll(async () => {
  rmSync(failureFile, { force: true });
  system = await startSystem(undefined, { env: { EVENT_FAILURE_FILE: failureFile, EVENT_MAX_FAILURES: '1000', OUTBOX_RELAY_INTERVAL_MS: '300' } });
  const signedIn = await signInDemo(system);
  Object.assign(tokens, signedIn.tokens);
  ({ demo, other } = signedIn);
  at = await notificationOrders(system, demo, tokens, { location: 'Batch-Lager', skuPrefix: 'BAT' });
});

afterAll(async () => {
  rmSync(failureFile, { force: true });
  await system?.close();
});

interface History {
  code: string;
  type: string;
  created_at: string;
  params: { key?: string; rule_id?: number; attempt?: number };
}

const orderOf = async (orderId: number) => ok(await system.api.get(`/c/${demo}/order/${orderId}`, tokens.admin)) as { notification_status: number; history: History[] };
const notificationHistory = async (orderId: number) => (await orderOf(orderId)).history.filter((e) => e.code.startsWith('notification_'));

it('records a batch in one go: history once each, statuses, journal entries per company; a failing event held back alone', async () => {
  const a = (await at.newOrder('Batch A')).orderId;
  const b = (await at.newOrder('Batch B')).orderId;
  const t = (s: number) => new Date(Date.now() - 60_000 + s * 1000).toISOString();
  const base = { rule_name: 'Batch-Regel', channel: 'mail', next_attempt_at: null, customer_id: at.customerId, location_id: at.locationId };
  const event = (data: Record<string, unknown>) => ({ id: randomUUID(), data: { company_id: demo, ...base, ...data } });
  const k1 = `r9101.o${a}.v1`;
  const k2 = `r9102.o${a}.v1`;
  const k3 = `r9101.o${b}.v1`;
  const events = [
    // order A, rule 9101: its sent comes before its queued, which happened earlier: the latest by time is sent
    event({ order_id: a, key: k1, rule_id: 9101, side: 'S', status: 'sent', attempt: 1, answer: '250 ok', kind: null, at: t(2) }),
    event({ order_id: a, key: k1, rule_id: 9101, side: 'S', status: 'pending', attempt: 0, answer: '', kind: null, at: t(0) }),
    // order A, rule 9102: queued, retrying (journal 2000), sent (this one fails at first)
    event({ order_id: a, key: k2, rule_id: 9102, side: 'O', status: 'pending', attempt: 0, answer: '', kind: null, at: t(0) }),
    event({ order_id: a, key: k2, rule_id: 9102, side: 'O', status: 'retrying', attempt: 1, answer: '451 try later', kind: 'other', next_attempt_at: t(5), at: t(1) }),
    event({ order_id: a, key: k2, rule_id: 9102, side: 'O', status: 'sent', attempt: 2, answer: `250 ${FAIL}`, kind: null, at: t(3) }),
    // order B: queued, then given up (login refused: journal 2004)
    event({ order_id: b, key: k3, rule_id: 9101, side: 'S', status: 'pending', attempt: 0, answer: '', kind: null, at: t(0) }),
    event({ order_id: b, key: k3, rule_id: 9101, side: 'S', status: 'failed', attempt: 1, answer: '535 no', kind: 'auth', at: t(1) }),
    // an event without an order (a journal entry's mail) that failed: journal 2003, no history
    event({ order_id: null, subject: 'j424242', key: 'r9103.j424242', rule_id: 9103, side: 'O', status: 'failed', attempt: 1, answer: `garbage ${tag}`, kind: 'unreadable', at: t(1) }),
    // another company's (its own transaction): journal 2000 there
    {
      id: randomUUID(),
      data: { company_id: other, ...base, customer_id: null, location_id: null, order_id: null, subject: 's5.offline.t1', key: 'r9104.s5.offline.t1', rule_id: 9104, side: 'O', status: 'failed', attempt: 1, answer: `down ${tag}`, kind: 'unreachable', at: t(1) },
    },
  ];
  writeFileSync(failureFile, `orders.notification_delivery ${FAIL}\n`);
  // one transaction, as the worker's batched recording writes them (its outbox rows), published together by the relay
  const values = events.map(() => `(cast(? as uuid), 'evt.notifications.delivery_changed', cast(? as json), now())`).join(', ');
  await serviceSql(
    system,
    'notifications',
    `insert into notifications.outbox (id, subject, payload, created_at) values ${values}`,
    events.flatMap((e) => [e.id, JSON.stringify({ id: e.id, subject: 'evt.notifications.delivery_changed', occurredAt: new Date().toISOString(), data: e.data })]),
  );

  // everything but the failing event is recorded
  await until('the batch recorded', () => notificationHistory(a), (h) => h.length === 4, 60_000);
  await until('order B recorded', () => notificationHistory(b), (h) => h.length === 2, 30_000);
  expect((await notificationHistory(a)).filter((e) => e.params.key === k2 && e.code === 'notification_sent')).toHaveLength(0);
  expect((await orderOf(a)).notification_status).toBe(1); // rule 9102's latest is its retry
  expect((await orderOf(b)).notification_status).toBe(-1);
  const failures = await serviceSql<{ failures: number }>(system, 'orders', `select failures from orders.dead_letter where consumer = 'orders.notification_delivery' and event_id = ?`, [events[4]!.id]);
  expect(failures.length).toBe(1);
  expect(Number(failures[0]!.failures)).toBeGreaterThanOrEqual(1);

  // the failure gone: redelivered (JetStream's delay, the embedded relay's next round) and recorded once
  rmSync(failureFile);
  await until('the held-back event', () => orderOf(a), (o) => o.notification_status === 2, 60_000);
  const historyA = await notificationHistory(a);
  const count = (h: History[], key: string, code: string) => h.filter((e) => e.params.key === key && e.code === code).length;
  expect([count(historyA, k1, 'notification_queued'), count(historyA, k1, 'notification_sent')]).toEqual([1, 1]);
  expect([count(historyA, k2, 'notification_queued'), count(historyA, k2, 'notification_retrying'), count(historyA, k2, 'notification_sent')]).toEqual([1, 1, 1]);
  expect(historyA).toHaveLength(5);
  expect(historyA.filter((e) => e.params.key === k1).map((e) => e.type)).toEqual(['S', 'S']);
  expect(historyA.filter((e) => e.params.key === k2).map((e) => e.type)).toEqual(['O', 'O', 'O']);
  const historyB = await notificationHistory(b);
  expect([count(historyB, k3, 'notification_queued'), count(historyB, k3, 'notification_failed')]).toEqual([1, 1]);
  expect((await orderOf(b)).notification_status).toBe(-1);
  // no failure count left for the event that went through in the end
  expect(await serviceSql(system, 'orders', `select 1 from orders.dead_letter where consumer = 'orders.notification_delivery' and event_id = ?`, [events[4]!.id])).toEqual([]);

  // journal entries of the failed attempts, each in its company, once
  const journal = async (company: number, token: string) =>
    (ok(await system.api.get(`/v2/c/${company}/journal?per_page=200`, token)).items as { code: number; message_key: string; params: { key: string } }[]).filter((j) => j.message_key === 'notification_failed');
  const demoEntries = await journal(demo, tokens.admin!);
  expect(demoEntries.filter((j) => j.params.key === k2).map((j) => j.code)).toEqual([2000]);
  expect(demoEntries.filter((j) => j.params.key === k3).map((j) => j.code)).toEqual([2004]);
  expect(demoEntries.filter((j) => j.params.key === 'r9103.j424242').map((j) => j.code)).toEqual([2003]);
  expect((await journal(other, tokens.other!)).filter((j) => j.params.key === 'r9104.s5.offline.t1').map((j) => j.code)).toEqual([2000]);

  // claimed together: the demo company's events that did not fail went in fewer transactions than events (the
  // inbox's processed_at is the claiming transaction's time); the embedded relay hands them over as one batch
  const together = events.filter((e, i) => i !== 4 && e.data.company_id === demo).map((e) => e.id);
  const [claims] = await serviceSql<{ n: number; events: number }>(
    system,
    'orders',
    `select count(distinct processed_at) as n, count(*) as events from orders.inbox where consumer = 'orders.notification_delivery' and event_id = any(cast(? as uuid[]))`,
    [`{${together.join(',')}}`],
  );
  expect(Number(claims!.events)).toBe(together.length);
  if (system.mode === 'embedded') expect(Number(claims!.n)).toBe(1);
  else expect(Number(claims!.n)).toBeLessThan(together.length);
});
