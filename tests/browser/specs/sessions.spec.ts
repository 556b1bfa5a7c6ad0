// Sessions across tabs (issue 14): two tabs of one browser reloaded 40 times each stay signed in without a refresh
// per page load, still work past an access-token lifetime (the server fixture runs the server with a short
// ACCESS_TOKEN_TTL_S), and a logout in one tab signs out the other and revokes the session on the server.
import type { Page } from '@playwright/test';
import { test } from '../fixtures';
import { assert, chooseLanguage, goto, localStorageItem, openUserMenu, screenshot, sleep, testid, text, until, visible, waitPath } from '../helpers';

interface StoredSession {
  token: string;
  refreshToken: string;
  refreshExpiresAt?: string;
}

const payloadOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8')) as { exp: number; iat: number };
const stored = async (page: Page) => JSON.parse((await localStorageItem(page, 'kanban.session')) ?? 'null') as StoredSession | null;

/** Opens the customers list from the sidebar (client-side navigation with API calls) and waits for its rows. */
async function openCustomers(page: Page) {
  await (await visible(page, testid('menu-company.customers'))).click();
  await waitPath(page, /^\/c\/1\/customer\/?$/);
  await visible(page, '[data-testid^=customer-row-]', 15_000);
}

async function signedIn(page: Page, label: string) {
  await visible(page, testid('shell'), 15_000).catch(() => {
    throw new Error(`${label}: the shell should show (signed in), the page is at ${page.url()}`);
  });
  assert(!new URL(page.url()).pathname.startsWith('/login'), `${label}: sent to /login`);
}

