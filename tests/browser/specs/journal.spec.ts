// Journal: entries of runs (orders of items without a supplier: 2001), unacknowledged and all, acknowledging the
// selected entries and all of them after a confirmation, in English and German; dead letters (an event the orders
// service's customer consumer failed on 3 times, made to fail by the server's test-only EVENT_FAILURE_FILE) retried
// (failing again while the cause is there, then processed) and discarded after a confirmation.
import { rmSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test } from '../fixtures';
import { assert, chooseLanguage, runAxe, screenshot, testid, text, until, visible, waitPath } from '../helpers';
import { pageApi as api } from '../page-api';

interface Customer {
  id: number;
  nr: string;
}
interface Created {
  id: number;
}
interface StockReply {
  decision?: { reason: string; order_id: number };
}
interface JournalEntry {
  id: number;
  message: string;
  dead_letter: boolean;
}

const DEAD_WORDS = {
  en: { title: 'Event not processed', retry: 'Retry now', failed: 'The event failed again', retried: 'The event was processed.', discard: 'Discard', discarded: 'The event was discarded.' },
  de: { title: 'Ereignis nicht verarbeitet', retry: 'Jetzt erneut versuchen', failed: 'Das Ereignis ist erneut fehlgeschlagen', retried: 'Das Ereignis wurde verarbeitet.', discard: 'Verwerfen', discarded: 'Das Ereignis wurde verworfen.' },
};

const WORDS = {
  en: { one: '1 entry acknowledged', nothing: 'Nothing to acknowledge.', code: 'Configuration missing', confirm: 'Acknowledge' },
  de: { one: '1 Eintrag bestätigt', nothing: 'Nichts zu bestätigen.', code: 'Konfiguration fehlt', confirm: 'Bestätigen' },
};

/** Two rules of items without a supplier: each stock drop orders without a supplier, a journal entry 2001 each. */
async function twoEntries(page: Page, tag: string) {
  const customers = await api<{ items: Customer[] }>(page, 'GET', 'customer?all=1&per_page=200');
  const customer = customers.Data.items.find((c) => c.nr === 'K-10001')!;
  const location = await api<Created>(page, 'POST', `customer/${customer.id}/location/`, { name: `Journal ${tag}` });
  for (let i = 1; i <= 2; i++) {
    const item = await api<Created>(page, 'POST', `customer/${customer.id}/item`, { sku: `JB-${tag}-${i}`, name: `Journal ${tag} ${i}`, order_unit: 'PCE' });
    const rule = await api<Created>(page, 'POST', 'rules', { location_id: location.Data.id, item_id: item.Data.id, threshold: 2, capacity: 8, stock: 8 });
    const reply = await api<StockReply | undefined>(page, 'POST', `rules/${rule.Data.id}/stock`, { stock: 1 });
    assert(reply.Data?.decision?.reason === 'ordered', `the run should order, got ${JSON.stringify(reply.Meta)}`);
  }
}

