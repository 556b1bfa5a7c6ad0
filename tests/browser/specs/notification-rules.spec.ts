// Notification rules (issue 18 item 3; docs/notification-rules.md): at a customer open "Notifications" from the side
// menu, create an e-mail rule (a bad sender address refused at its field), choose an e-mail template and an attachment
// template and see both rendered by the server (the templates' preview), add three recipients (a contact of the
// customer, a user of the company, an e-mail address with a name), find the rule in the company's overview with its
// owner and three recipients, open it from there, and delete it after confirming; in English and German; the rule
// page and the overview at 1366 and 390 px.
import path from 'node:path';
import type { Locator } from '@playwright/test';
import { test } from '../fixtures';
import {
  assert,
  chooseLanguage,
  goto,
  runAxe,
  screenshot,
  SHOTS,
  testid,
  text,
  until,
  visible,
  waitPath,
} from '../helpers';
import { pageData } from '../page-api';

const WORDS = {
  en: {
    title: 'Notification rules',
    saved: 'has been saved',
    deleted: 'has been deleted',
    email: 'Please enter a valid e-mail address',
    event: 'Order created',
    type: 'E-mail',
    customer: 'Customer',
    order: 'Rendered on order',
    sample: 'sample order',
    nameTaken: 'Another rule here already has this name.',
    orderEvent: 'A file rule writes an order',
    invalid: 'This is not a valid regular expression.',
  },
  de: {
    title: 'Benachrichtigungsregeln',
    saved: 'wurde gespeichert',
    deleted: 'wurde gelöscht',
    email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
    event: 'Bestellung angelegt',
    type: 'E-Mail',
    customer: 'Kunde',
    order: 'Erstellt mit Bestellung',
    sample: 'Beispielbestellung',
    nameTaken: 'Eine andere Regel hier trägt bereits diesen Namen.',
    orderEvent: 'Eine Dateiregel schreibt eine Bestellung',
    invalid: 'Das ist kein gültiger regulärer Ausdruck.',
  },
};

interface Named {
  id: number;
  name: string;
}

