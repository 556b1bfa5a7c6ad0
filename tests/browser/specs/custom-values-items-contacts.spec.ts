// Custom field values (docs/settings.md) in the item and contact dialogs: shown by type, checked on the client,
// saved with the record (also right after creating it) and shown again when editing, in English and German.
import type { Page } from '@playwright/test';
import { test } from '../fixtures';
import { assert, chooseLanguage, goto, pickRowAction, screenshot, testid, text, until, visible } from '../helpers';
import { pageApi as api } from '../page-api';

type Value = string | number | boolean | null;
interface Named {
  id: number;
  name: string;
}

const WORDS = {
  en: { title: 'Custom fields', number: 'Enter a number', itemSaved: 'Item saved', contactSaved: 'The contact has been saved.' },
  de: { title: 'Weitere Felder', number: 'Bitte eine Zahl eingeben', itemSaved: 'Artikel gespeichert', contactSaved: 'Der Kontakt wurde gespeichert.' },
};

const snackbarSays = (page: Page, words: string) =>
  until(async () => (await text(page.locator(testid('snackbar')))).includes(words), `the snackbar should say "${words}"`);

async function storedValues(page: Page, entity: string, id: number): Promise<Record<string, Value>> {
  const answer = await api<{ fields: { key: string; value: Value }[] }>(page, 'GET', `customfields/values/${entity}/${id}`);
  assert(answer.Meta.code === 200, `reading the values should work: ${JSON.stringify(answer.Meta)}`);
  return Object.fromEntries(answer.Data.fields.map((f) => [f.key, f.value]));
}

async function define(page: Page, body: { entity: string; key: string; label: string; type: string; required?: boolean }): Promise<number> {
  const answer = await api<{ id: number }>(page, 'POST', 'customfields/', { options: [], required: false, sort: 999, ...body });
  assert(answer.Meta.code === 200, `defining ${body.key} should work: ${JSON.stringify(answer.Meta)}`);
  return answer.Data.id;
}

