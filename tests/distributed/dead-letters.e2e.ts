import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NatsConnection } from 'nats';
import { until } from '@kanban/testing';
import { ok, signInDemo, startSystem, type TestSystem } from '../support/system';

/**
 * Dead letters over JetStream (docs/architecture.md "Dead letters"; both modes: tests/e2e/dead-letters.e2e.ts): the
 * failing event is redelivered with the backoff (5 s after the first failure), and once it is a dead letter its durable
 * consumer holds nothing unacknowledged or pending, so the events behind it flow.
 */
jest.setTimeout(240_000);

const failureFile = join(tmpdir(), `kanban-dead-letters-js-${process.pid}-${randomBytes(4).toString('hex')}.txt`);
const tag = randomBytes(3).toString('hex');
let system: TestSystem;
let nc: NatsConnection;
let demo: number;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  rmSync(failureFile, { force: true });
  system = await startSystem('distributed', { env: { EVENT_MAX_FAILURES: '2', EVENT_FAILURE_FILE: failureFile } });
  const signedIn = await signInDemo(system);
  Object.assign(tokens, signedIn.tokens);
  demo = signedIn.demo;
  nc = await system.distributed!.nats.connect();
});

afterAll(async () => {
  rmSync(failureFile, { force: true });
  await nc?.close();
  await system?.close();
});

it('redelivers with the backoff, then acknowledges the dead letter: its consumer keeps nothing pending', async () => {
  const customer = ok(await system.api.post(`/c/${demo}/customer/`, { name: `JS ${tag}` }, tokens.admin));
  writeFileSync(failureFile, `orders.customers JSFAIL-${tag}\n`);
  const changed = Date.now();
  ok(await system.api.patch(`/c/${demo}/customer/${customer.id}`, { name: `JSFAIL-${tag}` }, tokens.admin));
  const entries = await until(
    'the dead letter',
    async () => (ok(await system.api.get(`/v2/c/${demo}/journal`, tokens.admin)).items as { id: number; message: string; dead_letter: boolean }[]).filter((e) => e.dead_letter),
    (list) => list.length === 1,
  );
  // the second delivery came after the first backoff step (5 s), not at once
  expect(Date.now() - changed).toBeGreaterThanOrEqual(4_500);
  expect(entries[0]!.message).toContain('by the orders service (customers, 2 attempts)');

  const jsm = await nc.jetstreamManager();
  const stream = `${system.distributed!.prefix.replace(/[^A-Za-z0-9_-]/g, '_')}EVT_catalog`;
  const settled = await until(
    'the consumer to settle',
    () => jsm.consumers.info(stream, 'orders__evt_catalog_customer_changed'),
    (i) => i.num_ack_pending === 0 && i.num_pending === 0,
    30_000,
  );
  // the events behind it flow
  ok(await system.api.patch(`/c/${demo}/customer/${customer.id}`, { name: `JS ${tag} later` }, tokens.admin));
  await until(
    'the later event acknowledged',
    () => jsm.consumers.info(stream, 'orders__evt_catalog_customer_changed'),
    (i) => i.ack_floor.stream_seq > settled.ack_floor.stream_seq && i.num_ack_pending === 0,
    30_000,
  );
  rmSync(failureFile);
  ok(await system.api.post(`/v2/c/${demo}/journal/${entries[0]!.id}/discard`, {}, tokens.admin));
});
