// `npm run start:distributed`: the distributed system on this machine, each service its own process over
// NATS and PostgreSQL (the same processes docker-compose.yml and the Helm chart describe). Applies the
// migrations first (and the demo data with SEED_DEMO=true). Configuration from the environment:
//   DATABASE_URL (default postgres://postgres@127.0.0.1:5432/kanban, created if missing), NATS_URL,
//   JWT_SECRET (required), API_KEY_WEB, API_KEY_APP, SMTP_URL (required), SECRETS_KEY (required: base64 of 32 bytes,
//   the notifications service's key for the servers' secrets), PORT, INGEST_PORT, MQTT_URL, ...
// NATS: without NATS_URL it starts a nats-server of its own (NATS_SERVER_PATH, default /usr/sbin/nats-server) on
// 127.0.0.1:NATS_PORT (default 4223) with JetStream in tmp/nats and the users and permissions of BUS_ACCESS
// (tools/scripts/nats-config.mjs), new random passwords on every start. With NATS_URL (a server configured from
// `nats-config.mjs --env-passwords`) each service's password comes from NATS_PASSWORD_<SERVICE>.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBusAccess, passwordVariable, randomPassword } from './nats-config.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const env = { ...process.env };
env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/kanban';
env.LOG_FORMAT ??= 'json';
for (const name of ['JWT_SECRET', 'SMTP_URL', 'API_KEY_WEB', 'API_KEY_APP', 'SECRETS_KEY']) {
  if (!env[name]) {
    console.error(`${name} is required (see README, "Distributed run")`);
    process.exit(1);
  }
}
const node = process.execPath;
const sync = (args) => {
  const r = spawnSync(node, args, { cwd: root, stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
const { BUS_SERVICES, natsServerConfig } = loadBusAccess(); // builds first
sync(['tools/scripts/create-database.mjs']);
sync(['dist/apps/server/src/migrate.js']);

const children = [];
let natsServer;
let stopping = false;
const passwords = {};
if (env.NATS_URL) {
  for (const service of BUS_SERVICES) {
    passwords[service] = env[passwordVariable(service)];
    if (!passwords[service]) {
      console.error(`${passwordVariable(service)} is required with NATS_URL (see docs/deployment.md, "NATS users")`);
      process.exit(1);
    }
  }
} else {
  const port = Number(env.NATS_PORT ?? 4223);
  const dir = path.join(root, 'tmp/nats');
  mkdirSync(dir, { recursive: true });
  for (const service of BUS_SERVICES) passwords[service] = randomPassword();
  const config = natsServerConfig({ prefix: env.BUS_PREFIX ?? '', blobBucket: env.BLOB_BUCKET ?? 'blobs', passwords, listen: `127.0.0.1:${port}`, storeDir: path.join(dir, 'jetstream') });
  writeFileSync(path.join(dir, 'nats.conf'), config, { mode: 0o600 });
  const server = spawn(env.NATS_SERVER_PATH ?? '/usr/sbin/nats-server', ['-c', path.join(dir, 'nats.conf')], { stdio: 'inherit' });
  server.on('exit', (code, signal) => {
    console.error(`nats-server exited (${code ?? signal}); stopping the others`);
    stop();
  });
  natsServer = server;
  env.NATS_URL = `nats://127.0.0.1:${port}`;
  for (let i = 0; !(await reachable(port)); i++) {
    if (i > 100) {
      console.error(`nats-server does not answer on 127.0.0.1:${port}`);
      process.exit(1);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function reachable(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(true) || socket.end());
    socket.once('error', () => resolve(false));
  });
}

// the sensor ingestion on INGEST_PORT (default 3100), MQTT from MQTT_URL when set (docs/sensors.md)
const services = ['identity', 'catalog', 'orders', 'supply', 'ingest', 'notifications', 'gateway'];
for (const name of services) {
  const serviceEnv = { ...env, NATS_USER: name, NATS_PASSWORD: passwords[name] };
  const child = spawn(node, ['--enable-source-maps', `dist/apps/${name}/src/main.js`], { cwd: root, stdio: 'inherit', env: serviceEnv });
  child.on('exit', (code, signal) => {
    console.error(`${name} exited (${code ?? signal}); stopping the others`);
    stop();
  });
  children.push(child);
}
function stop() {
  if (stopping) return;
  stopping = true;
  const running = children.filter((child) => child.exitCode === null);
  for (const child of running) child.kill('SIGTERM');
  // NATS last, once the services have closed their connections (or after 3 s)
  const stopNats = () => natsServer?.exitCode === null && natsServer.kill('SIGTERM');
  void Promise.race([Promise.all(running.map((child) => new Promise((resolve) => child.once('exit', resolve)))), new Promise((resolve) => setTimeout(resolve, 3000))]).then(stopNats);
  setTimeout(() => process.exit(0), 4000).unref();
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
