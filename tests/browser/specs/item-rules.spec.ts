// Disabling an item that kanban rules use (spec 4): the items page shows a warning listing the rules (location,
// threshold, capacity) and disables only after the user confirms; the item dialog's "disabled" box asks the
// same; deleting such an item lists the rules that must go first. In English and German.
import type { Page } from '@playwright/test';
import { test } from '../fixtures';
import { assert, chooseLanguage, goto, pickRowAction, runAxe, screenshot, testid, text, until, visible, type RowActionEffect } from '../helpers';
import { pageApi as api, type Envelope } from '../page-api';

interface Named {
  id: number;
  name: string;
}
interface Item extends Named {
  disabled: boolean;
}

const WORDS = {
  en: {
    disableTitle: 'Item used by kanban rules',
    disableAnyway: 'Disable anyway',
    deleteTitle: 'Item still used by kanban rules',
    disabledDone: 'disabled',
    enabled: 'Enabled',
    disabled: 'Disabled',
    active: 'Active',
    inactive: 'Inactive',
    saved: 'Item saved',
  },
  de: {
    disableTitle: 'Artikel wird von Kanban-Regeln verwendet',
    disableAnyway: 'Trotzdem sperren',
    deleteTitle: 'Artikel wird noch von Kanban-Regeln verwendet',
    disabledDone: 'gesperrt',
    enabled: 'Freigegeben',
    disabled: 'Gesperrt',
    active: 'Aktiv',
    inactive: 'Inaktiv',
    saved: 'Artikel gespeichert',
  },
};

const snackbarSays = (page: Page, words: string) =>
  until(async () => (await text(page.locator(testid('snackbar')))).includes(words), `the snackbar should say "${words}"`);
const data = <T>(answer: Envelope<T>, what: string): T => {
  assert(answer.Meta.code === 200, `${what} should work: ${JSON.stringify(answer.Meta)}`);
  return answer.Data;
};

