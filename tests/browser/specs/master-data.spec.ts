// The master-data lists that share one frame (customers, suppliers), in both languages: create, edit, deactivate,
// show all, the dashboard of one, delete.
import { test } from '../fixtures';
import { assert, chooseLanguage, pickRowAction, runAxe, testid, text, until, visible, waitPath } from '../helpers';

interface Words {
  saved: string;
  inactive: string;
  deleted: string;
}

/** What differs between the lists. */
const MASTER_DATA: { kind: string; menu: string; path: RegExp; words: Record<'en' | 'de', Words> }[] = [
  {
    kind: 'customer',
    menu: 'company.customers',
    path: /^\/c\/1\/customer\/?$/,
    words: {
      en: { saved: 'The customer has been saved.', inactive: 'Inactive', deleted: 'has been deleted' },
      de: { saved: 'Der Kunde wurde gespeichert.', inactive: 'Inaktiv', deleted: 'wurde gelöscht' },
    },
  },
  {
    kind: 'supplier',
    menu: 'company.suppliers',
    path: /^\/c\/1\/supplier\/?$/,
    words: {
      en: { saved: 'The supplier has been saved.', inactive: 'Inactive', deleted: 'has been deleted' },
      de: { saved: 'Der Lieferant wurde gespeichert.', inactive: 'Inaktiv', deleted: 'wurde gelöscht' },
    },
  },
];

for (const { kind, menu, path, words: allWords } of MASTER_DATA)
  for (const language of ['en', 'de'] as const) {
    test(`${kind}s: create, edit, deactivate, show all, delete (${language})`, async ({ loginAs }) => {
      const words = allWords[language];
      const page = await loginAs('writer@demo.example');
      if (language === 'de') await chooseLanguage(page, 'de');
      await (await visible(page, testid(`menu-${menu}`))).click();
      await waitPath(page, path);
      await visible(page, testid(`${kind}s-page`));
      const rows = `[data-testid^=${kind}-row-]`;
      const name = `Browser ${language} ${Date.now().toString(36)}`;
      if (language === 'en') {
        await page.locator(rows).first().waitFor();
        const axe = await runAxe(page, `/c/1/${kind}`);
        assert(!axe.serious.length, axe.describe(axe.serious));
      }
      // create: save stays disabled until the required name is given
      await (await visible(page, testid(`${kind}-create`))).click();
      const dialog = await visible(page, `[role=dialog]${testid(`${kind}-dialog`)}`);
      if (language === 'en') {
        const axe = await runAxe(page, `${kind} dialog`);
        assert(!axe.serious.length, axe.describe(axe.serious));
      }
      const save = dialog.locator(testid(`${kind}-submit`));
      assert(await save.isDisabled(), 'save should be disabled while the name is empty');
      await dialog.locator('input[name=name]').fill(name);
      await dialog.locator('input[name=city]').fill('Stuttgart');
      await dialog.locator('select[name=country_iso]').selectOption('DE');
      await until(() => save.isEnabled(), 'save should be enabled with a name');
      await save.click();
      await visible(page, `${testid('snackbar')}[data-variant=success]`);
      assert((await text(page.locator(testid('snackbar')))).includes(words.saved), `the snackbar should say "${words.saved}"`);
      // find it through the server-side filter
      await page.locator(testid(`${kind}-filter`)).fill(name);
      const row = page.locator(rows, { hasText: name });
      await visible(row);
      // edit
      const edit = await pickRowAction(page, row.locator(`[data-testid^=${kind}-actions-]`), testid('action-edit'), `[role=dialog]${testid(`${kind}-dialog`)}`);
      await edit.locator('input[name=city]').fill('Ulm');
      await edit.locator(testid(`${kind}-submit`)).click();
      await until(async () => (await text(row)).includes('Ulm'), 'the edited city should show in the list');
      // deactivate: gone from the list, back with show-all, marked inactive
      await pickRowAction(page, row.locator(`[data-testid^=${kind}-actions-]`), testid('action-toggle'), {
        until: async () => (await row.count()) === 0,
        message: 'a deactivated entry should leave the list',
      });
      await page.locator(`${testid('show-all')} label, ${testid('show-all')}`).first().click();
      await visible(row);
      assert((await text(row)).includes(words.inactive), `the row should be marked "${words.inactive}"`);
      // the dashboard shows it in the header and the breadcrumbs
      await row.locator('a').first().click();
      await visible(page, testid(`${kind}-dashboard`));
      await until(async () => (await text(page.locator(testid(`${kind}-header`)))).includes(name), 'the header should name it');
      await until(async () => (await text(page.locator(testid('breadcrumbs')))).includes(name), 'the breadcrumbs should name it');
      await page.goBack();
      await visible(page, testid(`${kind}s-page`));
      await page.locator(testid(`${kind}-filter`)).fill(name);
      if (!(await page.locator(rows, { hasText: name }).count())) await page.locator(`${testid('show-all')} label, ${testid('show-all')}`).first().click();
      // delete asks first
      await (await pickRowAction(page, row.locator(`[data-testid^=${kind}-actions-]`), testid('action-delete'), testid('confirm-submit'))).click();
      await until(async () => (await text(page.locator(testid('snackbar')))).includes(words.deleted), `the snackbar should say "${words.deleted}"`);
      await until(async () => (await row.count()) === 0, 'the deleted entry should leave the list');
    });
  }
