// Menus by what a role can open (issue 16, part 1): staff, a customer user and a supplier user, in English and German,
// at 1366 px and at 390 px, click every entry of the side menus of their contexts: each opens a page the role may use
// (not the "not allowed" page, not an error page, no error box) and the address stays. A page typed by hand that the
// role may not open says so in both languages. The supplier user marks an open supply delivered from its home in at
// most two clicks; the customer user enters stock from the location menu.
import type { Page, ViewportSize } from '@playwright/test';
import type { NewPageOptions } from '../fixtures';
import { expect, test } from '../fixtures';
import { assert, DASHBOARD, fillLogin, goto, pathOf, pickRowAction, screenshot, sleep, testid, text, until, visible, waitPath } from '../helpers';
import { pageData } from '../page-api';

const WIDE: ViewportSize = { width: 1366, height: 900 };
const NARROW: ViewportSize = { width: 390, height: 844 };
type Language = 'en' | 'de';

const WORDS = {
  en: { notAllowed: 'Not allowed', role: 'Supplier', delivered: 'marked delivered', stockTitle: 'Kanban rules / stock', entered: 'Stock' },
  de: { notAllowed: 'Nicht erlaubt', role: 'Lieferant', delivered: 'als geliefert markiert', stockTitle: 'Kanban-Regeln / Bestand', entered: 'Bestand' },
};

/** A new context at `viewport` in `language` (kept in localStorage before the app starts), signed in as `email`. */
type NewPage = (options?: NewPageOptions) => Promise<Page>;
async function signIn(newPage: NewPage, email: string, language: Language, viewport: ViewportSize): Promise<Page> {
  const page = await newPage({ viewport, locale: language === 'de' ? 'de-DE' : 'en-US' });
  await page.context().addInitScript((lang) => localStorage.setItem('kanban.language', lang), language);
  await goto(page, '/login');
  await fillLogin(page, email);
  await waitPath(page, DASHBOARD);
  await visible(page, testid('shell'), 15_000);
  await until(async () => (await page.evaluate(() => document.documentElement.lang)) === language, `the app should speak ${language}`);
  return page;
}

const sidebar = (page: Page) => page.locator(`nav${testid('sidebar')}`);

/** The side menu, opened from the toolbar on a phone (where it is an overlay that closes after each click). */
async function openMenu(page: Page): Promise<void> {
  await visible(page, testid('toolbar'), 15_000);
  if ((page.viewportSize()?.width ?? 0) > 760) {
    await visible(sidebar(page), testid('side-menu'));
    return;
  }
  if ((await sidebar(page).count()) && (await sidebar(page).first().isVisible())) return;
  await (await visible(page, testid('sidebar-toggle'))).click();
  await visible(sidebar(page), testid('side-menu'));
}

/** Every link of the side menu of the page's context (groups opened), with where it leads. */
async function menuLinks(page: Page): Promise<{ id: string; href: string }[]> {
  await openMenu(page);
  const menu = sidebar(page).locator(testid('side-menu'));
  for (const group of await menu.locator('button[data-testid^="menu-"]').all()) {
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  }
  const links = await menu.locator('a[data-testid^="menu-"]').evaluateAll((as) =>
    as.map((a) => ({ id: (a.getAttribute('data-testid') ?? '').slice('menu-'.length), href: a.getAttribute('href') ?? '' })),
  );
  assert(links.length > 0, `the side menu at ${pathOf(page)} should have entries`);
  return links;
}

