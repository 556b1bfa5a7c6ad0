// Dashboards (issue 5 item 11): a stock drop at a new location orders from L-100; the location, customer and
// company dashboards count it and list it among the latest orders (linking to it); the supplier dashboard shows
// the supply waiting for delivery; in English and German.
import { test } from '../fixtures';
import { assert, chooseLanguage, goto, runAxe, screenshot, testid, text, until, visible, waitPath } from '../helpers';
import { pageData as data } from '../page-api';

const WORDS = {
  en: { orders: 'Orders', latest: 'Latest orders', supplies: 'Supply orders not yet delivered' },
  de: { orders: 'Bestellungen', latest: 'Neueste Bestellungen', supplies: 'Noch nicht gelieferte Lieferaufträge' },
};

interface Decision {
  reason: string;
  order_id: number;
}

for (const language of ['en', 'de'] as const) {
  const words = WORDS[language];
  test(`dashboards: orders and supplies on the location, customer, company and supplier dashboards (${language})`, async ({ loginAs }) => {
    // four dashboards, each with its cards' calls (the sensor alarms card added one): 32-37 s on a quiet machine
    test.setTimeout(90_000);
    const page = await loginAs('admin@demo.example');
    await chooseLanguage(page, language);
    const customer = (await data<{ items: { id: number }[] }>(page, 'GET', 'customer?q=K-10001')).items[0];
    const supplier = (await data<{ items: { id: number }[] }>(page, 'GET', 'supplier?q=L-100')).items[0];
    const catalog = (await data<{ items: { id: number }[] }>(page, 'GET', `supplier/${supplier.id}/catalog`)).items[0];
    const location = await data<{ id: number }>(page, 'POST', `customer/${customer.id}/location/`, { name: `Dashboard ${language}` });
    const item = await data<{ id: number }>(page, 'POST', `customer/${customer.id}/item`, {
      sku: `DB-${language}-${Date.now().toString(36)}`,
      name: `Dashboard item ${language}`,
      order_unit: 'PAK',
      catalog_id: catalog.id,
    });
    const rule = await data<{ id: number }>(page, 'POST', 'rules', { location_id: location.id, item_id: item.id, threshold: 2, capacity: 10, stock: 10 });
    const decision = (await data<{ decision: Decision }>(page, 'POST', `rules/${rule.id}/stock`, { stock: 1 })).decision;
    assert(decision.reason === 'ordered', `the stock drop should order: ${decision.reason}`);
    const orderId = decision.order_id;

    // Location dashboard: one order, listed with a link to it.
    await goto(page, `/c/1/customer/${customer.id}/location/${location.id}/`);
    const overview = await visible(page, testid('replenishment-overview'));
    assert((await text(overview)).includes(words.orders), `the figures should be titled "${words.orders}"`);
    await until(async () => (await text(page.locator(testid('overview-orders')))) === '1', 'the location should count its one order');
    const recent = await visible(page, testid('overview-recent-orders'));
    assert((await text(recent)).includes(words.latest), `the list should be titled "${words.latest}"`);
    await until(async () => (await text(recent)).includes(String(orderId)), 'the order should be listed');
    await screenshot(page, `dashboard-location-${language}.png`);
    if (language === 'en') {
      const axe = await runAxe(page, `/c/1/customer/${customer.id}/location/${location.id}/`);
      assert(!axe.serious.length, axe.describe(axe.serious));
    }
    await recent.getByRole('link', { name: String(orderId), exact: true }).click();
    await waitPath(page, new RegExp(`/order/${orderId}$`));

    // Customer and company dashboards count it too (among others) and list it first (the newest).
    for (const path of [`/c/1/customer/${customer.id}/`, '/c/1/']) {
      await goto(page, path);
      await visible(page, testid('replenishment-overview'));
      await until(async () => Number(await text(page.locator(testid('overview-orders')))) >= 1, `${path} should count orders`);
      await until(async () => (await text(page.locator(testid('overview-recent-orders')))).includes(String(orderId)), `${path} should list the order`);
    }
    await visible(page, testid('overview-journal'));
    await screenshot(page, `dashboard-company-${language}.png`);

    // Supplier dashboard: the supply of the order waits for delivery.
    await goto(page, `/c/1/supplier/${supplier.id}/`);
    const supplies = await visible(page, testid('supply-overview'));
    assert((await text(supplies)).includes(words.supplies), `the figure should read "${words.supplies}"`);
    await until(async () => (await text(page.locator(testid('overview-recent-supplies')))).includes(String(orderId)), 'the supply should be listed');
    await screenshot(page, `dashboard-supplier-${language}.png`);
  });
}
