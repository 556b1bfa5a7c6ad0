// Helpers of the browser suites (the functions the former home-made runner handed its suites as `h`), typed, with the
// same behaviour, minus the `t` argument.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test, type Locator, type Page } from '@playwright/test';

export const root = path.resolve(__dirname, '../..');
export const TMP = path.join(root, 'tmp/browser');
export const SHOTS = path.join(TMP, 'screenshots');
/** tmp/browser/pids: one file per running server, `<runner pid>-<server pid>`, holding its data folder. */
export const PIDS = path.join(TMP, 'pids');
/** Where a worker notes the server it started (the run's teardown stops what is left; global-setup.ts). */
export function serverPidFile(serverPid: number): string {
  return path.join(PIDS, `${process.env.BROWSER_RUNNER_PID ?? 'unknown'}-${serverPid}`);
}
export const WEB_DIR = path.join(root, 'dist/web');
export const SERVER_MAIN = path.join(root, 'dist/apps/server/src/main.js');
export const EN_JSON = path.join(root, 'apps/web/src/i18n/locales/en.json');
export const AXE = path.join(root, 'node_modules/axe-core/axe.min.js');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const PASSWORD = 'demo12345';
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };
/** The company dashboard, where a plain sign-in lands. */
export const DASHBOARD = /^\/c\/1\/?$/;

export type Expected = string | RegExp;

/** page -> every address (pathname) it went through, also history.pushState/replaceState; filled by the fixtures. */
export const pageHistory = new WeakMap<Page, string[]>();

/** Records the addresses a page goes through (for waitPath's "reached it and went on" and failure reports). */
export function trackHistory(page: Page): string[] {
  const known = pageHistory.get(page);
  if (known) return known;
  const history: string[] = [];
  pageHistory.set(page, history);
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    const where = new URL(frame.url()).pathname;
    if (history[history.length - 1] !== where) history.push(where);
  });
  return history;
}

export const testid = (id: string): string => `[data-testid="${id}"]`;

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Throws `message` unless `condition` holds (the old `h.assert`; Playwright's expect works as well). */
export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

type Message<T> = string | ((last: T | string | undefined) => string | Promise<string>);

/** Polls fn until it returns a truthy value; fails with message and the last value otherwise. */
export async function until<T>(fn: () => T | Promise<T>, message: Message<T>, timeout = 10_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeout;
  let last: T | string | undefined;
  for (;;) {
    try {
      const value = await fn();
      last = value;
      if (value) return value as NonNullable<T>;
    } catch (error) {
      last = (error as Error).message;
    }
    if (Date.now() > deadline) {
      const text =
        typeof message === 'function'
          ? await Promise.resolve(message(last)).catch((e: unknown) => `(message failed: ${(e as Error).message})`)
          : message;
      throw new Error(`${text} (after ${timeout} ms; last: ${JSON.stringify(last)})`);
    }
    await sleep(100);
  }
}

function matches(expected: Expected, actual: string): boolean {
  return typeof expected === 'string' ? actual === expected : expected.test(actual);
}

/** Waits for the address; with settle, it must also stay there for that many ms (no later redirect). */
export async function waitPath(page: Page, expected: Expected, { timeout = 15_000, settle = 0 }: { timeout?: number; settle?: number } = {}): Promise<void> {
  const history = pageHistory.get(page) ?? [];
  const from = Math.max(0, history.length - 1);
  let since = 0;
  let seen = '';
  const result = await until<boolean | 'left'>(
    () => {
      const now = pathOf(page);
      if (now !== seen) {
        seen = now;
        since = Date.now();
      }
      if (matches(expected, now)) return Date.now() - since >= settle;
      // passed through the expected address and moved on: no need to wait for the timeout
      if (settle && history.slice(from).some((p) => matches(expected, p))) return 'left';
      return false;
    },
    () => `expected the address ${String(expected)}${settle ? ` (staying ${settle} ms)` : ''} but the page is at ${page.url()}`,
    timeout,
  );
  if (result === 'left')
    throw new Error(`the page reached ${String(expected)} but went on to ${page.url()} (${history.slice(from).join(' -> ')})`);
}

/** The first visible match of `selector` in a page or locator (or of a locator itself), waiting up to `timeout`. */
export async function visible(locatorOrPage: Page | Locator, selector?: string, timeout = 10_000): Promise<Locator> {
  const locator = selector ? locatorOrPage.locator(selector) : (locatorOrPage as Locator);
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch {
    const count = await locator.count().catch(() => 0);
    throw new Error(`expected ${selector ?? String(locator)} to be visible (${count} in the DOM${count ? ', none visible' : ''})`);
  }
  return locator.first();
}

/**
 * Clicks a navigation link and waits for its address; a click that left the page where it was (a CI run saw the menu
 * link focused after the click and the page still on the dashboard, right after a language change re-rendered the
 * shell) is repeated, up to three clicks. Only for links: following one twice does nothing more.
 */
export async function follow(page: Page, link: Locator, expected: RegExp, timeout = 15_000): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await link.click();
    try {
      await waitPath(page, expected, { timeout: attempt < 3 ? 5_000 : timeout });
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`follow: click ${attempt} on ${String(link)} left the page at ${new URL(page.url()).pathname}; clicking again`);
    }
  }
}

