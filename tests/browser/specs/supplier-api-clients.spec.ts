// Supplier API clients (docs/supplier-api.md) on the supplier's users page: the admin creates a client (the secret is
// shown once, and it signs in at POST /api/oauth/token), after a reload only the client id is left; revoking asks
// first, the client stays listed as revoked and its secret no longer signs in; in English and German.
import type { Page } from '@playwright/test';
import { test } from '../fixtures';
import { assert, chooseLanguage, goto, runAxe, screenshot, testid, text, until, visible, waitPath } from '../helpers';
import { pageData as data } from '../page-api';

const WORDS = {
  en: { title: 'API clients', shownOnce: 'shown only this once', active: 'Active', revoked: 'has been revoked', revokedState: 'Revoked', confirm: 'Revoke' },
  de: { title: 'API-Clients', shownOnce: 'nur dieses eine Mal', active: 'Aktiv', revoked: 'wurde widerrufen', revokedState: 'Widerrufen', confirm: 'Widerrufen' },
};

/** The client credentials grant from the page: the HTTP status. */
function signInStatus(page: Page, clientId: string, secret: string): Promise<number> {
  return page.evaluate(
    async ({ clientId, secret }) =>
      (
        await fetch('/api/oauth/token', {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }).toString(),
        })
      ).status,
    { clientId, secret },
  );
}

for (const language of ['en', 'de'] as const) {
  const words = WORDS[language];

  test(`supplier API clients: created with the secret shown once, revoked after asking (${language})`, async ({ loginAs }) => {
    test.setTimeout(90_000);
    const page = await loginAs('admin@demo.example');
    if (language === 'de') await chooseLanguage(page, 'de');
    const supplier = (await data<{ items: { id: number }[] }>(page, 'GET', 'supplier?q=L-200')).items[0]!;
    await goto(page, `/c/1/supplier/${supplier.id}/user`);
    await waitPath(page, new RegExp(`^/c/1/supplier/${supplier.id}/user$`));
    const section = await visible(page, testid('api-clients'));
    assert((await text(section)).includes(words.title), `the section should be titled "${words.title}"`);

    // create: a name with quotes, a semicolon and an emoji; the secret shown once
    const name = `ERP "Süd"; ${language} 🔑 ${Date.now().toString(36)}`;
    await (await visible(section, testid('api-client-new'))).click();
    const dialog = await visible(page, `[role=dialog]${testid('api-client-dialog')}`);
    await dialog.locator(testid('api-client-name')).fill(name);
    await dialog.locator(testid('api-client-submit')).click();
    const shown = await visible(page, testid('api-client-secret'));
    assert((await text(shown)).includes(words.shownOnce), `the secret should be said to be shown "${words.shownOnce}"`);
    const clientId = await text(shown.locator(testid('api-client-created-id')));
    const secret = await text(shown.locator(testid('api-client-secret-value')));
    assert(/^sc_[0-9a-f]{32}$/.test(clientId), `a client id should be shown: ${clientId}`);
    assert(secret.length >= 40, 'the secret should be shown');
    await screenshot(page, `supplier-api-client-created-${language}.png`);
    assert((await signInStatus(page, clientId, secret)) === 200, 'the shown secret should sign in');
    const row = page.locator('[data-testid^=api-client-row-]', { hasText: name });
    await visible(row);
    assert((await text(row)).includes(clientId) && (await text(row)).includes(words.active), 'the row should show the client id and the active state');
    await shown.locator(testid('api-client-secret-done')).click();
    await until(async () => (await page.locator(testid('api-client-secret')).count()) === 0, 'the secret should be gone once saved');
    await page.reload();
    await visible(page.locator('[data-testid^=api-client-row-]', { hasText: name }));
    assert(!(await text(page.locator('body'))).includes(secret), 'the secret is never shown again');
    if (language === 'en') {
      const axe = await runAxe(page, `/c/1/supplier/${supplier.id}/user`);
      assert(!axe.serious.length, axe.describe(axe.serious));
    }

    // revoke: asks first, then the client stays listed as revoked and cannot sign in
    const listed = page.locator('[data-testid^=api-client-row-]', { hasText: name });
    await listed.locator(testid('api-client-revoke')).click();
    const confirm = await visible(page, testid('confirm-dialog'));
    assert((await text(confirm)).includes(name), 'the question should name the client');
    await screenshot(page, `supplier-api-client-revoke-${language}.png`);
    await confirm.locator(testid('confirm-submit')).click();
    await until(async () => (await text(page.locator(testid('snackbar')))).includes(words.revoked), `the snackbar should say "${words.revoked}"`);
    await until(async () => (await text(listed)).includes(words.revokedState), `the row should say "${words.revokedState}"`);
    assert((await listed.locator(testid('api-client-revoke')).count()) === 0, 'a revoked client offers no revoke');
    assert((await signInStatus(page, clientId, secret)) === 401, 'a revoked client should not sign in');
  });
}
