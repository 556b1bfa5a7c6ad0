// Assortment (docs/supplies.md): a rule's order becomes a supply; the supplier user opens the assortment from the
// supply orders, finds the customer (sorted and filtered on the server), opens the items supplied to it, finds the
// item by its SKU, follows it to the item and comes back; in English and German.
import type { Page } from '@playwright/test';
import { test } from '../fixtures';
import { assert, chooseLanguage, goto, screenshot, testid, text, until, visible, waitPath } from '../helpers';
import { pageData as data } from '../page-api';

interface Named {
  id: number;
  name: string;
}

const WORDS = {
  en: { title: 'Assortment', itemsTitle: 'Items supplied to the customer', noMatch: 'Nothing matches these filters.' },
  de: { title: 'Sortiment', itemsTitle: 'An den Kunden gelieferte Artikel', noMatch: 'Nichts passt zu diesen Filtern.' },
};

const ariaSort = (page: Page, column: string) => page.locator(testid(`sort-${column}`)).locator('xpath=..').getAttribute('aria-sort');

for (const language of ['en', 'de'] as const) {
  const words = WORDS[language];

  test(`assortment: the supplier's customers and the items supplied to one, sorted and filtered (${language})`, async ({ loginAs }) => {
    // The writer orders an item of L-100 for K-10001 by a stock drop: the supply follows the order.
    const writer = await loginAs('writer@demo.example');
    const customer = (await data<{ items: Named[] }>(writer, 'GET', 'customer?q=K-10001')).items[0];
    const supplier = (await data<{ items: Named[] }>(writer, 'GET', 'supplier?q=L-100')).items[0];
    const catalog = (await data<{ items: Named[] }>(writer, 'GET', `supplier/${supplier.id}/catalog`)).items[0];
    const location = await data<Named>(writer, 'POST', `customer/${customer.id}/location/`, { name: `Browser assortment ${language}` });
    const sku = `BA-${language}-${Date.now().toString(36)}`.toUpperCase();
    const item = await data<Named>(writer, 'POST', `customer/${customer.id}/item`, {
      sku,
      name: `Browser assortment item ${sku}`,
      order_unit: 'PAK',
      catalog_id: catalog.id,
    });
    const rule = await data<Named>(writer, 'POST', 'rules', { location_id: location.id, item_id: item.id, threshold: 2, capacity: 10, stock: 10 });
    const decision = (await data<{ decision: { reason: string; order_id: number } }>(writer, 'POST', `rules/${rule.id}/stock`, { stock: 1 })).decision;
    assert(decision.reason === 'ordered', `the stock drop should order: ${decision.reason}`);
    await until(
      async () =>
        (await data<{ items: { order_id: number }[] }>(writer, 'GET', `supplier/${supplier.id}/supply?state=all&q=${decision.order_id}`)).items.some(
          (s) => s.order_id === decision.order_id,
        ),
      `the supply of order ${decision.order_id} should exist`,
    );

    // The supplier user opens the assortment from the supply orders.
    const page = await loginAs('supplier@demo.example');
    await chooseLanguage(page, language);
    await goto(page, `/c/1/supplier/${supplier.id}/supply`);
    await (await visible(page, testid('assortment-link'))).click();
    await waitPath(page, new RegExp(`^/c/1/supplier/${supplier.id}/assortment$`));
    const list = await visible(page, testid('assortment-page'));
    await until(async () => (await text(list.locator('h1'))) === words.title, `the heading should say ${words.title}`);
    const row = page.locator(testid(`assortment-row-${customer.id}`));
    await visible(row);
    assert((await text(row)).includes(customer.name), `the row should name ${customer.name}`);
    assert((await ariaSort(page, 'customer')) === 'ascending', 'the list should be sorted by customer at first');
    await screenshot(page, `assortment-${language}.png`);

    // Sorting by supplies, then reversed; the filter asks the server.
    await page.locator(testid('sort-supplies')).click();
    await until(async () => (await ariaSort(page, 'supplies')) === 'ascending', 'the list should be sorted by supplies');
    await page.locator(testid('sort-supplies')).click();
    await until(async () => (await ariaSort(page, 'supplies')) === 'descending', 'a second click should reverse the order');
    await visible(row);
    await page.locator(testid('assortment-filter')).fill('no such customer');
    await until(async () => (await page.locator('tr[data-testid^=assortment-row-]').count()) === 0, 'no customer should match');
    assert((await text(list)).includes(words.noMatch), `the list should say "${words.noMatch}"`);
    await page.locator(testid('assortment-filter')).fill(customer.name.slice(0, 12));
    await visible(row);

    // The items supplied to the customer: the new item found by its SKU, sorted by quantity.
    await row.locator('a').click();
    await waitPath(page, new RegExp(`^/c/1/supplier/${supplier.id}/assortment/${customer.id}$`));
    const items = await visible(page, testid('assortment-customer-page'));
    await until(async () => (await text(items.locator('h1'))) === words.itemsTitle, `the heading should say ${words.itemsTitle}`);
    assert((await ariaSort(page, 'sku')) === 'ascending', 'the items should be sorted by SKU at first');
    await page.locator(testid('assortment-item-filter')).fill(sku);
    const itemRow = page.locator(testid(`assortment-item-${item.id}`));
    await visible(itemRow);
    await until(async () => (await page.locator('tr[data-testid^=assortment-item-]').count()) === 1, `only ${sku} should match`);
    assert((await text(itemRow)).includes(`Browser assortment item ${sku}`), 'the row should name the item');
    await page.locator(testid('sort-quantity')).click();
    await until(async () => (await ariaSort(page, 'quantity')) === 'ascending', 'the items should be sorted by quantity');
    await screenshot(page, `assortment-customer-${language}.png`);
    await itemRow.locator('a').click();
    await waitPath(page, new RegExp(`^/c/1/supplier/${supplier.id}/item/${item.id}$`));
    await page.goBack();
    await visible(page, testid('assortment-customer-page'));
    await page.locator('a', { hasText: language === 'en' ? 'Back to the assortment' : 'Zurück zum Sortiment' }).click();
    await waitPath(page, new RegExp(`^/c/1/supplier/${supplier.id}/assortment$`));
    await visible(page, testid('assortment-page'));
  });
}
