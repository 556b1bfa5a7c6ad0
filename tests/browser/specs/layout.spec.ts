// Tables that fit (issue 16, part 3): at 1366 x 900, in English and German, on each list page the first column (the
// row's identity) and the row's action are both inside the viewport and inside the table's visible area, and no
// table header is cut (no text overflowing its cell, no word broken over two lines). Below 760 px the lists are cards
// with the main action as a button. The pages are those of the demo data that hold rows.
import type { Page } from '@playwright/test';
import { test } from '../fixtures';
import { assert, chooseLanguage, goto, runAxe, screenshot, sleep, testid, until } from '../helpers';
import { pageData } from '../page-api';

const WIDE = { width: 1366, height: 900 };

interface Problem {
  table: number;
  what: string;
}

/** Looks at every table in the page's main area; answers what does not fit. */
async function tableProblems(page: Page): Promise<{ tables: number; rows: number; problems: Problem[] }> {
  return page.evaluate(() => {
    const problems: { table: number; what: string }[] = [];
    const tables = [...document.querySelectorAll('main table')] as HTMLTableElement[];
    let rows = 0;
    const inside = (r: DOMRect, box: DOMRect) => r.left >= box.left - 1 && r.right <= box.right + 1;
    tables.forEach((table, index) => {
      // the area the table is seen through: its nearest scrolling ancestor, else the window
      let scroller: HTMLElement | null = table.parentElement;
      while (scroller && !['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
      const view = new DOMRect(0, 0, window.innerWidth, window.innerHeight);
      const area = scroller ? scroller.getBoundingClientRect() : view;
      for (const th of table.querySelectorAll('thead th')) {
        const cell = th as HTMLElement;
        const label = (cell.innerText || '').trim();
        if (!label) continue;
        if (cell.scrollWidth > cell.clientWidth + 1) problems.push({ table: index, what: `header "${label}" overflows its cell` });
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const textOf = node.textContent ?? '';
          const re = /\S+/g;
          for (let m = re.exec(textOf); m; m = re.exec(textOf)) {
            const range = document.createRange();
            range.setStart(node, m.index);
            range.setEnd(node, m.index + m[0].length);
            const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
            if (lines.size > 1) problems.push({ table: index, what: `header "${label}": the word "${m[0]}" is broken over ${lines.size} lines` });
          }
        }
      }
      const bodyRows = [...table.querySelectorAll('tbody tr')].filter((tr) => tr.querySelectorAll('td').length > 1) as HTMLTableRowElement[];
      rows += bodyRows.length;
      const row = bodyRows[0];
      if (!row) return;
      const cells = [...row.querySelectorAll('td')] as HTMLElement[];
      const first = cells[0]!.getBoundingClientRect();
      const last = cells[cells.length - 1]!;
      const action = (last.querySelector('button, a, [role=button]') as HTMLElement | null) ?? last;
      const actionBox = action.getBoundingClientRect();
      if (!inside(first, view) || !inside(first, area)) problems.push({ table: index, what: `the first column is out of view (${Math.round(first.left)}..${Math.round(first.right)} in ${Math.round(area.left)}..${Math.round(area.right)})` });
      if (!inside(actionBox, view) || !inside(actionBox, area))
        problems.push({ table: index, what: `the row action is out of view (${Math.round(actionBox.left)}..${Math.round(actionBox.right)} in ${Math.round(area.left)}..${Math.round(area.right)})` });
    });
    return { tables: tables.length, rows, problems };
  });
}

interface Ids {
  customer: number;
  location: number;
  supplier: number;
}

/**
 * What to look at (the browser servers run without the replenishment history): a new location of Maschinenbau Huber
 * (K-10001) with two kanban rules on items of Schraubenwerk Franken (L-100), one of which has ordered; so the rules,
 * orders and supplies lists hold rows.
 */
async function demoIds(page: Page): Promise<Ids> {
  const customer = (await pageData(page, 'GET', 'customer?q=K-10001')).items[0].id as number;
  const supplier = (await pageData(page, 'GET', 'supplier?q=L-100')).items[0].id as number;
  const catalog = (await pageData(page, 'GET', `supplier/${supplier}/catalog`)).items[0].id as number;
  const stamp = `LY${Date.now().toString(36)}`.toUpperCase();
  const location = (await pageData(page, 'POST', `customer/${customer}/location/`, { name: `Layout ${stamp}` })).id as number;
  for (const n of [1, 2]) {
    const item = await pageData(page, 'POST', `customer/${customer}/item`, { sku: `LY-${stamp}-${n}`, name: `Layout item ${n}`, order_unit: 'PAK', catalog_id: catalog });
    const rule = await pageData(page, 'POST', 'rules', { location_id: location, item_id: item.id, threshold: 2, capacity: 10, stock: 10 });
    if (n === 1) {
      const { decision } = await pageData(page, 'POST', `rules/${rule.id}/stock`, { stock: 1 });
      assert(decision.reason === 'ordered', `the stock drop should order: ${decision.reason}`);
      await until(async () => (await pageData(page, 'GET', `supplier/${supplier}/supply?state=all&q=${decision.order_id}`)).items.length > 0, 'the order should reach the supplier', 30_000);
    }
  }
  return { customer, location, supplier };
}

const pages = (ids: Ids): { name: string; path: string; optional?: boolean }[] => [
  { name: 'customers', path: '/c/1/customer' },
  { name: 'suppliers', path: '/c/1/supplier' },
  { name: 'locations', path: `/c/1/customer/${ids.customer}/location` },
  { name: 'kanban rules', path: `/c/1/customer/${ids.customer}/location/${ids.location}/item` },
  { name: 'customer items', path: `/c/1/customer/${ids.customer}/item` },
  { name: 'contacts', path: `/c/1/customer/${ids.customer}/contacts` },
  { name: 'orders', path: '/c/1/order' },
  { name: 'supplies', path: `/c/1/supplier/${ids.supplier}/supply` },
  { name: 'supplier items', path: `/c/1/supplier/${ids.supplier}/item` },
  { name: 'users', path: '/c/1/settings/user' },
  { name: 'units', path: '/c/1/settings/units' },
  // the journal of a fresh server may hold nothing yet: looked at when it has entries
  { name: 'journal', path: '/c/1/journal', optional: true },
];

for (const language of ['en', 'de'] as const) {
  test(`layout: at 1366 px every list shows its first column and its row action, headers uncut (${language})`, async ({ loginAs }) => {
    test.setTimeout(180_000);
    const page = await loginAs('admin@demo.example', { viewport: WIDE });
    if (language === 'de') await chooseLanguage(page, 'de');
    const ids = await demoIds(page);
    const failures: string[] = [];
    let checked = 0;
    for (const { name, path, optional } of pages(ids)) {
      await goto(page, path);
      // wait for the list's rows (or its empty state) to settle
      await until(async () => (await page.locator('main table tbody tr, [data-testid=error-box]').count()) > 0 || (await page.locator('main').innerText()).length > 0, `${name} should render`);
      await sleep(300);
      await page
        .locator('main table tbody tr')
        .first()
        .waitFor({ timeout: 10_000 })
        .catch(() => undefined);
      const { tables, rows, problems } = await tableProblems(page);
      if (!tables || !rows) {
        if (optional) continue;
        await screenshot(page, `layout-${name.replace(/\s+/g, '-')}-${language}-empty.png`);
        failures.push(`${name} (${path}): no table rows to look at (${tables} tables)`);
        continue;
      }
      checked++;
      for (const p of problems) failures.push(`${name} (${path}), table ${p.table + 1}: ${p.what}`);
      if (problems.length) await screenshot(page, `layout-${name.replace(/\s+/g, '-')}-${language}.png`);
    }
    assert(!failures.length, `lists that do not fit at 1366 px (${language}), ${checked} pages with rows looked at:\n  ${failures.join('\n  ')}`);
    assert(checked >= 10, `at least 10 list pages should hold rows to look at, ${checked} did`);
  });
}

test('layout: below 760 px the kanban rules and a supply\'s lines are cards with their main action as a button', async ({ loginAs }) => {
  const page = await loginAs('admin@demo.example', { viewport: { width: 390, height: 844 } });
  const ids = await demoIds(page);
  await goto(page, `/c/1/customer/${ids.customer}/location/${ids.location}/item`);
  const cards = page.locator(`${testid('rule-table')}[data-layout=cards]`);
  await cards.waitFor({ timeout: 15_000 });
  const first = cards.locator('[role=listitem]').first();
  await first.waitFor();
  const button = first.locator('[data-testid^=rule-enter-stock-]');
  assert((await button.count()) === 1, 'each rule card should offer "Enter stock" as a button');
  const box = await button.boundingBox();
  assert(box && box.x >= 0 && box.x + box.width <= 390, `the button should be inside the 390 px screen: ${JSON.stringify(box)}`);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert(width <= 391, `the page should not scroll sideways at 390 px (it is ${width} px wide)`);
  await screenshot(page, 'layout-rules-cards-390.png');

  // a supply's lines: cards with "Mark delivered" as the button, inside the screen
  const supply = (await pageData(page, 'GET', `supplier/${ids.supplier}/supply?state=open&q=Layout`)).items[0] as { id: number } | undefined;
  assert(supply, 'the supply of the layout order should be open');
  await goto(page, `/c/1/supplier/${ids.supplier}/supply/${supply.id}`);
  const lines = page.locator(`${testid('supply-lines')}[data-layout=cards]`);
  await lines.waitFor({ timeout: 15_000 });
  const deliver = lines.locator('[data-testid^=supply-line-][data-testid$=-deliver]').first();
  await deliver.waitFor();
  const at = await deliver.boundingBox();
  assert(at && at.x >= 0 && at.x + at.width <= 390, `"Mark delivered" should be inside the 390 px screen: ${JSON.stringify(at)}`);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert(wide <= 391, `the supply page should not scroll sideways at 390 px (it is ${wide} px wide)`);
  await screenshot(page, 'layout-supply-cards-390.png');
});

test('layout: the list pages at 390 px have no serious or critical accessibility violations (axe)', async ({ loginAs }) => {
  test.setTimeout(180_000);
  const page = await loginAs('admin@demo.example', { viewport: { width: 390, height: 844 } });
  const ids = await demoIds(page);
  const found: string[] = [];
  for (const { name, path } of pages(ids)) {
    await goto(page, path);
    await page
      .locator('main table tbody tr, main [role=listitem]')
      .first()
      .waitFor({ timeout: 10_000 })
      .catch(() => undefined);
    const axe = await runAxe(page, `${name} at 390 px`);
    if (axe.serious.length) found.push(axe.describe(axe.serious));
  }
  assert(!found.length, found.join('\n'));
});
