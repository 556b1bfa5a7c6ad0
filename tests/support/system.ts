import {
  ApiClient,
  type DistributedHandles,
  readMailFolder,
  type ReceivedMail,
  startDistributedSystem,
} from '@kanban/testing';
import { DEMO_API_KEYS, type EmbeddedSystem, startEmbedded } from '@kanban/app-server';
import type { BusService } from '@kanban/contracts';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { EVENT_PUBLISHER, type EventPublisher, JetStreamEventPublisher, NatsBus } from '@kanban/messaging';

export type Mode = 'embedded' | 'distributed';

export { waitReady } from '@kanban/testing';

/**
 * Distributed only: a bus connection to the run's own NATS as one of the services (its user and permissions), e.g.
 * to publish an event as its producer would: `busAs(system, 'orders')` for `evt.orders.*`.
 */
export function busAs(system: TestSystem, service: BusService): Promise<NatsBus> {
  const { nats, prefix } = system.distributed!;
  const { user, password } = nats.credentials[service];
  return NatsBus.connect({ url: nats.url, prefix, name: service, requestTimeoutMs: 5000, user, password });
}

/**
 * Publishes a durable event as its producer would, in either run mode: through the embedded run's publisher, or into
 * the producer's JetStream stream as that service's NATS user (its permissions). `evt.<service>.…` is published as
 * `service`.
 */
export async function publishEventAs(
  system: TestSystem,
  service: BusService,
  subject: string,
  data: Record<string, unknown>,
  id: string = randomUUID(),
): Promise<void> {
  const envelope = { id, subject, occurredAt: new Date().toISOString(), data };
  if (system.mode === 'embedded') {
    await system.app!.get<EventPublisher>(EVENT_PUBLISHER).publish(envelope);
    return;
  }
  const bus = await busAs(system, service);
  try {
    const publisher = new JetStreamEventPublisher(bus);
    await publisher.ensureStream(service);
    await publisher.publish(envelope);
  } finally {
    await bus.close();
  }
}

export interface TestSystem {
  mode: Mode;
  url: string;
  /** where the sensor ingestion's HTTP calls go (`ingest: true`): the embedded run's one port, or the ingestion process */
  ingestUrl?: string;
  api: ApiClient;
  apiKeys: { web: string; app: string };
  mails(): Promise<ReceivedMail[]>;
  close(): Promise<void>;
  /** Distributed only. */
  distributed?: DistributedHandles;
  /** Embedded only: the Nest application (e.g. to publish an event through its bus). */
  app?: EmbeddedSystem['app'];
}

export function modeFromEnv(): Mode {
  const mode = process.env.E2E_MODE;
  if (mode !== 'embedded' && mode !== 'distributed') throw new Error('E2E_MODE must be embedded or distributed');
  return mode;
}

/**
 * `demoHistory`: the demo data's replenishment history (README "Demo data"); off unless asked, tests count the demo company's orders.
 * `env`: more variables for the services (embedded: the process's configuration; distributed: set in this test process's
 * environment, which the service processes inherit).
 */
export function startSystem(mode: Mode = modeFromEnv(), options: { demoHistory?: boolean; env?: Record<string, string>; ingest?: boolean } = {}): Promise<TestSystem> {
  if (mode === 'embedded') return startEmbeddedSystem(options.demoHistory ?? false, options.env).then((system) => ({ ...system, ...(options.ingest ? { ingestUrl: system.url } : {}) }));
  Object.assign(process.env, options.env ?? {});
  return startDistributedSystem(options).then((system) => ({ ...system, mode, apiKeys: DEMO_API_KEYS }));
}

