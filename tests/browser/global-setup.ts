// Before any worker starts: what the browser tests need is there (Chromium, the web build, the server build - built
// if missing -, en.json for the raw-key check, axe-core), and tmp/browser/screenshots exists. After the run (also when
// it is stopped): no server of this run is left behind, nor one of an earlier run whose runner is gone.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { AXE, CHROMIUM, EN_JSON, PIDS, root, SERVER_MAIN, SHOTS, WEB_DIR } from './helpers';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops the servers noted in tmp/browser/pids whose runner is `runner` (or, without one, whose runner is gone). */
function stopLeftServers(runner?: number): void {
  if (!existsSync(PIDS)) return;
  for (const name of readdirSync(PIDS)) {
    const match = /^(\d+)-(\d+)$/.exec(name);
    if (!match) continue;
    const [owner, pid] = [Number(match[1]), Number(match[2])];
    if (runner !== undefined ? owner !== runner : alive(owner)) continue;
    const file = path.join(PIDS, name);
    // a pid is reused after its process ends: only a process running our server is stopped
    let command = '';
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      // gone
    }
    if (command.includes(SERVER_MAIN)) process.kill(pid, 'SIGKILL');
    const dataDir = readFileSync(file, 'utf8').trim();
    if (dataDir.includes('kanban-browser-')) rmSync(dataDir, { recursive: true, force: true });
    rmSync(file, { force: true });
  }
}

export default function globalSetup(): () => void {
  mkdirSync(SHOTS, { recursive: true });
  mkdirSync(PIDS, { recursive: true });
  stopLeftServers();
  // the workers inherit it: their servers' pid files name this run
  process.env.BROWSER_RUNNER_PID = String(process.pid);
  if (!existsSync(SERVER_MAIN)) {
    process.stderr.write('browser tests: server build missing, running tools/scripts/build.mjs\n');
    const build = spawnSync(process.execPath, ['tools/scripts/build.mjs'], { cwd: root, stdio: ['ignore', 2, 2] });
    if (build.status !== 0 || !existsSync(SERVER_MAIN)) throw new Error(`the server build failed (exit ${build.status}); ${SERVER_MAIN} is missing`);
  }
  const missing: string[] = [];
  if (!existsSync(CHROMIUM)) missing.push(`Chromium not found at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`);
  if (!existsSync(path.join(WEB_DIR, 'index.html')))
    missing.push(`the web app is not built (${path.relative(root, WEB_DIR)}/index.html missing): run npm run build:web`);
  if (!existsSync(EN_JSON)) missing.push(`${path.relative(root, EN_JSON)} is missing (needed for the raw-key check)`);
  if (!existsSync(AXE)) missing.push('node_modules/axe-core/axe.min.js is missing: npm install');
  if (missing.length) throw new Error(`browser tests cannot run:\n  ${missing.join('\n  ')}`);
  return () => stopLeftServers(process.pid);
}
