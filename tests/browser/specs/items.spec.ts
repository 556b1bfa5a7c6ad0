// Items: create, edit, disable, show all, pause and delete an item of a customer; the supplier's catalogs;
// the company item search; in English and German.
import type { Locator, Page } from '@playwright/test';
import { test } from '../fixtures';
import { assert, chooseLanguage, pickRowAction, runAxe, screenshot, testid, text, until, visible, waitPath, type RowActionEffect } from '../helpers';

const WORDS = {
  en: { bag: 'Bag (BAG)', perBag: '12 Pieces / Bag', saved: 'Item saved', disabled: 'Disabled', deleted: 'deleted', paused: 'Paused until', catalogSaved: 'Catalog saved', hasItems: 'items' },
  de: { bag: 'Beutel (BAG)', perBag: '12 Stück / Beutel', saved: 'Artikel gespeichert', disabled: 'Gesperrt', deleted: 'gelöscht', paused: 'Pausiert bis', catalogSaved: 'Katalog gespeichert', hasItems: 'items' },
};

const snackbarSays = (page: Page, words: string) =>
  until(async () => (await text(page.locator(testid('snackbar')))).includes(words), `the snackbar should say "${words}"`);

function rowAction(page: Page, row: Locator, action: string, expected: string): Promise<Locator>;
function rowAction(page: Page, row: Locator, action: string, expected: RowActionEffect): Promise<null>;
function rowAction(page: Page, row: Locator, action: string, expected: string | RowActionEffect): Promise<Locator | null> {
  const trigger = row.locator('[data-testid^=item-actions-]');
  return typeof expected === 'string'
    ? pickRowAction(page, trigger, testid(`action-${action}`), expected)
    : pickRowAction(page, trigger, testid(`action-${action}`), expected);
}

