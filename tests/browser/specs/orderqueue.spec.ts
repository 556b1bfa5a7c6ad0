// Order queue: an order of a supplier's item appears (with "show transmitted") as transmitted, an order of an item
// without a supplier is in error (2001) at once and counted on the dashboard, whose figure opens the queue filtered
// to errors; requeue, the entry page, delete after a confirmation; in English and German.
import type { Page } from '@playwright/test';
import { test } from '../fixtures';
import { assert, chooseLanguage, runAxe, screenshot, testid, text, until, visible, waitPath } from '../helpers';
import { pageApi as api } from '../page-api';

interface Numbered {
  id: number;
  nr: string;
}
interface Created {
  id: number;
}
interface StockReply {
  decision?: { reason: string; order_id: number };
}
interface QueueEntry {
  order_id: number;
  state: string;
}
interface Order {
  history: { type: string }[];
}

const WORDS = {
  en: { error: 'Error', transmitted: 'Transmitted', code: 'Configuration missing', requeued: '1 entry was requeued', deleted: '2 entries were taken out of the queue' },
  de: {
    error: 'Fehler',
    transmitted: 'Übermittelt',
    code: 'Konfiguration fehlt',
    requeued: '1 Eintrag wurde erneut eingereiht',
    deleted: '2 Einträge wurden aus der Warteschlange genommen',
  },
};

/** Two orders at a new location of K-10001: one of an item of L-100's catalog, one of an item without a supplier. */
async function twoOrders(page: Page, tag: string) {
  const customers = await api<{ items: Numbered[] }>(page, 'GET', 'customer?all=1&per_page=200');
  const customer = customers.Data.items.find((c) => c.nr === 'K-10001')!;
  const suppliers = await api<{ items: Numbered[] }>(page, 'GET', 'supplier?all=1&per_page=200');
  const supplier = suppliers.Data.items.find((s) => s.nr === 'L-100')!;
  const catalog = (await api<{ items: Created[] }>(page, 'GET', `supplier/${supplier.id}/catalog`)).Data.items[0];
  const location = await api<Created>(page, 'POST', `customer/${customer.id}/location/`, { name: `Queue ${tag}` });
  const orders: number[] = [];
  for (const [i, catalogId] of [catalog.id, null].entries()) {
    const item = await api<Created>(page, 'POST', `customer/${customer.id}/item`, {
      sku: `OQ-${tag}-${i}`,
      name: `Queue ${tag} ${i}`,
      order_unit: 'PCE',
      ...(catalogId ? { catalog_id: catalogId } : {}),
    });
    const rule = await api<Created>(page, 'POST', 'rules', { location_id: location.Data.id, item_id: item.Data.id, threshold: 2, capacity: 8, stock: 8 });
    const reply = await api<StockReply | undefined>(page, 'POST', `rules/${rule.Data.id}/stock`, { stock: 1 });
    assert(reply.Data?.decision?.reason === 'ordered', `the run should order, got ${JSON.stringify(reply.Meta)}`);
    orders.push(reply.Data.decision.order_id);
  }
  // the supply service confirms the first order: its entry becomes transmitted
  await until(
    async () => {
      const page1 = await api<{ items: QueueEntry[] }>(page, 'GET', `orderqueue?all=1&q=${orders[0]}&per_page=200`);
      return page1.Data.items.find((e) => e.order_id === orders[0])?.state === 'transmitted';
    },
    "the supplier's order should be transmitted",
    30_000,
  );
  return { sent: orders[0], failed: orders[1] };
}

