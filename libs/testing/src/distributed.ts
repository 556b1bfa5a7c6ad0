import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { Client } from 'pg';
import { ApiClient, eventually } from './api-client';
import { type ReceivedMail, SmtpSink } from './mail-sink';
import { startNatsServer, type TestNatsServer } from './nats-server';

/** Repository root (this file is libs/testing/src/distributed.ts, or its build in dist/). */
export const ROOT = path.resolve(__dirname, __dirname.includes(`${path.sep}dist${path.sep}`) ? '../../../..' : '../../..');
export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Client keys the launched systems use (the embedded run's defaults). */
export const TEST_API_KEYS = { web: 'kanban-web-demo-key', app: 'kanban-app-demo-key' };

export interface ServiceProcess {
  name: string;
  child: ChildProcess;
  output: string[];
}

export interface DistributedHandles {
  id: string;
  databaseUrl: string;
  prefix: string;
  env: Record<string, string>;
  processes: Map<string, ServiceProcess>;
  /** The run's own nats-server (users and permissions of BUS_ACCESS); `nats.connect()` connects as its admin. */
  nats: TestNatsServer;
  /** `key`: the name the process is kept under (default `name`; another key starts a second replica). */
  start(name: 'identity' | 'catalog' | 'orders' | 'supply' | 'ingest' | 'notifications' | 'gateway', extraEnv?: Record<string, string>, key?: string): Promise<ServiceProcess>;
  kill(name: string, signal?: NodeJS.Signals): Promise<void>;
}

export interface LaunchedSystem {
  url: string;
  /** the sensor ingestion's own HTTP port (started with `ingest: true`) */
  ingestUrl?: string;
  api: ApiClient;
  mails(): Promise<ReceivedMail[]>;
  close(): Promise<void>;
  distributed: DistributedHandles;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** SERVICE_NODE_ARGS: further node flags for the launched processes (e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`, which NODE_OPTIONS refuses). */
function runNode(script: string, env: Record<string, string>, output: string[]): ChildProcess {
  const extra = (process.env.SERVICE_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, ['--enable-source-maps', ...extra, path.join(ROOT, script)], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  return child;
}

/**
 * Gateway, identity, catalog, orders, supply and notifications as separate processes over NATS (own subject prefix) and PostgreSQL
 * (own database); with `ingest`, the sensor ingestion too, on a port of its own (its variables in the environment of
 * this process, e.g. MQTT_URL and MQTT_TOPIC_ROOT).
 */
export async function startDistributedSystem(options: { demoHistory?: boolean; ingest?: boolean } = {}): Promise<LaunchedSystem> {
  const id = `e2e_${process.pid}_${randomBytes(4).toString('hex')}`;
  const database = `kanban_${id}`;
  const demoHistory = options.demoHistory ?? false;
  const templateRun = process.env[TEMPLATE_RUN_ENV];
  if (templateRun && !demoHistory) {
    await copyOfTemplate(templateRun, database);
  } else {
    const admin = new Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database "${database}"`);
    await admin.end();
    // The demo data without its replenishment history unless asked (tests count the demo company's orders and supplies).
    await migrateAndSeed(databaseUrlOf(database), demoHistory);
  }
  const databaseUrl = databaseUrlOf(database);

  const sink = new SmtpSink();
  await sink.start();
  const port = await freePort();
  const prefix = `${id}.`;
  // The run's own NATS (never the machine's shared one): its users and permissions are what the services get.
  const nats = await startTestNats(prefix).catch(async (error: unknown) => {
    await sink.stop().catch(() => undefined);
    throw error;
  });
  const env: Record<string, string> = {
    DATABASE_URL: databaseUrl,
    NATS_URL: nats.url,
    BUS_PREFIX: prefix,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_FORMAT: 'json',
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PORT: String(port),
    API_KEY_WEB: TEST_API_KEYS.web,
    API_KEY_APP: TEST_API_KEYS.app,
    AUTH_RATE_LIMIT: '1000',
    DB_POOL_MAX: '4',
    // Requisition runs only when a test starts them (scheduled runs are tested with an injected clock).
    ORDERS_SCHEDULER: 'false',
    // The sensors' alarm check writes journal entries of the demo's silent sensors; on only where a test asks (SENSOR_ALARMS=true).
    SENSOR_ALARMS: process.env.SENSOR_ALARMS ?? 'false',
    // the notifications service seals the servers' secrets with it (base64 of 32 bytes)
    SECRETS_KEY: randomBytes(32).toString('base64'),
  };
  const processes = new Map<string, ServiceProcess>();
  const url = `http://127.0.0.1:${port}`;
  const api = new ApiClient(url);

  const handles: DistributedHandles = {
    id,
    databaseUrl,
    prefix,
    env,
    processes,
    nats,
    async start(name, extraEnv = {}, key = name) {
      const output: string[] = [];
      const credentials = { NATS_USER: nats.credentials[name].user, NATS_PASSWORD: nats.credentials[name].password };
      const child = runNode(`dist/apps/${name}/src/main.js`, { ...env, ...credentials, ...extraEnv }, output);
      const proc = { name, child, output };
      processes.set(key, proc);
      child.on('exit', (c, signal) => output.push(`[exited ${c ?? signal}]`));
      return proc;
    },
    async kill(name, signal = 'SIGKILL') {
      const proc = processes.get(name);
      if (!proc || proc.child.exitCode !== null || proc.child.signalCode !== null) return;
      const exited = new Promise((resolve) => proc.child.once('exit', resolve));
      proc.child.kill(signal);
      await exited;
    },
  };

  const close = async () => {
    for (const name of [...processes.keys()]) await handles.kill(name, 'SIGTERM').catch(() => undefined);
    await sink.stop().catch(() => undefined);
    // The server goes with its JetStream folder (the run's streams and object store).
    await nats.stop();
    const cleanup = new Client({ connectionString: PG_ADMIN_URL });
    await cleanup.connect();
    // KEEP_TEST_DATABASE=<name>: the run's database is kept under that name (to EXPLAIN a benchmark's queries).
    const keep = process.env.KEEP_TEST_DATABASE;
    if (keep) {
      await cleanup.query(`drop database if exists "${keep}" with (force)`);
      await cleanup.query(`alter database "${database}" rename to "${keep}"`);
    } else {
      await cleanup.query(`drop database if exists "${database}" with (force)`);
    }
    await cleanup.end();
  };

  try {
    await handles.start('identity');
    await handles.start('catalog');
    await handles.start('orders');
    await handles.start('supply');
    await handles.start('notifications');
    await handles.start('gateway');
    await waitReady(api, processes);
  } catch (error) {
    await close();
    throw error;
  }
  let ingestUrl: string | undefined;
  if (options.ingest) {
    try {
      const ingestPort = await freePort();
      ingestUrl = `http://127.0.0.1:${ingestPort}`;
      const proc = await handles.start('ingest', { INGEST_PORT: String(ingestPort), HOST: '127.0.0.1' });
      await eventually(
        async () => {
          if (proc.child.exitCode !== null) throw new Error(`ingest exited: ${proc.output.join('').slice(-2000)}`);
          const answer = await fetch(`${ingestUrl}/health`).catch(() => undefined);
          return answer?.status === 200 ? true : undefined;
        },
        60_000,
        'the ingestion to answer',
      );
    } catch (error) {
      await close();
      throw error;
    }
  }

  return { url, ingestUrl, api, mails: async () => [...sink.mails], close, distributed: handles };
}