/**
 * Opens a side-menu entry inside a group (settings, notifications…): opens the group when it is closed, waits until its
 * content has finished expanding (a click on an entry while the group still grows can land beside the moving entry and
 * be lost: seen in the CI rehearsal right after a language change), then follows the entry to `expected`.
 */
export async function openMenuEntry(page: Page, group: string, entry: string, expected: RegExp): Promise<void> {
  const trigger = await visible(page, testid(`menu-${group}`));
  if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click();
  await until(
    () =>
      page.evaluate((selector) => {
        const button = document.querySelector(selector);
        const content = button ? document.getElementById(button.getAttribute('aria-controls') ?? '') : null;
        // the content drops its data-state once expanded: the trigger tells open, the animations tell done
        return (
          button?.getAttribute('aria-expanded') === 'true' &&
          content !== null &&
          content.getAnimations({ subtree: true }).every((animation) => animation.playState !== 'running')
        );
      }, testid(`menu-${group}`)),
    `the menu group ${group} should be open`,
  );
  await follow(page, await visible(page, testid(`menu-${entry}`)), expected);
}

/** Waits until no list is in flight and the element has stayed in the same place for half a second. */
export async function settled(page: Page, locator: Locator, ms = 500): Promise<void> {
  let last: string | null = null;
  let since = Date.now();
  await until(
    async () => {
      const busy = await page.locator('table[aria-busy=true]').count();
      const box = JSON.stringify(await locator.first().boundingBox());
      if (busy || box !== last) {
        last = box;
        since = Date.now();
        return false;
      }
      return Date.now() - since >= ms;
    },
    'the list should settle (nothing in flight, the row in place)',
    15_000,
  );
}

/** What a row-menu entry that opens nothing (activate/deactivate) brings about. */
export interface RowActionEffect {
  until: () => unknown;
  message: string;
}

/**
 * Picks an entry of a row's menu and answers what it brings. `trigger` opens the menu (a locator), `item` is the entry's
 * selector; `expected` is the selector of what the pick opens (a dialog, a confirmation), or { until, message } for an
 * entry that opens nothing (activate/deactivate): then only a click the menu ignored is repeated, never the action.
 * CI runs found an entry clicked and nothing picked, the menu still open: a list filter applies 300 ms after the last
 * key (useDebounced), so a row already shown before could move when the filtered list arrived, and the menu with it,
 * between the press and the release of the click. So the pick waits for no dialog, no list in flight and the trigger
 * in the same place for half a second; a click the menu still ignored is repeated, and for a selector the menu is
 * opened again if it closed without the result (four tries, each logged).
 */
