// Fixtures of the browser suites on Playwright Test. Import `test` (and `expect`) from here, not from @playwright/test:
//
//   import { test } from '../fixtures';
//   test('name', async ({ page, newPage, loginAs, server, consoleErrors }) => { ... });
//
// - server (worker): one embedded product per worker (`node dist/apps/server/src/main.js`) on a free port with a fresh
//   DATA_DIR and the demo data, the environment the home-made runner gave it (short access tokens, dead letters after
//   3 failures, EVENT_FAILURE_FILE of its own), its log in tmp/browser/server-<workerIndex>.log; restarted on the same
//   port and data folder if it died during an earlier test, stopped at the worker's end. `baseURL` points at it.
// - newPage(options): a page in a new, empty browser context (1280x800, en-US unless given) - the old `t.newPage`.
// - loginAs(email, options): newPage, then the demo sign-in from /login, waits for the address (the company dashboard
//   unless `expectPath`) and the shell - the old `loginPage(t, email, options)`.
// - consoleErrors: console errors and uncaught page errors of every page of the test - the old `t.consoleErrors`.
// - the raw-key watcher (automatic): every page of the test (`page`, newPage, loginAs) reports texts that are
//   translation keys of apps/web/src/i18n/locales (or i18next's missing-key artefacts); a test that passes otherwise
//   fails with the keys and the address each was seen on.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect, type BrowserContext, type Page, type ViewportSize } from '@playwright/test';
import { DASHBOARD, DESKTOP, EN_JSON, fillLogin, goto, pageHistory, root, serverPidFile, SERVER_MAIN, sleep, testid, TMP, trackHistory, visible, waitPath, type Expected } from './helpers';

export { expect };

// ---------------------------------------------------------------------------------------------------------
// The server of a worker

export interface Server {
  /** http://127.0.0.1:<port> */
  readonly base: string;
  readonly port: number;
  /** the server's DATA_DIR (mail in <dataDir>/mail) */
  readonly dataDir: string;
  /** tmp/browser/server-<workerIndex>.log */
  readonly logFile: string;
  /** the server's test-only EVENT_FAILURE_FILE (docs/architecture.md "Dead letters"), in its data folder; absent at the start */
  readonly eventFailureFile: string;
  /** why the server is gone ("exit 1", "exit SIGKILL"), null while it runs */
  readonly exited: string | null;
}

const START_LIMIT_MS = 180_000;

class EmbeddedServer implements Server {
  base = '';
  exited: string | null = null;
  private child: ChildProcess | null = null;

  constructor(
    readonly port: number,
    readonly dataDir: string,
    readonly logFile: string,
    readonly eventFailureFile: string,
  ) {
    this.base = `http://127.0.0.1:${port}`;
  }

  logTail(lines = 30): string {
    try {
      return readFileSync(this.logFile, 'utf8').trim().split('\n').slice(-lines).join('\n');
    } catch {
      return '(no server log)';
    }
  }