for (const language of ['en', 'de'] as const) {
  const words = WORDS[language];

  test(`custom values: edit custom fields in the item and contact dialogs (${language})`, async ({ loginAs }) => {
    test.setTimeout(90_000);
    const page = await loginAs('writer@demo.example');
    if (language === 'de') await chooseLanguage(page, 'de');
    const stamp = `${language}${Date.now().toString(36)}`;
    const customer = (await api<{ items: Named[] }>(page, 'GET', 'customer?q=K-10001')).Data.items[0];
    const base = `customer/${customer.id}`;
    const fields: number[] = [];
    const created: string[] = [];
    try {
      // item: the demo boolean "hazardous" and a number field of this run; contact: a required text field
      const weight = `weight_${stamp}`;
      fields.push(await define(page, { entity: 'item', key: weight, label: `Weight ${stamp}`, type: 'number' }));
      const badge = `badge_${stamp}`;
      fields.push(await define(page, { entity: 'contact', key: badge, label: `Badge ${stamp}`, type: 'text', required: true }));

      // create an item with both values
      await goto(page, `/c/1/${base}/item`);
      await visible(page, testid('items-page'));
      await (await visible(page, testid('item-create'))).click();
      let dialog = await visible(page, `[role=dialog]${testid('item-dialog')}`);
      const section = await visible(dialog, testid('custom-values'));
      assert((await text(section)).includes(words.title), `the dialog should show the "${words.title}" block`);
      const sku = `CV-${stamp}`.toUpperCase();
      await dialog.locator('input[name=sku]').fill(sku);
      await dialog.locator('input[name=name]').fill(`Custom item ${stamp}`);
      const weightInput = dialog.locator(`input[name="custom.${weight}"]`);
      await weightInput.fill('heavy');
      const saveItem = dialog.locator(testid('item-submit'));
      await until(() => saveItem.isDisabled(), 'save should be disabled for a weight that is not a number');
      await until(async () => (await text(dialog)).includes(words.number), `the dialog should say "${words.number}"`);
      await weightInput.fill(language === 'de' ? '2,5' : '2.5');
      await section.locator('label', { has: page.locator('input[name="custom.hazardous"]') }).click();
      await until(() => saveItem.isEnabled(), 'save should be enabled with a number');
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, `custom-values-item-${language}.png`);
      await saveItem.click();
      await snackbarSays(page, words.itemSaved);
      const item = (await api<{ items: Named[] }>(page, 'GET', `${base}/item?all=1&q=${sku}`)).Data.items[0];
      assert(item, 'the item should have been created');
      created.push(`${base}/item/${item.id}`);
      let values = await storedValues(page, 'item', item.id);
      assert(values[weight] === 2.5 && values.hazardous === true, `stored item values: ${JSON.stringify(values)}`);

      // edit the item: the stored values are shown; unticking "hazardous" stores false
      await page.locator(testid('item-filter')).fill(sku);
      const row = page.locator(testid(`item-row-${item.id}`));
      await visible(row);
      dialog = await pickRowAction(page, row.locator('[data-testid^=item-actions-]'), testid('action-edit'), `[role=dialog]${testid('item-dialog')}`);
      const shownWeight = dialog.locator(`input[name="custom.${weight}"]`);
      await until(async () => ['2.5', '2,5'].includes(await shownWeight.inputValue()), 'the stored weight should be shown');
      const hazardous = dialog.locator('input[name="custom.hazardous"]');
      assert(await hazardous.isChecked(), 'the stored "hazardous" should be ticked');
      await dialog.locator('label', { has: page.locator('input[name="custom.hazardous"]') }).click();
      await dialog.locator(testid('item-submit')).click();
      await snackbarSays(page, words.itemSaved);
      await until(async () => (await storedValues(page, 'item', item.id)).hazardous === false, 'hazardous should be stored as false');
      values = await storedValues(page, 'item', item.id);
      assert(values[weight] === 2.5, `the weight should stay: ${JSON.stringify(values)}`);

      // create a contact: the required field keeps save disabled until filled
      await goto(page, `/c/1/${base}/contacts`);
      await visible(page, testid('contacts-page'));
      await (await visible(page, testid('contact-create'))).click();
      dialog = await visible(page, `[role=dialog]${testid('contact-dialog')}`);
      await visible(dialog, testid('custom-values'));
      const name = `Custom${stamp}`;
      await dialog.locator('input[name=name]').fill(name);
      const badgeInput = dialog.locator(`input[name="custom.${badge}"]`);
      await badgeInput.waitFor();
      const saveContact = dialog.locator(testid('contact-submit'));
      assert(await saveContact.isDisabled(), 'save should be disabled while the required field is empty');
      await badgeInput.fill('B-17');
      await until(() => saveContact.isEnabled(), 'save should be enabled once the required field is set');
      await screenshot(page, `custom-values-contact-${language}.png`);
      await saveContact.click();
      await snackbarSays(page, words.contactSaved);
      const contact = (await api<{ items: Named[] }>(page, 'GET', `${base}/contact/?q=${name}`)).Data.items.find((c) => c.name === name);
      assert(contact, 'the contact should have been created');
      created.push(`${base}/contact/${contact.id}`);
      assert((await storedValues(page, 'contact', contact.id))[badge] === 'B-17', 'the badge should be stored');

      // edit the contact: the stored value is shown and changed
      await page.locator(testid('contact-filter')).fill(name);
      const contactRow = page.locator(testid(`contact-row-${contact.id}`));
      await visible(contactRow);
      dialog = await pickRowAction(page, contactRow.locator('[data-testid^=contact-actions-]'), testid('action-edit'), `[role=dialog]${testid('contact-dialog')}`);
      const shownBadge = dialog.locator(`input[name="custom.${badge}"]`);
      await until(async () => (await shownBadge.inputValue()) === 'B-17', 'the stored badge should be shown');
      await shownBadge.fill('B-18');
      await dialog.locator(testid('contact-submit')).click();
      await snackbarSays(page, words.contactSaved);
      await until(async () => (await storedValues(page, 'contact', contact.id))[badge] === 'B-18', 'the changed badge should be stored');
    } finally {
      for (const path of created) await api(page, 'DELETE', `${path}?confirm=1`);
      for (const id of fields) await api(page, 'DELETE', `customfields/${id}?confirm=1`);
    }
  });
}
