// Requests (orders waiting for approval, docs/replenishment.md "Requests"), in English and German:
// - on a phone (390 px) the customer's requests list is a card per request with its main action "Confirm" as a button
//   on the card; it asks first, the request becomes an order and leaves the list (issue 16, "cards with the main
//   action"); the desktop table keeps opening the request's page for that;
// - a new order of an item a request already holds says so ("already requested") and links the request's page,
//   not the order page (which would show a request as an order).
import type { Page } from '@playwright/test';
import { test } from '../fixtures';
import { absent, assert, chooseLanguage, goto, screenshot, testid, text, until, visible, waitPath } from '../helpers';
import { pageApi as api } from '../page-api';

const WORDS = {
  en: { confirm: 'Confirm', title: 'Confirm request?', confirmed: 'was confirmed', requested: 'Already requested: request', waiting: 'is waiting for approval' },
  de: { confirm: 'Freigeben', title: 'Anfrage freigeben?', confirmed: 'wurde freigegeben', requested: 'Bereits angefragt: Anfrage', waiting: 'wartet auf Freigabe' },
};

async function ok(page: Page, method: string, path: string, body?: unknown) {
  const answer = await api(page, method, path, body);
  assert(answer.Meta.code === 200, `${method} ${path} should work: ${JSON.stringify(answer.Meta)}`);
  return answer.Data;
}

/**
 * A fresh location of Maschinenbau Huber with an item and its rule, the customer on the request workflow (undone by
 * `restore`), and a request of the item placed there.
 */
async function requestFixture(page: Page, tag: string) {
  const customerId = (await ok(page, 'GET', 'customer?q=Huber')).items[0].id as number;
  const stamp = `${tag}-${Date.now().toString(36)}`.toUpperCase();
  const location = await ok(page, 'POST', `customer/${customerId}/location/`, { name: `Anfragen ${stamp}` });
  const item = await ok(page, 'POST', `customer/${customerId}/item`, { sku: `RQ-${stamp}`, name: `Request ${stamp}`, order_unit: 'PAK' });
  await ok(page, 'POST', 'rules', { location_id: location.id, item_id: item.id, threshold: 1, capacity: 50, stock: 40 });
  await ok(page, 'PATCH', `customer/${customerId}`, { use_request_workflow: true });
  const placed = await ok(page, 'POST', `customer/${customerId}/location/${location.id}/order`, { lines: [{ item_id: item.id, quantity: 5 }] });
  assert(placed.requests === true, `the order should wait as a request: ${JSON.stringify(placed)}`);
  return {
    customerId,
    locationId: location.id as number,
    sku: item.sku as string,
    requestId: placed.orders[0].id as number,
    restore: () => ok(page, 'PATCH', `customer/${customerId}`, { use_request_workflow: false }),
  };
}

for (const language of ['en', 'de'] as const) {
  const words = WORDS[language];

  test(`requests: on a phone each request is a card with "Confirm" on it, which asks first and sends the order (${language}, 390 px)`, async ({ loginAs }) => {
    const page = await loginAs('admin@demo.example', { viewport: { width: 390, height: 844 } });
    if (language === 'de') await chooseLanguage(page, 'de');
    const f = await requestFixture(page, `C${language}`);
    try {
      await goto(page, `/c/1/customer/${f.customerId}/request`);
      await visible(page, testid('requests-page'));
      const card = await visible(page, testid(`order-row-${f.requestId}`));
      assert((await page.locator(`${testid('order-table')}[data-layout=cards]`).count()) === 1, 'the requests should be cards at 390 px');
      const confirm = await visible(card.locator(testid(`request-row-${f.requestId}-confirm`)));
      assert((await text(confirm)) === words.confirm, `the card's button should read "${words.confirm}", reads "${await text(confirm)}"`);
      const box = await confirm.boundingBox();
      assert(box && box.x >= 0 && box.x + box.width <= 390, `the button should be on screen at 390 px: ${JSON.stringify(box)}`);
      await screenshot(page, `requests-cards-${language}-390.png`);
      await confirm.click();
      const dialog = await visible(page, testid('confirm-dialog'));
      assert((await text(dialog)).includes(words.title), `the dialog should ask "${words.title}"`);
      assert((await text(dialog)).includes(String(f.requestId)), 'the dialog should name the request');
      await screenshot(page, `requests-card-confirm-${language}-390.png`);
      await dialog.locator(testid('confirm-submit')).click();
      await until(async () => (await text(page.locator(testid('snackbar')))).includes(words.confirmed), `the snackbar should say "${words.confirmed}"`);
      await until(async () => (await page.locator(testid(`order-row-${f.requestId}`)).count()) === 0, 'the confirmed request should leave the list');
      const order = await ok(page, 'GET', `order/${f.requestId}`);
      assert(order.status === 'open', `the confirmed request should be an open order, is ${order.status}`);
    } finally {
      await f.restore();
    }
  });

  test(`requests: the desktop table opens the request; its rows carry no card button (${language}, 1366 px)`, async ({ loginAs }) => {
    const page = await loginAs('admin@demo.example', { viewport: { width: 1366, height: 900 } });
    if (language === 'de') await chooseLanguage(page, 'de');
    const f = await requestFixture(page, `D${language}`);
    try {
      await goto(page, `/c/1/customer/${f.customerId}/request`);
      const row = await visible(page, testid(`order-row-${f.requestId}`));
      assert((await page.locator(`${testid('order-table')}[data-layout=cards]`).count()) === 0, 'the requests should be a table at 1366 px');
      await absent(page, testid(`request-row-${f.requestId}-confirm`));
      await screenshot(page, `requests-table-${language}-1366.png`);
      await row.locator('a').first().click();
      await waitPath(page, new RegExp(`/customer/${f.customerId}/request/${f.requestId}$`));
      await visible(page, testid('request-confirm'));
    } finally {
      await f.restore();
    }
  });

  for (const width of [1366, 390] as const) {
    test(`requests: a new order of an item a request holds says "already requested" and links the request's page (${language}, ${width} px)`, async ({ loginAs }) => {
      const page = await loginAs('admin@demo.example', { viewport: { width, height: width > 760 ? 900 : 844 } });
      if (language === 'de') await chooseLanguage(page, 'de');
      const f = await requestFixture(page, `H${language}${width}`);
      try {
        await goto(page, `/c/1/customer/${f.customerId}/location/${f.locationId}/ordernew`);
        await visible(page, testid('ordernew-page'));
        await page.locator(testid('ordernew-search')).fill(f.sku);
        const why = await visible(page, testid(`ordernew-hit-${f.sku}-why`));
        const expected = `${words.requested} ${f.requestId} ${words.waiting}`;
        await until(async () => (await text(why)).includes(expected), async () => `the hit should say "${expected}", says "${await text(why)}"`);
        const link = why.locator(testid('ordernew-on-order-link'));
        assert((await link.getAttribute('data-holder')) === 'request', 'the link should know its holder is a request');
        await screenshot(page, `requests-ordernew-held-${language}-${width}.png`);
        await link.click();
        await waitPath(page, new RegExp(`^/c/1/customer/${f.customerId}/request/${f.requestId}$`));
        await visible(page, testid('request-detail-page'));
        await visible(page, testid('request-confirm'));
      } finally {
        await f.restore();
      }
    });
  }
}
