// Kanban rules at a location, the orders they create, new orders by hand and requests (docs/replenishment.md
// "Web pages"), in English and German. The steps are functions of their own so later features (supplies,
// delivery) can continue from an order: `ruleOrdersAtLocation` answers the page on the order's detail.
import type { Page } from '@playwright/test';
import { test } from '../fixtures';
import { assert, chooseLanguage, goto, pickRowAction, runAxe, screenshot, testid, text, until, visible, waitPath } from '../helpers';
import { pageApi as api } from '../page-api';

const WORDS = {
  en: {
    rulesTitle: 'Kanban rules',
    saved: 'was saved',
    ordered: 'Ordered',
    open: 'Open',
    moq: 'The minimum order quantity is not reached.',
    placed: 'The order was placed.',
    waiting: 'Waiting for approval',
    confirmed: 'was confirmed',
    entered: 'Entered',
    stockChange: 'Stock change',
    historyRun: 'Requisition: run',
    historyOk: 'Status update: updated to OK',
    extOk: 'Confirmed by supplier',
  },
  de: {
    rulesTitle: 'Kanban-Regeln',
    saved: 'wurde gespeichert',
    ordered: 'Bestellt',
    open: 'Offen',
    moq: 'Die Mindestbestellmenge ist nicht erreicht.',
    placed: 'Die Bestellung wurde aufgegeben.',
    waiting: 'Wartet auf Freigabe',
    confirmed: 'wurde freigegeben',
    entered: 'Eingegeben',
    stockChange: 'Bestandsänderung',
    historyRun: 'Bedarfsermittlung: Lauf',
    historyOk: 'Statusänderung: auf OK gesetzt',
    extOk: 'Vom Lieferanten bestätigt',
  },
};


const snackbarSays = (page: Page, words: string) =>
  until(async () => (await text(page.locator(testid('snackbar')))).includes(words), `the snackbar should say "${words}"`);

async function ok(page: Page, method: string, path: string, body?: unknown) {
  const answer = await api(page, method, path, body);
  assert(answer.Meta.code === 200, `${method} ${path} should work: ${JSON.stringify(answer.Meta)}`);
  return answer.Data;
}

/** A fresh location of Maschinenbau Huber (K-10001) and an item of that customer. */
interface Fixture {
  customerId: number;
  locationId: number;
  item: { id: number; sku: string };
  base: string;
}

type Words = (typeof WORDS)['en'];

async function fixture(page: Page, tag: string, item: Record<string, unknown> = {}): Promise<Fixture> {
  const customers = await ok(page, 'GET', 'customer?q=Huber');
  const customerId = customers.items[0].id;
  const stamp = `${tag}-${Date.now().toString(36)}`.toUpperCase();
  const location = await ok(page, 'POST', `customer/${customerId}/location/`, { name: `Lager ${stamp}` });
  const created = await ok(page, 'POST', `customer/${customerId}/item`, { sku: `BR-${stamp}`, name: `Browser ${stamp}`, order_unit: 'PAK', ...item });
  return { customerId, locationId: location.id, item: created, base: `/c/1/customer/${customerId}/location/${location.id}` };
}

/**
 * Creates a rule in the location's "kanban rules (items)" page, enters a stock below the threshold, and opens
 * the order that appears in the location's order list. Answers with the page on the order's detail.
 */