for (const language of ['en', 'de'] as const)
  test(`notification rules: an e-mail rule with recipients at a customer, both previews, the company overview, delete (${language})`, async ({
    loginAs,
  }) => {
    test.setTimeout(180_000);
    const words = WORDS[language];
    const stamp = `${language} ${Date.now().toString(36)}`;
    const page = await loginAs('writer@demo.example', { viewport: { width: 1366, height: 900 } });
    /** the whole page, to look at */
    const fullShot = async (name: string) => {
      await page.waitForLoadState('networkidle').catch(() => undefined);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(SHOTS, name), fullPage: true });
    };
    if (language === 'de') await chooseLanguage(page, 'de');

    // setup through the API: the two templates and a contact of the demo customer K-10001
    const customer = (await pageData<{ items: Named[] }>(page, 'GET', 'customer?q=K-10001')).items[0];
    assert(customer, 'the demo customer K-10001 should exist');
    const emailTemplate = await pageData<Named>(page, 'POST', 'emailtemplates/', {
      name: `Mail ${stamp}`,
      header: 'Bestellung {{order.id}}',
      body: 'Kunde: {{customer.name}}',
    });
    const fileTemplate = await pageData<Named>(page, 'POST', 'filetemplates/', {
      name: `CSV ${stamp}`,
      header: 'Pos;Menge',
      body: '{{line.pos}};{{line.quantity}}',
    });
    const contact = await pageData<Named & { email: string }>(
      page,
      'POST',
      `customer/${customer.id}/contact/`,
      {
        first_name: 'Jörg',
        name: `Einkauf ${stamp}`,
        email: `einkauf.${Date.now().toString(36)}@example.com`,
      },
    );
    try {
      // the customer's notifications page from the side menu
      await goto(page, `/c/1/customer/${customer.id}`);
      await (await visible(page, testid('menu-customer.notifications'))).click();
      await waitPath(page, new RegExp(`^/c/1/customer/${customer.id}/notifications/?$`));
      assert(
        (await text(await visible(page, testid('owner-rules-page')))).includes(words.title),
        `the page should be titled "${words.title}"`,
      );

      // a new e-mail rule: the sender address is checked at its field
      await (await visible(page, testid('rule-create'))).click();
      await waitPath(page, new RegExp(`^/c/1/customer/${customer.id}/notifications/new$`));
      const form = await visible(page, testid('rule-form'));
      const name = `Bestellung "Süd"; ${stamp} 📧`;
      await form.locator('input[name=name]').fill(name);
      await form.locator('select[name=event]').selectOption('order_created');
      await form.locator('select[name=type]').selectOption('E');
      await visible(form.locator(testid('rule-email-fields')));
      await form.locator('input[name=email_from]').fill('not an address');
      await until(
        async () => (await text(form)).includes(words.email),
        `the sender should say "${words.email}"`,
      );
      await form.locator('input[name=email_from]').fill('bestellung@example.com');
      await form.locator('input[name=email_from_name]').fill('Einkauf Müller & Söhne');
      await form.locator('input[name=subject]').fill('Neue Bestellung {{order.id}}');
      await until(
        async () =>
          (await form
            .locator(`select[name=email_template_id] option[value="${emailTemplate.id}"]`)
            .count()) === 1,
        'the e-mail template should be offered',
      );
      await form.locator('select[name=email_template_id]').selectOption(String(emailTemplate.id));
      await until(
        async () =>
          (await form
            .locator(`select[name=attachment_template_id] option[value="${fileTemplate.id}"]`)
            .count()) === 1,
        'the file template should be offered',
      );
      await form.locator('select[name=attachment_template_id]').selectOption(String(fileTemplate.id));
      await form.locator('input[name=attachment_name]').fill('bestellung_{{order.id}}.csv');
      await screenshot(page, `notification-rule-new-${language}.png`);
      await form.locator(testid('rule-save')).click();
      await until(
        async () => (await text(page.locator(testid('snackbar')))).includes(words.saved),
        `the snackbar should say "${words.saved}"`,
      );
      await waitPath(page, new RegExp(`^/c/1/customer/${customer.id}/notifications/\\d+$`));
      const ruleID = Number(new URL(page.url()).pathname.split('/').pop());
      await until(
        async () => (await text(page.locator(testid('rule-title')))).includes(name),
        'the page should be titled with the rule name',
      );

      // both previews: the e-mail template and the attachment rendered by the server
      await (await visible(page, testid('rule-preview-email'))).click();
      let preview = await visible(page, testid('template-preview-dialog'));
      const source = await text(await visible(preview.locator(testid('template-preview-source'))));
      assert(
        source.includes(words.order) || source.includes(words.sample),
        `the preview should say which order it used: ${source}`,
      );
      await until(
        async () =>
          (await text(preview.locator(testid('template-preview-subject')))).startsWith('Bestellung '),
        'the subject should be rendered',
      );
      await until(
        async () => /^Kunde: \S/.test(await text(preview.locator(testid('template-preview-body')))),
        'the body should name the customer',
      );
      await screenshot(page, `notification-rule-preview-email-${language}.png`);
      await preview.locator(testid('template-preview-close')).click();
      await until(
        async () => (await page.locator(testid('template-preview-dialog')).count()) === 0,
        'the preview should close',
      );
      await (await visible(page, testid('rule-preview-file'))).click();
      preview = await visible(page, testid('template-preview-dialog'));
      await until(
        async () => (await text(preview.locator(testid('template-preview-text')))).startsWith('Pos;Menge'),
        'the attachment should start with its header',
      );
      await screenshot(page, `notification-rule-preview-file-${language}.png`);
      await preview.locator(testid('template-preview-close')).click();
      await until(
        async () => (await page.locator(testid('template-preview-dialog')).count()) === 0,
        'the preview should close',
      );

      // recipients: a contact of the customer, a user of the company, an address with a name (as a copy)
      const recipients = await visible(page, testid('rule-recipients'));
      const addRecipient = async (fill: (dialog: Locator) => Promise<void>) => {
        await recipients.locator(testid('recipient-add')).click();
        const dialog = await visible(page, `[role=dialog]${testid('recipient-dialog')}`);
        await fill(dialog);
        await dialog.locator('button[type=submit]').click();
        await until(
          async () => (await page.locator(testid('recipient-dialog')).count()) === 0,
          'the recipient dialog should close',
        );
      };
      await addRecipient(async (dialog) => {
        await dialog.locator('select[name=kind]').selectOption('contact');
        await until(
          async () =>
            (await dialog.locator(`select[name=contact_id] option[value="${contact.id}"]`).count()) === 1,
          'the new contact should be offered',
        );
        await dialog.locator('select[name=contact_id]').selectOption(String(contact.id));
      });
      await until(
        async () => (await text(recipients)).includes(contact.email),
        'the contact should be a recipient',
      );
      await addRecipient(async (dialog) => {
        await dialog.locator('select[name=kind]').selectOption('user');
        await dialog.locator(testid('recipient-search')).fill('writer@demo.example');
        await until(
          async () => (await dialog.locator('select[name=user_id] option').count()) === 2,
          'the writer should be offered',
        );
        await dialog.locator('select[name=user_id]').selectOption({ index: 1 });
      });
      await until(
        async () => (await text(recipients)).includes('writer@demo.example'),
        'the user should be a recipient',
      );
      await addRecipient(async (dialog) => {
        await dialog.locator('select[name=kind]').selectOption('email');
        await dialog.locator('input[name=email]').fill('lager@example.org');
        await dialog.locator('input[name=name]').fill('Lager „Nord“');
        await dialog.locator(testid('recipient-cc')).click();
      });
      await until(
        async () => (await recipients.locator('[data-testid^=recipient-row-]').count()) === 3,
        'three recipients should be listed',
      );
      assert((await text(recipients)).includes('Lager „Nord“'), 'the address should be listed with its name');
      // "Send now": the answer (what ran, or why nothing could be sent) is shown on the page
      await page.locator(testid('rule-trigger')).click();
      const outcome = await visible(page, testid('rule-trigger-result'));
      assert((await text(outcome)).length > 10, 'the trigger result should say what happened');
      await fullShot(`notification-rule-${language}.png`);
      const axe = await runAxe(page, 'rule page');
      assert(!axe.serious.length, axe.describe(axe.serious));
      await page.setViewportSize({ width: 390, height: 844 });
      await visible(recipients);
      await fullShot(`notification-rule-390-${language}.png`);
      await page.setViewportSize({ width: 1366, height: 900 });

      // the customer's list: the rule with its event, type and three recipients
      await page.locator(testid('rule-back')).click();
      await waitPath(page, new RegExp(`^/c/1/customer/${customer.id}/notifications/?$`));
      const own = await visible(page, testid(`rule-row-${ruleID}`));
      await until(
        async () => (await text(own.locator(testid(`rule-recipients-${ruleID}`)))) === '3',
        'the customer list should count three recipients',
      );
      await fullShot(`notification-rules-customer-${language}.png`);
      await page.setViewportSize({ width: 390, height: 844 });
      await fullShot(`notification-rules-customer-390-${language}.png`);
      await page.setViewportSize({ width: 1366, height: 900 });

      // a location of the customer: its own rules; with the switch, the customer's rules that apply there, marked
      const location = (await pageData<{ items: Named[] }>(page, 'GET', `customer/${customer.id}/location?per_page=1`)).items[0];
      assert(location, 'the demo customer should have a location');
      await goto(page, `/c/1/customer/${customer.id}/location/${location.id}/notifications`);
      await visible(page, testid('owner-rules-page'));
      await page.locator(testid('rule-filter')).fill(stamp);
      await visible(page, testid('rule-empty'));
      await page.locator(testid('rule-all')).click();
      const inherited = await visible(page, testid(`rule-inherited-${ruleID}`));
      assert((await text(inherited)).length > 0, 'the customer rule should be marked');
      await fullShot(`notification-rules-location-${language}.png`);
      await goto(page, `/c/1/customer/${customer.id}/notifications`);
      await visible(page, testid(`rule-row-${ruleID}`));

      // a second rule of the same name at this customer: the service refuses it (1059) and the form says so at the name
      await page.locator(testid('rule-create')).click();
      const again = await visible(page, testid('rule-form'));
      await again.locator('input[name=name]').fill(name);
      await again.locator('input[name=subject]').fill('Bestellung {{order.id}}');
      await again.locator(testid('rule-save')).click();
      await until(
        async () => (await text(again)).includes(words.nameTaken),
        `the name should say "${words.nameTaken}"`,
      );
      assert(
        (await again.locator('input[name=name][aria-invalid=true]').count()) === 1,
        'the name field should be marked invalid',
      );

      // the company overview: found by its name, with its owner, event, type and three recipients; opens the rule
      await goto(page, '/c/1/settings/notifications/rules');
      await visible(page, testid('notification-rules-page'));
      await page.locator(testid('rule-filter')).fill(stamp);
      const row = page.locator(testid(`rule-row-${ruleID}`));
      await visible(row);
      const rowText = await text(row);
      assert(
        rowText.includes(words.customer) && rowText.includes(words.event) && rowText.includes(words.type),
        `the row should show owner, event and type: ${rowText}`,
      );
      await until(
        async () => (await text(row.locator(testid(`rule-recipients-${ruleID}`)))) === '3',
        'the row should count three recipients',
      );
      await screenshot(page, `notification-rules-overview-${language}.png`);
      const axeOverview = await runAxe(page, 'rules overview');
      assert(!axeOverview.serious.length, axeOverview.describe(axeOverview.serious));
      await page.setViewportSize({ width: 390, height: 844 });
      await visible(row);
      await screenshot(page, `notification-rules-overview-390-${language}.png`);
      await page.setViewportSize({ width: 1366, height: 900 });
      await row.locator(testid(`rule-link-${ruleID}`)).click();
      await waitPath(page, `/c/1/customer/${customer.id}/notifications/${ruleID}`);

      // delete after confirming: back at the customer's list, the rule gone
      await (await visible(page, testid('rule-delete'))).click();
      await (await visible(page, testid('confirm-submit'))).click();
      await until(
        async () => (await text(page.locator(testid('snackbar')))).includes(words.deleted),
        `the snackbar should say "${words.deleted}"`,
      );
      await waitPath(page, new RegExp(`^/c/1/customer/${customer.id}/notifications/?$`));
      await until(
        async () => (await page.locator(testid(`rule-row-${ruleID}`)).count()) === 0,
        'the deleted rule should not be listed',
      );

      // a file rule at a supplier: fields by type, an order event needed, response expressions checked as typed
      const supplier = (await pageData<{ items: Named[] }>(page, 'GET', 'supplier?per_page=1')).items[0];
      assert(supplier, 'a demo supplier should exist');
      await goto(page, `/c/1/supplier/${supplier.id}/notifications/new`);
      const fileForm = await visible(page, testid('rule-form'));
      await fileForm.locator('select[name=type]').selectOption('F');
      await visible(fileForm.locator(testid('rule-file-fields')));
      assert(
        (await fileForm.locator(testid('rule-email-fields')).count()) === 0,
        'a file rule shows no e-mail fields',
      );
      await fileForm.locator('select[name=event]').selectOption('journal_entry');
      await until(
        async () => (await text(fileForm)).includes(words.orderEvent),
        `the event should say "${words.orderEvent}"`,
      );
      await fileForm.locator('select[name=event]').selectOption('supply_created');
      await fileForm.locator('label:has(input[name=fetch_response])').click();
      await (await visible(fileForm.locator(testid('rule-expression-add')))).click();
      const pattern = fileForm.locator(`${testid('rule-expression-0')} input`);
      await pattern.fill('^{order_id};(OK|FE');
      await until(
        async () => (await text(fileForm)).includes(words.invalid),
        `the expression should say "${words.invalid}"`,
      );
      await pattern.fill('^{order_id};(OK|FE)');
      await until(
        async () => !(await text(fileForm)).includes(words.invalid),
        'the fixed expression should be accepted',
      );
      assert((await text(fileForm)).includes('{ext_order_id}'), 'the placeholders should be explained');
      await fullShot(`notification-rule-file-${language}.png`);
      await page.setViewportSize({ width: 390, height: 844 });
      await fullShot(`notification-rule-file-390-${language}.png`);
    } finally {
      await pageData(page, 'DELETE', `customer/${customer.id}/contact/${contact.id}`).catch(() => undefined);
      await pageData(page, 'DELETE', `emailtemplates/${emailTemplate.id}`).catch(() => undefined);
      await pageData(page, 'DELETE', `filetemplates/${fileTemplate.id}`).catch(() => undefined);
    }
  });