for (const language of ['en', 'de'] as const) {
  const words = WORDS[language];

  test(`item rules: disabling an item that kanban rules use warns and lists them (${language})`, async ({ loginAs }) => {
    test.setTimeout(90_000);
    const page = await loginAs('writer@demo.example');
    if (language === 'de') await chooseLanguage(page, 'de');
    const stamp = `${language}${Date.now().toString(36)}`.toUpperCase();
    const customer = data(await api<{ items: Named[] }>(page, 'GET', 'customer?q=K-10001'), 'finding K-10001').items[0];
    const base = `customer/${customer.id}`;
    // an item used by two rules (one inactive), and one without rules
    const hallA = data(await api<Named>(page, 'POST', `${base}/location/`, { name: `Hall A ${stamp}` }), 'creating a location');
    const hallB = data(await api<Named>(page, 'POST', `${base}/location/`, { name: `Hall B ${stamp}` }), 'creating a location');
    const item = data(await api<Item>(page, 'POST', `${base}/item`, { sku: `RULED-${stamp}`, name: `Ruled item ${stamp}` }), 'creating an item');
    const rules = [
      data(await api<Named>(page, 'POST', 'rules', { location_id: hallA.id, item_id: item.id, threshold: 12, capacity: 48, stock: 30 }), 'creating a rule'),
      data(await api<Named>(page, 'POST', 'rules', { location_id: hallB.id, item_id: item.id, threshold: 4, capacity: 16, stock: 9, active: false }), 'creating a rule'),
    ];
    const readItem = async () => data(await api<Item>(page, 'GET', `${base}/item/${item.id}/`), 'reading the item');
    try {
      await goto(page, `/c/1/${base}/item`);
      await visible(page, testid('items-page'));
      await page.locator(testid('item-filter')).fill(stamp);
      const row = page.locator(testid(`item-row-${item.id}`));
      await visible(row);
      const trigger = row.locator('[data-testid^=item-actions-]');

      // disable: the warning lists both rules with their levels; cancel leaves the item enabled
      let dialog = await pickRowAction(page, trigger, testid('action-toggle'), testid('item-rules-dialog'));
      const shown = await text(dialog);
      assert(shown.includes(words.disableTitle), `the dialog should say "${words.disableTitle}": ${shown}`);
      assert(shown.includes(item.name), 'the dialog should name the item');
      const first = await text(dialog.locator(testid(`item-rule-${rules[0].id}`)));
      assert(first.includes(`Hall A ${stamp}`) && first.includes('12') && first.includes('48') && first.includes(words.active), `the first rule: ${first}`);
      const second = await text(dialog.locator(testid(`item-rule-${rules[1].id}`)));
      assert(
        second.includes(`Hall B ${stamp}`) && second.includes('4') && second.includes('16') && second.includes(words.inactive),
        `the second rule: ${second}`,
      );
      await screenshot(page, `item-rules-disable-${language}.png`);
      if (language === 'en') {
        const axe = await runAxe(page, 'item rules warning');
        assert(!axe.serious.length, axe.describe(axe.serious));
      }
      await dialog.getByRole('button', { name: language === 'de' ? 'Abbrechen' : 'Cancel' }).click();
      await until(async () => (await page.locator(testid('item-rules-dialog')).count()) === 0, 'the warning should close');
      assert((await text(row)).includes(words.enabled), 'the item should still be enabled after cancelling');
      assert((await readItem()).disabled === false, 'the server should still have it enabled');

      // again, and confirm: the item is disabled
      dialog = await pickRowAction(page, trigger, testid('action-toggle'), testid('item-rules-dialog'));
      await dialog.locator(testid('item-rules-confirm')).click();
      await snackbarSays(page, words.disabledDone);
      await until(async () => (await readItem()).disabled === true, 'the server should have it disabled');

      // enabling needs no warning; the item dialog's "disabled" box asks the same question
      await page.locator(`${testid('show-all')} label, ${testid('show-all')}`).first().click();
      await until(async () => (await text(row)).includes(words.disabled), 'the disabled item should be listed with "show all"');
      const enabled: RowActionEffect = {
        until: async () => (await readItem()).disabled === false,
        message: 'the item should be enabled again',
      };
      await pickRowAction(page, trigger, testid('action-toggle'), enabled);
      const form = await pickRowAction(page, trigger, testid('action-edit'), `[role=dialog]${testid('item-dialog')}`);
      await form.locator('label', { has: page.locator('input[name=disabled]') }).click();
      await form.locator(testid('item-submit')).click();
      dialog = await visible(page, testid('item-rules-dialog'));
      assert((await text(dialog)).includes(`Hall A ${stamp}`), "the dialog's warning should list the rules");
      await screenshot(page, `item-rules-dialog-${language}.png`);
      await dialog.locator(testid('item-rules-confirm')).click();
      await snackbarSays(page, words.saved);
      await until(async () => (await readItem()).disabled === true, 'saving should disable it');

      // delete: the rules must go first (no confirm button), the item stays
      await (await pickRowAction(page, trigger, testid('action-delete'), testid('confirm-submit'))).click();
      dialog = await visible(page, testid('item-rules-dialog'));
      assert((await text(dialog)).includes(words.deleteTitle), `the dialog should say "${words.deleteTitle}"`);
      assert((await dialog.locator(testid('item-rules-confirm')).count()) === 0, 'deleting offers no "anyway"');
      await dialog.getByRole('button', { name: language === 'de' ? 'Schließen' : 'Close' }).click();
      assert((await api(page, 'GET', `${base}/item/${item.id}/`)).Meta.code === 200, 'the item should still exist');
    } finally {
      for (const rule of rules) await api(page, 'DELETE', `rules/${rule.id}?confirm=1`);
      await api(page, 'DELETE', `${base}/item/${item.id}?confirm=1`);
      for (const location of [hallA, hallB]) await api(page, 'DELETE', `${base}/location/${location.id}?confirm=1`);
    }
  });
}
