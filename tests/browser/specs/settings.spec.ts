// Settings: units, storage types, custom fields and the company data edit, in English and German.
import type { Locator, Page } from '@playwright/test';
import { test } from '../fixtures';
import { assert, chooseLanguage, openMenuEntry, goto, pickRowAction, runAxe, screenshot, testid, text, until, visible, waitPath } from '../helpers';

const WORDS = {
  en: {
    unitSaved: 'The unit has been saved.',
    typeSaved: 'The storage type has been saved.',
    fieldSaved: 'The custom field has been saved.',
    companySaved: 'The company data has been saved.',
    deleted: 'has been deleted',
    duplicate: 'Duplicate data',
    select: 'Selection',
  },
  de: {
    unitSaved: 'Die Einheit wurde gespeichert.',
    typeSaved: 'Der Lagertyp wurde gespeichert.',
    fieldSaved: 'Das Feld wurde gespeichert.',
    companySaved: 'Die Firmendaten wurden gespeichert.',
    deleted: 'wurde gelöscht',
    duplicate: 'Doppelte Daten',
    select: 'Auswahl',
  },
};


const snackbarSays = (page: Page, words: string) =>
  until(async () => (await text(page.locator(testid('snackbar')))).includes(words), `the snackbar should say "${words}"`);

const openRowAction = (page: Page, row: Locator, kind: string, action: string, expected: string) =>
  pickRowAction(page, row.locator(`[data-testid^=${kind}-actions-]`), testid(`action-${action}`), expected);

