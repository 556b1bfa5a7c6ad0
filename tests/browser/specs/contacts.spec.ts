// Contacts of customers and suppliers and the change log (issue 4, part 5): create, edit, make main and delete
// a contact; the contact page's change log shows the edit; the dashboard's change log shows the delete.
import { test } from '../fixtures';
import { assert, chooseLanguage, pickRowAction, runAxe, screenshot, testid, text, until, visible, waitPath } from '../helpers';

const OWNERS = [
  { kind: 'customer', menu: 'company.customers', filter: 'K-10001' },
  { kind: 'supplier', menu: 'company.suppliers', filter: 'L-100' },
];

const WORDS = {
  en: {
    saved: 'The contact has been saved.',
    main: 'is now the main contact',
    deleted: 'has been deleted',
    changed: 'Changed',
    created: 'Created',
    deletedAction: 'Deleted',
    jobTitle: 'Job title',
    email: 'Please enter a valid e-mail address',
    date: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
  },
  de: {
    saved: 'Der Kontakt wurde gespeichert.',
    main: 'ist jetzt der Hauptkontakt',
    deleted: 'wurde gelöscht',
    changed: 'Geändert',
    created: 'Angelegt',
    deletedAction: 'Gelöscht',
    jobTitle: 'Position',
    email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
    date: /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/,
  },
};


for (const { kind, menu, filter } of OWNERS)
  for (const language of ['en', 'de'] as const) {
    test(`contacts of a ${kind}: create, edit, set main, delete; change log (${language})`, async ({ loginAs }) => {
      const words = WORDS[language];
      const page = await loginAs('writer@demo.example');
      if (language === 'de') await chooseLanguage(page, 'de');
      // the demo customer/supplier, then its contacts page from the side menu
      await (await visible(page, testid(`menu-${menu}`))).click();
      await page.locator(testid(`${kind}-filter`)).fill(filter);
      const parentRow = page.locator(`[data-testid^=${kind}-row-]`, { hasText: filter });
      await (await visible(parentRow.locator('a').first())).click();
      await visible(page, testid(`${kind}-dashboard`));
      await visible(page, testid('change-log'));
      await (await visible(page, testid(`menu-${kind}.contacts`))).click();
      await waitPath(page, new RegExp(`^/c/1/${kind}/\\d+/contacts/?$`));
      await visible(page, testid('contacts-page'));
      const rows = '[data-testid^=contact-row-]';
      await page.locator(rows).first().waitFor();
      if (language === 'en') {
        const axe = await runAxe(page, `${kind} contacts`);
        assert(!axe.serious.length, axe.describe(axe.serious));
      }

      // create: save stays disabled without a last name and with a bad e-mail address
      const name = `Browser${language}${Date.now().toString(36)}`;
      await (await visible(page, testid('contact-create'))).click();
      const dialog = await visible(page, `[role=dialog]${testid('contact-dialog')}`);
      const save = dialog.locator(testid('contact-submit'));
      assert(await save.isDisabled(), 'save should be disabled while the last name is empty');
      await dialog.locator('input[name=first_name]').fill('Erika');
      await dialog.locator('input[name=name]').fill(name);
      await dialog.locator('input[name=email]').fill('not-an-address');
      await until(
        async () => (await text(dialog)).includes(words.email),
        'the e-mail field should say it is invalid',
      );
      assert(await save.isDisabled(), 'save should be disabled with an invalid e-mail address');
      await dialog.locator('input[name=email]').fill('erika@example.com');
      await dialog.locator('select[name=gender]').selectOption('f');
      await until(() => save.isEnabled(), 'save should be enabled');
      await save.click();
      await until(
        async () => (await text(page.locator(testid('snackbar')))).includes(words.saved),
        `the snackbar should say "${words.saved}"`,
      );

      // find it through the server-side filter, edit it
      await page.locator(testid('contact-filter')).fill(name);
      const row = page.locator(rows, { hasText: name });
      await visible(row);
      const edit = await pickRowAction(page, row.locator('[data-testid^=contact-actions-]'), testid('action-edit'), `[role=dialog]${testid('contact-dialog')}`);
      await edit.locator('input[name=job_title]').fill('Einkauf Browser');
      await edit.locator(testid('contact-submit')).click();
      await until(
        async () => (await text(row)).includes('Einkauf Browser'),
        'the edited job title should show in the list',
      );

      // make it the main contact: the star fills; the old main contact of the demo data loses it
      const star = row.locator('[data-testid^=contact-main-]');
      assert(
        (await star.getAttribute('aria-pressed')) === 'false',
        'a new contact is not the main contact',
      );
      await star.click();
      await until(
        async () => (await text(page.locator(testid('snackbar')))).includes(words.main),
        `the snackbar should say "${words.main}"`,
      );
      await until(
        async () => (await star.getAttribute('aria-pressed')) === 'true',
        'the star should be filled',
      );
      await page.locator(testid('contact-filter')).fill('');
      await until(
        async () => (await page.locator(rows).count()) > 2,
        'all contacts should be listed again',
      );
      await until(
        async () => (await page.locator(`${rows} [aria-pressed=true]`).count()) === 1,
        'exactly one contact should be the main contact',
      );
      await screenshot(page, `contacts-${kind}-${language}.png`);

      // the contact page shows it and its change log with the edit
      await page.locator(testid('contact-filter')).fill(name);
      await (await visible(row.locator('a').first())).click();
      await visible(page, testid('contact-page'));
      await until(
        async () => (await text(page.locator(testid('contact-name')))).includes(name),
        'the contact page should name it',
      );
      const log = page.locator(testid('change-log'));
      const editRow = log.locator('[data-testid^=change-row-]', { hasText: words.jobTitle });
      await visible(editRow);
      const edited = await text(editRow);
      assert(
        edited.includes(words.changed) && edited.includes('Einkauf Browser'),
        `the change log should show the edit, shows "${edited}"`,
      );
      assert(
        !(await text(editRow.locator(testid('change-user')))).includes('#'),
        'the change log should name the user',
      );
      const date = (await text(editRow.locator(testid('change-date')))).trim();
      assert(words.date.test(date), `the date should be in the language's format, is "${date}"`);
      assert((await text(log)).includes(words.created), 'the change log should show the create');
      await screenshot(page, `contact-${kind}-${language}.png`);

      // delete from the contact page after asking; back on the list
      await (await visible(page, testid('contact-delete'))).click();
      await (await visible(page, testid('confirm-submit'))).click();
      await until(
        async () => (await text(page.locator(testid('snackbar')))).includes(words.deleted),
        `the snackbar should say "${words.deleted}"`,
      );
      await waitPath(page, new RegExp(`^/c/1/${kind}/\\d+/contacts/?$`));
      await page.locator(testid('contact-filter')).fill(name);
      await until(
        async () => (await page.locator(rows, { hasText: name }).count()) === 0,
        'the deleted contact should leave the list',
      );

      // the dashboard's change log shows the delete
      await (await visible(page, testid(`menu-${kind}.dashboard`))).click();
      await visible(page, testid(`${kind}-dashboard`));
      const deleted = page
        .locator(`${testid('change-log')} [data-testid^=change-row-]`, { hasText: name })
        .first();
      await visible(deleted);
      assert(
        (await text(deleted)).includes(words.deletedAction),
        `the dashboard's change log should show "${words.deletedAction}"`,
      );
      await screenshot(page, `changes-${kind}-${language}.png`);
    });
  }
