// The Content-Security-Policy of the gateway (apps/gateway/src/security-headers.ts): the web app and Swagger UI
// (/api/docs) load and work under it without a single violation; an inline script is refused (so the check can see one).
import type { Page } from '@playwright/test';
import { test } from '../fixtures';
import { assert, fillLogin, goto, testid, until, visible, waitPath } from '../helpers';

declare global {
  interface Window {
    __csp?: string[];
    __inlineRan?: boolean;
  }
}

/** Collects securitypolicyviolation events of every document the context opens, in window.__csp. */
function watchViolations() {
  window.__csp = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__csp?.push(`${event.violatedDirective} ${event.blockedURI || 'inline'} (${event.sourceFile || document.location.pathname}:${event.lineNumber})`);
  });
}

const violations = (page: Page) => page.evaluate(() => window.__csp ?? ['the watcher did not run']);
const cspConsole = (consoleErrors: string[]) => consoleErrors.filter((line) => /Content Security Policy/i.test(line));

test('csp: the web app loads and works under the policy without violations', async ({ newPage, consoleErrors }) => {
  const page = await newPage();
  await page.context().addInitScript(watchViolations);
  const response = await page.goto('/login', { waitUntil: 'domcontentloaded' });
  const policy = response?.headers()['content-security-policy'] ?? '';
  assert(/script-src 'self'(;|$)/.test(policy) && /frame-ancestors 'none'/.test(policy), `the page should carry the app policy, got "${policy}"`);
  await fillLogin(page, 'writer@demo.example');
  await waitPath(page, /^\/c\/1\/?$/);
  await visible(page, testid('shell'), 15_000);
  // a list with pictures (data from the API, images from /api/image) and a dashboard with its header image
  await (await visible(page, testid('menu-company.customers'))).click();
  await waitPath(page, /^\/c\/1\/customer\/?$/);
  const row = page.locator('[data-testid^=customer-row-]').first();
  await visible(row);
  await row.locator('a').first().click();
  await visible(page, testid('customer-dashboard'));
  await until(
    async () => (await page.locator('img').evaluateAll((images) => images.filter((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0).length)) > 0,
    'an image should load under img-src',
  );
  // styles inserted at run time (Chakra / emotion) took effect: the shell is laid out, not unstyled
  const styled = await page.evaluate(() => document.querySelectorAll('style').length);
  assert(styled > 0, 'Chakra should have inserted its style elements');
  assert((await violations(page)).length === 0, `no CSP violation expected, got: ${(await violations(page)).join('; ')}`);
  assert(cspConsole(consoleErrors).length === 0, `no CSP console errors expected, got: ${cspConsole(consoleErrors).join('; ')}`);

  // control: an inline script is refused and seen
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.body.append(script);
  });
  await until(async () => (await violations(page)).some((v) => v.startsWith('script-src')), 'the inline script should be reported');
  assert(!(await page.evaluate(() => window.__inlineRan === true)), 'the inline script must not run');
});

test('csp: Swagger UI (/api/docs) renders the API under its policy without violations', async ({ newPage, consoleErrors }) => {
  const page = await newPage();
  await page.context().addInitScript(watchViolations);
  await goto(page, '/api/docs');
  await visible(page, '.swagger-ui .information-container', 20_000);
  await until(async () => (await page.locator('.opblock').count()) > 10, 'the operations should be listed');
  // open one operation: its parameters render (scripts of Swagger UI run)
  await page.locator('.opblock-summary').first().click();
  await visible(page, '.opblock-body');
  assert((await violations(page)).length === 0, `no CSP violation expected, got: ${(await violations(page)).join('; ')}`);
  assert(cspConsole(consoleErrors).length === 0, `no CSP console errors expected, got: ${cspConsole(consoleErrors).join('; ')}`);
});