async function ruleOrdersAtLocation(page: Page, words: Words, f: Fixture, language: 'en' | 'de'): Promise<Page> {
  await goto(page, f.base);
  await (await visible(page, testid('menu-location.rules'))).click();
  await waitPath(page, /\/location\/\d+\/item$/);
  const panel = await visible(page, testid('location-rules'));
  assert((await text(panel)).includes(words.rulesTitle), `the panel should be titled "${words.rulesTitle}"`);
  await (await visible(page, testid('rule-create'))).click();
  const dialog = await visible(page, `[role=dialog]${testid('rule-dialog')}`);
  await dialog.locator(testid('rule-item-search')).fill(f.item.sku);
  await (await visible(dialog.locator(testid(`rule-pick-${f.item.sku}`)))).click();
  await dialog.locator(testid('rule-threshold')).fill('5');
  await dialog.locator(testid('rule-capacity')).fill('20');
  await dialog.locator(testid('rule-stock')).fill('12');
  if (language === 'en') {
    const axe = await runAxe(page, 'rule dialog');
    assert(!axe.serious.length, axe.describe(axe.serious));
  }
  await screenshot(page, `ordering-rule-dialog-${language}.png`);
  await dialog.locator(testid('rule-submit')).click();
  await snackbarSays(page, words.saved);
  const row = page.locator(testid(`rule-row-${f.item.sku}`));
  await visible(row);
  // a stock below the threshold: the run orders, the decision shows translated
  const stockDialog = await pickRowAction(page, row.locator(testid(`rule-actions-${f.item.sku}`)), testid('rule-action-stock'), `[role=dialog]${testid('rule-stock-dialog')}`);
  await stockDialog.locator(testid('rule-stock-input')).fill('3');
  await stockDialog.locator(testid('rule-stock-submit')).click();
  await snackbarSays(page, words.ordered);
  await until(async () => (await text(row.locator(testid('rule-decision')))).includes(words.ordered), `the decision should say "${words.ordered}"`);
  if (language === 'en') {
    const axe = await runAxe(page, 'location rules');
    assert(!axe.serious.length, axe.describe(axe.serious));
  }
  await screenshot(page, `ordering-rules-${language}.png`);
  // the rule's history: the run's decision (started by the stock change) and the stock entry, translated
  const history = await pickRowAction(page, row.locator(testid(`rule-actions-${f.item.sku}`)), testid('rule-action-history'), `[role=dialog]${testid('rule-history')}`);
  const decision = history.locator(testid('rule-decision-row')).first();
  await until(async () => (await text(decision)).includes(words.ordered), `the history should show the decision "${words.ordered}"`);
  assert((await text(decision)).includes(words.stockChange), `the decision should be started by "${words.stockChange}"`);
  const change = history.locator(testid('rule-stock-row')).first();
  await until(async () => (await text(change)).includes(words.entered), `the stock history should show "${words.entered}"`);
  assert(/12\D+3/.test(await text(change)), 'the stock change should read 12 -> 3');
  if (language === 'en') {
    const axe = await runAxe(page, 'rule history');
    assert(!axe.serious.length, axe.describe(axe.serious));
  }
  await screenshot(page, `ordering-rule-history-${language}.png`);
  await history.locator(testid('rule-history-close')).click();
  // the location's order list shows the order; it opens with its line
  await (await visible(page, testid('menu-location.orders'))).click();
  await waitPath(page, /\/location\/\d+\/order$/);
  const orderRow = page.locator('[data-testid^=order-row-]').first();
  await visible(orderRow);
  await screenshot(page, `ordering-orders-${language}.png`);
  await orderRow.locator('a').first().click();
  await waitPath(page, /\/location\/\d+\/order\/\d+$/);
  await visible(page, testid('order-detail-page'));
  await until(async () => (await text(page.locator(testid('order-lines')))).includes(f.item.sku), 'the order should list the item');
  assert((await text(page.locator(testid('order-status')))).includes(words.open), `the order should be "${words.open}"`);
  // the history in the page's language, from the events' codes and parameters: the run's R event (docs/replenishment.md "Order history")
  const orderHistory = page.locator(testid('order-history'));
  const runEvent = new RegExp(`${words.historyRun} \\d+ \\(${words.stockChange}\\)`);
  await until(async () => runEvent.test(await text(orderHistory)), `the history should say "${words.historyRun} N (${words.stockChange})"`);
  if (language === 'de') assert(!/requisition run/.test(await text(orderHistory)), 'the German history should not show the stored English text');
  if (language === 'en') {
    const axe = await runAxe(page, 'order detail');
    assert(!axe.serious.length, axe.describe(axe.serious));
  }
  await screenshot(page, `ordering-order-${language}.png`);
  return page;
}

