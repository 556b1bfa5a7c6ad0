// The ordering flags in the web app (docs/ordering-flags.md), in English and German: the location and customer forms
// explain them; an ad-hoc location's new order offers items without a rule marked "ad hoc"; "Record service visit" on an
// order's page adds the time-tracking line and the T event; a customer user of a customer without show_stock_in_app
// sees no stock on the location's rules, staff do.
import type { Page } from '@playwright/test';
import { test } from '../fixtures';
import { assert, chooseLanguage, goto, pickRowAction, runAxe, screenshot, testid, text, until, visible, waitPath } from '../helpers';
import { pageApi as api } from '../page-api';

const WORDS = {
  en: {
    deltaHint: 'filled up to its capacity',
    adhocHint: 'ad-hoc demand',
    feeHint: 'every order by hand at this location gets one line of the service item',
    showStockHint: 'see stock and fill levels in the app',
    itemsHint: 'The service fee item bills the locations',
    adhoc: 'ad hoc',
    visit: 'Record service visit',
    minutesInvalid: 'Enter whole minutes from 1 to 1440.',
    noItem: 'The customer has no time-tracking item',
    saved: 'The service visit was recorded on order',
    history: 'service visit: 45 minutes (line 2): Regale gezählt',
    stock: 'Stock',
    hidden: 'Stock is not shown for this customer.',
  },
  de: {
    deltaHint: 'bis zu seiner Kapazität aufgefüllt',
    adhocHint: 'Ad-hoc-Bedarf',
    feeHint: 'erhält jede Bestellung von Hand an diesem Standort eine Position des Serviceartikels',
    showStockHint: 'sehen Bestände und Füllstände in der App',
    itemsHint: 'Der Servicegebühr-Artikel rechnet die Servicegebühren der Standorte ab',
    adhoc: 'ad hoc',
    visit: 'Serviceeinsatz erfassen',
    minutesInvalid: 'Geben Sie ganze Minuten von 1 bis 1440 ein.',
    noItem: 'Der Kunde hat keinen Artikel für die Zeiterfassung',
    saved: 'Der Serviceeinsatz wurde an Bestellung',
    history: 'Serviceeinsatz: 45 Minuten (Position 2): Regale gezählt',
    stock: 'Bestand',
    hidden: 'Bestände werden für diesen Kunden nicht angezeigt.',
  },
};

async function ok(page: Page, method: string, path: string, body?: unknown) {
  const answer = await api(page, method, path, body);
  assert(answer.Meta.code === 200, `${method} ${path} should work: ${JSON.stringify(answer.Meta)}`);
  return answer.Data;
}

/** Huber (K-10001), a fresh location with the given flags and an item of that customer. */
async function fixture(page: Page, tag: string, location: Record<string, unknown> = {}) {
  const customers = await ok(page, 'GET', 'customer?q=Huber');
  const customerId = customers.items[0].id as number;
  const stamp = `${tag}-${Date.now().toString(36)}`.toUpperCase();
  const created = await ok(page, 'POST', `customer/${customerId}/location/`, { name: `Flags ${stamp}`, ...location });
  const item = await ok(page, 'POST', `customer/${customerId}/item`, { sku: `FL-${stamp}`, name: `Flag ${stamp}`, order_unit: 'PAK' });
  return { customerId, locationId: created.id as number, locationName: `Flags ${stamp}`, item, stamp, base: `/c/1/customer/${customerId}/location/${created.id}` };
}