for (const language of ['en', 'de'] as const) {
  const words = WORDS[language];

  test(`items: create, edit, disable, show all, pause, delete (${language})`, async ({ loginAs }) => {
    const page = await loginAs('writer@demo.example');
    if (language === 'de') await chooseLanguage(page, 'de');
    await (await visible(page, testid('menu-company.customers'))).click();
    await page.locator(testid('customer-filter')).fill('K-10001');
    await page.locator('[data-testid^=customer-row-] a', { hasText: 'Huber' }).first().click();
    await visible(page, testid('customer-dashboard'));
    await (await visible(page, testid('menu-customer.items'))).click();
    await waitPath(page, /^\/c\/1\/customer\/\d+\/item\/?$/);
    await visible(page, testid('items-page'));
    await page.locator('[data-testid^=item-row-]').first().waitFor();
    await screenshot(page, `items-${language}.png`);
    if (language === 'en') {
      const axe = await runAxe(page, 'customer items');
      assert(!axe.serious.length, axe.describe(axe.serious));
    }
    const sku = `BR-${language}-${Date.now().toString(36)}`.toUpperCase();
    // create: save stays disabled until SKU and name are given and the quantities fit together
    await (await visible(page, testid('item-create'))).click();
    const dialog = await visible(page, `[role=dialog]${testid('item-dialog')}`);
    const save = dialog.locator(testid('item-submit'));
    assert(await save.isDisabled(), 'save should be disabled while SKU and name are empty');
    await dialog.locator('input[name=sku]').fill(sku);
    await dialog.locator('input[name=name]').fill(`Browser cable tie ${language}`);
    await dialog.locator('input[name=min_order_quantity]').fill('10');
    await dialog.locator('input[name=max_order_quantity]').fill('5');
    await until(() => save.isDisabled(), 'save should be disabled while MOQ exceeds MXOQ');
    await dialog.locator('input[name=max_order_quantity]').fill('100');
    await dialog.locator('input[name=order_quantity]').fill('20');
    // the units are a choice of the company's units by name, the code stored
    const orderUnit = dialog.locator('select[name=order_unit]');
    const bag = await orderUnit.locator('option[value=BAG]').textContent();
    assert(bag === words.bag, `the unit BAG should read "${words.bag}", reads "${bag}"`);
    await orderUnit.selectOption('BAG');
    await dialog.locator('select[name=item_unit]').selectOption('PCE');
    await dialog.locator('input[name=quantity_per_order_unit]').fill('12');
    await until(() => save.isEnabled(), 'save should be enabled with valid fields');
    if (language === 'en') {
      const axe = await runAxe(page, 'item dialog');
      assert(!axe.serious.length, axe.describe(axe.serious));
    }
    await save.click();
    await snackbarSays(page, words.saved);
    await page.locator(testid('item-filter')).fill(sku);
    const row = page.locator('[data-testid^=item-row-]', { hasText: sku });
    await visible(row);
    // edit
    const edit = await rowAction(page, row, 'edit', `[role=dialog]${testid('item-dialog')}`);
    assert((await edit.locator('select[name=order_unit]').inputValue()) === 'BAG', 'the edit dialog should hold the stored unit code');
    await edit.locator('input[name=customer_sku]').fill('CUST-77');
    await edit.locator(testid('item-submit')).click();
    await until(async () => (await text(row)).includes('CUST-77'), 'the edited customer SKU should show in the list');
    assert((await text(row)).includes(words.perBag), `the row should read "${words.perBag}" (unit names, the plural after 12): ${await text(row)}`);
    // pause until a date, shown in the row; unpause
    const pause = await rowAction(page, row, 'pause', `[role=dialog]${testid('pause-dialog')}`);
    await pause.locator('input[name=paused_until]').fill('2099-06-30');
    await pause.locator(testid('pause-submit')).click();
    await until(async () => (await text(row)).includes(words.paused), `the row should say "${words.paused}"`);
    await rowAction(page, row, 'pause', { until: async () => !(await text(row)).includes(words.paused), message: 'the pause should end' });
    // disable: gone from the list, back with show-all, marked disabled
    await rowAction(page, row, 'toggle', { until: async () => (await row.count()) === 0, message: 'a disabled item should leave the list' });
    await page.locator(`${testid('show-all')} label, ${testid('show-all')}`).first().click();
    await visible(row);
    assert((await text(row)).includes(words.disabled), `the row should be marked "${words.disabled}"`);
    // delete asks first
    await (await rowAction(page, row, 'delete', testid('confirm-submit'))).click();
    await snackbarSays(page, words.deleted);
    await until(async () => (await row.count()) === 0, 'the deleted item should leave the list');
  });

  test(`items: supplier catalogs and the company item search (${language})`, async ({ loginAs }) => {
    const page = await loginAs('writer@demo.example');
    if (language === 'de') await chooseLanguage(page, 'de');
    await (await visible(page, testid('menu-company.suppliers'))).click();
    await page.locator(testid('supplier-filter')).fill('Schraubenwerk');
    await page.locator('[data-testid^=supplier-row-] a', { hasText: 'Schraubenwerk' }).first().click();
    await visible(page, testid('supplier-dashboard'));
    await (await visible(page, testid('menu-supplier.catalogs'))).click();
    await visible(page, testid('catalogs-page'));
    await page.locator('[data-testid^=catalog-row-]').first().waitFor();
    await screenshot(page, `catalogs-${language}.png`);
    const name = `Browser catalog ${language} ${Date.now().toString(36)}`;
    await (await visible(page, testid('catalog-create'))).click();
    const dialog = await visible(page, `[role=dialog]${testid('catalog-dialog')}`);
    assert(await dialog.locator(testid('catalog-submit')).isDisabled(), 'save should be disabled without a name');
    await dialog.locator('input[name=name]').fill(name);
    await dialog.locator('input[name=contract_name]').fill('RV 2027');
    await dialog.locator(testid('catalog-submit')).click();
    await snackbarSays(page, words.catalogSaved);
    const row = page.locator('[data-testid^=catalog-row-]', { hasText: name });
    await visible(row);
    // edit and delete from the row's menu (the shared row actions)
    const editCatalog = await pickRowAction(page, row.locator('[data-testid^=catalog-actions-]'), testid('action-edit'), `[role=dialog]${testid('catalog-dialog')}`);
    assert((await editCatalog.locator('input[name=name]').inputValue()) === name, 'the edit dialog should hold the catalog');
    await editCatalog.locator('input[name=contract_name]').fill('RV 2028');
    await editCatalog.locator(testid('catalog-submit')).click();
    await until(async () => (await text(row)).includes('RV 2028'), 'the edited contract should show in the list');
    await (await pickRowAction(page, row.locator('[data-testid^=catalog-actions-]'), testid('action-delete'), testid('confirm-submit'))).click();
    await until(async () => (await row.count()) === 0, 'the deleted catalog should leave the list');
    // a catalog with items cannot be deleted: the server's 1007 shows as an error snackbar
    const used = page.locator('[data-testid^=catalog-row-]').first();
    await (await pickRowAction(page, used.locator('[data-testid^=catalog-actions-]'), testid('action-delete'), testid('confirm-submit'))).click();
    await visible(page, `${testid('snackbar')}[data-variant=error]`);
    // the company item search: prefix and part of a name, paused filter
    await (await visible(page, testid('back-to-company'))).click();
    await (await visible(page, testid('menu-company.itemSearch'))).click();
    await waitPath(page, /^\/c\/1\/item_search\/?$/);
    await visible(page, testid('item-search-page'));
    await page.locator(testid('item-filter')).fill('nitrile');
    await until(async () => {
      const rows = await page.locator('[data-testid^=item-row-]').allTextContents();
      return rows.length > 0 && rows.every((r) => r.toLowerCase().includes('nitrile'));
    }, 'the search should find the nitrile gloves');
    await screenshot(page, `item-search-${language}.png`);
    await page.locator(testid('item-filter')).fill('');
    await page.locator(`${testid('paused-only')} label, ${testid('paused-only')}`).first().click();
    await until(async () => {
      const rows = await page.locator('[data-testid^=item-row-]').allTextContents();
      return rows.length > 0 && rows.every((r) => r.includes(words.paused));
    }, 'the paused filter should list paused items only');
  });
}
