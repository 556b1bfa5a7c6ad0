// Users administration (settings/user, settings/user/{userID}, the customer `user` page): invite a user,
// change the role, add and remove a customer restriction, filter to restricted users, the app-use rule.
import type { Page } from '@playwright/test';
import { test } from '../fixtures';
import { assert, chooseLanguage, openMenuEntry, runAxe, screenshot, testid, text, until, visible } from '../helpers';

const WORDS = {
  en: {
    invited: 'Invitation sent to',
    saved: 'The user was saved',
    added: 'The access restriction was added',
    removed: 'was removed',
    deleted: 'was removed',
    pending: 'Invitation pending',
    customerRole: 'Customer',
    appRule: 'Only Users and Customers are allowed to use the app.',
    none: 'No restriction of this kind.',
  },
  de: {
    invited: 'Einladung an',
    saved: 'Der Benutzer wurde gespeichert',
    added: 'Die Zugriffsbeschränkung wurde hinzugefügt',
    removed: 'wurde entfernt',
    deleted: 'wurde entfernt',
    pending: 'Einladung offen',
    customerRole: 'Kunde',
    appRule: 'Nur Benutzer und Kunden dürfen die App nutzen.',
    none: 'Keine Beschränkung dieser Art.',
  },
};

const snackbarSays = (page: Page, words: string) =>
  until(async () => (await text(page.locator(testid('snackbar')))).includes(words), `the snackbar should say "${words}"`);