/** The page shown is one the role may use: no "not allowed", no error page, no error box, the address as asked. */
async function expectUsable(page: Page, href: string, what: string): Promise<void> {
  const want = href.replace(/\/$/, '');
  await until(async () => pathOf(page).replace(/\/$/, '') === want, async () => `${what}: the address should be ${href}, is ${pathOf(page)}`);
  await page.waitForLoadState('networkidle', { timeout: 3000 }).catch(() => undefined);
  await sleep(300);
  for (const bad of ['not-allowed-page', 'error-page', 'error-box']) {
    const shown = page.locator(testid(bad));
    if (await shown.count()) throw new Error(`${what} (${href}) shows ${bad}: "${(await shown.first().textContent()) ?? ''}"`);
  }
  assert(pathOf(page).replace(/\/$/, '') === want, `${what}: the address should stay ${href}, is ${pathOf(page)}`);
}

/** Clicks every entry of the menu of the context at `start`, each from that context's menu. */
async function clickEveryEntry(page: Page, start: string, label: string): Promise<string[]> {
  await goto(page, start);
  await visible(page, testid('shell'), 15_000);
  const links = await menuLinks(page);
  const context = await sidebar(page).locator(testid('side-menu')).getAttribute('data-context');
  for (const { id, href } of links) {
    // entries leading into another context (back to the customer, its contacts) leave this menu: come back first
    await openMenu(page);
    if ((await sidebar(page).locator(testid('side-menu')).getAttribute('data-context')) !== context) {
      await goto(page, start);
      await openMenu(page);
    }
    let entry = sidebar(page).locator(`a${testid(`menu-${id}`)}`);
    if (!(await entry.isVisible())) {
      // open every closed group (each click changes which groups match, so always the first of those still closed)
      const closed = sidebar(page).locator('button[data-testid^="menu-"][aria-expanded=false]');
      for (let left = await closed.count(); left > 0; left--) await closed.first().click();
      entry = sidebar(page).locator(`a${testid(`menu-${id}`)}`);
    }
    await entry.click();
    await expectUsable(page, href, `${label}: menu entry ${id}`);
  }
  return links.map((l) => l.id);
}

interface Ids {
  customer: number;
  location: number;
  supplier: number;
}

async function demoIds(page: Page): Promise<Ids> {
  const customer = (await pageData<{ items: { id: number }[] }>(page, 'GET', 'customer?q=K-10001')).items[0]!.id;
  const location = (await pageData<{ items: { id: number }[] }>(page, 'GET', `customer/${customer}/location`)).items[0]!.id;
  const supplier = (await pageData<{ items: { id: number }[] }>(page, 'GET', 'supplier?q=L-100')).items[0]!.id;
  return { customer, location, supplier };
}

const ROLES = {
  staff: { email: 'admin@demo.example', contexts: (ids: Ids) => ['/c/1/', `/c/1/customer/${ids.customer}/`, `/c/1/customer/${ids.customer}/location/${ids.location}/`, `/c/1/supplier/${ids.supplier}/`] },
  customer: { email: 'customer@demo.example', contexts: (ids: Ids) => ['/c/1/', `/c/1/customer/${ids.customer}/`, `/c/1/customer/${ids.customer}/location/${ids.location}/`] },
  supplier: { email: 'supplier@demo.example', contexts: (ids: Ids) => ['/c/1/', `/c/1/supplier/${ids.supplier}/`] },
} as const;