for (const language of ['en', 'de'] as const) {
  const words = WORDS[language];

  test(`ordering: a kanban rule at a location orders when the stock falls below the threshold; the order opens (${language})`, async ({ loginAs }) => {
    const page = await loginAs('writer@demo.example');
    if (language === 'de') await chooseLanguage(page, 'de');
    const f = await fixture(page, `R${language}`);
    await ruleOrdersAtLocation(page, words, f, language);
    // "mark confirmed by supplier" (update to OK) asks first; the ext status reads in words, and the action is gone
    await (await visible(page, testid('order-update-ok'))).click();
    await (await visible(page, testid('confirm-submit'))).click();
    await until(async () => (await text(page.locator(testid('order-ext-status')))) === words.extOk, `the order should be "${words.extOk}"`);
    await until(async () => (await page.locator(testid('order-update-ok')).count()) === 0, 'the order should no longer offer the confirmation');
    await until(async () => (await text(page.locator(testid('order-history')))).includes(words.historyOk), `the history should say "${words.historyOk}"`);
    await page.locator(testid('order-history')).scrollIntoViewIfNeeded();
    await screenshot(page, `ordering-order-history-${language}.png`);
  });

  test(`ordering: a new order by hand shows the MOQ error (1014) at its line, then is placed (${language})`, async ({ loginAs }) => {
    const page = await loginAs('writer@demo.example');
    if (language === 'de') await chooseLanguage(page, 'de');
    const f = await fixture(page, `N${language}`, { min_order_quantity: 5, order_quantity: 5 });
    await ok(page, 'POST', 'rules', { location_id: f.locationId, item_id: f.item.id, threshold: 1, capacity: 50, stock: 40 });
    await goto(page, f.base);
    await (await visible(page, testid('menu-location.orderNew'))).click();
    await waitPath(page, /\/location\/\d+\/ordernew$/);
    await visible(page, testid('ordernew-page'));
    await page.locator(testid('ordernew-search')).fill(f.item.sku);
    await (await visible(page, testid(`ordernew-add-${f.item.sku}`))).click();
    await page.locator(testid('ordernew-quantity-0')).fill('2');
    await page.locator(testid('ordernew-submit')).click();
    await until(async () => (await text(page.locator(testid('ordernew-line-0')))).includes(words.moq), `the line should say "${words.moq}"`);
    if (language === 'en') {
      const axe = await runAxe(page, 'new order');
      assert(!axe.serious.length, axe.describe(axe.serious));
    }
    await screenshot(page, `ordering-ordernew-error-${language}.png`);
    await page.locator(testid('ordernew-quantity-0')).fill('5');
    await page.locator(testid('ordernew-submit')).click();
    await snackbarSays(page, words.placed);
    await waitPath(page, /\/location\/\d+\/order\/\d+$/);
    await until(async () => (await text(page.locator(testid('order-lines')))).includes(f.item.sku), 'the new order should list the item');
    await screenshot(page, `ordering-ordernew-done-${language}.png`);
  });
}

test('ordering: a customer with the request workflow gets a request, confirmed from the request page (en)', async ({ loginAs }) => {
  const words = WORDS.en;
  const page = await loginAs('admin@demo.example');
  const f = await fixture(page, 'Q');
  await ok(page, 'POST', 'rules', { location_id: f.locationId, item_id: f.item.id, threshold: 1, capacity: 50, stock: 40 });
  await ok(page, 'PATCH', `customer/${f.customerId}`, { use_request_workflow: true });
  try {
    // the company's "new order" page: customer and location are chosen first
    await goto(page, '/c/1/ordernew');
    await visible(page, testid('ordernew-page'));
    await page.locator(testid('ordernew-customer')).selectOption(String(f.customerId));
    await until(async () => (await page.locator(`${testid('ordernew-location')} option`).count()) > 1, 'the locations should load');
    await page.locator(testid('ordernew-location')).selectOption(String(f.locationId));
    await page.locator(testid('ordernew-search')).fill(f.item.sku);
    await (await visible(page, testid(`ordernew-add-${f.item.sku}`))).click();
    await page.locator(testid('ordernew-submit')).click();
    await waitPath(page, /^\/c\/1\/request\/\d+$/);
    await until(async () => (await text(page.locator(testid('order-status')))).includes(words.waiting), `the request should be "${words.waiting}"`);
    await goto(page, '/c/1/request');
    await visible(page, '[data-testid^=order-row-]');
    await screenshot(page, 'ordering-requests-en.png');
    await page.locator('[data-testid^=order-row-]').first().locator('a').click();
    await (await visible(page, testid('request-confirm'))).click();
    await (await visible(page, testid('confirm-submit'))).click();
    await snackbarSays(page, words.confirmed);
    await waitPath(page, /^\/c\/1\/order\/\d+$/);
    await until(async () => (await text(page.locator(testid('order-status')))).includes(words.open), 'the confirmed request should be an open order');
  } finally {
    await ok(page, 'PATCH', `customer/${f.customerId}`, { use_request_workflow: false });
  }
});