for (const language of ['en', 'de'] as const) {
  const words = WORDS[language];
  test(`orderqueue: error from the dashboard, transmitted with show-all, requeue, entry page, delete after confirming (${language})`, async ({ loginAs }) => {
    const page = await loginAs('admin@demo.example');
    if (language === 'de') await chooseLanguage(page, 'de');
    const { sent, failed } = await twoOrders(page, `${language}${Date.now().toString(36)}`);
    const row = (orderId: number) => page.locator(testid(`orderqueue-row-${orderId}`));

    // the dashboard counts the errors and opens the queue filtered to them
    await page.reload();
    const figure = await visible(page, testid('overview-queue-errors'));
    await until(async () => Number(await text(figure)) >= 1, 'the dashboard should count at least one queue error');
    await screenshot(page, `orderqueue-dashboard-${language}.png`);
    await page.locator('a[href="/c/1/orderqueue?state=error"]').first().click();
    await waitPath(page, /^\/c\/1\/orderqueue\/?$/);
    await visible(page, testid('orderqueue-page'));
    await visible(row(failed));
    assert((await text(page.locator(testid(`orderqueue-state-${failed}`)))) === words.error, `the entry should read "${words.error}"`);
    assert((await text(page.locator(testid(`orderqueue-error-${failed}`)))).includes(words.code), `the error should read "${words.code}"`);
    assert((await row(sent).count()) === 0, 'the transmitted order is not an error');
    await screenshot(page, `orderqueue-errors-${language}.png`);

    // all states and transmitted ones: the supplier's order is there as transmitted
    await page.selectOption(testid('orderqueue-state'), '');
    await (await visible(page, testid('orderqueue-all'))).click();
    await visible(row(sent));
    assert((await text(page.locator(testid(`orderqueue-state-${sent}`)))) === words.transmitted, `the entry should read "${words.transmitted}"`);
    await screenshot(page, `orderqueue-all-${language}.png`);
    if (language === 'en') {
      const axe = await runAxe(page, '/c/1/orderqueue');
      assert(!axe.serious.length, axe.describe(axe.serious));
    }

    // requeue the failed one: a second attempt, still in error (its items still have no supplier)
    await (await visible(page, testid(`orderqueue-select-${failed}`))).click();
    await (await visible(page, testid('orderqueue-requeue'))).click();
    await until(async () => (await text(page.locator(testid('snackbar')))).includes(words.requeued), `the snackbar should say "${words.requeued}"`);
    await until(async () => (await text(page.locator(testid(`orderqueue-attempts-${failed}`)))) === '2', 'the entry should show 2 attempts');

    // the entry page: order link, attempts, error
    await row(failed).locator('a').first().click();
    await waitPath(page, /^\/c\/1\/orderqueue\/\d+$/);
    await visible(page, testid('orderqueue-entry-page'));
    assert((await text(page.locator(testid('orderqueue-entry-attempts')))) === '2', 'the entry page should show 2 attempts');
    assert((await text(page.locator(testid('orderqueue-entry-error')))).includes(words.code), 'the entry page should show the error');
    assert((await page.locator(testid('orderqueue-entry-order')).getAttribute('href')) === `/c/1/order/${failed}`, 'the order should be linked');
    await screenshot(page, `orderqueue-entry-${language}.png`);
    await page.goBack();
    await visible(page, testid('orderqueue-page'));
    // delete both: cancelling keeps them, confirming takes them out; the orders stay
    await (await visible(page, testid('orderqueue-all'))).click();
    await visible(row(sent));
    await visible(row(failed));
    for (const orderId of [sent, failed]) await (await visible(page, testid(`orderqueue-select-${orderId}`))).click();
    await (await visible(page, testid('orderqueue-delete'))).click();
    await visible(page, testid('confirm-dialog'));
    await page.waitForTimeout(400); // the dialog's opening animation
    await screenshot(page, `orderqueue-confirm-${language}.png`);
    await (await visible(page, `${testid('confirm-dialog')} button:not([data-testid])`)).click();
    assert((await row(sent).count()) === 1 && (await row(failed).count()) === 1, 'cancel should delete nothing');
    await (await visible(page, testid('orderqueue-delete'))).click();
    await (await visible(page, testid('confirm-submit'))).click();
    await until(async () => (await text(page.locator(testid('snackbar')))).includes(words.deleted), `the snackbar should say "${words.deleted}"`);
    await until(async () => (await row(sent).count()) === 0 && (await row(failed).count()) === 0, 'the deleted entries should leave the list');
    const order = await api<Order>(page, 'GET', `order/${failed}`);
    assert(order.Meta.code === 200 && order.Data.history.some((e) => e.type === 'U'), 'the order should stay, with a U event');
  });
}
