// `npm start`: builds what is missing or stale, then runs the embedded product (one process, data in
// DATA_DIR, demo data on first start). Everything after `--` is passed on as environment, e.g.
// `npm start -- PORT=8080`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
run(process.execPath, ['tools/scripts/build.mjs']);
if (existsSync(path.join(root, 'apps/web/vite.config.ts'))) run('npm', ['run', '--silent', 'build:web']);
const env = { ...process.env };
for (const arg of process.argv.slice(2)) {
  const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(arg);
  if (match) env[match[1]] = match[2];
}
const child = spawn(process.execPath, ['--enable-source-maps', 'dist/apps/server/src/main.js'], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
