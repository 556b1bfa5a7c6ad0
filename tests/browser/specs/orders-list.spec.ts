// The orders list (issue 16 item 4): search by number, customer, location and supplier; status and ext status
// filters; sorting by a column; everything kept in the address; "No orders match these filters" with a reset and no
// pager; the ext status in words (never KA / OK / FE); "mark confirmed by supplier" not offered on a delivered order;
// the dashboard figure "Not yet confirmed" opens the list with that filter and the same count. English and German.
import type { Page } from '@playwright/test';
import { test } from '../fixtures';
import { absent, assert, chooseLanguage, goto, runAxe, screenshot, testid, text, until, visible, waitPath } from '../helpers';
import { pageData as data } from '../page-api';

const WORDS = {
  en: { notYet: 'Not yet confirmed', confirmedBy: 'Confirmed by supplier', noMatch: 'No orders match these filters.', pending: 'Not yet confirmed' },
  de: { notYet: 'Noch nicht bestätigt', confirmedBy: 'Vom Lieferanten bestätigt', noMatch: 'Keine Bestellungen passen zu diesen Filtern.', pending: 'Noch nicht bestätigt' },
};

interface Decision {
  reason: string;
  order_id: number;
}

/** Three orders at a new location of K-10001: from L-100 (open), from L-200 (marked confirmed), from L-100 again (delivered). */
async function threeOrders(page: Page, tag: string) {
  const customer = (await data<{ items: { id: number }[] }>(page, 'GET', 'customer?q=K-10001')).items[0]!;
  const supplierIds: Record<string, number> = {};
  const catalogs: Record<string, number> = {};
  for (const nr of ['L-100', 'L-200']) {
    supplierIds[nr] = (await data<{ items: { id: number }[] }>(page, 'GET', `supplier?q=${nr}`)).items[0]!.id;
    catalogs[nr] = (await data<{ items: { id: number }[] }>(page, 'GET', `supplier/${supplierIds[nr]}/catalog`)).items[0]!.id;
  }
  const stamp = `${tag}${Date.now().toString(36)}`.toUpperCase();
  const location = await data<{ id: number; name: string }>(page, 'POST', `customer/${customer.id}/location/`, { name: `Liste ${stamp}` });
  const orderOf = async (nr: string, n: number) => {
    const item = await data<{ id: number }>(page, 'POST', `customer/${customer.id}/item`, { sku: `OL-${stamp}-${n}`, name: `Orders list ${n}`, order_unit: 'PAK', catalog_id: catalogs[nr] });
    const rule = await data<{ id: number }>(page, 'POST', 'rules', { location_id: location.id, item_id: item.id, threshold: 2, capacity: 10, stock: 10 });
    const decision = (await data<{ decision: Decision }>(page, 'POST', `rules/${rule.id}/stock`, { stock: 1 })).decision;
    assert(decision.reason === 'ordered', `the stock drop should order: ${decision.reason}`);
    return decision.order_id;
  };
  const open = await orderOf('L-100', 1);
  const confirmed = await orderOf('L-200', 2);
  await data(page, 'PATCH', `order/${confirmed}`, { ext_status: 1 });
  const delivered = await orderOf('L-100', 3);
  const supply = await until(
    async () => (await data<{ items: { id: number; order_id: number }[] }>(page, 'GET', `supplier/${supplierIds['L-100']}/supply?state=all&q=${delivered}`)).items.find((s) => s.order_id === delivered),
    'the supply of the order to deliver',
    30_000,
  );
  await data(page, 'PATCH', `supplier/${supplierIds['L-100']}/supply/${supply.id}`, { delivered: true });
  await until(async () => (await data<{ status: string }>(page, 'GET', `order/${delivered}`)).status === 'delivered', 'the order should be delivered', 30_000);
  return { stamp, location, open, confirmed, delivered };
}

/** One more order, of L-100 at another new location (for the search to leave out). */
async function threeOrdersElsewhere(page: Page): Promise<number> {
  const customer = (await data<{ items: { id: number }[] }>(page, 'GET', 'customer?q=K-10001')).items[0]!;
  const stamp = `X${Date.now().toString(36)}`.toUpperCase();
  const location = await data<{ id: number }>(page, 'POST', `customer/${customer.id}/location/`, { name: `Anderswo ${stamp}` });
  const item = await data<{ id: number }>(page, 'POST', `customer/${customer.id}/item`, { sku: `OX-${stamp}`, name: 'Elsewhere', order_unit: 'PAK' });
  const rule = await data<{ id: number }>(page, 'POST', 'rules', { location_id: location.id, item_id: item.id, threshold: 2, capacity: 10, stock: 10 });
  const decision = (await data<{ decision: Decision }>(page, 'POST', `rules/${rule.id}/stock`, { stock: 1 })).decision;
  assert(decision.reason === 'ordered', `the stock drop should order: ${decision.reason}`);
  return decision.order_id;
}

