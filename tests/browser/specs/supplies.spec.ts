// Supplies (docs/supplies.md): a stock drop on a rule orders from the supplier; the supplier user opens the supply
// orders from the supplier menu, opens the supply, marks it delivered ("geliefert"), takes a line back after a
// confirmation ("noch nicht geliefert"), and the order follows; in English and German.
import type { Page } from '@playwright/test';
import { test } from '../fixtures';
import { assert, chooseLanguage, goto, screenshot, testid, text, until, visible, waitPath } from '../helpers';
import { pageApi as api } from '../page-api';

interface Created {
  id: number;
}
interface Supply {
  id: number;
  order_id: number;
}
interface Order {
  status: string;
  lines: { status: string }[];
}

const WORDS = {
  en: { title: 'Supply orders', delivered: 'Delivered', open: 'Not yet delivered', partial: 'Partly delivered', confirm: 'Take the delivery back?' },
  de: { title: 'Lieferaufträge', delivered: 'Geliefert', open: 'Noch nicht geliefert', partial: 'Teilweise geliefert', confirm: 'Lieferung zurücknehmen?' },
};

const data = async <T>(page: Page, method: string, path: string, body?: unknown): Promise<T> => {
  const answer = await api<T>(page, method, path, body);
  assert(answer.Meta.code === 200, `${method} ${path} should work: ${JSON.stringify(answer.Meta)}`);
  return answer.Data;
};

for (const language of ['en', 'de'] as const) {
  const words = WORDS[language];

  test(`supplies: the supplier marks a supply from a rule's order delivered and takes a line back (${language})`, async ({ loginAs }) => {
    // The writer sets up two rules at a new location of K-10001 with items of L-100 and drops the stock: one order.
    const writer = await loginAs('writer@demo.example');
    const customer = (await data<{ items: Created[] }>(writer, 'GET', 'customer?q=K-10001')).items[0];
    const supplier = (await data<{ items: Created[] }>(writer, 'GET', 'supplier?q=L-100')).items[0];
    const catalog = (await data<{ items: Created[] }>(writer, 'GET', `supplier/${supplier.id}/catalog`)).items[0];
    const location = await data<Created>(writer, 'POST', `customer/${customer.id}/location/`, { name: `Browser supply ${language}` });
    const skus = [`BS-${language}-1`, `BS-${language}-2`];
    const rules: Created[] = [];
    for (const [index, sku] of skus.entries()) {
      const item = await data<Created>(writer, 'POST', `customer/${customer.id}/item`, {
        sku,
        name: `Browser supply item ${sku}`,
        order_unit: 'PAK',
        catalog_id: catalog.id,
      });
      rules.push(
        await data<Created>(writer, 'POST', 'rules', { location_id: location.id, item_id: item.id, threshold: 2, capacity: 10, stock: index === 0 ? 1 : 10 }),
      );
    }
    const decision = (await data<{ decision: { reason: string; order_id: number } }>(writer, 'POST', `rules/${rules[1].id}/stock`, { stock: 1 })).decision;
    assert(decision.reason === 'ordered', `the stock drop should order: ${decision.reason}`);
    const orderId = decision.order_id;

    // The supplier user (restricted to L-100) opens the supply orders from the supplier menu.
    const page = await loginAs('supplier@demo.example');
    await chooseLanguage(page, language);
    await goto(page, `/c/1/supplier/${supplier.id}`);
    await (await visible(page, testid('menu-supplier.supplies'))).click();
    await waitPath(page, new RegExp(`^/c/1/supplier/${supplier.id}/supply$`));
    await visible(page, testid('supply-list-page'));
    await until(async () => (await text(page.locator(testid('supply-list-page')).locator('h1'))).includes(words.title), `the heading should say ${words.title}`);
    await page.locator(testid('supply-filter')).fill(String(orderId));
    // The supply (created from evt.orders.created a moment after the order).
    let supplyId: number | undefined;
    await until(async () => {
      const found = (await data<{ items: Supply[] }>(writer, 'GET', `supplier/${supplier.id}/supply?state=all&q=${orderId}`)).items.find(
        (s) => s.order_id === orderId,
      );
      supplyId = found?.id;
      return supplyId !== undefined;
    }, `the supply of order ${orderId} should exist`);
    const row = page.locator(testid(`supply-row-${supplyId}`));
    await until(async () => (await row.count()) === 1, `the supply of order ${orderId} should be listed`);
    assert((await text(row)).includes(words.open), 'the supply should be not yet delivered');
    await screenshot(page, `supply-list-${language}.png`);
    await row.locator('a').first().click();
    await waitPath(page, new RegExp(`^/c/1/supplier/${supplier.id}/supply/\\d+$`));
    await visible(page, testid('supply-detail'));
    await visible(page, testid('supply-line-2'));

    // The whole supply delivered ("geliefert").
    await (await visible(page, testid('supply-mark-delivered'))).click();
    await until(async () => (await text(page.locator(testid('supply-status')))) === words.delivered, `the supply should be ${words.delivered}`);
    await visible(page, testid('supply-take-back'));
    await screenshot(page, `supply-detail-delivered-${language}.png`);
    await until(async () => (await data<Order>(writer, 'GET', `order/${orderId}`)).status === 'delivered', 'the order should be delivered');

    // Line 2 taken back after the confirmation; cancelling first changes nothing.
    await (await visible(page, testid('supply-line-2-take-back'))).click();
    const dialog = await visible(page, testid('confirm-dialog'));
    assert((await text(dialog)).includes(words.confirm), 'the confirmation should ask');
    await dialog.locator('button', { hasText: language === 'en' ? 'Cancel' : 'Abbrechen' }).click();
    await page.locator(testid('confirm-dialog')).waitFor({ state: 'hidden' });
    assert((await text(page.locator(testid('supply-status')))) === words.delivered, 'cancelling should keep the supply delivered');
    await (await visible(page, testid('supply-line-2-take-back'))).click();
    await (await visible(page, testid('confirm-submit'))).click();
    await until(async () => (await text(page.locator(testid('supply-status')))) === words.partial, `the supply should be ${words.partial}`);
    await until(async () => (await text(page.locator(testid('supply-line-2-state')))).includes(words.open), 'line 2 should be not yet delivered');
    await screenshot(page, `supply-detail-partial-${language}.png`);
    await until(async () => {
      const order = await data<Order>(writer, 'GET', `order/${orderId}`);
      return order.status !== 'delivered' && order.lines[0].status === 'delivered' && order.lines[1].status !== 'delivered';
    }, 'the order should show line 1 delivered and line 2 not');
    // the supplier dashboard: the share of its lines delivered on time in the last 3 months (line 1 counts)
    await goto(page, `/c/1/supplier/${supplier.id}`);
    await until(async () => /%/.test(await text(page.locator(testid('overview-on-time')))), 'the dashboard should show the on-time rate');
    await screenshot(page, `supplier-dashboard-${language}.png`);
  });
}
