// Empty lists say why (issue 16, part 8): a search that empties a list says "Nothing matches these filters." with
// "Reset filters", which brings the rows back; a truly empty list says so plainly; no pager and no bulk actions while
// there is nothing to act on (the order queue's "Requeue 0 entries"); a list that fits on one page keeps its count
// line but shows no pager buttons. English at 1366 px, German at 390 px.
import type { Page, ViewportSize } from '@playwright/test';
import { test } from '../fixtures';
import { absent, assert, goto, screenshot, testid, text, until, visible, waitPath } from '../helpers';

const WORDS = {
  en: { noMatch: 'No customers match these filters.', any: 'Nothing matches these filters.', reset: 'Reset filters', queueEmpty: 'No order is waiting or failed.', of: 'of', next: 'Next page' },
  de: { noMatch: 'Keine Kunden passen zu diesen Filtern.', any: 'Nichts passt zu diesen Filtern.', reset: 'Filter zurücksetzen', queueEmpty: 'Keine Bestellung wartet oder ist fehlgeschlagen.', of: 'von', next: 'Nächste Seite' },
};

const CASES: { language: 'en' | 'de'; viewport: ViewportSize }[] = [
  { language: 'en', viewport: { width: 1366, height: 900 } },
  { language: 'de', viewport: { width: 390, height: 844 } },
];

async function signIn(newPage: (o?: { viewport?: ViewportSize; locale?: string }) => Promise<Page>, language: 'en' | 'de', viewport: ViewportSize): Promise<Page> {
  const page = await newPage({ viewport });
  await page.context().addInitScript((lang) => localStorage.setItem('kanban.language', lang), language);
  await goto(page, '/login');
  await (await visible(page, 'input[name=email]')).fill('admin@demo.example');
  await page.locator('input[name=password]').fill('demo12345');
  await page.locator('button[type=submit]').click();
  await waitPath(page, /^\/c\/1\/?$/);
  await visible(page, testid('shell'), 15_000);
  return page;
}

for (const { language, viewport } of CASES) {
  const words = WORDS[language];

  test(`empty lists: a search that finds nothing says so and resets; no pager then (${language}, ${viewport.width} px)`, async ({ newPage }) => {
    const page = await signIn(newPage, language, viewport);
    await goto(page, '/c/1/customer');
    const rows = page.locator('[data-testid^=customer-row-]');
    await until(async () => (await rows.count()) > 0, 'the customers should be listed');
    await visible(page, testid('pager'));
    await page.locator(testid('customer-filter')).fill('zzzz-no-such-customer');
    const empty = await visible(page, testid('customer-empty'));
    await until(async () => (await text(empty)).includes(words.noMatch), async () => `the list should say "${words.noMatch}", says "${await text(empty)}"`);
    assert((await empty.getAttribute('data-filtered')) === 'true', 'the empty list should know a filter emptied it');
    await absent(page, testid('pager'));
    const reset = await visible(page, testid('customer-empty-reset'));
    assert((await text(reset)).includes(words.reset), `the button should read "${words.reset}"`);
    await screenshot(page, `empty-customers-filtered-${language}-${viewport.width}.png`);
    await reset.click();
    await until(async () => (await rows.count()) > 0, 'reset should bring the customers back');
    assert((await page.locator(testid('customer-filter')).inputValue()) === '', 'reset should clear the search');
    // the demo's few customers fit on one page: the count line stays, no pager buttons for a single page
    const pager = await visible(page, testid('pager'));
    const count = await rows.count();
    await until(async () => (await text(pager)).includes(`${count} ${words.of} ${count}`), async () => `the pager should count "${count} ${words.of} ${count}", says "${await text(pager)}"`);
    await absent(page, testid('pager-buttons'));
    assert((await page.getByRole('button', { name: words.next }).count()) === 0, `no "${words.next}" button on a single page`);
  });

  test(`empty lists: the empty order queue says so plainly, with no pager and no bulk actions (${language}, ${viewport.width} px)`, async ({ newPage }) => {
    const page = await signIn(newPage, language, viewport);
    await goto(page, '/c/1/orderqueue');
    // the test system has no order history: nothing waits or failed
    const empty = await visible(page, testid('orderqueue-empty'), 15_000);
    await until(async () => (await text(empty)).includes(words.queueEmpty), async () => `the queue should say "${words.queueEmpty}", says "${await text(empty)}"`);
    assert((await empty.getAttribute('data-filtered')) === null, 'a truly empty queue is not "no match"');
    await absent(page, testid('orderqueue-empty-reset'));
    await absent(page, testid('pager'));
    await absent(page, testid('orderqueue-requeue'));
    await absent(page, testid('orderqueue-delete'));
    await screenshot(page, `empty-orderqueue-${language}-${viewport.width}.png`);
    // a search on it: "no match" with a reset, which goes back to the plain sentence
    await page.locator(testid('orderqueue-filter')).fill('zzzz');
    await until(async () => (await text(empty)).includes(words.any), `the queue should say "${words.any}" for a search`);
    await (await visible(page, testid('orderqueue-empty-reset'))).click();
    await until(async () => (await text(page.locator(testid('orderqueue-empty')))).includes(words.queueEmpty), 'reset should go back to the plain sentence');
    assert((await page.locator(testid('orderqueue-filter')).inputValue()) === '', 'reset should clear the search');
  });
}