test('sessions: two tabs reloaded 40 times each stay signed in past the access token lifetime; logout signs out both', async ({ loginAs, server }) => {
  test.setTimeout(300_000);
  const a = await loginAs('writer@demo.example');
  const b = await a.context().newPage();
  b.setDefaultTimeout(10_000);
  const refreshes: number[] = [];
  a.context().on('request', (request) => {
    if (request.url().endsWith('/api/refresh_token')) refreshes.push(Date.now());
  });
  const failed: string[] = [];
  for (const page of [a, b])
    page.on('response', async (response) => {
      if (!response.url().endsWith('/api/refresh_token')) return;
      // The body of an answer that arrived while its page reloaded cannot be read any more: judged by its status.
      const body = (await response.json().catch(() => null)) as { Meta?: { code: number } } | null;
      if (response.status() !== 200 || (body && body.Meta?.code !== 200)) failed.push(`${response.status()} ${JSON.stringify(body?.Meta)}`);
    });
  await goto(b, '/c/1/');
  await signedIn(b, 'second tab');

  const first = await stored(a);
  assert(first, 'the first tab should hold a session');
  const ttlMs = (payloadOf(first.token).exp - payloadOf(first.token).iat) * 1000;
  assert(ttlMs <= 120_000, `the harness should run with a short access token lifetime, tokens last ${ttlMs / 1000} s`);

  const reloadsFrom = Date.now();
  for (let round = 0; round < 40; round++)
    for (const [label, page] of [
      ['first tab', a],
      ['second tab', b],
    ] as const) {
      await page.reload({ waitUntil: 'domcontentloaded' });
      await signedIn(page, `${label}, reload ${round + 1}`);
    }
  // A page load with a valid access token needs no refresh: at most one per lifetime (and one at a retry).
  const reloadsTook = Date.now() - reloadsFrom;
  assert(
    refreshes.length <= Math.ceil(reloadsTook / ttlMs) * 2 + 2,
    `80 page loads made ${refreshes.length} refresh calls (expected about one per access token lifetime)`,
  );

  // Past an access token lifetime with both tabs open, then navigate in both.
  const before = refreshes.length;
  await sleep(ttlMs + 3_000);
  await openCustomers(a);
  await openCustomers(b);
  await signedIn(a, 'first tab after the access token lifetime');
  await signedIn(b, 'second tab after the access token lifetime');
  assert(refreshes.length > before, 'the tokens should have been renewed while the tabs were open');
  assert(failed.length === 0, `refresh calls failed: ${failed.join('; ')}`);
  for (const page of [a, b]) {
    const snackbars = await page.locator(testid('snackbar')).allInnerTexts();
    assert(!snackbars.some((s) => s.includes('Failed to login with token.')), `a tab says "Failed to login with token."`);
  }
  const inA = await stored(a);
  const inB = await stored(b);
  assert(inA?.refreshToken && inA.refreshToken === inB?.refreshToken, 'both tabs should hold the same stored session');

  // Logout in one tab signs out the other; the server has revoked the session.
  await openUserMenu(a);
  await a.locator(testid('user-menu-logout')).click();
  await waitPath(a, '/login');
  await waitPath(b, '/login');
  await visible(b, 'input[name=email]');
  assert((await localStorageItem(b, 'kanban.session')) === null, 'the second tab should hold no session');
  await until(async () => {
    const response = await fetch(`${server.base}/api/refresh_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ RefreshToken: inA.refreshToken }),
    });
    return ((await response.json()) as { Meta: { code: number } }).Meta.code === 1026;
  }, 'the refresh token of the signed-out session should be refused (revoked on the server)');
  const shown = await text(b.locator('body'));
  assert(!shown.includes('Failed to login with token.'), 'a logout is no failed token: no such message');
});

test('sessions: the password dialog asks for the current password, a wrong one is shown at its field (de)', async ({ loginAs }) => {
  const page = await loginAs('readonly@demo.example');
  await chooseLanguage(page, 'de');
  await openUserMenu(page);
  await page.locator(testid('user-menu-password')).click();
  const dialog = await visible(page, `[role=dialog]${testid('password-dialog')}`);
  const current = dialog.locator('input[name=current_password]');
  await visible(current);
  const submit = dialog.locator('button[type=submit]');
  await dialog.locator('input[name=password]').fill('neues-passwort-1');
  await dialog.locator('input[name=password_confirm]').fill('neues-passwort-1');
  assert(!(await submit.isEnabled()), 'saving should wait for the current password');
  await current.fill('nicht-das-richtige');
  await until(() => submit.isEnabled(), 'saving should be possible with all three fields filled');
  await submit.click();
  // The server answers 1026 naming current_password: the German text at that field, the dialog stays open.
  const field = dialog.locator('[data-field=current_password], [role=group]:has(input[name=current_password])').first();
  await until(
    async () => (await text(dialog)).includes('Das aktuelle Passwort ist falsch.'),
    async () => `the dialog should say "Das aktuelle Passwort ist falsch.", reads "${await text(dialog)}"`,
  );
  if (await field.count())
    assert((await text(field)).includes('Das aktuelle Passwort ist falsch.'), `the message should be at the current password field, it reads "${await text(field)}"`);
  assert((await current.getAttribute('aria-invalid')) === 'true', 'the current password field should be marked invalid');
  await screenshot(page, 'password-dialog-de.png');
});

test('sessions: a refresh answered 429 or not at all keeps the session and is tried again', async ({ loginAs }) => {
  test.setTimeout(90_000);
  const page = await loginAs('customer@demo.example');
  const session = await stored(page);
  assert(session, 'the page should hold a session');
  // The access token is no use any more (expired), the refresh token still is; the refresh calls answer 429.
  const expired = `e30.${Buffer.from(JSON.stringify({ exp: 1, iat: 0 })).toString('base64url')}.c2ln`;
  let calls = 0;
  await page.route('**/api/refresh_token', (route) => {
    calls++;
    if (calls === 2) return route.abort('connectionrefused');
    return route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({ Meta: { code: 429, message: 'too many requests, try again later' }, Data: null }),
    });
  });
  await page.evaluate((value) => localStorage.setItem('kanban.session', value), JSON.stringify({ ...session, token: expired }));
  await page.reload({ waitUntil: 'domcontentloaded' });
  await until(() => calls >= 1, 'the start should try a refresh');
  await signedIn(page, 'after a refresh answered 429');
  // The retry (after 5 s) fails at the network level: still signed in.
  await until(() => calls >= 2, 'the refresh should be tried again', 15_000);
  await sleep(500);
  await signedIn(page, 'after a refresh without an answer');
  assert((await stored(page))?.refreshToken === session.refreshToken, 'the stored session should stay as it was');
  // The server answers again: the next retry renews the tokens.
  await page.unroute('**/api/refresh_token');
  await until(async () => (await stored(page))?.refreshToken !== session.refreshToken, 'a later retry should renew the tokens', 30_000);
  await signedIn(page, 'after the renewal');
  const snackbars = await page.locator(testid('snackbar')).allInnerTexts();
  assert(!snackbars.some((s) => s.includes('Failed to login with token.')), 'no "Failed to login with token." for a 429');
});

// Network blips (issue 16, part 7): while the server gives no answer the session stays, the shell says "no connection,
// retrying" with a retry button, the page's own error says the same (not "unknown error"), and when the server answers
// again the failed data comes back without a reload.
const OFFLINE_WORDS = {
  en: { lost: 'No connection to the server', retryIn: 'Retrying in', boxText: 'No connection to the server. Please try again in a moment.' },
  de: { lost: 'Keine Verbindung zum Server', retryIn: 'Neuer Versuch in', boxText: 'Keine Verbindung zum Server. Bitte versuchen Sie es gleich noch einmal.' },
} as const;

for (const language of ['en', 'de'] as const) {
  const words = OFFLINE_WORDS[language];
  test(`sessions: without an answer from the server the session stays, the shell retries, the data comes back (${language})`, async ({ loginAs }) => {
    test.setTimeout(90_000);
    const page = await loginAs('writer@demo.example');
    if (language === 'de') await chooseLanguage(page, 'de');
    const session = await stored(page);
    assert(session, 'the page should hold a session');
    // The server stops answering: every API call fails at the network level.
    let offline = true;
    await page.route('**/api/**', (route) => (offline ? route.abort('connectionrefused') : route.fallback()));
    await (await visible(page, testid('menu-company.customers'))).click();
    await waitPath(page, /^\/c\/1\/customer\/?$/);
    const banner = await visible(page, testid('connection-banner'), 15_000);
    await until(
      async () => (await text(banner)).includes(words.lost) && (await text(banner)).includes(words.retryIn),
      async () => `the banner should say "${words.lost}" and "${words.retryIn} …", it reads "${await text(banner)}"`,
    );
    const box = await visible(page, testid('error-box'));
    assert((await text(box)).includes(words.boxText), `the list's error should say "${words.boxText}", it reads "${await text(box)}"`);
    await screenshot(page, `offline-banner-${language}.png`);

    // A reload while the server is unreachable keeps the session (the app itself is still served).
    await page.reload({ waitUntil: 'domcontentloaded' });
    await signedIn(page, 'after a reload without an answer');
    await visible(page, testid('connection-banner'), 15_000);
    assert((await stored(page))?.refreshToken === session.refreshToken, 'the stored session should stay as it was');
    const shown = await text(page.locator('body'));
    assert(!shown.includes('Failed to login with token.') && !shown.includes('Die Anmeldung mit dem Token ist fehlgeschlagen.'), 'no token failure for a network blip');

    // "Retry now" asks the server at once; while it stays silent the banner stays.
    const probes: number[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/health') probes.push(Date.now());
    });
    const before = probes.length;
    await (await visible(page, testid('connection-retry'))).click();
    await until(() => probes.length > before, '"Retry now" should ask the server at once');
    await visible(page, testid('connection-banner'));

    // The server answers again: the next attempt (the countdown's, or "Retry now" if still there) brings the data back
    // and the banner goes. Which one comes first depends on timing, so the click is only tried.
    offline = false;
    await page.locator(testid('connection-retry')).click({ timeout: 2_000 }).catch(() => undefined);
    await until(async () => (await page.locator(testid('connection-banner')).count()) === 0, 'the banner should go when the server answers', 40_000);
    await visible(page, '[data-testid^=customer-row-]', 15_000);
    assert((await page.locator(testid('error-box')).count()) === 0, 'the error should go once the data has come back');
    await signedIn(page, 'after the connection came back');
  });
}
