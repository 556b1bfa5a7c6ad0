// `npm run start:distributed`: the distributed system on this machine, each service its own process over
// NATS and PostgreSQL (the same processes docker-compose.yml and the Helm chart describe). Applies the
// migrations first (and the demo data with SEED_DEMO=true). Configuration from the environment:
//   DATABASE_URL (default postgres://postgres@127.0.0.1:5432/kanban, created if missing), NATS_URL,
//   JWT_SECRET (required), API_KEY_WEB, API_KEY_APP, SMTP_URL (required), PORT, ...
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const env = { ...process.env };
env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/kanban';
env.NATS_URL ??= 'nats://127.0.0.1:4222';
env.LOG_FORMAT ??= 'json';
for (const name of ['JWT_SECRET', 'SMTP_URL', 'API_KEY_WEB', 'API_KEY_APP']) {
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
sync(['tools/scripts/build.mjs']);
sync(['tools/scripts/create-database.mjs']);
sync(['dist/apps/server/src/migrate.js']);

const services = ['identity', 'catalog', 'orders', 'supply', 'gateway'];
const children = services.map((name) => {
  const child = spawn(node, ['--enable-source-maps', `dist/apps/${name}/src/main.js`], { cwd: root, stdio: 'inherit', env });
  child.on('exit', (code, signal) => {
    console.error(`${name} exited (${code ?? signal}); stopping the others`);
    stop();
  });
  return child;
});
let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(0), 3000).unref();
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