for (const [role, { email, contexts }] of Object.entries(ROLES)) {
  for (const language of ['en', 'de'] as const) {
    for (const viewport of [WIDE, NARROW]) {
      test(`role menus: every entry opens a page the ${role} user may use (${language}, ${viewport.width} px)`, async ({ newPage }) => {
        test.setTimeout(300_000);
        const admin = await signIn(newPage, 'admin@demo.example', 'en', WIDE);
        const ids = await demoIds(admin);
        await admin.context().close();
        const page = await signIn(newPage, email, language, viewport);
        const seen: string[] = [];
        for (const start of contexts(ids)) seen.push(...(await clickEveryEntry(page, start, `${role} ${language} ${viewport.width}`)));
        // what each role is (not) offered: the ordering pages are not a supplier's; unbuilt pages nobody's
        // (label templates, print locations and print items have their pages since issue 19)
        const never = ['supplier.importServer'];
        for (const id of never) assert(!seen.includes(id), `${role}: ${id} has no page yet and should not be offered`);
        if (role === 'supplier') {
          for (const id of ['company.orders', 'company.orderNew', 'company.orderQueue', 'company.requests', 'company.customers'])
            assert(!seen.includes(id), `the supplier user should not be offered ${id}`);
          assert(seen.includes('supplier.supplies'), 'the supplier user should be offered its supply orders');
        }
        if (role === 'customer') {
          assert(seen.includes('location.rules'), 'the customer user should be offered "Kanban rules / stock" at a location');
          assert(seen.includes('location.storages'), 'the customer user should be offered the storages of a location (read only)');
          for (const id of ['company.suppliers', 'company.journal', 'customer.users', 'location.users']) assert(!seen.includes(id), `the customer user should not be offered ${id}`);
        }
        if (role === 'staff') for (const id of ['company.labelTemplates', 'customer.printLocations', 'customer.printSettings', 'location.printItems', 'company.journal', 'company.settingsStats', 'location.rules', 'supplier.supplies', 'company.notificationRules', 'customer.notifications', 'location.notifications', 'supplier.notifications']) assert(seen.includes(id), `staff should be offered ${id}`);
        await goto(page, '/c/1/');
        await visible(page, testid('company-dashboard'), 15_000);
        await page.waitForLoadState('networkidle', { timeout: 3000 }).catch(() => undefined);
        await openMenu(page);
        await screenshot(page, `role-menu-${role}-${language}-${viewport.width}.png`);
      });
    }
  }
}

for (const language of ['en', 'de'] as const) {
  test(`role menus: a page the role may not open, typed by hand, says "not allowed" (${language})`, async ({ newPage }) => {
    const page = await signIn(newPage, 'supplier@demo.example', language, language === 'en' ? WIDE : NARROW);
    for (const address of ['/c/1/order', '/c/1/journal', '/c/1/settings/user']) {
      await goto(page, address);
      const box = await visible(page, testid('not-allowed-page'), 15_000);
      const words = await text(box);
      assert(words.includes(WORDS[language].notAllowed), `${address}: should say "${WORDS[language].notAllowed}", says "${words}"`);
      assert(words.includes(WORDS[language].role), `${address}: should name the role "${WORDS[language].role}", says "${words}"`);
      await sleep(500);
      assert(pathOf(page) === address, `${address}: the address should stay, is ${pathOf(page)}`);
      const title = await page.title();
      assert(title.startsWith(WORDS[language].notAllowed), `${address}: the document title should say "${WORDS[language].notAllowed}", is "${title}"`);
    }
    await screenshot(page, `role-not-allowed-${language}.png`);
    await (await visible(page, testid('not-allowed-home'))).click();
    await waitPath(page, DASHBOARD);
    await visible(page, testid('supplier-home'));
  });
}

