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
    onOrder17: '17 Packs',
    open: 'Open',
    moq: 'Too little: at least 5 Packs (minimum order quantity).',
    mxoq: 'Too much: at most 10 Packs (maximum order quantity).',
    required: 'Enter a quantity.',
    toFix: '3 lines need a change before ordering',
    noRule: 'Cannot be ordered here: no kanban rule for this item at this location.',
    rule: 'Order at least 5, at most 20, in steps of 5 Packs',
    pack: 'Pack',
    pieceUnit: 'STK (10 per Pack)',
    onOrder: 'Already on order in order',
    serverMoq: 'Too little: at least 50 Packs (minimum order quantity).',
    serverRule: 'Order at least 50, in steps of 1 Pack',
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
    onOrder17: '17 Packungen',
    open: 'Offen',
    moq: 'Zu wenig: mindestens 5 Packungen (Mindestbestellmenge).',
    mxoq: 'Zu viel: höchstens 10 Packungen (Höchstbestellmenge).',
    required: 'Bitte eine Menge eingeben.',
    toFix: '3 Positionen müssen vor dem Bestellen geändert werden',
    noRule: 'Hier nicht bestellbar: keine Kanban-Regel für diesen Artikel an diesem Standort.',
    rule: 'Bestellbar: mindestens 5, höchstens 20, in Schritten von 5 Packungen',
    pack: 'Packung',
    pieceUnit: 'STK (10 je Packung)',
    onOrder: 'Bereits bestellt in Bestellung',
    serverMoq: 'Zu wenig: mindestens 50 Packungen (Mindestbestellmenge).',
    serverRule: 'Bestellbar: mindestens 50, in Schritten von 1 Packung',
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
  // what is on order with the order unit's name, in the plural after 17 (delta kanban fills 3 up to 20)
  await until(async () => (await text(row)).includes(words.onOrder17), async () => `the row should say "${words.onOrder17}" on order: ${await text(row)}`);
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

/** Three items of Huber with rules at a fresh location (a: MOQ 5, MXOQ 20, steps of 5; b: MXOQ 10, steps of 2; c: 10 STK per PAK) and one without. */
async function newOrderFixture(page: Page, tag: string) {
  // from a catalog of Schraubenwerk Franken, so the search and the lines name supplier and catalog
  const supplier = (await ok(page, 'GET', 'supplier?q=Schraubenwerk')).items[0];
  const catalogId = (await ok(page, 'GET', `supplier/${supplier.id}/catalog`)).items[0].id;
  const f = await fixture(page, tag, { catalog_id: catalogId, min_order_quantity: 5, order_quantity: 5, max_order_quantity: 20, order_quantity_increment: 5 });
  const stamp = f.item.sku.replace(/^BR-/, '');
  const make = (suffix: string, body: Record<string, unknown>) =>
    ok(page, 'POST', `customer/${f.customerId}/item`, { sku: `BR-${stamp}-${suffix}`, name: `Browser ${stamp} ${suffix}`, catalog_id: catalogId, order_unit: 'PAK', ...body });
  const items = {
    a: f.item,
    b: await make('B', { min_order_quantity: 2, order_quantity: 2, max_order_quantity: 10, order_quantity_increment: 2 }),
    c: await make('C', { item_unit: 'STK', quantity_per_order_unit: 10, min_order_quantity: 1, order_quantity: 1 }),
    none: await make('D', {}),
  };
  for (const item of [items.a, items.b, items.c]) await ok(page, 'POST', 'rules', { location_id: f.locationId, item_id: item.id, threshold: 1, capacity: 50, stock: 40 });
  return { ...f, stamp, items };
}

