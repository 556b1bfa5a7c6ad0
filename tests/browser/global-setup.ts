// Before any worker starts: what the browser tests need is there (Chromium, the web build, the server build - built
// if missing -, en.json for the raw-key check, axe-core), and tmp/browser/screenshots exists.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { AXE, CHROMIUM, EN_JSON, root, SERVER_MAIN, SHOTS, WEB_DIR } from './helpers';

export default function globalSetup(): void {
  mkdirSync(SHOTS, { recursive: true });
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
}