for (const language of ['en', 'de'] as const)
  test(`users: invite, change role, restrict to a customer, filter restricted, remove the restriction (${language})`, async ({ loginAs }) => {
    test.setTimeout(120_000);
    const words = WORDS[language];
    const page = await loginAs('admin@demo.example');
    if (language === 'de') await chooseLanguage(page, 'de');
    // the settings menu's users entry leads to the list
    await openMenuEntry(page, 'company.settings', 'company.users', /^\/c\/1\/settings\/user\/?$/);
    await visible(page, testid('users-page'));
    await page.locator('[data-testid^=user-row-]').first().waitFor();
    if (language === 'en') {
      const axe = await runAxe(page, '/c/1/settings/user');
      assert(!axe.serious.length, axe.describe(axe.serious));
    }
    await screenshot(page, `users-list-${language}.png`);

    // invite: send stays disabled until e-mail and role are given
    const email = `browser.${language}.${Date.now().toString(36)}@demo.example`;
    await (await visible(page, testid('user-invite'))).click();
    const dialog = await visible(page, `[role=dialog]${testid('user-invite-dialog')}`);
    const send = dialog.locator(testid('user-invite-submit'));
    assert(await send.isDisabled(), 'send should be disabled while e-mail and role are empty');
    await dialog.locator('input[name=email]').fill(email);
    assert(await send.isDisabled(), 'send should be disabled without a role');
    await dialog.locator('select[name=role]').selectOption('2');
    await dialog.locator('input[name=first_name]').fill('Bruno');
    await dialog.locator('input[name=last_name]').fill(`Browser ${language.toUpperCase()}`);
    await until(() => send.isEnabled(), 'send should be enabled with e-mail and role');
    if (language === 'en') await screenshot(page, 'users-invite-en.png');
    await send.click();
    await snackbarSays(page, words.invited);

    // the new user in the list, found through the server-side filter, marked pending
    await page.locator(testid('user-filter')).fill(email);
    const row = page.locator(`[data-testid^=user-row-][data-email="${email}"]`);
    await visible(row);
    assert((await text(row)).includes(words.pending), `the row should say "${words.pending}"`);

    // change the role on the detail page
    await row.locator('a').first().click();
    await visible(page, testid('user-detail'));
    await until(async () => (await text(page.locator(testid('user-detail-name')))).includes('Bruno'), 'the detail should name the user');
    const save = page.locator(testid('user-save'));
    assert(await save.isDisabled(), 'save should be disabled before a change');
    await page.locator(testid('user-role-select')).selectOption('4');
    await until(() => save.isEnabled(), 'save should be enabled after a change');
    await save.click();
    await snackbarSays(page, words.saved);

    // add a customer restriction, picked from the catalog's customers
    const section = page.locator(testid('restrictions-customer'));
    await visible(section);
    await visible(section.locator(`text=${words.none}`));
    const picker = section.locator(testid('restriction-pick-customer'));
    await until(async () => (await picker.locator('option').count()) > 1, 'the customer picker should list customers');
    const customerName = (await picker.locator('option').nth(1).innerText()).trim();
    await picker.selectOption({ index: 1 });
    await section.locator(testid('restriction-add-customer')).click();
    await snackbarSays(page, words.added);
    const item = section.locator('[data-testid^=restriction-customer-]');
    await visible(item);
    assert((await text(item)).includes(customerName), `the restriction should name "${customerName}"`);
    if (language === 'en') {
      // the snackbar's own colours are the layout's business: close it before checking this page
      await page.locator(`${testid('snackbar')} button`).click();
      await page.locator(testid('snackbar')).waitFor({ state: 'hidden' });
      const axe = await runAxe(page, '/c/1/settings/user/{userID}');
      assert(!axe.serious.length, axe.describe(axe.serious));
    }
    await screenshot(page, `users-detail-${language}.png`);

    // a location restriction: pick the customer, then one of its locations; then remove it again
    const locations = page.locator(testid('restrictions-location'));
    const customerPicker = locations.locator(testid('restriction-pick-location-customer'));
    await until(async () => (await customerPicker.locator('option').count()) > 1, 'the location section should list customers');
    await customerPicker.selectOption({ index: 1 });
    const locationPicker = locations.locator(testid('restriction-pick-location'));
    await until(async () => (await locationPicker.locator('option').count()) > 1, "the customer's locations should be listed");
    const locationName = (await locationPicker.locator('option').nth(1).innerText()).trim();
    await locationPicker.selectOption({ index: 1 });
    await locations.locator(testid('restriction-add-location')).click();
    const locationItem = locations.locator('[data-testid^=restriction-location-]');
    await until(async () => (await locationItem.count()) === 1 && (await text(locationItem)).includes(locationName), `the location "${locationName}" should be listed`);
    await locationItem.locator('[data-testid^=restriction-remove-]').click();
    await (await visible(page, testid('confirm-submit'))).click();
    await until(async () => (await locationItem.count()) === 0, 'the location restriction should be gone');

    // the customer's user page lists the user
    const customerId = (await item.getAttribute('data-testid'))!.replace('restriction-customer-', '');
    await page.goto(`/c/1/customer/${customerId}/user`, { waitUntil: 'domcontentloaded' });
    await visible(page, testid('customer-users-page'));
    await visible(page, `[data-testid^=target-user-row-][data-email="${email}"]`);
    await screenshot(page, `users-customer-${language}.png`);
    await page.goBack();
    await visible(page, testid('user-detail'));

    // the list filtered to users with restrictions shows them, and not the unrestricted admin
    await (await visible(page, testid('header-back'))).click();
    await visible(page, testid('users-page'));
    await page.locator(`${testid('user-restricted-filter')} label, ${testid('user-restricted-filter')}`).first().click();
    await visible(page, `[data-testid^=user-row-][data-email="${email}"]`);
    await until(
      async () => (await page.locator('[data-testid^=user-row-][data-email="admin@demo.example"]').count()) === 0,
      'the unrestricted admin should leave the filtered list',
    );
    const restrictedRow = page.locator(`[data-testid^=user-row-][data-email="${email}"]`);
    assert((await text(restrictedRow)).includes(words.customerRole), `the row should show the role "${words.customerRole}"`);

    // remove the restriction again (asks first)
    await restrictedRow.locator('a').first().click();
    await visible(page, testid('user-detail'));
    await (await visible(page, '[data-testid^=restriction-remove-]')).click();
    await (await visible(page, testid('confirm-submit'))).click();
    await snackbarSays(page, words.removed);
    await visible(page.locator(testid('restrictions-customer')).locator(`text=${words.none}`));

    // the app-use rule: a supplier may not use the app; the answer is shown translated
    await (await visible(page, testid('header-back'))).click();
    await page.locator(testid('user-filter')).fill('supplier@demo.example');
    const supplierRow = page.locator('[data-testid^=user-row-][data-email="supplier@demo.example"]');
    await visible(supplierRow);
    await supplierRow.locator('[data-testid^=user-app-] label, [data-testid^=user-app-]').first().click();
    await snackbarSays(page, words.appRule);

    // delete the invited user, after asking
    await page.locator(testid('user-filter')).fill(email);
    await visible(row);
    await row.locator('[data-testid^=user-delete-]').click();
    await (await visible(page, testid('confirm-submit'))).click();
    await snackbarSays(page, words.deleted);
    await until(async () => (await row.count()) === 0, 'the removed user should leave the list');
  });
