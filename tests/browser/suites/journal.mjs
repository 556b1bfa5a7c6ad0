// Journal: entries of runs (orders of items without a supplier: 2001), unacknowledged and all, acknowledging the
// selected entries and all of them after a confirmation, in English and German.
import { pageApi as api } from '../page-api.mjs';

const WORDS = {
  en: { one: '1 entry acknowledged', nothing: 'Nothing to acknowledge.', code: 'Configuration missing', confirm: 'Acknowledge' },
  de: { one: '1 Eintrag bestätigt', nothing: 'Nichts zu bestätigen.', code: 'Konfiguration fehlt', confirm: 'Bestätigen' },
};

export default function register(h) {
  const { test, testid, visible, until, waitPath, assert, text, loginPage, chooseLanguage, runAxe, screenshot } = h;

  /** Two rules of items without a supplier: each stock drop orders without a supplier, a journal entry 2001 each. */
  async function twoEntries(page, tag) {
    const customers = await api(page, 'GET', 'customer?all=1&per_page=200');
    const customer = customers.Data.items.find((c) => c.nr === 'K-10001');
    const location = await api(page, 'POST', `customer/${customer.id}/location/`, { name: `Journal ${tag}` });
    for (let i = 1; i <= 2; i++) {
      const item = await api(page, 'POST', `customer/${customer.id}/item`, { sku: `JB-${tag}-${i}`, name: `Journal ${tag} ${i}`, order_unit: 'PCE' });
      const rule = await api(page, 'POST', 'rules', { location_id: location.Data.id, item_id: item.Data.id, threshold: 2, capacity: 8, stock: 8 });
      const reply = await api(page, 'POST', `rules/${rule.Data.id}/stock`, { stock: 1 });
      assert(reply.Data?.decision?.reason === 'ordered', `the run should order, got ${JSON.stringify(reply.Meta)}`);
    }
  }

  for (const language of ['en', 'de']) {
    const words = WORDS[language];
    test(`journal: unacknowledged entries, acknowledge selected and all after confirming (${language})`, async (t) => {
      const page = await loginPage(t, 'admin@demo.example');
      if (language === 'de') await chooseLanguage(page, 'de');
      await twoEntries(page, `${language}${Date.now().toString(36)}`);
      await (await visible(page, testid('menu-company.journal'))).click();
      await waitPath(page, /^\/c\/1\/journal\/?$/);
      await visible(page, testid('journal-page'));
      const rows = page.locator('[data-testid^=journal-row-]');
      await until(async () => (await rows.count()) >= 2, 'the unacknowledged entries should be listed');
      assert((await text(rows.first())).includes(words.code), `the code should read "${words.code}"`);
      await screenshot(page, `journal-open-${language}.png`);
      if (language === 'en') {
        const axe = await runAxe(page, '/c/1/journal');
        assert(!axe.serious.length, axe.describe(axe.serious));
      }
      const before = await rows.count();
      // one selected entry: asks, then acknowledges it; it leaves the unacknowledged view
      await rows.first().locator('[data-testid^=journal-select-] label, [data-testid^=journal-select-]').first().click();
      await (await visible(page, testid('journal-ack-selected'))).click();
      await visible(page, testid('confirm-dialog'));
      await screenshot(page, `journal-confirm-${language}.png`);
      await (await visible(page, testid('confirm-submit'))).click();
      await until(async () => (await text(page.locator(testid('snackbar')))).includes(words.one), `the snackbar should say "${words.one}"`);
      await until(async () => (await rows.count()) === before - 1, 'the acknowledged entry should leave the list');
      // all: cancelling changes nothing, confirming acknowledges the rest
      await (await visible(page, testid('journal-ack-all'))).click();
      await (await visible(page, `${testid('confirm-dialog')} button:not([data-testid])`)).click();
      assert((await rows.count()) === before - 1, 'cancel should acknowledge nothing');
      await (await visible(page, testid('journal-ack-all'))).click();
      await (await visible(page, testid('confirm-submit'))).click();
      await until(async () => (await text(page.locator(testid('journal-page')))).includes(words.nothing), `the page should say "${words.nothing}"`);
      // all entries: the acknowledged ones with their time
      await (await visible(page, testid('journal-view-all'))).click();
      await until(async () => (await rows.count()) >= 2, 'all entries should be listed');
      await screenshot(page, `journal-all-${language}.png`);
    });
  }
}