function databaseUrlOf(database: string): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

/** The services' migrations and the demo data (migrate.js) into an empty database. */
async function migrateAndSeed(databaseUrl: string, demoHistory: boolean): Promise<void> {
  const output: string[] = [];
  const migrate = runNode('dist/apps/server/src/migrate.js', { DATABASE_URL: databaseUrl, SEED_DEMO: 'true', DEMO_HISTORY: String(demoHistory) }, output);
  const code = await new Promise<number | null>((resolve) => migrate.on('exit', resolve));
  if (code !== 0) throw new Error(`migrate failed (${code}): ${output.join('')}`);
}

/**
 * Set by the e2e-distributed project's global setup (tests/support/distributed-templates.js): the jest run's id. Its
 * systems then copy a migrated and seeded template database (CREATE DATABASE ... TEMPLATE, about half a second)
 * instead of migrating and seeding each (several seconds of node and PostgreSQL work per suite).
 */
export const TEMPLATE_RUN_ENV = 'E2E_TEMPLATE_RUN';
/** A template older than this is made again: the demo data is relative to its creation (sensors last seen minutes ago). */
const TEMPLATE_MAX_AGE_S = 600;
/** the advisory lock (pg_advisory_lock) that keeps the run's workers from making or copying a template at once */
const TEMPLATE_LOCK = 724_117;

export function templatePrefix(run: string): string {
  return `kanban_tpl_${run}_`;
}

/** `database` as a copy of the run's current template, made (again) first when missing or older than TEMPLATE_MAX_AGE_S. */
async function copyOfTemplate(run: string, database: string): Promise<void> {
  const admin = new Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const prefix = templatePrefix(run);
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1) order by datname desc', [prefix]);
    const now = Math.floor(Date.now() / 1000);
    let template = rows.find((r) => now - Number(r.datname.slice(prefix.length)) < TEMPLATE_MAX_AGE_S)?.datname;
    if (!template) {
      for (const old of rows) await admin.query(`drop database if exists "${old.datname}" with (force)`);
      template = `${prefix}${now}`;
      await admin.query(`create database "${template}"`);
      try {
        await migrateAndSeed(databaseUrlOf(template), false);
      } catch (error) {
        await admin.query(`drop database if exists "${template}" with (force)`);
        throw error;
      }
    }
    await admin.query(`create database "${database}" template "${template}"`);
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
    await admin.end();
  }
}

/** Drops the run's template databases (the global teardown; also those of runs that ended without one). */
export async function dropTemplates(prefix: string): Promise<void> {
  const admin = new Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [prefix]);
    for (const row of rows) await admin.query(`drop database if exists "${row.datname}" with (force)`);
  } finally {
    await admin.end();
  }
}

/** The run's nats-server on a free port; another process may take the port between the check and the start: tried thrice. */
async function startTestNats(prefix: string): Promise<TestNatsServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startNatsServer({ prefix, port: await freePort() });
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

export async function waitReady(api: ApiClient, processes: Map<string, ServiceProcess>, timeoutMs = 90_000): Promise<void> {
  try {
    await eventually(
      async () => {
        for (const p of processes.values()) {
          if (p.child.exitCode !== null) throw new Error(`${p.name} exited: ${p.output.join('').slice(-2000)}`);
        }
        const answer = await api.get('/health/ready').catch(() => undefined);
        return answer?.status === 200 ? true : undefined;
      },
      timeoutMs,
      'the system to be ready',
    );
  } catch (error) {
    const logs = [...processes.values()].map((p) => `--- ${p.name}\n${p.output.join('').slice(-3000)}`).join('\n');
    throw new Error(`${(error as Error).message}\n${logs}`);
  }
}