for (const language of ['en', 'de'] as const) {
  const words = WORDS[language];

  test(`settings: create, edit, delete a unit and a storage type (${language})`, async ({ loginAs }) => {
    const page = await loginAs('writer@demo.example');
    if (language === 'de') await chooseLanguage(page, 'de');
    await openMenuEntry(page, 'company.settings', 'company.units', /^\/c\/1\/settings\/units\/?$/);
    await visible(page, testid('units-page'));
    await page.locator('[data-testid^=unit-row-]').first().waitFor();
    await screenshot(page, `settings-units-${language}.png`);
    if (language === 'en') {
      const axe = await runAxe(page, '/c/1/settings/units');
      assert(!axe.serious.length, axe.describe(axe.serious));
    }
    const code = `b${language}${Date.now().toString(36)}`;
    // create: save disabled until code and name are valid; a code with spaces is refused on the client
    await (await visible(page, testid('unit-create'))).click();
    let dialog = await visible(page, `[role=dialog]${testid('unit-dialog')}`);
    const save = dialog.locator(testid('unit-submit'));
    assert(await save.isDisabled(), 'save should be disabled while code and name are empty');
    await dialog.locator('input[name=code]').fill('two words');
    await dialog.locator('input[name=name]').fill('Browser unit');
    assert(await save.isDisabled(), 'save should stay disabled for a code with spaces');
    // a code the company has already: the server answers 1059, shown translated
    await dialog.locator('input[name=code]').fill('BOX');
    await until(() => save.isEnabled(), 'save should be enabled with code and name');
    await save.click();
    await until(async () => (await text(dialog)).includes(words.duplicate), `the dialog should say "${words.duplicate}"`);
    await screenshot(page, `settings-unit-duplicate-${language}.png`);
    await dialog.locator('input[name=code]').fill(code);
    await save.click();
    await snackbarSays(page, words.unitSaved);
    await page.locator(testid('unit-filter')).fill(code);
    const row = page.locator('[data-testid^=unit-row-]', { hasText: code });
    await visible(row);
    // edit
    dialog = await openRowAction(page, row, 'unit', 'edit', `[role=dialog]${testid('unit-dialog')}`);
    await dialog.locator('input[name=name]').fill('Browser crate');
    await dialog.locator(testid('unit-submit')).click();
    await until(async () => (await text(row)).includes('Browser crate'), 'the edited name should show in the list');
    // delete asks first
    await (await openRowAction(page, row, 'unit', 'delete', testid('confirm-submit'))).click();
    await snackbarSays(page, words.deleted);
    await until(async () => (await row.count()) === 0, 'the deleted unit should leave the list');

    // storage types, through the settings tabs
    await (await visible(page, testid('settings-tab-storage-types'))).click();
    await waitPath(page, /^\/c\/1\/settings\/storage_types\/?$/);
    await visible(page, testid('storage-types-page'));
    const name = `Browser rack ${language} ${Date.now().toString(36)}`;
    await (await visible(page, testid('storage-type-create'))).click();
    dialog = await visible(page, `[role=dialog]${testid('storage-type-dialog')}`);
    assert(await dialog.locator(testid('storage-type-submit')).isDisabled(), 'save should be disabled while the name is empty');
    await dialog.locator('input[name=name]').fill(name);
    await dialog.locator('textarea[name=description]').fill('first');
    await dialog.locator(testid('storage-type-submit')).click();
    await snackbarSays(page, words.typeSaved);
    await page.locator(testid('storage-type-filter')).fill(name);
    const typeRow = page.locator('[data-testid^=storage-type-row-]', { hasText: name });
    await visible(typeRow);
    dialog = await openRowAction(page, typeRow, 'storage-type', 'edit', `[role=dialog]${testid('storage-type-dialog')}`);
    await dialog.locator('textarea[name=description]').fill('second description');
    await dialog.locator(testid('storage-type-submit')).click();
    await until(async () => (await text(typeRow)).includes('second description'), 'the edited description should show');
    await (await openRowAction(page, typeRow, 'storage-type', 'delete', testid('confirm-submit'))).click();
    await snackbarSays(page, words.deleted);
    await until(async () => (await typeRow.count()) === 0, 'the deleted storage type should leave the list');
  });

  test(`settings: create a custom field and edit the company name (${language})`, async ({ loginAs }) => {
    const page = await loginAs('admin@demo.example');
    if (language === 'de') await chooseLanguage(page, 'de');
    await goto(page, '/c/1/settings/custom_fields');
    await visible(page, testid('custom-fields-page'));
    await page.locator('[data-testid^=custom-field-row-]').first().waitFor();
    if (language === 'en') {
      const axe = await runAxe(page, '/c/1/settings/custom_fields');
      assert(!axe.serious.length, axe.describe(axe.serious));
    }
    const key = `gate_${language}_${Date.now().toString(36)}`;
    await (await visible(page, testid('custom-field-create'))).click();
    const dialog = await visible(page, `[role=dialog]${testid('custom-field-dialog')}`);
    const save = dialog.locator(testid('custom-field-submit'));
    await dialog.locator('select[name=entity]').selectOption('location');
    await dialog.locator('input[name=key]').fill('Bad Key');
    await dialog.locator('input[name=label]').fill('Dock gate');
    assert(await save.isDisabled(), 'save should be disabled for a bad key');
    await dialog.locator('input[name=key]').fill(key);
    await dialog.locator('select[name=type]').selectOption('select');
    assert(await save.isDisabled(), 'save should be disabled for a selection without options');
    await dialog.locator('textarea[name=options]').fill('North\nSouth');
    await screenshot(page, `settings-custom-field-dialog-${language}.png`);
    await dialog.locator(`${testid('custom-field-required')} label, ${testid('custom-field-required')}`).first().click();
    await until(() => save.isEnabled(), 'save should be enabled once the field is complete');
    await save.click();
    await snackbarSays(page, words.fieldSaved);
    await page.locator(testid('custom-field-filter')).fill(key);
    const row = page.locator('[data-testid^=custom-field-row-]', { hasText: key });
    await visible(row);
    await page.locator(testid('custom-field-filter')).fill('');
    await screenshot(page, `settings-custom-fields-${language}.png`);
    await page.locator(testid('custom-field-filter')).fill(key);
    const shown = await text(row);
    assert(shown.includes(words.select) && shown.includes('North, South'), `the row should show the type and options: "${shown}"`);

    // company data: the owner/admin edit dialog on the dashboard
    await goto(page, '/c/1/');
    await visible(page, testid('company-dashboard'));
    const header = page.locator(testid('company-header'));
    await (await visible(page, testid('company-edit'))).click();
    let edit = await visible(page, `[role=dialog]${testid('company-dialog')}`);
    await screenshot(page, `settings-company-dialog-${language}.png`);
    const before = await edit.locator('input[name=name]').inputValue();
    const renamed = `${before} ${language.toUpperCase()}`;
    await edit.locator('input[name=name]').fill('');
    assert(await edit.locator(testid('company-submit')).isDisabled(), 'save should be disabled without a name');
    await edit.locator('input[name=name]').fill(renamed);
    await edit.locator(testid('company-submit')).click();
    await snackbarSays(page, words.companySaved);
    await until(async () => (await text(page.locator(testid('breadcrumbs')))).includes(renamed), 'the breadcrumbs should show the new name');
    if (await header.count()) await until(async () => (await text(header)).includes(renamed), 'the header should show the new name');
    // and back, so other tests see the demo name
    await (await visible(page, testid('company-edit'))).click();
    edit = await visible(page, `[role=dialog]${testid('company-dialog')}`);
    await edit.locator('input[name=name]').fill(before);
    await edit.locator(testid('company-submit')).click();
    await until(async () => !(await text(page.locator(testid('breadcrumbs')))).includes(renamed), 'the old name should be back');
  });
}
