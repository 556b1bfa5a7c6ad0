// Statistics and reports (docs/statistics.md): the order statistics with their chart and lines, the rule
// statistics, the service analysis (on-time deliveries, its lines, the delivery day on the order page) and the
// location report PDF download, in English and German. The order is placed through the rules API first (a stock
// drop orders) and its supply delivered.
import { readFileSync } from 'node:fs';
import { test } from '../fixtures';
import { assert, chooseLanguage, runAxe, screenshot, testid, text, until, visible, waitPath } from '../helpers';
import { pageApi as api, type Envelope } from '../page-api';

interface Named {
  id: number;
  name: string;
}
interface Supply {
  id: number;
  order_id: number;
}
interface StockReply {
  decision: { reason: string; order_id: number };
}
interface Order {
  lines: { delivered_at: string | null }[];
}

const WORDS = {
  en: { orders: 'Order statistics', rules: 'Rule statistics', service: 'Service analysis', reporting: 'Reporting', ordered: 'Ordered', downloaded: 'downloaded', onTime: 'on time', day: /^\d{4}-\d{2}-\d{2}$/, packs: /\b\d+(\.\d+)?\sPacks?\b/, pieces: /\b\d+(\.\d+)?\sPieces?\b/ },
  de: { orders: 'Bestellstatistik', rules: 'Regelstatistik', service: 'Serviceanalyse', reporting: 'Berichte', ordered: 'Bestellt', downloaded: 'heruntergeladen', onTime: 'pünktlich', day: /^\d{2}\.\d{2}\.\d{4}$/, packs: /\b\d+(,\d+)?\sPackung(en)?\b/, pieces: /\b\d+(,\d+)?\sStück\b/ },
};