async function startEmbeddedSystem(demoHistory: boolean, env: Record<string, string> = {}): Promise<TestSystem> {
  const systemEnv: Record<string, string> = { DATA_DIR: ':memory:', PORT: '0', DEMO_DATA: 'true', DEMO_HISTORY: String(demoHistory), AUTH_RATE_LIMIT: '1000', ORDERS_SCHEDULER: 'false', SENSOR_ALARMS: 'false', ...env };
  const system = await startEmbedded({ ...systemEnv, ...snapshotEnv(systemEnv) }, false);
  return {
    mode: 'embedded',
    app: system.app,
    url: system.url,
    api: new ApiClient(system.url),
    apiKeys: DEMO_API_KEYS,
    mails: () => readMailFolder(system.mailDir),
    close: () => system.close(),
  };
}

/**
 * With EMBEDDED_SNAPSHOTS (a folder; `npm test` sets it for its jest run and removes it after), embedded systems of the
 * same configuration start from one snapshot of the migrated and seeded database (README "Tests")
 * instead of migrating and seeding each time: one snapshot per distinct environment. Without it, as before.
 */
function snapshotEnv(env: Record<string, string>): Record<string, string> {
  const root = process.env.EMBEDDED_SNAPSHOTS;
  // the demo outbox starts from the seed itself: such systems seed every time
  if (!root || env.DATA_DIR !== ':memory:' || /^(1|true|yes|on)$/i.test(env.DEMO_SERVERS ?? '')) return {};
  const key = createHash('sha256').update(JSON.stringify(Object.entries(env).sort(([a], [b]) => a.localeCompare(b)))).digest('hex').slice(0, 16);
  return { EMBEDDED_SNAPSHOT: path.join(root, key) };
}

/**
 * The environment of a system whose sensor alarms are checked fast (an interval unit of one second, a check every
 * 250 ms) and whose ingestion takes MQTT readings on topics and a shared group of this run only.
 */
export function fastSensorAlarmsEnv(): Record<string, string> {
  return {
    SENSOR_ALARMS: 'true',
    SENSOR_ALARM_CHECK_MS: '250',
    SENSOR_INTERVAL_UNIT_MS: '1000',
    INGEST_FLUSH_MS: '50',
    MQTT_URL: process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883',
    MQTT_TOPIC_ROOT: `e2e-${process.pid}-${randomBytes(3).toString('hex')}/kanban`,
    MQTT_SHARED_GROUP: `g${randomBytes(4).toString('hex')}`,
  };
}

/** Signs in a demo user and answers the tokens. */
export async function login(system: TestSystem, email: string, password = 'demo12345') {
  const answer = await system.api.post('/authenticate', { Email: email, Password: password }, undefined, { 'X-API-Key': system.apiKeys.web });
  if (answer.body.Meta.code !== 200) throw new Error(`login ${email} failed: ${JSON.stringify(answer.body.Meta)}`);
  return answer.body.Data as { token: string; refresh_token: string; user: { id: number } };
}

/** An API answer as the tests read it: the HTTP status and the envelope. */
export type Answer = { status: number; body: { Meta: { code: number; message: string; field?: string }; Data: any } };

/** The answer's Data, or an error naming the status and Meta when the call did not succeed. */
export function ok(answer: Answer): any {
  if (answer.body.Meta.code !== 200) throw new Error(`expected 200, got ${answer.status} ${JSON.stringify(answer.body.Meta)}`);
  return answer.body.Data;
}

/** The answer's Meta (code, message, field). */
export function meta(answer: Answer): Answer['body']['Meta'] {
  return answer.body.Meta;
}

/**
 * Signs in the demo logins (README "Demo logins"): tokens and user ids by role name (owner, admin, writer, readonly,
 * customer, supplier; `other` is the admin of the other company) and the ids of the two companies.
 */
export async function signInDemo(system: TestSystem) {
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  for (const name of ['owner', 'admin', 'writer', 'readonly', 'customer', 'supplier']) {
    const session = await login(system, `${name}@demo.example`);
    tokens[name] = session.token;
    ids[name] = session.user.id;
  }
  const other = await login(system, 'admin@other.example');
  tokens.other = other.token;
  ids.other = other.user.id;
  const company = async (token: string) => (await system.api.get('/company', token)).body.Data[0].id as number;
  return { tokens, ids, demo: await company(tokens.admin!), other: await company(tokens.other) };
}
