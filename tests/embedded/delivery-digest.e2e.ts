import { eventually, type SmtpTestServer, startSmtpServer } from '@kanban/testing';
import { DigestJob } from '@kanban/app-notifications';
import { serviceSql } from '../support/orders-sql';
import { ok, signInDemo, startSystem, type TestSystem } from '../support/system';

jest.setTimeout(180_000);

/**
 * Daily digests (docs/notifications.md "Daily digests"), embedded: an only-daily e-mail rule collects the day's
 * orders instead of sending each; when the company's local hour reaches the rule's daily_hour, one mail per recipient
 * lists them (key r{rule}.d{day}.{address}), once: a second check plans nothing more. The job's timer is set to an
 * hour here and its check called directly, so the test decides when the hour has come.
 */
let system: TestSystem;
let smtp: SmtpTestServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  system = await startSystem('embedded', { env: { DELIVERY_DIGEST_CHECK_MS: '3600000', DELIVERY_POLL_MS: '200' } });
});

afterAll(async () => {
  await system?.close();
  await smtp?.stop();
});

function berlinHour(): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
}

it('collects only-daily events and sends one digest per recipient at the hour, once', async () => {
  const api = system.api;
  const { tokens, demo } = await signInDemo(system);
  const c = `/c/${demo}`;
  const company = ok(await api.get('/company', tokens.admin)).find((x: { id: number }) => x.id === demo);
  expect(company.timezone).toBe('Europe/Berlin');
  const supplier = ok(await api.get(`${c}/supplier?all=1&per_page=200`, tokens.admin)).items.find((x: { nr: string }) => x.nr === 'L-100').id;
  const customer = ok(await api.get(`${c}/customer?all=1&per_page=200`, tokens.admin)).items.find((x: { nr: string }) => x.nr === 'K-10001').id;
  const catalog = ok(await api.get(`${c}/supplier/${supplier}/catalog`, tokens.admin)).items[0].id;
  const server = ok(await api.post(`${c}/server`, { name: 'Mail', type: 'SMTP', host: smtp.host, port: smtp.port, smtp_security: 'none' }, tokens.writer)).id;
  const hour = berlinHour();
  // not yet due: the hour after this one (23 → the digest is due at once, which the test then cannot hold back)
  if (hour === 23) return;
  const rule = ok(
    await api.post(
      `${c}/supplier/${supplier}/notificationrule`,
      {
        name: 'Tagesübersicht; "Süd"',
        type: 'E',
        event: 'order_created',
        subject: 'Bestellung {{order.id}} ({{location.name}})',
        email_from: 'orders@example.com',
        server_id: server,
        only_daily: true,
        daily_hour: hour + 1,
        recipients: [{ kind: 'email', email: 'a@lieferant.example' }, { kind: 'email', email: 'b@lieferant.example', cc: true }],
      },
      tokens.writer,
    ),
  ).id;
  const location = ok(await api.post(`${c}/customer/${customer}/location/`, { name: 'Digest-Lager' }, tokens.writer)).id;
  const orders: number[] = [];
  for (const sku of ['DIG-1', 'DIG-2']) {
    const item = ok(await api.post(`${c}/customer/${customer}/item`, { sku, name: sku, order_unit: 'PAK', catalog_id: catalog }, tokens.writer));
    const kanban = ok(await api.post(`${c}/rules`, { location_id: location, item_id: item.id, threshold: 2, capacity: 8, stock: 8 }, tokens.writer));
    orders.push(ok(await api.post(`${c}/rules/${kanban.id}/stock`, { stock: 1 }, tokens.writer)).decision.order_id);
  }
  await eventually(
    async () => ((await serviceSql(system, 'notifications', 'select id from notifications.digest_item where rule_id = ?', [rule])).length === 2 ? true : undefined),
    30_000,
    'two collected events',
  );
  const job = system.app!.get(DigestJob, { strict: false });
  expect(await job.tick()).toBe(0);
  expect(smtp.messages).toHaveLength(0);

  ok(await api.patch(`${c}/supplier/${supplier}/notificationrule/${rule}`, { daily_hour: hour }, tokens.writer));
  expect(await job.tick()).toBe(2);
  expect(await job.tick()).toBe(0);
  const digests = await eventually(async () => (smtp.messages.length === 2 ? smtp.messages : undefined), 30_000, 'two digests');
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
  expect(digests.map((m) => m.parsed.messageId).sort()).toEqual([`<r${rule}.d${day}.a_lieferant.example@kanban.local>`, `<r${rule}.d${day}.b_lieferant.example@kanban.local>`].sort());
  for (const m of digests) {
    expect(m.parsed.subject).toBe(`Tagesübersicht; "Süd": 2 × ${day}`);
    expect(m.parsed.text).toContain(`order_created: Bestellung ${orders[0]} (Digest-Lager)`);
    expect(m.parsed.text).toContain(`order_created: Bestellung ${orders[1]} (Digest-Lager)`);
  }
  // no per-event mail was sent for the orders
  expect(smtp.messages.filter((m) => /^<r\d+\.o/.test(m.parsed.messageId ?? ''))).toHaveLength(0);
});