for (const language of ['en', 'de'] as const) {
  const words = WORDS[language];
  test(`stats: order statistics chart and lines, rule statistics, service analysis, location report PDF (${language})`, async ({ loginAs }) => {
    const page = await loginAs('writer@demo.example');
    if (language === 'de') await chooseLanguage(page, 'de');
    const data = <T>(answer: Envelope<T>, what: string): T => {
      assert(answer.Meta.code === 200, `${what}: ${JSON.stringify(answer.Meta)}`);
      return answer.Data;
    };
    // a location of Maschinenbau Huber with a rule whose stock drops below the threshold: one order
    const customers = data(await api<{ items: Named[] }>(page, 'GET', 'customer?all=1&per_page=200'), 'customers');
    const customer = customers.items.find((c) => c.name.includes('Maschinenbau Huber'))!;
    const suffix = `${language}${Date.now().toString(36)}`;
    const locationName = `Stats ${suffix}`;
    const location = data(await api<Named>(page, 'POST', `customer/${customer.id}/location/`, { name: locationName }), 'location');
    // an item of Schraubenwerk (L-100): the order becomes a supply the supplier delivers
    const supplier = data(await api<{ items: Named[] }>(page, 'GET', 'supplier?q=L-100'), 'supplier').items[0];
    const catalog = data(await api<{ items: Named[] }>(page, 'GET', `supplier/${supplier.id}/catalog`), 'catalogs').items[0];
    const item = data(
      await api<Named>(page, 'POST', `customer/${customer.id}/item`, { sku: `ST-${suffix}`, name: `Stats item ${suffix}`, order_unit: 'PAK', item_unit: 'PCE', catalog_id: catalog.id }),
      'item',
    );
    const rule = data(await api<Named>(page, 'POST', 'rules', { location_id: location.id, item_id: item.id, threshold: 2, capacity: 8, stock: 8 }), 'rule');
    const run = data(await api<StockReply>(page, 'POST', `rules/${rule.id}/stock`, { stock: 1 }), 'stock');
    assert(run.decision.reason === 'ordered', `the stock drop should order, got ${run.decision.reason}`);
    const orderId = run.decision.order_id;
    // the supplier delivers it today, before its shipping day: on time
    let supplyId: number | undefined;
    await until(async () => {
      supplyId = data(await api<{ items: Supply[] }>(page, 'GET', `supplier/${supplier.id}/supply?state=all&q=${orderId}`), 'supplies').items.find(
        (x) => x.order_id === orderId,
      )?.id;
      return supplyId !== undefined;
    }, `the supply of order ${orderId} should exist`);
    data(await api(page, 'PATCH', `supplier/${supplier.id}/supply/${supplyId}`, { delivered: true }), 'delivered');
    await until(async () => data(await api<Order>(page, 'GET', `order/${orderId}`), 'order').lines[0].delivered_at !== null, 'the order line should be delivered');

    // company order statistics: the menu entry is live, the chart has a bar per day of the last 30 days
    await (await visible(page, testid('menu-company.statOrders'))).click();
    await waitPath(page, /^\/c\/1\/stat\/orders\/?$/);
    await visible(page, testid('order-stats-page'));
    await visible(page, testid('day-chart'));
    assert((await text(page.locator(testid('order-stats-page')))).includes(words.orders), `the page should be titled "${words.orders}"`);
    await until(async () => (await page.locator(testid('day-bar')).count()) === 30, 'the chart should have 30 bars');
    await until(async () => Number((await text(page.locator(testid('stats-total-orders')))).replace(/\D/g, '')) >= 1, 'at least one order should be counted');
    assert((await text(page.locator(testid('stats-per-location')))).includes(locationName), 'the new location should be listed');
    const label = await page.locator(`${testid('day-chart')} svg`).getAttribute('aria-label');
    assert(label && label.length > 10, 'the chart should have a label');
    if (language === 'en') {
      const axe = await runAxe(page, 'order statistics');
      assert(!axe.serious.length, axe.describe(axe.serious));
    }
    await screenshot(page, `stats-orders-${language}.png`);
    // a location row narrows the statistics; the lines page shows the line behind it
    await page.locator(testid('stats-per-location')).locator('tr', { hasText: locationName }).click();
    await waitPath(page, /^\/c\/1\/stat\/orders\/?$/);
    // one order, or two when the location's scheduled run ordered again after the delivery (the stock stayed at 1)
    await until(async () => /^[12]$/.test((await text(page.locator(testid('stats-total-orders')))).trim()), 'the location filter should leave the location\'s order(s)');
    await (await visible(page, testid('order-stats-details-link'))).click();
    await waitPath(page, /^\/c\/1\/stat\/orders\/details\/?$/);
    await until(async () => (await text(page.locator(testid('order-stats-lines')))).includes(`ST-${suffix}`), 'the line should be listed');
    // the line's quantity with its unit's name in the language, not the code PAK
    const statsLine = await text(page.locator(testid('order-stats-lines')).locator('tr', { hasText: `ST-${suffix}` }).first());
    assert(words.packs.test(statsLine) && !/\bPAK\b/.test(statsLine), `the line should say ${words.packs.source}, not PAK: ${statsLine}`);
    await screenshot(page, `stats-order-lines-${language}.png`);

    // rule statistics: the rule's last decision is explained
    await (await visible(page, testid('menu-company.statRules'))).click();
    await waitPath(page, /^\/c\/1\/stat\/rules\/?$/);
    await visible(page, testid('rule-stats-table'));
    assert((await text(page.locator(testid('rule-stats-page')))).includes(words.rules), `the page should be titled "${words.rules}"`);
    // narrowed to the new location (as other pages link it): the worker's server holds the rules of earlier specs, and
    // the unfiltered first page of 50 need not reach this one (a CI run missed it there)
    await page.goto(`/c/1/stat/rules?locations=${location.id}`);
    await visible(page, testid('rule-stats-table'));
    await until(
      async () => (await text(page.locator(testid('rule-stats-table')).locator('tr', { hasText: `ST-${suffix}` }))).includes(words.ordered),
      'the rule should show its decision',
    );
    // the rule's stock with the item unit's name ("1 Stück"), not the code PCE
    const ruleRow = await text(page.locator(testid('rule-stats-table')).locator('tr', { hasText: `ST-${suffix}` }));
    assert(words.pieces.test(ruleRow) && !/\bPCE\b/.test(ruleRow), `the rule's stock should read ${words.pieces.source}: ${ruleRow}`);
    await screenshot(page, `stats-rules-${language}.png`);

    // customer: service analysis and the location report
    await page.goto(`/c/1/customer/${customer.id}/analysis/service`);
    await visible(page, testid('service-analysis-page'));
    assert((await text(page.locator(testid('service-analysis-page')))).includes(words.service), `the page should be titled "${words.service}"`);
    await until(async () => (await text(page.locator(testid('service-per-location')))).includes(locationName), 'the location should be analysed');
    await visible(page, testid('service-week-chart'));
    await until(
      async () => (await page.locator(`${testid('service-week-chart')} ${testid('chart-point')}`).count()) > 0,
      'the chart should show the on-time rate of this week',
    );
    await screenshot(page, `stats-service-${language}.png`);
    // narrowed to the new location: its one line delivered on time
    await page.locator(testid('service-per-location')).locator('tr', { hasText: locationName }).click();
    await until(async () => /^100\s?%$/.test((await text(page.locator(testid('service-on-time')))).trim()), 'the location should be 100 % on time');
    assert((await text(page.locator(testid('service-avg-delay')))).trim() === '–', 'no late deliveries: no average delay');
    await page
      .locator(testid('service-analysis-page'))
      .locator('a', { hasText: language === 'en' ? 'Lines' : 'Positionen' })
      .click();
    await visible(page, testid('service-lines-table'));
    await until(
      async () => (await page.locator(testid('service-lines-table')).locator('tr', { hasText: `ST-${suffix}` }).allInnerTexts()).some((row) => row.includes(words.onTime)),
      `the line should be marked ${words.onTime}`,
    );
    await screenshot(page, `stats-service-lines-${language}.png`);
    await page.goto(`/c/1/customer/${customer.id}/analysis/service`);
    await visible(page, testid('service-analysis-page'));
    await (await visible(page, testid('menu-customer.reporting'))).click();
    await waitPath(page, new RegExp(`^/c/1/customer/${customer.id}/reporting/?$`));
    await visible(page, testid('reporting-page'));
    await until(async () => (await page.locator(`${testid('report-location')} option`).count()) > 0, 'the locations should be offered');
    await page.locator(testid('report-location')).selectOption(String(location.id));
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator(testid('report-download')).click()]);
    const name = download.suggestedFilename();
    assert(/^location-report-Stats_.+\.pdf$/.test(name), `the file name should come from content-disposition, got ${name}`);
    const bytes = readFileSync(await download.path());
    assert(bytes.subarray(0, 5).toString('latin1') === '%PDF-', 'the download should be a PDF');
    await until(async () => (await text(page.locator(testid('snackbar')))).includes(words.downloaded), `the snackbar should say "${words.downloaded}"`);
    await screenshot(page, `stats-reporting-${language}.png`);
    // the order page's lines show the day it was delivered
    await page.goto(`/c/1/customer/${customer.id}/location/${location.id}/order/${orderId}`);
    await until(async () => words.day.test((await text(page.locator(testid('order-line-1-delivered')))).trim()), 'the order line should show its delivery day');
  });
}

for (const language of ['en', 'de'] as const)
  test(`stats: settings stats show the licence statistics and app usage to the owner (${language})`, async ({ loginAs }) => {
    const title = language === 'en' ? 'Settings stats' : 'Einstellungsstatistik';
    const page = await loginAs('owner@demo.example');
    if (language === 'de') await chooseLanguage(page, 'de');
    await page.goto('/c/1/settings/stats');
    await visible(page, testid('settings-stats-page'));
    assert((await text(page.locator(testid('settings-stats-page')))).includes(title), `the page should be titled "${title}"`);
    await until(async () => (await page.locator(`${testid('licence-table')} tbody tr`).count()) === 5, 'five seat kinds should be listed');
    await visible(page, testid('app-usage'));
    await screenshot(page, `stats-settings-${language}.png`);
    // a writer is not in the owner group: the address says "not allowed" (issue 16: no silent bounce), no statistics
    const writer = await loginAs('writer@demo.example');
    await writer.goto('/c/1/settings/stats');
    await visible(writer, testid('not-allowed-page'), 15_000);
    await until(async () => (await writer.locator(testid('settings-stats-page')).count()) === 0, 'the writer should not see the page');
  });
