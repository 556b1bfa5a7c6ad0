import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConsoleLogger, type INestApplication, type LoggerService, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConfigError, EnvReader, type Env } from '@kanban/config';
import { createBlobStore } from '@kanban/images';
import { InProcessBroker, InProcessServer, MessagingModule } from '@kanban/messaging';
import { Database, DatabaseModule, migrateService } from '@kanban/persistence';
import { configureHttpApp, GatewayModule, gatewayMessaging, loadGatewayConfig } from '@kanban/app-gateway';
import { CatalogModule, loadCatalogConfig } from '@kanban/app-catalog';
import { IdentityModule, loadIdentityConfig } from '@kanban/app-identity';
import { loadOrdersConfig, OrdersModule } from '@kanban/app-orders';
import { loadSupplyConfig, SupplyModule } from '@kanban/app-supply';
import { INGEST_BASE_PATH, IngestModule, IngestService, ingestRouter, loadIngestConfig, SensorDirectory } from '@kanban/app-ingest';
import { loadNotificationsConfig, newSecretsKey, NotificationsModule } from '@kanban/app-notifications';
import { startDemoOutbox } from './demo-outbox';
import { type DemoSeed, SERVICE_DATA, seedDemo, seedDemoNotifications } from './services';

/** Client keys of the embedded run when none are configured (documented in the README). */
export const DEMO_API_KEYS = { web: 'kanban-web-demo-key', app: 'kanban-app-demo-key' };

export interface EmbeddedSystem {
  app: INestApplication;
  url: string;
  dataDir: string | null;
  mailDir: string;
  /** the demo outbox's folders (DEMO_SERVERS), else null */
  demoOutbox: { mailDir: string; filesDir: string } | null;
  close(): Promise<void>;
}

/**
 * The embedded run: every service module and the gateway in one process, the in-process bus in place of
 * NATS, PGlite (persisted under DATA_DIR) in place of a PostgreSQL server, mail as files in DATA_DIR/mail.
 * `DATA_DIR=:memory:` keeps the database in memory (tests).
 */
export async function startEmbedded(env: Env = process.env, logger?: LoggerService | false): Promise<EmbeddedSystem> {
  const reader = new EnvReader(env);
  const dataDirRaw = reader.str('DATA_DIR', './data');
  const demo = reader.bool('DEMO_DATA', true);
  const demoHistory = reader.bool('DEMO_HISTORY', true);
  const logFormat = reader.oneOf('LOG_FORMAT', ['json', 'text'] as const, 'text');
  // Only this machine reaches the embedded run (demo logins, demo keys) unless HOST opens it (0.0.0.0: every interface).
  const host = reader.str('HOST', '127.0.0.1');
  // test runs only (README "Tests"): a folder holding the in-memory database, blobs and secrets key
  // after migrations and demo seed, made by the first start and loaded by the next ones instead of doing it again
  const snapshotDir = reader.str('EMBEDDED_SNAPSHOT', '');
  reader.check('HOST', host.length > 0 && !/[\s/]/.test(host), 'must be an address to listen on, e.g. 127.0.0.1 or 0.0.0.0');
  const inMemory = dataDirRaw === ':memory:';
  // the demo outbox (demo-outbox.ts): SMTP and SFTP on loopback for the demo's notification rules, on by default when the
  // demo data with its history goes to a data folder (`npm start`); the test systems (no history, or in memory) count
  // the demo company's servers, rules and deliveries and leave it off unless they ask
  const demoServers = demo && reader.bool('DEMO_SERVERS', demoHistory && !inMemory);
  const demoSmtpPort = reader.int('DEMO_SMTP_PORT', 0, { min: 0, max: 65535 });
  const demoSftpPort = reader.int('DEMO_SFTP_PORT', 0, { min: 0, max: 65535 });
  reader.done();
  if (snapshotDir && !inMemory) throw new ConfigError(['EMBEDDED_SNAPSHOT works with DATA_DIR=:memory: only']);
  if (snapshotDir && demoServers) throw new ConfigError(['EMBEDDED_SNAPSHOT does not work with DEMO_SERVERS (the demo outbox starts from the seed)']);
  const dataDir = inMemory ? null : path.resolve(dataDirRaw);
  // In-memory runs keep their secret and mail in a temporary folder that is removed on close.
  const stateDir = dataDir ?? (await mkdtemp(path.join(tmpdir(), 'kanban-memory-')));
  await mkdir(stateDir, { recursive: true });
  const snapshot = snapshotDir ? await loadSnapshot(snapshotDir, stateDir) : null;
  const secret = env.JWT_SECRET || (await persistentSecret(stateDir));
  const defaults = { JWT_SECRET: secret, API_KEY_WEB: DEMO_API_KEYS.web, API_KEY_APP: DEMO_API_KEYS.app };
  // Images and other blobs live in DATA_DIR/blobs (in-memory runs: the temporary folder).
  const gatewayConfig = loadGatewayConfig(env, { ...defaults, BLOB_STORE: 'folder', BLOB_DIR: path.join(stateDir, 'blobs') });
  if (gatewayConfig.blobs.kind !== 'folder') throw new ConfigError(['BLOB_STORE must be folder in the embedded run (there is no NATS)']);
  const identityConfig = loadIdentityConfig(env, defaults);
  const catalogConfig = loadCatalogConfig(env);
  const ordersConfig = loadOrdersConfig(env);
  const supplyConfig = loadSupplyConfig(env);
  // the sensor ingestion in this process: readings stored here in batches, MQTT only with MQTT_URL
  const ingestConfig = loadIngestConfig(env);
  // the servers' passwords and keys are sealed with SECRETS_KEY, else with a key kept in DATA_DIR/secrets-key
  const notificationsConfig = loadNotificationsConfig(env, { SECRETS_KEY: env.SECRETS_KEY || (await persistentSecretsKey(stateDir)) });
  const mailDir = path.join(stateDir, 'mail');

  const database = await Database.open({ kind: 'pglite', dataDir: dataDir ? path.join(dataDir, 'pgdata') : null, ...(snapshot ? { loadFrom: snapshot } : {}) });
  const blobs = createBlobStore(gatewayConfig.blobs);
  let seeded: DemoSeed | null = null;
  if (!snapshot) {
    for (const data of SERVICE_DATA) await migrateService(database, data);
    if (demo) seeded = await seedDemo(database, { blobs, history: demoHistory });
    if (snapshotDir) await saveSnapshot(snapshotDir, stateDir, database);
  }
  // what the demo's rules send lands in DATA_DIR/demo-outbox (mail/*.eml, files/): real servers, the product's real delivery
  const outbox = seeded && demoServers ? await startDemoOutbox({ dataDir: stateDir, smtpPort: demoSmtpPort, sftpPort: demoSftpPort }) : null;
  try {
    if (seeded && outbox) await seedDemoNotifications(database, seeded, outbox, notificationsConfig.secretsKey);
  } catch (error) {
    await outbox?.close();
    throw error;
  }

  const broker = new InProcessBroker();

  @Module({
    imports: [
      DatabaseModule.forRoot(database),
      MessagingModule.forRoot({ kind: 'in-process', broker }, gatewayMessaging(gatewayConfig)),
      GatewayModule.forRoot(gatewayConfig, { blobs }),
      IdentityModule.forRoot(identityConfig, { kind: 'folder', dir: mailDir, from: 'Kanban <no-reply@kanban.example>' }),
      CatalogModule.forRoot(catalogConfig),
      OrdersModule.forRoot(ordersConfig),
      SupplyModule.forRoot(supplyConfig),
      IngestModule.forRoot(ingestConfig, { kind: 'direct' }),
      NotificationsModule.forRoot(notificationsConfig),
    ],
  })
  class EmbeddedModule {}

  const app = await NestFactory.create(EmbeddedModule, {
    bodyParser: false,
    logger: logger ?? new ConsoleLogger({ json: logFormat === 'json', prefix: 'kanban' }),
  });
  configureHttpApp(app, gatewayConfig);
  // the ingestion's HTTP calls (device keys, not user tokens) beside the gateway's, on the same port
  app.use(INGEST_BASE_PATH, ingestRouter(app.get(IngestService), app.get(SensorDirectory)));
  app.connectMicroservice({ strategy: new InProcessServer(broker) });
  await app.startAllMicroservices();
  await app.listen(gatewayConfig.port, host);
  const address = app.getHttpServer().address() as { port: number };
  return {
    app,
    url: `http://${urlHost(host)}:${address.port}`,
    dataDir,
    mailDir,
    demoOutbox: outbox ? { mailDir: outbox.mailDir, filesDir: outbox.filesDir } : null,
    async close() {
      await app.close();
      await outbox?.close();
      await database.close();
      if (!dataDir) await rm(stateDir, { recursive: true, force: true });
    },
  };
}