for (const language of ['en', 'de'] as const) {
  const words = WORDS[language];

  test(`ordering flags: the location and customer forms explain them; a new location starts with delta kanban on (${language})`, async ({ loginAs }) => {
    const page = await loginAs('writer@demo.example');
    if (language === 'de') await chooseLanguage(page, 'de');
    const f = await fixture(page, `F${language}`);
    await goto(page, `/c/1/customer/${f.customerId}/location`);
    await visible(page, testid('locations-page'));
    await (await visible(page, testid('location-create'))).click();
    const dialog = await visible(page, `[role=dialog]${testid('location-dialog')}`);
    assert(await dialog.locator('input[name=deltakanban]').isChecked(), 'a new location should start with delta kanban on');
    assert(!(await dialog.locator('input[name=adhoc]').isChecked()), 'a new location should start with ad hoc off');
    assert((await text(dialog.locator(testid('flag-hint-deltakanban')))).includes(words.deltaHint), `the delta kanban hint should say "${words.deltaHint}"`);
    assert((await text(dialog.locator(testid('flag-hint-adhoc')))).includes(words.adhocHint), `the ad hoc hint should say "${words.adhocHint}"`);
    assert((await text(dialog.locator(testid('service-fee-hint')))).includes(words.feeHint), `the service fee hint should say "${words.feeHint}"`);
    if (language === 'en') {
      const axe = await runAxe(page, 'location dialog with flag hints');
      assert(!axe.serious.length, axe.describe(axe.serious));
    }
    await dialog.locator(testid('flag-hint-deltakanban')).scrollIntoViewIfNeeded();
    await screenshot(page, `ordering-flags-location-${language}.png`);
    await dialog.getByRole('button', { name: language === 'en' ? 'Cancel' : 'Abbrechen' }).click();
    // the customer form: the service items and the show-stock flag explained
    await goto(page, '/c/1/customer');
    await visible(page, testid('customers-page'));
    const row = page.locator('[data-testid^=customer-row-]', { hasText: 'Maschinenbau Huber' });
    const customer = await pickRowAction(page, row.locator('[data-testid^=customer-actions-]'), testid('action-edit'), `[role=dialog]${testid('customer-dialog')}`);
    await visible(customer.locator('input[name=service_fee_item_id]'));
    await visible(customer.locator('input[name=time_tracking_item_id]'));
    assert((await text(customer.locator(testid('service-items-hint')))).includes(words.itemsHint), `the items hint should say "${words.itemsHint}"`);
    assert((await text(customer.locator(testid('flag-hint-show_stock_in_app')))).includes(words.showStockHint), `the show-stock hint should say "${words.showStockHint}"`);
    await customer.locator(testid('flag-hint-show_stock_in_app')).scrollIntoViewIfNeeded();
    await screenshot(page, `ordering-flags-customer-${language}.png`);
  });

  for (const width of [1366, 390] as const) {
    test(`ordering flags: ad hoc items in a new order, then a service visit recorded on the order (${language}, ${width} px)`, async ({ loginAs }) => {
      test.setTimeout(120_000);
      const page = await loginAs('writer@demo.example', { viewport: { width, height: width > 760 ? 900 : 844 } });
      if (language === 'de') await chooseLanguage(page, 'de');
      const f = await fixture(page, `A${language}${width}`, { adhoc: true });
      await goto(page, `${f.base}/ordernew`);
      await visible(page, testid('ordernew-page'));
      await page.locator(testid('ordernew-search')).fill(f.item.sku);
      const badge = await visible(page, testid(`ordernew-hit-${f.item.sku}-adhoc`));
      assert((await text(badge)) === words.adhoc, `the hit should be marked "${words.adhoc}"`);
      assert((await page.locator(testid(`ordernew-hit-${f.item.sku}`)).getAttribute('data-orderable')) === 'true', 'the ad hoc item should be orderable');
      await screenshot(page, `ordering-flags-adhoc-${language}-${width}.png`);
      await (await visible(page, testid(`ordernew-add-${f.item.sku}`))).click();
      await page.locator(testid('ordernew-quantity-0')).fill('2');
      // as the ordering spec: the line checked (no message) before placing, then the order's page (CI once saw the
      // click land before the line was checked, and the page stay)
      await until(async () => (await page.locator('[data-testid$=-error][data-testid^=ordernew-line-]').count()) === 0, 'no line should have a message');
      await page.locator(testid('ordernew-submit')).click();
      await waitPath(page, /\/order\/\d+$/);
      await visible(page, testid('order-detail-page'), 20_000);
      await until(async () => (await text(page.locator(testid('order-lines')))).includes(f.item.sku), 'the order should list the ad hoc item');
      // a service visit: without a time-tracking item the dialog says so; minutes are checked as typed
      await (await visible(page, testid('order-service-visit'))).click();
      let dialog = await visible(page, `[role=dialog]${testid('service-visit-dialog')}`);
      assert((await text(dialog)).includes(words.visit), `the dialog should be titled "${words.visit}"`);
      await dialog.locator(testid('service-visit-minutes')).fill('0');
      await until(async () => (await text(dialog.locator(testid('service-visit-minutes-error')))) === words.minutesInvalid, `0 minutes should say "${words.minutesInvalid}"`);
      await dialog.locator(testid('service-visit-minutes')).fill('45');
      await dialog.locator(testid('service-visit-comment')).fill('Regale gezählt');
      await dialog.locator(testid('service-visit-submit')).click();
      await until(async () => (await text(dialog)).includes(words.noItem), `the dialog should say "${words.noItem}"`);
      if (language === 'en' && width === 1366) {
        const axe = await runAxe(page, 'service visit dialog');
        assert(!axe.serious.length, axe.describe(axe.serious));
      }
      await screenshot(page, `ordering-flags-visit-noitem-${language}-${width}.png`);
      await dialog.getByRole('button', { name: language === 'en' ? 'Cancel' : 'Abbrechen' }).click();
      const hours = await ok(page, 'POST', `customer/${f.customerId}/item`, { sku: `TT-${f.stamp}`, name: `Service ${f.stamp}`, order_unit: 'HUR' });
      await ok(page, 'PATCH', `customer/${f.customerId}`, { time_tracking_item_id: hours.id });
      try {
        await (await visible(page, testid('order-service-visit'))).click();
        dialog = await visible(page, `[role=dialog]${testid('service-visit-dialog')}`);
        await dialog.locator(testid('service-visit-minutes')).fill('45');
        await dialog.locator(testid('service-visit-comment')).fill('Regale gezählt');
        await dialog.locator(testid('service-visit-submit')).click();
        await until(async () => (await text(page.locator(testid('snackbar')))).includes(words.saved), `the snackbar should say "${words.saved}"`);
        await until(async () => (await text(page.locator(testid('order-lines')))).includes(`TT-${f.stamp}`), 'the order should list the time-tracking line');
        await until(async () => (await text(page.locator(testid('order-history')))).includes(words.history), `the history should say "${words.history}"`);
        await page.locator(testid('order-history')).scrollIntoViewIfNeeded();
        await screenshot(page, `ordering-flags-visit-${language}-${width}.png`);
        const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert(scroll <= 1, `the order page should not scroll sideways (${scroll} px)`);
      } finally {
        await ok(page, 'PATCH', `customer/${f.customerId}`, { time_tracking_item_id: 0 });
      }
    });
  }

  test(`ordering flags: a customer user of a customer without show_stock_in_app sees no stock; staff see it (${language})`, async ({ loginAs }) => {
    const writer = await loginAs('writer@demo.example');
    const f = await fixture(writer, `S${language}`);
    await ok(writer, 'POST', 'rules', { location_id: f.locationId, item_id: f.item.id, threshold: 5, capacity: 50, stock: 37 });
    // staff: the stock column
    await goto(writer, `${f.base}/item`);
    const staffRow = await visible(writer, testid(`rule-row-${f.item.sku}`));
    await until(async () => (await text(staffRow)).includes('37'), 'staff should see the stock 37');
    // the customer user (K-10001 does not show stock in the app): no stock column, no figures
    const page = await loginAs('customer@demo.example', { expectPath: /\/c\/1\// });
    if (language === 'de') await chooseLanguage(page, 'de');
    await goto(page, `${f.base}/item`);
    const row = await visible(page, testid(`rule-row-${f.item.sku}`));
    await until(async () => (await text(row)).includes(f.item.sku), 'the customer user should see the rule');
    assert((await page.locator(testid('rule-stock')).count()) === 0, 'the customer user should see no stock cell');
    assert((await text(page.locator(testid('rules-stock-hidden')))) === words.hidden, `the page should say "${words.hidden}"`);
    assert((await writer.locator(testid('rules-stock-hidden')).count()) === 0, 'staff should get no such note');
    assert(!(await text(page.locator(testid('rule-table')))).includes('37'), 'the stock 37 should not show to the customer user');
    const headers = await page.locator(`${testid('rule-table')} th`).allTextContents();
    assert(!headers.some((h) => h.trim() === words.stock), `no "${words.stock}" column for the customer user (${headers.join(', ')})`);
    await screenshot(page, `ordering-flags-stock-hidden-${language}.png`);
  });
}
