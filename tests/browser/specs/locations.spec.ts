// Locations of a customer: list (create, edit, deactivate, show all, delete), dashboard and the times page
// (requisition schedule and delivery days), in English and German.
import { test } from '../fixtures';
import { assert, chooseLanguage, pickRowAction, runAxe, screenshot, testid, text, until, visible, waitPath } from '../helpers';

const WORDS = {
  en: {
    saved: 'The location has been saved.',
    timesSaved: 'The times have been saved.',
    inactive: 'Inactive',
    deleted: 'has been deleted',
    title: 'Locations',
  },
  de: {
    saved: 'Der Standort wurde gespeichert.',
    timesSaved: 'Die Zeiten wurden gespeichert.',
    inactive: 'Inaktiv',
    deleted: 'wurde gelöscht',
    title: 'Standorte',
  },
};


for (const language of ['en', 'de'] as const)
  test(`locations: create, edit, deactivate, show all, delete, delivery days (${language})`, async ({ loginAs }) => {
    test.setTimeout(90_000);
    const words = WORDS[language];
    const page = await loginAs('writer@demo.example');
    if (language === 'de') await chooseLanguage(page, 'de');
    // customer list -> customer dashboard -> the customer menu's "locations" entry (live now)
    await (await visible(page, testid('menu-company.customers'))).click();
    await waitPath(page, /^\/c\/1\/customer\/?$/);
    await page.locator('[data-testid^=customer-row-]', { hasText: 'Maschinenbau Huber' }).locator('a').first().click();
    await visible(page, testid('customer-dashboard'));
    await (await visible(page, testid('menu-customer.locations'))).click();
    await waitPath(page, /^\/c\/1\/customer\/\d+\/location\/?$/);
    await visible(page, testid('locations-page'));
    const rows = '[data-testid^=location-row-]';
    await page.locator(rows).first().waitFor();
    assert((await text(page.locator(testid('locations-page')))).includes(words.title), `the page should be titled "${words.title}"`);
    assert((await text(page.locator(testid('customer-header')))).includes('Maschinenbau Huber'), 'the customer header should show');
    if (language === 'en') {
      const axe = await runAxe(page, 'location list');
      assert(!axe.serious.length, axe.describe(axe.serious));
    }
    await screenshot(page, `locations-list-${language}.png`);

    // create: save stays disabled until the required name is given; a bad position is refused in the form
    const name = `Lager ${language} ${Date.now().toString(36)}`;
    await (await visible(page, testid('location-create'))).click();
    const dialog = await visible(page, `[role=dialog]${testid('location-dialog')}`);
    if (language === 'en') {
      const axe = await runAxe(page, 'location dialog');
      assert(!axe.serious.length, axe.describe(axe.serious));
    }
    const save = dialog.locator(testid('location-submit'));
    assert(await save.isDisabled(), 'save should be disabled while the name is empty');
    await dialog.locator('input[name=name]').fill(name);
    await dialog.locator('input[name=geo_lat]').fill('123');
    await until(() => save.isDisabled(), 'a latitude of 123 should keep save disabled');
    await dialog.locator('input[name=geo_lat]').fill(language === 'de' ? '48,7' : '48.7');
    await dialog.locator('input[name=city]').fill('Stuttgart');
    await dialog.locator('input[name=building]').fill('B9');
    await dialog.locator('select[name=take_picture]').selectOption('2');
    await screenshot(page, `locations-dialog-${language}.png`);
    await until(() => save.isEnabled(), 'save should be enabled with a name');
    await save.click();
    await visible(page, `${testid('snackbar')}[data-variant=success]`);
    assert((await text(page.locator(testid('snackbar')))).includes(words.saved), `the snackbar should say "${words.saved}"`);

    // a duplicate number is refused by the server, shown translated in the dialog
    await page.locator(testid('location-filter')).fill(name);
    const row = page.locator(rows, { hasText: name });
    await visible(row);
    const edit = await pickRowAction(page, row.locator('[data-testid^=location-actions-]'), testid('action-edit'), `[role=dialog]${testid('location-dialog')}`);
    await edit.locator('input[name=nr]').fill('H1');
    await edit.locator(testid('location-submit')).click();
    const duplicate = language === 'en' ? 'Duplicate data' : 'Doppelte Daten';
    await until(async () => (await text(edit)).includes(duplicate), `the dialog should say "${duplicate}"`);
    // edit
    await edit.locator('input[name=nr]').fill('');
    await edit.locator('input[name=city]').fill('Ulm');
    await edit.locator(testid('location-submit')).click();
    await until(async () => (await text(row)).includes('Ulm'), 'the edited city should show in the list');

    // the dashboard: header, breadcrumbs with customer and location, recent-locations menu
    await row.locator('a').first().click();
    await visible(page, testid('location-dashboard'));
    await waitPath(page, /^\/c\/1\/customer\/\d+\/location\/\d+\/?$/);
    await until(async () => (await text(page.locator(testid('location-header')))).includes(name), 'the header should name it');
    await until(async () => {
      const crumbs = await text(page.locator(testid('breadcrumbs')));
      return crumbs.includes(name) && crumbs.includes('Maschinenbau Huber');
    }, 'the breadcrumbs should name customer and location');
    await until(() => page.locator(testid('recent-locations')).isEnabled(), 'visiting a location should fill the recent-locations menu');
    await screenshot(page, `locations-dashboard-${language}.png`);

    // the times page: business days at 06:00 and Saturday 08:00; deliveries Monday and Thursday
    await (await visible(page, testid('location-times-link'))).click();
    await waitPath(page, /\/location\/\d+\/times$/);
    await visible(page, testid('location-times'));
    if (language === 'en') {
      await page.locator(testid('times-business_days-06:00')).waitFor();
      // the earlier snackbar belongs to the shell, not this page: let it go first
      await page.locator(testid('snackbar')).waitFor({ state: 'hidden', timeout: 15_000 });
      const axe = await runAxe(page, 'location times');
      assert(!axe.serious.length, axe.describe(axe.serious));
    }
    const timesSave = page.locator(testid('times-save'));
    assert(await timesSave.isDisabled(), 'save should be disabled until something changes');
    await page.locator(testid('times-business_days-06:00')).click();
    await page.locator(testid('times-saturday-08:00')).click();
    await page.locator(testid('delivery-monday')).click();
    await page.locator(testid('delivery-thursday')).click();
    await until(
      async () => (await page.locator(testid('times-monday-06:00')).getAttribute('data-implied')) === 'true',
      'Monday 06:00 should show as set by the business days',
    );
    await screenshot(page, `locations-times-${language}.png`);
    await until(() => timesSave.isEnabled(), 'save should be enabled after a change');
    await timesSave.click();
    await until(async () => (await text(page.locator(testid('snackbar')))).includes(words.timesSaved), `the snackbar should say "${words.timesSaved}"`);
    await page.reload();
    await visible(page, testid('location-times'));
    for (const cell of ['times-business_days-06:00', 'times-saturday-08:00', 'delivery-monday', 'delivery-thursday'])
      await until(
        async () => (await page.locator(testid(cell)).getAttribute('data-state')) === 'checked',
        `${cell} should still be ticked after a reload`,
      );
    assert((await page.locator(testid('delivery-tuesday')).getAttribute('data-state')) !== 'checked', 'Tuesday was not chosen');

    // back to the list: deactivate, show all, delete after confirming
    // the dashboard sums the schedule up per weekday
    await page.goBack();
    await visible(page, testid('location-dashboard'));
    await until(async () => {
      const shown = await text(page.locator(testid('location-dashboard')));
      return shown.includes('06:00') && shown.includes('08:00');
    }, 'the dashboard should show the requisition times');
    await page.goBack();
    await visible(page, testid('locations-page'));
    await page.locator(testid('location-filter')).fill(name);
    await visible(row);
    await pickRowAction(page, row.locator('[data-testid^=location-actions-]'), testid('action-toggle'), {
      until: async () => (await row.count()) === 0,
      message: 'a deactivated location should leave the list',
    });
    await page.locator(`${testid('show-all')} label, ${testid('show-all')}`).first().click();
    await visible(row);
    assert((await text(row)).includes(words.inactive), `the row should be marked "${words.inactive}"`);
    await (await pickRowAction(page, row.locator('[data-testid^=location-actions-]'), testid('action-delete'), testid('confirm-submit'))).click();
    await until(async () => (await text(page.locator(testid('snackbar')))).includes(words.deleted), `the snackbar should say "${words.deleted}"`);
    await until(async () => (await row.count()) === 0, 'the deleted location should leave the list');
  });
