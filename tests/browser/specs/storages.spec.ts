// Storages (racks) of a location (docs/storages.md): from the location menu create a rack, edit it on its page (field
// messages from the form and from the server, translated), see it listed (table at 1366 px, cards at 390 px) and
// delete it after confirming; in English and German.
import { test } from '../fixtures';
import { assert, chooseLanguage, pickRowAction, runAxe, screenshot, testid, text, until, visible, waitPath } from '../helpers';

const WORDS = {
  en: { title: 'Storages', saved: 'The storage has been saved.', deleted: 'has been deleted', nameTooLong: 'Please enter a name of at most 200 characters', down: 'Down' },
  de: { title: 'Lager', saved: 'Das Lager wurde gespeichert.', deleted: 'wurde gelöscht', nameTooLong: 'Bitte einen Namen mit höchstens 200 Zeichen eingeben', down: 'Nach unten' },
};

for (const language of ['en', 'de'] as const)
  test(`storages: create a rack from the location menu, edit, list, delete (${language})`, async ({ loginAs }) => {
    test.setTimeout(120_000);
    const words = WORDS[language];
    const page = await loginAs('writer@demo.example', { viewport: { width: 1366, height: 900 } });
    if (language === 'de') await chooseLanguage(page, 'de');
    // customer -> locations -> a location -> the location menu's "Storages" entry
    await (await visible(page, testid('menu-company.customers'))).click();
    await waitPath(page, /^\/c\/1\/customer\/?$/);
    // searched: other specs add customers and locations that may push the demo's off the first page
    await (await visible(page, testid('customer-filter'))).fill('Maschinenbau Huber');
    await page.locator('[data-testid^=customer-row-]', { hasText: 'Maschinenbau Huber' }).locator('a').first().click();
    await (await visible(page, testid('menu-customer.locations'))).click();
    await waitPath(page, /^\/c\/1\/customer\/\d+\/location\/?$/);
    await (await visible(page, testid('location-filter'))).fill('Montagehalle 2');
    await page.locator('[data-testid^=location-row-]', { hasText: 'Montagehalle 2' }).locator('a').first().click();
    await waitPath(page, /^\/c\/1\/customer\/\d+\/location\/\d+\/?$/);
    await (await visible(page, testid('menu-location.storages'))).click();
    await waitPath(page, /^\/c\/1\/customer\/\d+\/location\/\d+\/storage\/?$/);
    const list = await visible(page, testid('storages-page'));
    assert((await text(list)).includes(words.title), `the page should be titled "${words.title}"`);

    // create: save waits for a name and rows/columns of 1..50; a name with quotes, umlauts and an emoji is kept
    const name = `Regal "Süd"; ${language} 📦 ${Date.now().toString(36)}`;
    await (await visible(page, testid('storage-create'))).click();
    const dialog = await visible(page, `[role=dialog]${testid('storage-dialog')}`);
    if (language === 'en') {
      const axe = await runAxe(page, 'storage dialog');
      assert(!axe.serious.length, axe.describe(axe.serious));
    }
    const submit = dialog.locator(testid('storage-submit'));
    assert(await submit.isDisabled(), 'save should be disabled while the name is empty');
    await dialog.locator('input[name=name]').fill(name);
    await dialog.locator('input[name=rows]').fill('51');
    await until(() => submit.isDisabled(), '51 rows should keep save disabled');
    await until(async () => (await text(dialog)).includes(language === 'en' ? 'from 1 to 50' : 'von 1 bis 50'), 'the rows field should say 1 to 50');
    await dialog.locator('input[name=rows]').fill('4');
    await dialog.locator('input[name=columns]').fill('6');
    await dialog.locator('select[name=layout]').selectOption('down');
    await dialog.locator('input[name=prefix]').fill('A-');
    await dialog.locator('input[name=tare]').fill(language === 'de' ? '12,5' : '12.5');
    await screenshot(page, `storages-dialog-${language}.png`);
    await until(() => submit.isEnabled(), 'save should be enabled');
    await submit.click();

    // the new rack's page: storage context, its menu and the breadcrumbs
    await waitPath(page, /^\/c\/1\/customer\/\d+\/location\/\d+\/storage\/\d+\/?$/);
    const rackPage = await visible(page, testid('storage-page'));
    await until(async () => (await text(page.locator(testid('storage-name')))).includes(name), 'the page should name the rack');
    await until(async () => (await text(page.locator(testid('breadcrumbs')))).includes(name), 'the breadcrumbs should name the rack');
    await visible(page, testid('menu-storage.backToLocation'));
    assert((await page.locator('input[name=rows]').inputValue()) === '4', 'rows should be 4');
    assert((await page.locator('input[name=tare]').inputValue()) === '12.5', 'the tare should be 12.5');
    const rackUrl = new URL(page.url()).pathname;
    if (language === 'en') {
      await page.locator(testid('snackbar')).waitFor({ state: 'hidden', timeout: 15_000 });
      const axe = await runAxe(page, 'storage page');
      assert(!axe.serious.length, axe.describe(axe.serious));
    }
    await screenshot(page, `storages-page-${language}.png`);

    // edit: the server refuses a 201-character name (1000): its message shows at the field, in the reader's language
    await rackPage.locator('input[name=name]').fill('x'.repeat(201));
    await rackPage.locator(testid('storage-save')).click();
    await until(async () => (await text(rackPage)).includes(words.nameTooLong), `the name field should say "${words.nameTooLong}"`);
    await rackPage.locator('input[name=name]').fill(name);
    await rackPage.locator('input[name=columns]').fill('8');
    await rackPage.locator(testid('storage-save')).click();
    await until(async () => (await text(page.locator(testid('snackbar')))).includes(words.saved), `the snackbar should say "${words.saved}"`);

    // listed: back to the location, its menu's "Storages", the rack's row with 8 columns and its layout
    await (await visible(page, testid('menu-storage.backToLocation'))).click();
    await waitPath(page, /^\/c\/1\/customer\/\d+\/location\/\d+\/?$/);
    await (await visible(page, testid('menu-location.storages'))).click();
    await visible(page, testid('storages-page'));
    await page.locator(testid('storage-filter')).fill(name.slice(0, 12));
    const row = page.locator('[data-testid^=storage-row-]', { hasText: name });
    await visible(row);
    assert((await text(row)).includes('8') && (await text(row)).includes(words.down), 'the row should show 8 columns and the layout');
    await screenshot(page, `storages-list-${language}.png`);
    await page.setViewportSize({ width: 390, height: 844 });
    await visible(row);
    await screenshot(page, `storages-list-390-${language}.png`);
    await page.goto(rackUrl);
    await visible(page, testid('storage-page'));
    await screenshot(page, `storages-page-390-${language}.png`);
    await page.goBack();
    await visible(row);

    // delete after confirming
    await (await pickRowAction(page, row.locator('[data-testid^=storage-actions-]'), testid('action-delete'), testid('confirm-submit'))).click();
    await until(async () => (await text(page.locator(testid('snackbar')))).includes(words.deleted), `the snackbar should say "${words.deleted}"`);
    await until(async () => (await row.count()) === 0, 'the deleted rack should leave the list');
    await visible(page, testid('storage-empty'));
  });