/** The writer orders an item of L-100 for a new location of K-10001 (a stock drop under the threshold): an open supply. */
async function openSupply(newPage: NewPage, tag: string): Promise<{ supplier: number; supply: number; order: number }> {
  const writer = await signIn(newPage, 'writer@demo.example', 'en', WIDE);
  const customer = (await pageData<{ items: { id: number }[] }>(writer, 'GET', 'customer?q=K-10001')).items[0]!.id;
  const supplier = (await pageData<{ items: { id: number }[] }>(writer, 'GET', 'supplier?q=L-100')).items[0]!.id;
  const catalog = (await pageData<{ items: { id: number }[] }>(writer, 'GET', `supplier/${supplier}/catalog`)).items[0]!.id;
  // The home lists the ten earliest open supplies: supplies earlier tests of this worker's server left open are
  // delivered first, so the new one is among them whatever ran before.
  const left = (await pageData<{ items: { id: number }[] }>(writer, 'GET', `supplier/${supplier}/supply?state=open&per_page=100`)).items;
  for (const open of left) await pageData(writer, 'PATCH', `supplier/${supplier}/supply/${open.id}`, { delivered: true });
  const stamp = `${tag}-${Date.now().toString(36)}`.toUpperCase();
  const location = await pageData<{ id: number }>(writer, 'POST', `customer/${customer}/location/`, { name: `Home ${stamp}` });
  const item = await pageData<{ id: number }>(writer, 'POST', `customer/${customer}/item`, { sku: `HM-${stamp}`, name: `Home item ${stamp}`, order_unit: 'PAK', catalog_id: catalog });
  const rule = await pageData<{ id: number }>(writer, 'POST', 'rules', { location_id: location.id, item_id: item.id, threshold: 2, capacity: 10, stock: 10 });
  const decision = (await pageData<{ decision: { reason: string; order_id: number } }>(writer, 'POST', `rules/${rule.id}/stock`, { stock: 1 })).decision;
  assert(decision.reason === 'ordered', `the stock drop should order: ${decision.reason}`);
  let supply = 0;
  await until(async () => {
    const found = (await pageData<{ items: { id: number; order_id: number }[] }>(writer, 'GET', `supplier/${supplier}/supply?state=all&q=${decision.order_id}`)).items.find((s) => s.order_id === decision.order_id);
    supply = found?.id ?? 0;
    return supply > 0;
  }, `the supply of order ${decision.order_id} should exist`);
  await writer.context().close();
  return { supplier, supply, order: decision.order_id };
}

