// Custom field values (docs/settings.md) in the customer, supplier and location dialogs: shown by type, checked on
// the client, saved with the record (also right after creating it) and shown again, in English and German.
import type { Page } from '@playwright/test';
import { test } from '../fixtures';
import { assert, chooseLanguage, goto, pickRowAction, screenshot, testid, text, until, visible, waitPath } from '../helpers';
import { pageApi as api } from '../page-api';

type Value = string | number | boolean | null;

const WORDS = {
  en: {
    title: 'Custom fields',
    number: 'Enter a number',
    customerSaved: 'The customer has been saved.',
    supplierSaved: 'The supplier has been saved.',
    locationSaved: 'The location has been saved.',
  },
  de: {
    title: 'Weitere Felder',
    number: 'Bitte eine Zahl eingeben',
    customerSaved: 'Der Kunde wurde gespeichert.',
    supplierSaved: 'Der Lieferant wurde gespeichert.',
    locationSaved: 'Der Standort wurde gespeichert.',
  },
};

const snackbarSays = (page: Page, words: string) =>
  until(async () => (await text(page.locator(testid('snackbar')))).includes(words), `the snackbar should say "${words}"`);

/** The stored values of a record by key. */
async function storedValues(page: Page, entity: string, id: number): Promise<Record<string, Value>> {
  const answer = await api<{ fields: { key: string; value: Value }[] }>(page, 'GET', `customfields/values/${entity}/${id}`);
  assert(answer.Meta.code === 200, `reading the values should work: ${JSON.stringify(answer.Meta)}`);
  return Object.fromEntries(answer.Data.fields.map((f) => [f.key, f.value]));
}

/** The id of the record of a list call whose name is `name`. */
async function idOf(page: Page, path: string, name: string): Promise<number> {
  const answer = await api<{ items: { id: number; name: string }[] }>(page, 'GET', `${path}?all=1&q=${encodeURIComponent(name)}`);
  const found = answer.Data.items.find((r) => r.name === name);
  assert(found, `${path} should list "${name}"`);
  return found.id;
}

