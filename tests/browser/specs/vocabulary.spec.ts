// One vocabulary (issue 16, part 6): no raw server text in the German UI. The journal (entries of a run's orders
// without a supplier, 2001, made here; and the demo's entries: failed runs, a rule set up wrongly, the inactive
// supplier's skipped rules), an order's history and a page of an order that does not exist are read in German and
// must not contain the English words of the server's messages; in English the same pages do contain them (so the
// list of words matches what the server writes). The journal's context names the customer, the location and the
// rule's item, and links them. Unit codes read as names in the UI language ("Stück", not "PCE").
import type { Page } from '@playwright/test';
import { test } from '../fixtures';
import { assert, chooseLanguage, goto, screenshot, testid, text, until, visible, waitPath } from '../helpers';
import { pageApi as api } from '../page-api';

interface Customer {
  id: number;
  nr: string;
  name: string;
}
interface Created {
  id: number;
}
interface StockReply {
  decision?: { reason: string; order_id: number };
}

/** English words and phrases of the server's messages (journal texts, order events, error messages). */
const SERVER_WORDS = [
  'failed',
  'not found',
  'requisition run',
  'Connection',
  'could not be processed',
  'without a supplier',
  'cannot be transmitted',
  'supplier inactive',
  'not ordered automatically',
  'capacity not above',
  'unknown error',
  'not confirmed',
  'ordered by hand',
  'updated to OK',
  'Error 404',
];

const englishIn = (content: string): string[] => SERVER_WORDS.filter((w) => content.toLowerCase().includes(w.toLowerCase()));

/** A rule of an item without a supplier at a new location: a stock drop orders without a supplier (journal 2001). */
async function orderWithoutSupplier(page: Page, tag: string): Promise<{ customer: Customer; location: string; sku: string; order: number }> {
  const customers = await api<{ items: Customer[] }>(page, 'GET', 'customer?all=1&per_page=200');
  const customer = customers.Data.items.find((c) => c.nr === 'K-10001')!;
  const location = `Vokabular ${tag}`;
  const created = await api<Created>(page, 'POST', `customer/${customer.id}/location/`, { name: location });
  const sku = `VOC-${tag}`;
  const item = await api<Created>(page, 'POST', `customer/${customer.id}/item`, { sku, name: `Vocabulary ${tag}`, order_unit: 'PCE' });
  const rule = await api<Created>(page, 'POST', 'rules', { location_id: created.Data.id, item_id: item.Data.id, threshold: 2, capacity: 8, stock: 8 });
  const reply = await api<StockReply | undefined>(page, 'POST', `rules/${rule.Data.id}/stock`, { stock: 1 });
  assert(reply.Data?.decision?.reason === 'ordered', `the run should order, got ${JSON.stringify(reply.Meta)}`);
  return { customer, location, sku, order: reply.Data.decision.order_id };
}

for (const language of ['de', 'en'] as const) {
  test(`vocabulary: journal, order history and a missing order in the UI language, no server English in German (${language})`, async ({ loginAs }) => {
    test.setTimeout(90_000);
    const page = await loginAs('admin@demo.example');
    if (language === 'de') await chooseLanguage(page, 'de');
    const made = await orderWithoutSupplier(page, `${language}${Date.now().toString(36)}`);

    // the journal, all entries: the new one first
    await (await visible(page, testid('menu-company.journal'))).click();
    await waitPath(page, /^\/c\/1\/journal\/?$/);
    await (await visible(page, testid('journal-view-all'))).click();
    const rows = page.locator('[data-testid^=journal-row-]');
    await until(async () => (await rows.count()) >= 1, 'the journal should list entries');
    const newest = rows.first();
    await until(async () => (await text(newest)).includes(made.sku), `the newest entry should name ${made.sku}`);
    const sentence = await text(newest.locator('[data-testid^=journal-message-]'));
    const expected = language === 'de' ? `Bestellung ${made.order} (${made.sku}) kann nicht übermittelt werden` : `Order ${made.order} (${made.sku}) cannot be transmitted`;
    assert(sentence.includes(expected), `the entry should read "${expected}", got "${sentence}"`);
    // context: names with links, not bare ids
    const context = newest.locator('[data-testid^=journal-context-]');
    const contextText = await text(context);
    assert(contextText.includes(made.customer.name) && contextText.includes(made.location), `the context should name customer and location, got "${contextText}"`);
    const links = context.locator('a');
    assert((await links.count()) >= 3, 'customer, location, rule and order should be links');
    await screenshot(page, `vocabulary-journal-${language}.png`);
    const journalText = await text(page.locator(testid('journal-table')));
    if (language === 'de') {
      const found = englishIn(journalText);
      assert(found.length === 0, `the German journal shows server English: ${found.join(', ')}`);
    } else {
      assert(englishIn(journalText).includes('cannot be transmitted'), 'the English journal should use the words the check looks for');
    }

    // the order's history, reached from the journal's link
    await newest.locator(`[data-testid^=journal-link-order-]`).click();
    await waitPath(page, new RegExp(`^/c/1/order/${made.order}$`));
    const history = await visible(page, testid('order-history'));
    await until(async () => (await page.locator(testid('order-history-event')).count()) > 0, 'the order should have history');
    const historyText = await text(history);
    await screenshot(page, `vocabulary-history-${language}.png`);
    // the line's unit as a name in the UI language (the code PCE stays as its tooltip)
    const unit = language === 'de' ? 'Stück' : 'Piece';
    const lineText = await text(page.locator(testid('order-detail-page')));
    assert(lineText.includes(unit), `the order line should show the unit as "${unit}"`);
    assert(!/\bPCE\b/.test(lineText), 'the order line should not show the unit code PCE as text');
    if (language === 'de') {
      const found = englishIn(historyText);
      assert(found.length === 0, `the German order history shows server English: ${found.join(', ')}`);
      assert(/Lauf \d+/.test(historyText), `the history should name the run in German, got "${historyText}"`);
    }

    // an order that does not exist (any more)
    await goto(page, '/c/1/order/987654');
    const box = await visible(page, testid('error-box'));
    const missing = await text(box);
    const says = language === 'de' ? 'Diese Bestellung gibt es nicht (mehr).' : 'This order does not exist (any more).';
    assert(missing.includes(says), `the page should say "${says}", got "${missing}"`);
    await screenshot(page, `vocabulary-not-found-${language}.png`);
    if (language === 'de') {
      const found = englishIn(await text(page.locator('main')));
      assert(found.length === 0, `the German not-found page shows server English: ${found.join(', ')}`);
      assert(!missing.includes('Fehler 404'), 'the not-found page should not read as an error with a code');
    }
    // a supply order that does not exist (any more), of an existing supplier
    const suppliers = await api<{ items: { id: number }[] }>(page, 'GET', 'supplier?all=1&per_page=1');
    await goto(page, `/c/1/supplier/${suppliers.Data.items[0]!.id}/supply/987654`);
    const supplyBox = await visible(page, testid('error-box'));
    const noSupply = language === 'de' ? 'Diesen Lieferauftrag gibt es nicht (mehr).' : 'This supply order does not exist (any more).';
    await until(async () => (await text(supplyBox)).includes(noSupply), `the supply page should say "${noSupply}"`);
    if (language === 'de') {
      const found = englishIn(await text(page.locator('main')));
      assert(found.length === 0, `the German missing supply page shows server English: ${found.join(', ')}`);
    }
  });
}