for (const language of ['en', 'de'] as const) {
  for (const viewport of [WIDE, NARROW]) {
    test(`role homes: the supplier user marks an open supply delivered from its home in one click (${language}, ${viewport.width} px)`, async ({ newPage }) => {
      test.setTimeout(90_000);
      const { supplier, supply, order } = await openSupply(newPage, `${language}${viewport.width}`);
      const page = await signIn(newPage, 'supplier@demo.example', language, viewport);
      const home = await visible(page, testid('supplier-home'), 15_000);
      const row = home.locator(testid(`home-supply-${supply}`));
      await visible(row, undefined, 15_000);
      assert((await text(row)).includes(String(order)), `the home's row should name order ${order}`);
      const button = row.locator(testid(`home-supply-${supply}-deliver`));
      const box = await button.boundingBox();
      assert(box && box.x >= 0 && box.x + box.width <= viewport.width, `"Mark delivered" should be on screen at ${viewport.width} px: ${JSON.stringify(box)}`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert(width <= viewport.width + 1, `the home should not scroll sideways at ${viewport.width} px (${width} px wide)`);
      await screenshot(page, `role-home-supplier-${language}-${viewport.width}.png`);
      await button.click(); // the one click
      await until(async () => (await text(page.locator(testid('snackbar')))).includes(WORDS[language].delivered), `the snackbar should say "${WORDS[language].delivered}"`);
      await until(async () => (await row.count()) === 0, 'the delivered supply should leave the open supplies');
      const now = await pageData<{ delivered: boolean; status: string }>(page, 'GET', `supplier/${supplier}/supply/${supply}`);
      assert(now.delivered && now.status === 'delivered', `the supply should be delivered now: ${JSON.stringify(now)}`);
    });
  }
}

test('role homes: the supplier user reaches a supply\'s lines from home and marks it delivered there (two clicks)', async ({ newPage }) => {
  test.setTimeout(90_000);
  const { supplier, supply } = await openSupply(newPage, 'two');
  const page = await signIn(newPage, 'supplier@demo.example', 'de', WIDE);
  await (await visible(page, testid(`home-supply-${supply}-open`), 15_000)).click(); // click 1
  await waitPath(page, `/c/1/supplier/${supplier}/supply/${supply}`);
  await (await visible(page, testid('supply-mark-delivered'))).click(); // click 2
  await until(async () => (await pageData<{ delivered: boolean }>(page, 'GET', `supplier/${supplier}/supply/${supply}`)).delivered, 'the supply should be delivered');
});

for (const language of ['en', 'de'] as const) {
  for (const viewport of [WIDE, NARROW]) {
    test(`role homes: the customer user enters stock from its home and the location menu (${language}, ${viewport.width} px)`, async ({ newPage }) => {
      test.setTimeout(90_000);
      // a location of Maschinenbau Huber (the customer user's customer) with a rule
      const writer = await signIn(newPage, 'writer@demo.example', 'en', WIDE);
      const customer = (await pageData<{ items: { id: number }[] }>(writer, 'GET', 'customer?q=K-10001')).items[0]!.id;
      const stamp = `C${language}${viewport.width}-${Date.now().toString(36)}`.toUpperCase();
      const location = await pageData<{ id: number }>(writer, 'POST', `customer/${customer}/location/`, { name: `Aaa Lager ${stamp}` });
      const sku = `CS-${stamp}`;
      const item = await pageData<{ id: number }>(writer, 'POST', `customer/${customer}/item`, { sku, name: `Stock item ${stamp}`, order_unit: 'PAK' });
      const rule = await pageData<{ id: number }>(writer, 'POST', 'rules', { location_id: location.id, item_id: item.id, threshold: 2, capacity: 20, stock: 15 });
      // the writer's page stays open: the stock entered is read back as staff at the end

      const page = await signIn(newPage, 'customer@demo.example', language, viewport);
      const home = await visible(page, testid('customer-home'), 15_000);
      const row = home.locator(testid(`home-location-${location.id}`));
      await visible(row, undefined, 15_000);
      const stock = row.locator(testid(`home-location-${location.id}-stock`));
      const box = await stock.boundingBox();
      assert(box && box.x >= 0 && box.x + box.width <= viewport.width, `the stock button should be on screen at ${viewport.width} px: ${JSON.stringify(box)}`);
      await screenshot(page, `role-home-customer-${language}-${viewport.width}.png`);
      // one click from home to the location's kanban rules
      await stock.click();
      await waitPath(page, `/c/1/customer/${customer}/location/${location.id}/item`);
      await visible(page, testid(`rule-row-${sku}`), 15_000);
      // and from the location menu: dashboard, then "Kanban rules / stock"
      await goto(page, `/c/1/customer/${customer}/location/${location.id}/`);
      await openMenu(page);
      const entry = await visible(sidebar(page), testid('menu-location.rules'));
      assert((await text(entry)).includes(WORDS[language].stockTitle), `the entry should read "${WORDS[language].stockTitle}", reads "${await text(entry)}"`);
      await entry.click();
      await waitPath(page, `/c/1/customer/${customer}/location/${location.id}/item`);
      const ruleRow = await visible(page, testid(`rule-row-${sku}`), 15_000);
      const direct = ruleRow.locator(testid(`rule-enter-stock-${sku}`));
      const dialog =
        (await direct.count()) && (await direct.isVisible())
          ? (await direct.click(), await visible(page, `[role=dialog]${testid('rule-stock-dialog')}`))
          : await pickRowAction(page, ruleRow.locator(testid(`rule-actions-${sku}`)), testid('rule-action-stock'), `[role=dialog]${testid('rule-stock-dialog')}`);
      await dialog.locator(testid('rule-stock-input')).fill('7');
      await dialog.locator(testid('rule-stock-submit')).click();
      // read as staff: the customer user's own answer hides the stock when the customer's show_stock_in_app is off
      await until(async () => (await pageData<{ stock: number }>(writer, 'GET', `rules/${rule.id}`)).stock === 7, 'the stock entered should be 7');
      await expect(page.locator(testid('not-allowed-page'))).toHaveCount(0);
      await screenshot(page, `role-customer-stock-${language}-${viewport.width}.png`);
      await writer.context().close();
    });
  }
}