for (const language of ['en', 'de'] as const) {
  const words = WORDS[language];

  test(`custom values: edit custom fields in the customer, supplier and location dialogs (${language})`, async ({ loginAs }) => {
    test.setTimeout(60_000);
    const page = await loginAs('writer@demo.example');
    if (language === 'de') await chooseLanguage(page, 'de');
    const stamp = `${language}${Date.now().toString(36)}`;
    const created: string[] = [];
    // a required select field for locations (the demo data has customer and supplier fields only)
    const key = `dock_${stamp}`;
    const field = await api<{ id: number }>(page, 'POST', 'customfields/', {
      entity: 'location',
      key,
      label: `Dock ${stamp}`,
      type: 'select',
      options: ['North', 'South'],
      required: true,
      sort: 999,
    });
    assert(field.Meta.code === 200, `defining the field should work: ${JSON.stringify(field.Meta)}`);
    try {
      // customer: the demo fields industry (select) and audit_date (date), set while creating
      await goto(page, '/c/1/customer');
      await visible(page, testid('customers-page'));
      await (await visible(page, testid('customer-create'))).click();
      let dialog = await visible(page, `[role=dialog]${testid('customer-dialog')}`);
      const section = await visible(dialog, testid('custom-values'));
      assert((await text(section)).includes(words.title), `the dialog should show the "${words.title}" block`);
      const customer = `Custom ${stamp}`;
      await dialog.locator('input[name=name]').fill(customer);
      await dialog.locator('select[name="custom.industry"]').selectOption('Machinery');
      await dialog.locator('input[name="custom.audit_date"]').fill('2026-03-01');
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, `custom-values-customer-${language}.png`);
      await dialog.locator(testid('customer-submit')).click();
      await snackbarSays(page, words.customerSaved);
      const customerId = await idOf(page, 'customer', customer);
      created.push(`customer/${customerId}`);
      let values = await storedValues(page, 'customer', customerId);
      assert(values.industry === 'Machinery' && values.audit_date === '2026-03-01', `stored: ${JSON.stringify(values)}`);
      // edit: the stored values are shown; clearing one removes it
      await page.locator(testid('customer-filter')).fill(customer);
      const row = page.locator('[data-testid^=customer-row-]', { hasText: customer });
      dialog = await pickRowAction(page, row.locator('[data-testid^=customer-actions-]'), testid('action-edit'), `[role=dialog]${testid('customer-dialog')}`);
      const industry = dialog.locator('select[name="custom.industry"]');
      await until(async () => (await industry.inputValue()) === 'Machinery', 'the stored industry should be shown');
      assert((await dialog.locator('input[name="custom.audit_date"]').inputValue()) === '2026-03-01', 'the stored date should be shown');
      await industry.selectOption('');
      await dialog.locator(testid('customer-submit')).click();
      await snackbarSays(page, words.customerSaved);
      await until(async () => (await storedValues(page, 'customer', customerId)).industry === null, 'the cleared industry should be gone');
      values = await storedValues(page, 'customer', customerId);
      assert(values.audit_date === '2026-03-01', `the date should stay: ${JSON.stringify(values)}`);

      // supplier: the demo number field rating; a non-number keeps save disabled and says why
      await goto(page, '/c/1/supplier');
      await visible(page, testid('suppliers-page'));
      await (await visible(page, testid('supplier-create'))).click();
      dialog = await visible(page, `[role=dialog]${testid('supplier-dialog')}`);
      const supplier = `Custom ${stamp}`;
      await dialog.locator('input[name=name]').fill(supplier);
      const rating = dialog.locator('input[name="custom.rating"]');
      await rating.fill('four');
      const saveSupplier = dialog.locator(testid('supplier-submit'));
      await until(() => saveSupplier.isDisabled(), 'save should be disabled for a rating that is not a number');
      await until(async () => (await text(dialog)).includes(words.number), `the dialog should say "${words.number}"`);
      await rating.fill(language === 'de' ? '4,5' : '4.5');
      await until(() => saveSupplier.isEnabled(), 'save should be enabled with a number');
      await saveSupplier.click();
      await snackbarSays(page, words.supplierSaved);
      const supplierId = await idOf(page, 'supplier', supplier);
      created.push(`supplier/${supplierId}`);
      values = await storedValues(page, 'supplier', supplierId);
      assert(values.rating === 4.5, `the rating should be stored as a number: ${JSON.stringify(values)}`);

      // location: the required select keeps save disabled until chosen
      await goto(page, `/c/1/customer/${customerId}/location`);
      await visible(page, testid('locations-page'));
      await (await visible(page, testid('location-create'))).click();
      dialog = await visible(page, `[role=dialog]${testid('location-dialog')}`);
      const location = `Dock ${stamp}`;
      await dialog.locator('input[name=name]').fill(location);
      const dock = dialog.locator(`select[name="custom.${key}"]`);
      await dock.waitFor();
      const saveLocation = dialog.locator(testid('location-submit'));
      assert(await saveLocation.isDisabled(), 'save should be disabled while the required field is empty');
      await dock.selectOption('South');
      await until(() => saveLocation.isEnabled(), 'save should be enabled once the required field is set');
      await dock.scrollIntoViewIfNeeded();
      await screenshot(page, `custom-values-location-${language}.png`);
      await saveLocation.click();
      await snackbarSays(page, words.locationSaved);
      const locationId = await idOf(page, `customer/${customerId}/location`, location);
      created.unshift(`customer/${customerId}/location/${locationId}`);
      values = await storedValues(page, 'location', locationId);
      assert(values[key] === 'South', `the dock should be stored: ${JSON.stringify(values)}`);
      await waitPath(page, /^\/c\/1\/customer\/\d+\/location\/?$/);
    } finally {
      for (const path of created) await api(page, 'DELETE', `${path}?confirm=1`);
      await api(page, 'DELETE', `customfields/${field.Data.id}?confirm=1`);
    }
  });
}