const SNAPSHOT_DB = 'database.tar';
const SNAPSHOT_FILES = ['blobs', 'secrets-key'];

/**
 * EMBEDDED_SNAPSHOT: the database dump and the state files the migrations and the demo seed made (blobs, the secrets
 * key that sealed the demo servers' passwords), copied into this run's state folder. Null when there is none yet.
 */
async function loadSnapshot(dir: string, stateDir: string): Promise<Blob | null> {
  const dump = path.join(dir, SNAPSHOT_DB);
  if (!existsSync(dump)) return null;
  for (const name of SNAPSHOT_FILES) {
    if (existsSync(path.join(dir, name))) await cp(path.join(dir, name), path.join(stateDir, name), { recursive: true });
  }
  return new Blob([await readFile(dump)]);
}

/** Writes the snapshot into a folder of its own, then renames it into place: a parallel start keeps the first one. */
async function saveSnapshot(dir: string, stateDir: string, database: Database): Promise<void> {
  const partial = `${dir}.partial-${process.pid}-${randomBytes(4).toString('hex')}`;
  await mkdir(partial, { recursive: true });
  for (const name of SNAPSHOT_FILES) {
    if (existsSync(path.join(stateDir, name))) await cp(path.join(stateDir, name), path.join(partial, name), { recursive: true });
  }
  await writeFile(path.join(partial, SNAPSHOT_DB), Buffer.from(await (await database.dumpPglite()).arrayBuffer()));
  await mkdir(path.dirname(dir), { recursive: true });
  try {
    await rename(partial, dir);
  } catch {
    // another start got there first (the folder exists and is not empty): keep its snapshot
    await rm(partial, { recursive: true, force: true });
  }
}

/** The embedded run signs tokens with a secret kept in DATA_DIR, so sessions survive a restart. */
async function persistentSecret(dir: string): Promise<string> {
  const file = path.join(dir, 'jwt-secret');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The embedded run's key for the servers' secrets when SECRETS_KEY is not set: made once and kept in
 * DATA_DIR/secrets-key (mode 600), so the sealed passwords open after a restart. Back it up with the data.
 */
async function persistentSecretsKey(dir: string): Promise<string> {
  const file = path.join(dir, 'secrets-key');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const key = newSecretsKey();
  await writeFile(file, key, { mode: 0o600 });
  return key;
}

/** How this process reaches its own server: a wildcard address through the loopback, an IPv6 address in brackets. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}