export async function pickRowAction(page: Page, trigger: Locator, item: string, expected: string): Promise<Locator>;
export async function pickRowAction(page: Page, trigger: Locator, item: string, expected: RowActionEffect): Promise<null>;
export async function pickRowAction(page: Page, trigger: Locator, item: string, expected: string | RowActionEffect): Promise<Locator | null> {
  const entry = page.locator(`${item} >> visible=true`);
  const effect = typeof expected === 'string' ? page.locator(`${expected} >> visible=true`) : null;
  await until(async () => (await page.locator('[role=dialog]:visible').count()) === 0, 'no dialog should be open before picking from a row menu');
  for (let attempt = 1; ; attempt++) {
    await settled(page, trigger);
    if ((await entry.count()) === 0) {
      await trigger.click();
      await visible(entry);
    }
    await entry.first().click();
    const last = attempt >= 4;
    if (effect) {
      try {
        await effect.first().waitFor({ state: 'visible', timeout: last ? 10_000 : 3_000 });
        return effect.first();
      } catch {
        if (last)
          throw new Error(
            `expected ${String(expected)} after picking ${item} from a row menu (4 tries; the menu is ${(await entry.count()) ? 'open' : 'closed'})`,
          );
      }
    } else if (typeof expected !== 'string') {
      const picked = await until(async () => (await entry.count()) === 0, '', 2_000).then(
        () => true,
        () => false,
      );
      if (picked || last) {
        await until(expected.until, expected.message);
        return null;
      }
    }
    console.log(`  (picked ${item} from a row menu without its effect, the menu ${(await entry.count()) ? 'still open' : 'closed'}; try ${attempt + 1})`);
  }
}

/** Fails when `selector` is in the DOM at all. */
export async function absent(page: Page, selector: string): Promise<void> {
  const count = await page.locator(selector).count();
  if (count) throw new Error(`expected no ${selector} in the DOM, found ${count}`);
}

/** The rendered text of a locator, white space collapsed. */
export async function text(locator: Locator): Promise<string> {
  return ((await locator.innerText()) ?? '').replace(/\s+/g, ' ').trim();
}

/** page.goto(address) up to DOMContentLoaded (relative addresses against the worker's server). */
export async function goto(page: Page, address: string): Promise<void> {
  await page.goto(address, { waitUntil: 'domcontentloaded' });
}

/** Fills and submits the sign-in form of the page (at /login). */
export async function fillLogin(page: Page, email: string, password = PASSWORD): Promise<void> {
  await (await visible(page, 'input[name=email]')).fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.locator('button[type=submit]').click();
}

export async function localStorageItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => localStorage.getItem(k), key);
}

/** Picks a language in the toolbar's switch and waits for <html lang>. */
export async function chooseLanguage(page: Page, language: string): Promise<void> {
  await (await visible(page, testid('language-switch'))).click();
  const item = await visible(page, testid(`language-${language}`));
  await item.click();
  await item.waitFor({ state: 'hidden', timeout: 5000 }).catch(() => undefined);
  await until(async () => (await page.evaluate(() => document.documentElement.lang)) === language, `<html lang> should become ${language}`);
}

export async function openUserMenu(page: Page): Promise<void> {
  await (await visible(page, testid('user-menu'))).click();
  await visible(page, testid('user-menu-logout'));
}

export interface AxeViolation {
  id: string;
  impact: string | null | undefined;
  help: string;
  nodes: string[];
  count: number;
}

export interface AxeResult {
  label: string;
  serious: AxeViolation[];
  minor: AxeViolation[];
  describe: (list: AxeViolation[]) => string;
}

interface AxeNode {
  html: string;
  failureSummary?: string;
}
interface AxeRawViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: AxeNode[];
}
declare global {
  interface Window {
    axe?: { run: (context: Document, options: object) => Promise<{ violations: AxeRawViolation[] }> };
  }
}