  async start(): Promise<void> {
    this.exited = null;
    const logFd = openSync(this.logFile, 'a');
    const child = spawn(process.execPath, [SERVER_MAIN], {
      cwd: root,
      stdio: ['ignore', logFd, logFd],
      env: {
        ...process.env,
        PORT: String(this.port),
        DATA_DIR: this.dataDir,
        DEMO_DATA: 'true',
        // without the replenishment history: the suites check the orders they place
        DEMO_HISTORY: 'false',
        AUTH_RATE_LIMIT: '1000',
        // access tokens of a minute: the sessions suite outlives one, and longer tests go through a renewal
        ACCESS_TOKEN_TTL_S: '60',
        // dead letters after 3 failures (the journal suite; about 3 s in the embedded run)
        EVENT_MAX_FAILURES: '3',
        // a line `<consumer> <text>` in it makes that consumer fail on events containing the text (the journal suite)
        EVENT_FAILURE_FILE: this.eventFailureFile,
        LOG_FORMAT: 'json',
        WEB_DIR: 'dist/web',
      },
    });
    closeSync(logFd);
    this.child = child;
    // the run's teardown (global-setup.ts) stops a server its worker left behind (runner stopped during a setup)
    const pidFile = child.pid ? serverPidFile(child.pid) : null;
    if (pidFile) writeFileSync(pidFile, this.dataDir);
    child.once('exit', (code, signal) => {
      this.exited = `exit ${code ?? signal}`;
      if (pidFile) rmSync(pidFile, { force: true });
    });
    // a loaded machine (other work beside the suites) can take more than a minute to open the embedded database
    const deadline = Date.now() + START_LIMIT_MS;
    for (;;) {
      if (this.exited !== null) throw new Error(`the server exited (${this.exited}) before it was healthy:\n${this.logTail()}`);
      try {
        const res = await fetch(`${this.base}/api/health`, { signal: AbortSignal.timeout(2000) });
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`the server did not answer GET /api/health within ${START_LIMIT_MS / 1000} s:\n${this.logTail()}`);
      await sleep(150);
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

// ---------------------------------------------------------------------------------------------------------
// Translation keys: every flattened key of en.json and the namespaces they live in; a page showing one of
// them (or i18next's missing-key artefacts) shows a raw key.

export interface I18nKeys {
  keys: string[];
  namespaces: string[];
}

type Json = { [key: string]: unknown };

function flatten(object: Json, prefix = '', out: string[] = []): string[] {
  for (const [key, value] of Object.entries(object)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') flatten(value as Json, full, out);
    else out.push(full);
  }
  return out;
}

function loadKeys(): I18nKeys {
  // the core file plus the feature files locales/en/<feature>.json (see apps/web/src/i18n/merge.ts)
  const en = JSON.parse(readFileSync(EN_JSON, 'utf8')) as Json;
  const featureDir = path.join(path.dirname(EN_JSON), 'en');
  if (existsSync(featureDir))
    for (const f of readdirSync(featureDir).filter((name) => name.endsWith('.json')))
      Object.assign(en, JSON.parse(readFileSync(path.join(featureDir, f), 'utf8')) as Json);
  const keys = flatten(en).filter((k) => k.includes('.'));
  const namespaces = Object.entries(en)
    .filter(([, v]) => v && typeof v === 'object')
    .map(([k]) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  // plural forms: i18next shows the base key (without _one/_other) when it is missing
  for (const k of [...keys]) {
    const b = k.replace(/_(zero|one|two|few|many|other)$/, '');
    if (b !== k && !keys.includes(b)) keys.push(b);
  }
  return { keys, namespaces };
}

interface RawKeyHit {
  key: string;
  url: string;
}

declare global {
  interface Window {
    __kanbanRawKey?: (hit: RawKeyHit) => Promise<void>;
    __kanbanCheckRawKeys?: () => Promise<void>;
  }
}

/** Runs in every page: watches the DOM and reports raw keys to the test (binding __kanbanRawKey). */
function rawKeyWatcher({ keys, namespaces }: I18nKeys): void {
  const keyPattern = namespaces.length
    ? new RegExp(`(?:^|[^\\w.@/-])((?:${namespaces.join('|')})(?:\\.[A-Za-z0-9_]+)+)(?![\\w@/-]|\\.\\w)`, 'g')
    : null;
  const escape = (k: string) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const sorted = [...keys].sort((a, b) => b.length - a.length).map(escape);
  const keysPattern = new RegExp(`(?:^|[^\\w.@/-])(${sorted.join('|') || '(?!)'})(?![\\w@/-]|\\.\\w)`, 'g');
  const reported = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const check = async () => {
    timer = null;
    if (!document.body) return;
    const text = document.body.innerText || '';
    const found = new Set<string>();
    for (const m of text.matchAll(keysPattern)) found.add(m[1]);
    if (keyPattern) for (const m of text.matchAll(keyPattern)) found.add(m[1]);
    // a visible text node that is nothing but a dotted identifier (a key missing from en.json too)
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const value = (node.nodeValue ?? '').trim();
      if (value.length < 3 || !/^[a-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$/.test(value)) continue;
      const parent = node.parentElement;
      if (parent && !['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName) && (!parent.checkVisibility || parent.checkVisibility()))
        found.add(value);
    }
    for (const artefact of ['missingKey', 'returned an object instead of string', '__STRING_NOT_TRANSLATED__'])
      if (text.includes(artefact)) found.add(artefact);
    const reports: Promise<void>[] = [];
    for (const key of found) {
      const id = `${location.pathname} ${key}`;
      if (reported.has(id)) continue;
      reported.add(id);
      if (typeof window.__kanbanRawKey === 'function') reports.push(window.__kanbanRawKey({ key, url: location.href }));
    }
    await Promise.all(reports);
  };
  window.__kanbanCheckRawKeys = check;
  const schedule = () => {
    if (timer === null) timer = setTimeout(() => void check(), 250);
  };
  new MutationObserver(schedule).observe(document, { subtree: true, childList: true, characterData: true });
}

/** What the automatic fixture keeps of a test's pages: raw-key hits, console errors, the pages for the report. */
class PageWatch {
  readonly rawKeys: RawKeyHit[] = [];
  readonly consoleErrors: string[] = [];
  readonly pages: Page[] = [];
  private readonly contexts = new Set<BrowserContext>();

  constructor(private readonly keys: I18nKeys) {}

  /** Watches a context: raw keys, console errors and the address history of each of its pages. */
  async install(context: BrowserContext): Promise<void> {
    if (this.contexts.has(context)) return;
    this.contexts.add(context);
    await context.exposeBinding('__kanbanRawKey', (_source, hit: RawKeyHit) => {
      this.rawKeys.push(hit);
    });
    await context.addInitScript(rawKeyWatcher, this.keys);
    context.on('page', (page) => this.watchPage(page));
    for (const page of context.pages()) this.watchPage(page);
  }

  private watchPage(page: Page): void {
    if (this.pages.includes(page)) return;
    this.pages.push(page);
    trackHistory(page);
    page.on('console', (msg) => {
      if (msg.type() === 'error') this.consoleErrors.push(`${msg.text()}${msg.location()?.url ? ` (${msg.location().url})` : ''}`);
    });
    page.on('pageerror', (error) => this.consoleErrors.push(`uncaught: ${error.message}`));
  }

  /** The final raw-key check on the context's pages still open (before the context closes). */
  async checkPages(context: BrowserContext): Promise<void> {
    for (const page of context.pages()) {
      if (page.isClosed()) continue;
      await page.evaluate(() => window.__kanbanCheckRawKeys?.()).catch(() => undefined);
    }
  }

  /** Unique keys, each with the first address it was seen on, at most 20. */
  describeRawKeys(): string {
    const byKey = new Map<string, string>();
    for (const hit of this.rawKeys) if (!byKey.has(hit.key)) byKey.set(hit.key, new URL(hit.url).pathname);
    const list = [...byKey].map(([key, where]) => `"${key}" (${where})`);
    return `${list.slice(0, 20).join(', ')}${list.length > 20 ? ` and ${list.length - 20} more` : ''}`;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Fixtures

export interface NewPageOptions {
  viewport?: ViewportSize;
  locale?: string;
}

export interface LoginOptions extends NewPageOptions {
  /** where the sign-in lands (default: the company dashboard /c/1/) */
  expectPath?: Expected;
}

export interface BrowserTestFixtures {
  /** A page in a new, empty browser context (viewport 1280x800 and locale en-US unless given). */
  newPage: (options?: NewPageOptions) => Promise<Page>;
  /** A new context signed in as `email` (demo password) from /login, at the dashboard (or `expectPath`) with its shell. */
  loginAs: (email: string, options?: LoginOptions) => Promise<Page>;
  /** Console errors and uncaught errors of every page of the test so far. */
  consoleErrors: string[];
  /** automatic: raw translation keys fail the test; failure details (address, console errors) attached */
  pageWatch: PageWatch;
  /** automatic: a server that died in an earlier test is started again (same port and data folder) */
  serverAlive: void;
}

export interface BrowserWorkerFixtures {
  server: Server;
  i18nKeys: I18nKeys;
}

export const test = base.extend<BrowserTestFixtures, BrowserWorkerFixtures>({
  i18nKeys: [
    async ({}, use) => {
      await use(loadKeys());
    },
    { scope: 'worker' },
  ],

  server: [
    async ({}, use, workerInfo) => {
      mkdirSync(TMP, { recursive: true });
      const logFile = path.join(TMP, `server-${workerInfo.workerIndex}.log`);
      rmSync(logFile, { force: true });
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kanban-browser-'));
      // in the server's own data folder: a second run in the same checkout has its own
      const eventFailureFile = path.join(dataDir, 'event-failures.txt');
      const server = new EmbeddedServer(await freePort(), dataDir, logFile, eventFailureFile);
      try {
        await server.start();
        await use(server);
      } finally {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: START_LIMIT_MS + 30_000 },
  ],

  serverAlive: [
    async ({ server }, use) => {
      const embedded = server as EmbeddedServer;
      if (embedded.exited) {
        // a crash fails the test that was running; killed from outside (other work on this machine) or crashed,
        // the next tests get the server back on the same port and data folder
        console.log(`    server: gone (${embedded.exited}), restarting it (see ${path.relative(root, server.logFile)})`);
        await embedded.start();
      }
      await use();
    },
    { auto: true, timeout: 100_000 },
  ],

  baseURL: async ({ server }, use) => {
    await use(server.base);
  },
  viewport: DESKTOP,
  locale: 'en-US',

  pageWatch: [
    async ({ i18nKeys, server }, use, testInfo) => {
      const watch = new PageWatch(i18nKeys);
      await use(watch);
      const failed = testInfo.status !== testInfo.expectedStatus;
      if (failed) {
        const details: string[] = [];
        const page = watch.pages[watch.pages.length - 1];
        if (page) {
          details.push(`url: ${page.url()}`);
          const history = pageHistory.get(page) ?? [];
          if (history.length > 1) details.push(`addresses: ${history.slice(-12).join(' -> ')}`);
        }
        if (server.exited) details.push(`server: gone (${server.exited}) - see ${path.relative(root, server.logFile)}`);
        if (watch.rawKeys.length) details.push(`raw keys: ${watch.describeRawKeys()}`);
        details.push(
          watch.consoleErrors.length
            ? `console errors:\n  ${[...new Set(watch.consoleErrors)].slice(0, 15).join('\n  ')}`
            : 'console errors: none',
        );
        await testInfo.attach('details', { body: details.join('\n'), contentType: 'text/plain' });
      } else if (watch.rawKeys.length) {
        throw new Error(`raw translation keys visible: ${watch.describeRawKeys()}`);
      }
    },
    { auto: true },
  ],

  consoleErrors: async ({ pageWatch }, use) => {
    await use(pageWatch.consoleErrors);
  },

  // the test's default context (the `page` fixture) is watched like the others
  context: async ({ context, pageWatch }, use) => {
    await pageWatch.install(context);
    await use(context);
    await pageWatch.checkPages(context);
  },

  newPage: async ({ browser, pageWatch, baseURL }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async ({ viewport = DESKTOP, locale = 'en-US' } = {}) => {
      const context = await browser.newContext({ viewport, locale, baseURL });
      contexts.push(context);
      context.setDefaultTimeout(10_000);
      context.setDefaultNavigationTimeout(20_000);
      await pageWatch.install(context);
      return context.newPage();
    });
    for (const context of contexts) {
      await pageWatch.checkPages(context);
      await context.close().catch(() => undefined);
    }
  },

  loginAs: async ({ newPage }, use) => {
    await use(async (email, { viewport, locale, expectPath = DASHBOARD } = {}) => {
      const page = await newPage({ viewport, locale });
      await goto(page, '/login');
      await fillLogin(page, email);
      await waitPath(page, expectPath);
      await visible(page, testid('shell'), 15_000);
      return page;
    });
  },
});