const rowIds = async (page: Page) =>
  (await page.locator('[data-testid^=order-row-]').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-testid')!.replace('order-row-', ''))))) as number[];
const query = (page: Page) => new URL(page.url()).searchParams;

for (const language of ['en', 'de'] as const) {
  const words = WORDS[language];
  test(`orders list: search, status and ext status filters, sorting, empty state, words, dashboard figure (${language})`, async ({ loginAs }) => {
    // three orders through rules, a delivery and some twenty page visits: longer than the default on a loaded machine
    test.setTimeout(120_000);
    const page = await loginAs('admin@demo.example');
    await chooseLanguage(page, language);
    const f = await threeOrders(page, language.toUpperCase());

    // search: the location's unique name finds its three orders, newest first; the address keeps it. Another order
    // first (at another location), so the search has something to leave out.
    const other = await threeOrdersElsewhere(page);
    await goto(page, '/c/1/order');
    await visible(page, testid('orders-page'));
    await until(async () => (await rowIds(page)).includes(other), 'the unfiltered list should show the other order');
    await page.locator(testid('order-search')).fill(f.stamp.toLowerCase());
    await until(async () => JSON.stringify(await rowIds(page)) === JSON.stringify([f.delivered, f.confirmed, f.open]), async () => `the search should list the three orders, got ${JSON.stringify(await rowIds(page))}`);
    await until(() => query(page).get('q') === f.stamp.toLowerCase(), () => `the address should keep the search: ${page.url()}`);
    // the ext status in words: confirmed, not yet confirmed, nothing for the delivered order; never the codes
    await until(async () => (await text(page.locator(testid(`order-ext-${f.confirmed}`)))) === words.confirmedBy, `the confirmed order should read "${words.confirmedBy}"`);
    assert((await text(page.locator(testid(`order-ext-${f.open}`)))) === words.notYet, `the open order should read "${words.notYet}"`);
    assert((await text(page.locator(testid(`order-ext-${f.delivered}`)))) === '–', 'the delivered order should wait for no confirmation');
    const table = await text(page.locator(testid('order-table')));
    assert(!/\b(KA|FE)\b/.test(table), `the table should show no ext status codes: ${table}`);
    if (language === 'en') {
      const axe = await runAxe(page, 'orders list');
      assert(!axe.serious.length, axe.describe(axe.serious));
    }
    await screenshot(page, `orders-list-search-${language}.png`);

    // sorting by supplier: Schraubenwerk Franken (L-100, two) before Tiroler Normteile (L-200); again: the other way
    await page.locator(testid('sort-supplier')).click();
    await until(async () => (await rowIds(page))[2] === f.confirmed, 'sorted by supplier, the L-200 order should be last');
    assert(query(page).get('sort') === 'supplier' && query(page).get('order') === 'asc', `the address should keep the sorting: ${page.url()}`);
    assert((await page.locator(testid('sort-supplier')).locator('xpath=..').getAttribute('aria-sort')) === 'ascending', 'the header should say ascending');
    await page.locator(testid('sort-supplier')).click();
    await until(async () => (await rowIds(page))[0] === f.confirmed, 'sorted descending, the L-200 order should be first');
    await screenshot(page, `orders-list-sorted-${language}.png`);

    // status filter: delivered only
    await page.locator(testid('order-status-filter')).selectOption('delivered');
    await until(async () => JSON.stringify(await rowIds(page)) === JSON.stringify([f.delivered]), 'the status filter should leave the delivered order');
    assert(query(page).get('status') === 'delivered', `the address should keep the status: ${page.url()}`);
    // delivered and "not yet confirmed": nothing, said as such, with a reset and no pager
    await page.locator(testid('order-extstatus')).selectOption('0');
    const none = await visible(page, testid('order-none'));
    await until(async () => (await text(none)).includes(words.noMatch), `the list should say "${words.noMatch}"`);
    await absent(page, testid('pager'));
    await absent(page, testid('order-table'));
    await screenshot(page, `orders-list-empty-${language}.png`);
    // a reload keeps the filters (from the address)
    await page.reload();
    await visible(page, testid('order-none'));
    assert((await page.locator(testid('order-search')).inputValue()) === f.stamp.toLowerCase(), 'the search should survive a reload');
    assert((await page.locator(testid('order-status-filter')).inputValue()) === 'delivered', 'the status should survive a reload');
    await page.locator(testid('order-reset')).click();
    await visible(page, testid('pager'));
    await until(async () => (await page.locator(testid('order-search')).inputValue()) === '' && !query(page).has('status') && !query(page).has('ext'), 'the reset should clear the filters');

    // the delivered order offers no "mark confirmed by supplier"; the open one does
    await goto(page, `/c/1/order/${f.delivered}`);
    await visible(page, testid('order-detail-page'));
    await until(async () => (await text(page.locator(testid('order-ext-status')))) === '–', 'the delivered order should show no ext status');
    await absent(page, testid('order-update-ok'));
    await goto(page, `/c/1/order/${f.open}`);
    await until(async () => (await text(page.locator(testid('order-ext-status')))) === words.notYet, `the open order should read "${words.notYet}"`);
    await visible(page, testid('order-update-ok'));

    // the dashboard figure opens the list filtered, with the same count
    await goto(page, '/c/1/');
    const figure = await visible(page, testid('overview-pending'));
    const count = await until(async () => {
      const value = Number(await text(figure));
      return Number.isFinite(value) && value > 0 ? value : undefined;
    }, 'the dashboard should count orders not yet confirmed');
    await page.getByRole('link', { name: words.pending, exact: true }).click();
    await waitPath(page, '/c/1/order');
    assert(query(page).get('ext') === '0', `the figure should open the list filtered: ${page.url()}`);
    await until(async () => (await page.locator(testid('order-extstatus')).inputValue()) === '0', 'the filter should show "not yet confirmed"');
    await until(async () => (await text(page.locator(testid('pager')))).includes(String(count)), `the list should count ${count} as the figure did`);
    const ids = await rowIds(page);
    assert(ids.includes(f.open) && !ids.includes(f.delivered) && !ids.includes(f.confirmed), `the filtered list should have the open order only of the three: ${JSON.stringify(ids)}`);
    await screenshot(page, `orders-list-from-dashboard-${language}.png`);
  });
}

const SKIPPED = { en: 'Supplier inactive', de: 'Lieferant inaktiv' };

for (const language of ['en', 'de'] as const) {
  test(`requisition: a rule of an inactive supplier is skipped, shown on the rule, in the rule statistics and the journal (${language})`, async ({ loginAs }) => {
    const page = await loginAs('admin@demo.example');
    await chooseLanguage(page, language);
    // a supplier of its own (others' tests keep theirs active), its catalog, an item of K-10001 and a rule at a new location
    const stamp = `${language}${Date.now().toString(36)}`.toUpperCase();
    const customer = (await data<{ items: { id: number }[] }>(page, 'GET', 'customer?q=K-10001')).items[0]!;
    const supplier = await data<{ id: number; name: string }>(page, 'POST', 'supplier', { name: `Pausiert ${stamp} AG` });
    const catalog = await data<{ id: number }>(page, 'POST', `supplier/${supplier.id}/catalog`, { name: `Katalog ${stamp}` });
    const location = await data<{ id: number }>(page, 'POST', `customer/${customer.id}/location/`, { name: `Inaktiv ${stamp}` });
    const sku = `SI-${stamp}`;
    const item = await data<{ id: number }>(page, 'POST', `customer/${customer.id}/item`, { sku, name: `Skipped ${stamp}`, order_unit: 'PAK', catalog_id: catalog.id });
    const rule = await data<{ id: number }>(page, 'POST', 'rules', { location_id: location.id, item_id: item.id, threshold: 2, capacity: 10, stock: 10 });
    await data(page, 'GET', `supplier/${supplier.id}/toggleActive?active=0`);
    // the orders service learns of it by an event; then a stock drop orders nothing
    await until(
      async () => (await data<{ decision: Decision }>(page, 'GET', `rules/${rule.id}/execute`)).decision.reason === 'supplier_inactive',
      'the run should skip the rule of the inactive supplier',
      30_000,
    );
    const drop = (await data<{ decision: Decision }>(page, 'POST', `rules/${rule.id}/stock`, { stock: 1 })).decision;
    assert(drop.reason === 'supplier_inactive' && drop.order_id === null, `nothing should be ordered: ${JSON.stringify(drop)}`);

    await goto(page, `/c/1/customer/${customer.id}/location/${location.id}/item`);
    const row = await visible(page, testid(`rule-row-${sku}`));
    await until(async () => (await text(row.locator(testid('rule-decision')))).includes(SKIPPED[language]), `the rule should say "${SKIPPED[language]}"`);
    await screenshot(page, `requisition-supplier-inactive-rule-${language}.png`);

    await goto(page, '/c/1/stat/rules');
    await until(async () => (await text(page.locator(testid('rule-stats-reasons')))).includes(SKIPPED[language]), `the rule statistics should count "${SKIPPED[language]}"`);

    await goto(page, '/c/1/journal');
    // one entry (2001) naming the supplier and the rule's SKU (its words are the journal's, in the page's language)
    await until(async () => {
      const rows = await page.locator('tr', { hasText: supplier.name }).allInnerTexts();
      return rows.length === 1 && rows[0]!.includes(sku) && rows[0]!.includes('2001');
    }, 'the journal should have one entry naming the supplier and the rule');
    await screenshot(page, `requisition-supplier-inactive-journal-${language}.png`);
  });
}