for (const language of ['en', 'de'] as const) {
  const words = WORDS[language];
  test(`journal: unacknowledged entries, acknowledge selected and all after confirming (${language})`, async ({ loginAs }) => {
    const page = await loginAs('admin@demo.example');
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

/** The unacknowledged dead letters of company 1 (the journal is a v2 call, outside pageApi's /api/c/1/). */
async function deadLetters(page: Page): Promise<JournalEntry[]> {
  const answer = await page.evaluate(async () => {
    const { token } = JSON.parse(localStorage.getItem('kanban.session') ?? '{}') as { token?: string };
    const filter = encodeURIComponent(JSON.stringify([{ field: 'acknowledged_at', operation: 'eq', value: null }]));
    return (await (await fetch(`/api/v2/c/1/journal?per_page=200&filter=${filter}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
      Data: { items: JournalEntry[] };
    };
  });
  return answer.Data.items.filter((e) => e.dead_letter);
}

/** A customer renamed to a name its consumer is made to fail on: a dead letter after 3 failures; answers its entry. */
async function deadLetter(page: Page, failures: string, customerId: number, name: string): Promise<JournalEntry> {
  writeFileSync(failures, `orders.customers ${name}\n`);
  const renamed = await api(page, 'PATCH', `customer/${customerId}`, { name });
  assert(renamed.Meta.code === 200, `renaming should work: ${JSON.stringify(renamed.Meta)}`);
  let entry: JournalEntry | undefined;
  await until(
    async () => (entry = (await deadLetters(page)).find((e) => e.message.includes('by the orders service (customers'))) !== undefined,
    'the dead letter should reach the journal',
    60_000,
  );
  return entry!;
}

for (const language of ['en', 'de'] as const) {
  const words = DEAD_WORDS[language];
  test(`journal: a dead letter is retried (failing again, then processed) and another discarded after confirming (${language})`, async ({ loginAs, server }) => {
    const FAILURES = server.eventFailureFile;
    assert(FAILURES, 'EVENT_FAILURE_FILE is set by the server fixture');
    const page = await loginAs('admin@demo.example');
    if (language === 'de') await chooseLanguage(page, 'de');
    const tag = `${language}${Date.now().toString(36)}`;
    const customer = await api<Created>(page, 'POST', 'customer/', { name: `Dead letter ${tag}` });
    try {
      const entry = await deadLetter(page, FAILURES, customer.Data.id, `DLB-${tag}`);
      await (await visible(page, testid('menu-company.journal'))).click();
      await waitPath(page, /^\/c\/1\/journal\/?$/);
      const row = page.locator(testid(`journal-dead-letter-${entry.id}`));
      await until(async () => (await row.count()) === 1, 'the dead letter should be listed');
      assert((await text(row)).includes(words.title), `the entry should say "${words.title}"`);
      await screenshot(page, `journal-dead-letter-${language}.png`);
      // the cause is still there: it fails again and stays
      await (await visible(page, testid(`journal-retry-${entry.id}`))).click();
      await until(async () => (await text(page.locator(testid('snackbar')))).includes(words.failed), `the snackbar should say "${words.failed}"`);
      assert((await row.count()) === 1, 'the entry should stay after a failed retry');
      // the cause removed: processed, the entry leaves
      rmSync(FAILURES, { force: true });
      await (await visible(page, testid(`journal-retry-${entry.id}`))).click();
      await until(async () => (await text(page.locator(testid('snackbar')))).includes(words.retried), `the snackbar should say "${words.retried}"`);
      await until(async () => (await row.count()) === 0, 'the retried entry should leave the list');

      // another one, discarded: asks first (cancel keeps it), then it is gone
      const second = await deadLetter(page, FAILURES, customer.Data.id, `DLD-${tag}`);
      rmSync(FAILURES, { force: true });
      await page.reload();
      const secondRow = page.locator(testid(`journal-dead-letter-${second.id}`));
      await until(async () => (await secondRow.count()) === 1, 'the second dead letter should be listed');
      await (await visible(page, testid(`journal-discard-${second.id}`))).click();
      await visible(page, testid('confirm-dialog'));
      await (await visible(page, `${testid('confirm-dialog')} button:not([data-testid])`)).click();
      assert((await secondRow.count()) === 1, 'cancel should discard nothing');
      await (await visible(page, testid(`journal-discard-${second.id}`))).click();
      await visible(page, testid('confirm-dialog'));
      assert((await text(page.locator(testid('confirm-dialog')))).includes(words.discard), `the dialog should offer "${words.discard}"`);
      await page.waitForTimeout(300); // the dialog's fade-in
      await screenshot(page, `journal-discard-confirm-${language}.png`);
      await (await visible(page, testid('confirm-submit'))).click();
      await until(async () => (await text(page.locator(testid('snackbar')))).includes(words.discarded), `the snackbar should say "${words.discarded}"`);
      await until(async () => (await secondRow.count()) === 0, 'the discarded entry should leave the list');
      assert((await deadLetters(page)).length === 0, 'no dead letter should be left');
    } finally {
      rmSync(FAILURES, { force: true });
    }
  });
}
