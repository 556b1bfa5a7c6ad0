// `npm test`: the whole suite, as CI runs it. Build, type check (server and web), lint, migration check, then jest (unit,
// end-to-end against the embedded system and against the distributed one), then the browser tests.
// The distributed suites need PostgreSQL (127.0.0.1:5432) and the nats-server binary (each run starts its own); they
// fail, never skip, when those are unreachable. Prints a closing line "N passed, M failed".
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const only = args.find((a) => a.startsWith('--only='))?.slice(7);
let passed = 0;
let failed = 0;
const failures = [];

function step(name, command, commandArgs, options = {}) {
  if (only && !name.startsWith(only)) return true;
  const started = Date.now();
  console.log(`\n=== ${name}`);
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...options.env } });
  const ok = result.status === 0;
  console.log(`=== ${name}: ${ok ? 'ok' : `FAILED (exit ${result.status ?? result.signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (options.counts !== false) {
    if (ok) passed++;
    else {
      failed++;
      failures.push(name);
    }
  }
  return ok;
}

const node = process.execPath;
step('services', 'bash', [path.join(root, 'tools/scripts/ensure-services.sh')]);
if (!step('build', node, ['tools/scripts/build.mjs'])) finish();
// The browser suites (web build, then Playwright Test) run after jest; with BROWSER_PARALLEL=1 beside the checks and
// jest instead (both spend much of their time waiting for pages, databases and brokers, but on two busy cores the
// browser tests' timings suffer: not the default until a quiet run shows it holds). Their output goes to
// tmp/browser-run.log and is printed when they end; with --only, they run only for --only=browser (or web-build),
// not after every single step.
const browserWanted = (!only || 'web-build'.startsWith(only) || 'browser'.startsWith(only)) && existsSync(path.join(root, 'playwright.config.ts'));
const browserLog = path.join(root, 'tmp', 'browser-run.log');
let browserDone = Promise.resolve();
const startBrowser = () => {
  browserDone = browserPipeline();
};
const parallel = /^(1|true|yes)$/i.test(process.env.BROWSER_PARALLEL ?? '');
if (browserWanted && parallel) startBrowser();
step('typecheck', node, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit']);
// The web app has its own tsconfig (DOM, JSX, bundler resolution); tsconfig.json leaves it out.
step('typecheck-web', node, ['node_modules/typescript/bin/tsc', '-p', 'apps/web/tsconfig.json', '--noEmit']);
// The browser suites (Playwright Test, code that runs in the page) have their own too (DOM lib).
step('typecheck-browser', node, ['node_modules/typescript/bin/tsc', '-p', 'tests/browser/tsconfig.json', '--noEmit']);
step('project-graph', 'npx', ['nx', 'show', 'projects'], { env: { NX_DAEMON: 'false' }, counts: false });
// apps covers the web app too (its own type-aware block in eslint.config.mjs).
step('lint', node, ['node_modules/eslint/bin/eslint.js', '--max-warnings=0', 'apps', 'libs', 'tests']);
// No import cycle over apps/ and libs/ (.dependency-cruiser.cjs; the web app with its own tsconfig).
step('cycles', 'npm', ['run', '--silent', 'cycles']);
step('migrations-current', node, ['dist/apps/server/src/migration-tool.js', 'check']);
step('openapi-current', node, ['dist/apps/server/src/openapi-tool.js', 'check']);

const report = path.join(root, 'tmp', 'jest-report.json');
mkdirSync(path.dirname(report), { recursive: true });
rmSync(report, { force: true });
if (!only || only.startsWith('jest')) {
  console.log('\n=== jest (unit, e2e-embedded, e2e-distributed)');
  // Two jest workers by default (JEST_WORKERS): jest's own default on two cores is one (cores - 1), and the e2e suites
  // spend much of their time waiting for their services, databases and brokers.
  const workers = process.env.JEST_WORKERS ?? '2';
  // Embedded systems of one configuration start from one snapshot of the migrated and seeded database made by the
  // first of them (tests/support/system.ts, README "Tests"); this run's own folder, removed after.
  const snapshots = path.join(root, 'tmp', `embedded-snapshots-${process.pid}`);
  rmSync(snapshots, { recursive: true, force: true });
  const jest = await run(node, ['node_modules/jest/bin/jest.js', '--ci', '--json', `--outputFile=${report}`, `--maxWorkers=${workers}`, ...args.filter((a) => !a.startsWith('--only='))], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, EMBEDDED_SNAPSHOTS: snapshots, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules --no-warnings`.trim() },
  });
  rmSync(snapshots, { recursive: true, force: true });
  if (existsSync(report)) {
    const result = JSON.parse(readFileSync(report, 'utf8'));
    passed += result.numPassedTests;
    failed += result.numFailedTests + result.numRuntimeErrorTestSuites;
    for (const suite of result.testResults) {
      for (const test of suite.assertionResults) if (test.status === 'failed') failures.push(test.fullName);
      if (suite.status === 'failed' && suite.assertionResults.length === 0) failures.push(`${path.relative(root, suite.name)}: ${suite.message.slice(0, 500)}`);
    }
  } else {
    failed++;
    failures.push(`jest produced no report (exit ${jest.status})`);
  }
  if (jest.status !== 0 && failures.length === 0) {
    failed++;
    failures.push(`jest exited ${jest.status}`);
  }
}

if (browserWanted && !parallel) startBrowser();
await browserDone;
finish();

/** Runs a command with inherited output without blocking the event loop (the browser pipeline runs meanwhile). */
function run(command, commandArgs, options) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, options);
    child.on('close', (status, signal) => resolve({ status, signal }));
  });
}

/** The web build, then Playwright Test; output into tmp/browser-run.log, printed at the end; counts added to the totals. */
async function browserPipeline() {
  mkdirSync(path.dirname(browserLog), { recursive: true });
  const log = openSync(browserLog, 'w');
  const started = Date.now();
  const out = { cwd: root, stdio: ['ignore', log, log] };
  const build = await run('npm', ['run', '--silent', 'build:web'], out);
  const buildOk = build.status === 0;
  let status = null;
  if (buildOk) {
    passed++;
    // Playwright Test (playwright.config.ts, tests/browser): one embedded server per worker, two workers by default.
    // BROWSER_WORKERS sets the workers; BROWSER_SHARD=i/n runs the i-th of n parts.
    const shard = process.env.BROWSER_SHARD;
    status = (await run(node, ['node_modules/@playwright/test/cli.js', 'test', ...(shard ? [`--shard=${shard}`] : [])], out)).status;
  } else {
    failed++;
    failures.push('web-build');
  }
  closeSync(log);
  const text = readFileSync(browserLog, 'utf8');
  console.log(`\n=== web-build and browser tests (Playwright Test), run beside the other steps\n${text}`);
  console.log(`=== browser: ${buildOk ? '' : 'web build FAILED, '}${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (!buildOk) return;
  const lines = [...text.matchAll(/^(\d+) passed, (\d+) failed/gm)];
  const line = lines[lines.length - 1];
  if (line) {
    passed += Number(line[1]);
    failed += Number(line[2]);
  }
  if (status !== 0) {
    failures.push('browser tests');
    if (!line || Number(line[2]) === 0) failed++;
  }
}

function finish() {
  if (failures.length) console.log(`\nFailed:\n  - ${failures.join('\n  - ')}`);
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}
