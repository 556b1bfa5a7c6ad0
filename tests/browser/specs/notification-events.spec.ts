// Notifications on an order's page (docs/notifications.md "Delivery", "Recording on the order"): a location's e-mail rule
// of the event order_ok sends through a real SMTP server this test starts on loopback (libs/testing: smtp-server with a
// login); marking the order "confirmed by supplier" on its page sets the rule off, the mail arrives under its key and
// the order's history shows the O events (queued, then sent with the server's answer); in English and German.
import type { Page } from '@playwright/test';
import { startSmtpServer, type SmtpTestServer } from '@kanban/testing';
import { test } from '../fixtures';
import { assert, chooseLanguage, goto, screenshot, testid, text, until, visible } from '../helpers';
import { pageData } from '../page-api';

const WORDS = {
  en: { queued: 'Order notification: notification "%s" queued (e-mail)', sent: 'Order notification: notification "%s" sent (e-mail, attempt 1)' },
  de: { queued: 'Bestellbenachrichtigung: Benachrichtigung „%s“ eingeplant (E-Mail)', sent: 'Bestellbenachrichtigung: Benachrichtigung „%s“ gesendet (E-Mail, Versuch 1)' },
};

const SMTP_USER = 'bestaetigung@example.com';
const SMTP_PASSWORD = 'Pässwort; "OK" ✅';

/** Huber (K-10001): a fresh location, an item of the supplier L-100 and a kanban rule whose stock falls: a run's order. */
async function orderAtNewLocation(page: Page, stamp: string): Promise<{ customerId: number; locationId: number; orderId: number }> {
  const customerId = (await pageData(page, 'GET', 'customer?q=Huber')).items[0].id as number;
  const supplierId = (await pageData(page, 'GET', 'supplier?all=1&per_page=200')).items.find((s: { nr: string }) => s.nr === 'L-100').id as number;
  const catalogId = (await pageData(page, 'GET', `supplier/${supplierId}/catalog`)).items[0].id as number;
  const locationId = (await pageData(page, 'POST', `customer/${customerId}/location/`, { name: `Benachrichtigung ${stamp}` })).id as number;
  const item = await pageData(page, 'POST', `customer/${customerId}/item`, { sku: `NE-${stamp}`, name: `Mutter "Ä" ${stamp}`, order_unit: 'PAK', catalog_id: catalogId });
  const rule = await pageData(page, 'POST', 'rules', { location_id: locationId, item_id: item.id, threshold: 2, capacity: 8, stock: 8 });
  const reply = await pageData(page, 'POST', `rules/${rule.id}/stock`, { stock: 1 });
  assert(reply.decision.reason === 'ordered', `the stock change should order: ${JSON.stringify(reply.decision)}`);
  return { customerId, locationId, orderId: reply.decision.order_id as number };
}

for (const language of ['en', 'de'] as const)
  test(`notification events: an order_ok e-mail rule delivers to a real SMTP server and the order shows its O events (${language})`, async ({ loginAs }) => {
    test.setTimeout(120_000);
    const words = WORDS[language];
    let smtp: SmtpTestServer | undefined;
    try {
      smtp = await startSmtpServer({ auth: { user: SMTP_USER, password: SMTP_PASSWORD } });
      const page = await loginAs('writer@demo.example', { viewport: { width: 1366, height: 900 } });
      if (language === 'de') await chooseLanguage(page, 'de');
      const stamp = `${language}${Date.now().toString(36)}`.toUpperCase();
      const server = await pageData(page, 'POST', 'server', { name: `Bestätigung ${stamp}`, type: 'SMTP', host: smtp.host, port: smtp.port, smtp_security: 'none', user: SMTP_USER, password: SMTP_PASSWORD });
      const f = await orderAtNewLocation(page, stamp);
      const ruleName = `OK gemeldet; "Süd" ${stamp}`;
      const rule = await pageData(page, 'POST', `customer/${f.customerId}/location/${f.locationId}/notificationrule`, {
        name: ruleName,
        type: 'E',
        event: 'order_ok',
        subject: 'Bestellung {{order.id}} bestätigt ({{event.kind}})',
        email_from: SMTP_USER,
        server_id: server.id,
        recipients: [{ kind: 'email', email: 'lager@kunde.example', name: 'Lager Süd' }],
      });

      // the update to OK on the order's page sets the rule off
      await goto(page, `/c/1/order/${f.orderId}`);
      await visible(page, testid('order-detail-page'), 20_000);
      await (await visible(page, testid('order-update-ok'))).click();
      await (await visible(page, testid('confirm-submit'))).click();
      await until(async () => (await page.locator(testid('order-update-ok')).count()) === 0, 'the order should no longer offer the confirmation');

      // the mail at the SMTP server, once, under the key r{rule}.o{order}.v1
      const key = `<r${rule.id}.o${f.orderId}.v1@kanban.local>`;
      const mails = await until(() => (smtp!.byMessageId(key).length > 0 ? smtp!.byMessageId(key) : null), `the SMTP server should receive ${key}`, 30_000);
      assert(mails.length === 1, `one mail under ${key}, not ${mails.length}`);
      assert(mails[0]!.parsed.subject === `Bestellung ${f.orderId} bestätigt (order_ok)`, `the subject should be rendered: ${mails[0]!.parsed.subject}`);

      // the history shows the O events; the page is read again until the worker has recorded the attempt
      const queued = words.queued.replace('%s', ruleName);
      const sent = words.sent.replace('%s', ruleName);
      await until(
        async () => {
          await goto(page, `/c/1/order/${f.orderId}`);
          const history = await visible(page, testid('order-history'), 20_000);
          const shown = await text(history);
          return shown.includes(queued) && shown.includes(sent) ? shown : null;
        },
        async () => `the history should say "${queued}" and "${sent}": ${await text(page.locator(testid('order-history')))}`,
        30_000,
      );
      const codes = await page.locator(`${testid('order-history-event')}[data-code^=notification_]`).evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-code')));
      assert(codes.includes('notification_queued') && codes.includes('notification_sent'), `the history should hold queued and sent: ${codes.join(', ')}`);
      await page.locator(testid('order-history')).scrollIntoViewIfNeeded();
      await screenshot(page, `notification-events-order-${language}.png`);
    } finally {
      await smtp?.stop();
    }
  });
