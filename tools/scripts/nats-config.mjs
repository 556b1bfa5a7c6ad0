// Writes a nats-server configuration with a user per service (gateway, identity, catalog, orders, supply) and the
// publish/subscribe permissions of BUS_ACCESS (libs/contracts/src/bus-access.ts), the one table they come from.
//
//   node tools/scripts/nats-config.mjs [--prefix=<BUS_PREFIX>] [--bucket=<BLOB_BUCKET>] [--listen=0.0.0.0:4222]
//        [--store-dir=/data] [--admin] [--env-passwords | --env-out=<file>] [--out=<file>]
//
// --env-passwords: the server reads each password from its environment (NATS_PASSWORD_GATEWAY, ..._SUPPLY, and
//   NATS_PASSWORD_ADMIN with --admin): what docker-compose.yml and the Helm chart's NATS use (deploy/nats/nats.conf).
// Otherwise random passwords are generated and written as NATS_PASSWORD_<SERVICE>=... lines to --env-out (or
// printed to stderr); give each service NATS_USER=<service> and NATS_PASSWORD=<its password>.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The generator compiled from libs/contracts (built first, a second or so). */
export function loadBusAccess() {
  const built = spawnSync(process.execPath, ['tools/scripts/build.mjs'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error('build failed');
  return createRequire(import.meta.url)(path.join(root, 'dist/libs/contracts/src/bus-access.js'));
}

export const passwordVariable = (service) => `NATS_PASSWORD_${service.toUpperCase()}`;
export const randomPassword = () => randomBytes(24).toString('base64url');

function main() {
  const args = Object.fromEntries(
    process.argv.slice(2).map((arg) => {
      const [name, ...value] = arg.replace(/^--/, '').split('=');
      return [name, value.length ? value.join('=') : true];
    }),
  );
  const known = ['prefix', 'bucket', 'listen', 'store-dir', 'admin', 'env-passwords', 'env-out', 'out'];
  for (const name of Object.keys(args)) {
    if (!known.includes(name)) {
      console.error(`unknown option --${name} (known: ${known.map((k) => `--${k}`).join(' ')})`);
      process.exit(1);
    }
  }
  const { BUS_SERVICES, natsServerConfig } = loadBusAccess();
  const users = [...BUS_SERVICES, ...(args.admin ? ['admin'] : [])];
  const passwords = Object.fromEntries(users.map((user) => [user, args['env-passwords'] ? { env: passwordVariable(user) } : randomPassword()]));
  const config = natsServerConfig({
    prefix: typeof args.prefix === 'string' ? args.prefix : '',
    blobBucket: typeof args.bucket === 'string' ? args.bucket : 'blobs',
    listen: typeof args.listen === 'string' ? args.listen : undefined,
    storeDir: typeof args['store-dir'] === 'string' ? args['store-dir'] : undefined,
    passwords,
    admin: args.admin ? { user: 'admin', password: passwords.admin } : undefined,
  });
  if (typeof args.out === 'string') writeFileSync(args.out, config, { mode: 0o600 });
  else process.stdout.write(config);
  if (!args['env-passwords']) {
    const lines = users.map((user) => `${passwordVariable(user)}=${passwords[user]}`).join('\n') + '\n';
    if (typeof args['env-out'] === 'string') writeFileSync(args['env-out'], lines, { mode: 0o600 });
    else process.stderr.write(lines);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