/** axe-core on the page as it is: serious and critical violations apart from the rest. */
export async function runAxe(page: Page, label: string): Promise<AxeResult> {
  // Through the DevTools protocol: a <script> element with axe's text would be an inline script, which the CSP refuses.
  await page.evaluate(readFileSync(AXE, 'utf8'));
  const result = await page.evaluate(async () => {
    // Colours are judged as they end up, not halfway through a transition (a button turning from disabled to
    // enabled measured mid-fade failed color-contrast now and then). Endless animations (spinners) are left
    // alone; the wait is bounded.
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
      .map((a) => a.finished.catch(() => undefined));
    await Promise.race([Promise.all(finite), new Promise((resolve) => setTimeout(resolve, 2000))]);
    const r = await window.axe!.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 4).map((n) => {
        const html = n.html.replace(/\s+/g, ' ');
        const why = (n.failureSummary ?? '').split('\n').slice(1, 2).join('').trim();
        return `${html.length > 160 ? `${html.slice(0, 160)}...` : html}${why ? ` -> ${why}` : ''}`;
      }),
      count: v.nodes.length,
    }));
  });
  const serious = result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const minor = result.filter((v) => !serious.includes(v));
  return {
    label,
    serious,
    minor,
    describe: (list) =>
      list.map((v) => `${label}: [${v.impact}] ${v.id} - ${v.help} (${v.count} nodes)${v.nodes.map((n) => `\n      ${n}`).join('')}`).join('\n'),
  };
}

export type DateShape = 'iso' | 'german' | 'unknown';

export function dateShape(value: string): DateShape {
  const iso = /\b\d{4}-\d{2}-\d{2}\b/.test(value);
  const german = /\b\d{2}\.\d{2}\.\d{4}\b/.test(value);
  return iso && !german ? 'iso' : german && !iso ? 'german' : 'unknown';
}

async function dashboardDates(page: Page): Promise<string[]> {
  await visible(page, testid('company-dashboard'), 15_000);
  await visible(page, testid('dashboard-date'));
  return page.locator(testid('dashboard-date')).allInnerTexts();
}

/** Waits until every date of the company dashboard has the shape (iso: YYYY-MM-DD, german: DD.MM.YYYY). */
export async function expectDates(page: Page, shape: 'iso' | 'german'): Promise<string[]> {
  return until(
    async () => {
      const all = await dashboardDates(page);
      return all.length && all.every((v) => dateShape(v) === shape) ? all : null;
    },
    async () =>
      `every [data-testid=dashboard-date] should be ${shape === 'iso' ? 'YYYY-MM-DD' : 'DD.MM.YYYY'}: ${JSON.stringify(
        await page
          .locator(testid('dashboard-date'))
          .allInnerTexts()
          .catch(() => []),
      )}`,
  );
}

/** A screenshot to look at: tmp/browser/screenshots/<name> (name with its .png), after the network and fonts settle. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate(() => document.fonts?.ready).catch(() => undefined);
  await page.screenshot({ path: path.join(SHOTS, name) });
}

/** The mails the server wrote to DATA_DIR/mail (the worker's server: `mailFiles(server)`), header lines unfolded. */
export function mailFiles(server: { dataDir: string }): string[] {
  const dir = path.join(server.dataDir, 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => readFileSync(path.join(dir, f), 'utf8').replace(/\r?\n[ \t]+/g, ' '));
}

/** A remark that does not fail the test (the old `t.note`): printed and kept as an annotation of the test. */
export function note(textOfNote: string): void {
  test.info().annotations.push({ type: 'note', description: textOfNote });
  console.log(`    note: ${textOfNote.split('\n').join('\n    note: ')}`);
}

/** A line of information about the run (the old `t.info`): printed and kept as an annotation of the test. */
export function info(textOfInfo: string): void {
  test.info().annotations.push({ type: 'info', description: textOfInfo });
  console.log(`    ${textOfInfo}`);
}