/** Every input and select of the lines inside its line card, and the page not wider than the screen. */
async function assertLinesFit(page: Page, width: number) {
  const outside = await page.locator('[data-testid^=ordernew-line-]:not([data-testid$=-error])').evaluateAll((cards) =>
    cards.flatMap((card) => {
      const box = card.getBoundingClientRect();
      return [...card.querySelectorAll('input, select, button')]
        .map((el) => el.getBoundingClientRect())
        .filter((r) => r.left < box.left - 0.5 || r.right > box.right + 0.5)
        .map((r) => `${card.getAttribute('data-testid')}: ${Math.round(r.left)}..${Math.round(r.right)} outside ${Math.round(box.left)}..${Math.round(box.right)}`);
    }),
  );
  assert(outside.length === 0, `the inputs should stay inside their lines: ${outside.join('; ')}`);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  assert(scrollWidth <= width + 1, `the page should not scroll sideways at ${width} px (it is ${scrollWidth} px wide)`);
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

  for (const width of [1366, 390] as const) {
    test(`ordering: a new order with three bad lines says so at each line as you type, then goes through when fixed (${language}, ${width} px)`, async ({ loginAs }) => {
      const page = await loginAs('writer@demo.example', { viewport: { width, height: width > 760 ? 900 : 844 } });
      if (language === 'de') await chooseLanguage(page, 'de');
      const f = await newOrderFixture(page, `N${language}${width}`);
      await goto(page, `${f.base}/ordernew`);
      await visible(page, testid('ordernew-page'));
      // the search shows what can be ordered here; the item without a rule is greyed with the reason and cannot be added
      await page.locator(testid('ordernew-search')).fill(f.stamp);
      await visible(page, testid(`ordernew-add-${f.items.a.sku}`));
      const noRule = await visible(page, testid(`ordernew-hit-${f.items.none.sku}`));
      assert((await text(noRule)).includes(words.noRule), `the item without a rule should say "${words.noRule}": ${await text(noRule)}`);
      assert((await noRule.locator('button').count()) === 0, 'the item without a rule cannot be added');
      const hits = await page.locator('[data-testid^=ordernew-hit-]:not([data-testid$=-why])').evaluateAll((els) => els.map((e) => e.getAttribute('data-orderable')));
      assert(hits.join() === 'true,true,true,false', `orderable items first: ${hits.join()}`);
      if (width > 760) await screenshot(page, `ordering-ordernew-search-${language}.png`);
      for (const item of [f.items.a, f.items.b, f.items.c]) {
        await page.locator(testid('ordernew-search')).fill(item.sku);
        await (await visible(page, testid(`ordernew-add-${item.sku}`))).click();
      }
      assert((await text(page.locator(testid('ordernew-rule-0')))).includes(words.rule), `the rule in words: "${words.rule}"`);
      // the unit choice names the units in the language (the code PAK is the stored value); STK has no name, so it stays
      const units = await page.locator(`${testid('ordernew-unit-2')} option`).evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
      assert(
        JSON.stringify(units) === JSON.stringify([['PAK', words.pack], ['STK', words.pieceUnit]]),
        `the unit choice should read ${words.pack} / ${words.pieceUnit}: ${JSON.stringify(units)}`,
      );
      // three bad lines: each says so below it while typing, all at once
      await page.locator(testid('ordernew-quantity-0')).fill('3');
      await page.locator(testid('ordernew-quantity-1')).fill('11');
      await page.locator(testid('ordernew-quantity-2')).fill('');
      for (const [index, expected] of [words.moq, words.mxoq, words.required].entries()) {
        await until(async () => (await text(page.locator(testid(`ordernew-line-${index}-error`)))).includes(expected), `line ${index} should say "${expected}"`);
      }
      // placing is refused here with the count; nothing is sent
      await page.locator(testid('ordernew-submit')).click();
      await until(async () => (await text(page.locator(testid('ordernew-error')))).includes(words.toFix), `the form should say "${words.toFix}"`);
      await assertLinesFit(page, width);
      if (language === 'en' && width > 760) {
        const axe = await runAxe(page, 'new order');
        assert(!axe.serious.length, axe.describe(axe.serious));
      }
      await page.locator(testid('ordernew-lines')).scrollIntoViewIfNeeded();
      await screenshot(page, `ordering-ordernew-errors-${language}-${width}.png`);
      // fixed: the third line in the item unit (30 STK = 3 PAK)
      await page.locator(testid('ordernew-quantity-0')).fill('10');
      await page.locator(testid('ordernew-quantity-1')).fill('4');
      await page.locator(testid('ordernew-unit-2')).selectOption('STK');
      await page.locator(testid('ordernew-quantity-2')).fill('30');
      await until(async () => (await page.locator('[data-testid$=-error][data-testid^=ordernew-line-]').count()) === 0, 'no line should have a message');
      await page.locator(testid('ordernew-submit')).click();
      await snackbarSays(page, words.placed);
      await waitPath(page, /\/location\/\d+\/order\/\d+$/);
      await until(async () => (await text(page.locator(testid('order-lines')))).includes(f.items.c.sku), 'the new order should list the items');
      const orderId = Number(/order\/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
      const order = await ok(page, 'GET', `order/${orderId}`);
      const quantities = Object.fromEntries(order.lines.map((l: { sku: string; quantity: number; unit: string }) => [l.sku, `${l.quantity} ${l.unit}`]));
      assert(quantities[f.items.c.sku] === '3 PAK', `30 STK should be ordered as 3 PAK: ${JSON.stringify(quantities)}`);
      await screenshot(page, `ordering-ordernew-done-${language}-${width}.png`);
    });
  }

  test(`ordering: the server names every bad line at once; an item already on order links its order (${language})`, async ({ loginAs }) => {
    const page = await loginAs('writer@demo.example', { viewport: { width: 1366, height: 900 } });
    if (language === 'de') await chooseLanguage(page, 'de');
    const f = await newOrderFixture(page, `S${language}`);
    await goto(page, `${f.base}/ordernew`);
    await visible(page, testid('ordernew-page'));
    for (const item of [f.items.a, f.items.b, f.items.c]) {
      await page.locator(testid('ordernew-search')).fill(item.sku);
      await (await visible(page, testid(`ordernew-add-${item.sku}`))).click();
    }
    // meanwhile someone orders the first two items and the third's MOQ goes up: the page cannot know
    const held = await ok(page, 'POST', `customer/${f.customerId}/location/${f.locationId}/order`, {
      lines: [{ item_id: f.items.a.id, quantity: 5 }, { item_id: f.items.b.id, quantity: 2 }],
    });
    await ok(page, 'PATCH', `customer/${f.customerId}/item/${f.items.c.id}`, { min_order_quantity: 50, order_quantity: 50 });
    await page.locator(testid('ordernew-submit')).click();
    await until(async () => (await text(page.locator(testid('ordernew-error')))).includes(words.toFix), `the form should say "${words.toFix}"`);
    const holder = held.orders[0].id;
    for (const index of [0, 1]) {
      const says = await text(page.locator(testid(`ordernew-line-${index}-error`)));
      assert(says.includes(`${words.onOrder} ${holder}`), `line ${index} should say "${words.onOrder} ${holder}": ${says}`);
    }
    await until(async () => (await text(page.locator(testid('ordernew-line-2-error')))).includes(words.serverMoq), `line 2 should say "${words.serverMoq}"`);
    // the page's own checks take the server's MOQ over: the rule in words says it too
    await until(async () => (await text(page.locator(testid('ordernew-rule-2')))).includes(words.serverRule), `line 2's rule should say "${words.serverRule}"`);
    await assertLinesFit(page, 1366);
    await page.locator(testid('ordernew-lines')).scrollIntoViewIfNeeded();
    await screenshot(page, `ordering-ordernew-server-${language}.png`);
    await page.locator(testid('ordernew-line-0-error')).locator(testid('ordernew-on-order-link')).click();
    await waitPath(page, new RegExp(`/order/${holder}$`));
    await visible(page, testid('order-lines'));
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
