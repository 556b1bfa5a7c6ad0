import { randomBytes } from 'node:crypto';
import { eventually, type SmtpTestServer, startSmtpServer } from '@kanban/testing';
import { serviceSql } from '../support/orders-sql';
import { fastSensorAlarmsEnv, ok, signInDemo, startSystem, type TestSystem } from '../support/system';

jest.setTimeout(240_000);

/**
 * The notification events that came with their producers (docs/notifications.md "Delivery"), in both run modes, each
 * delivering a mail to a real SMTP server on loopback (libs/testing/src/delivery-servers.ts): an order set OK, a
 * request waiting, confirmed and rejected, an order queue entry in error (an order without a supplier), a journal
 * entry (its 2001), a sensor gone offline (the catalog's alarm check, one interval minute lasting a second), a sensor
 * reporting a low battery through the ingest (sensor_alarm); the
 * order events record O events on the order, the others none. A journal_entry rule whose mails fail does not set
 * itself off with the journal entries of its own failures.
 */
let system: TestSystem;
let demo: number;
const tokens: Record<string, string> = {};
let smtp: SmtpTestServer;
let smtpServer: number;
let customerId: number;
let locationId: number;
let requestCustomerId: number;
let requestLocationId: number;
let catalogId: number;
const SMTP_USER = 'events@example.com';
const SMTP_PASSWORD = 'Ereignis; "Ü" 🔔';

const api = () => system.api;
const c = () => `/c/${demo}`;
const rulesOf = (customer: number) => `${c()}/customer/${customer}/notificationrule`;

beforeAll(async () => {
  smtp = await startSmtpServer({ auth: { user: SMTP_USER, password: SMTP_PASSWORD } });
  system = await startSystem(undefined, {
    ingest: true,
    env: {
      DELIVERY_RETRY_SCALE: '0.001',
      DELIVERY_POLL_MS: '200',
      ...fastSensorAlarmsEnv(),
    },
  });
  const signedIn = await signInDemo(system);
  Object.assign(tokens, signedIn.tokens);
  demo = signedIn.demo;
  const supplierId = ok(await api().get(`${c()}/supplier?all=1&per_page=200`, tokens.admin)).items.find((x: { nr: string }) => x.nr === 'L-100').id;
  catalogId = ok(await api().get(`${c()}/supplier/${supplierId}/catalog`, tokens.admin)).items[0].id;
  customerId = ok(await api().post(`${c()}/customer/`, { name: 'Ereignis Kunde; "Nord" 🔔', nr: `EV-${process.pid}` }, tokens.admin)).id;
  locationId = ok(await api().post(`${c()}/customer/${customerId}/location/`, { name: 'Ereignishalle Süd' }, tokens.writer)).id;
  requestCustomerId = ok(await api().post(`${c()}/customer/`, { name: 'Freigabe Kunde', nr: `EVR-${process.pid}` }, tokens.admin)).id;
  ok(await api().patch(`${c()}/customer/${requestCustomerId}`, { use_request_workflow: true }, tokens.writer));
  requestLocationId = ok(await api().post(`${c()}/customer/${requestCustomerId}/location/`, { name: 'Freigabehalle' }, tokens.writer)).id;
  smtpServer = ok(await api().post(`${c()}/server`, { name: 'Ereignis-Mail', type: 'SMTP', host: smtp.host, port: smtp.port, smtp_security: 'none', user: SMTP_USER, password: SMTP_PASSWORD }, tokens.writer)).id;
});

afterAll(async () => {
  await system?.close();
  await smtp?.stop();
});

let rules = 0;
/** An e-mail rule of a customer (all locations) for `event`, to one address, with the subject given. */
async function mailRule(customer: number, event: string, subject: string, to: string, server = smtpServer): Promise<number> {
  return ok(
    await api().post(
      rulesOf(customer),
      { name: `${event}; "Regel" 📧 ${++rules}`, type: 'E', event, subject, email_from: SMTP_USER, server_id: server, all_locations: true, recipients: [{ kind: 'email', email: to }] },
      tokens.writer,
    ),
  ).id;
}

/** The one mail under a key (its Message-ID), waited for. */
async function mailOf(key: string, what: string) {
  const mails = await eventually(async () => (smtp.byMessageId(`<${key}@kanban.local>`).length > 0 ? smtp.byMessageId(`<${key}@kanban.local>`) : undefined), 60_000, what);
  expect(mails).toHaveLength(1);
  return mails[0]!;
}

let skus = 0;
async function item(customer: number, catalog: number | null): Promise<number> {
  const sku = `EVT-${++skus}-Ö`;
  return ok(await api().post(`${c()}/customer/${customer}/item`, { sku, name: `Ereignis ${sku}`, order_unit: 'PAK', ...(catalog === null ? {} : { catalog_id: catalog }) }, tokens.writer)).id;
}

/** An order of a run at the location: a kanban rule of a new item whose stock falls below its threshold. */
async function runOrder(customer: number, location: number, catalog: number | null): Promise<number> {
  const rule = ok(await api().post(`${c()}/rules`, { location_id: location, item_id: await item(customer, catalog), threshold: 2, capacity: 8, stock: 8 }, tokens.writer));
  const reply = ok(await api().post(`${c()}/rules/${rule.id}/stock`, { stock: 1 }, tokens.writer));
  expect(reply.decision.reason).toBe('ordered');
  return reply.decision.order_id;
}

const historyOf = async (orderId: number) => ok(await api().get(`${c()}/order/${orderId}`, tokens.admin)).history as { type: string; code: string; params: Record<string, unknown> }[];

async function journal(code: number): Promise<{ id: number; order_id: number | null; message_key: string; params: Record<string, unknown> }[]> {
  const filter = encodeURIComponent(JSON.stringify([{ field: 'code', operation: 'eq', value: code }]));
  return ok(await api().get(`/v2${c()}/journal?filter=${filter}&per_page=200`, tokens.admin)).items;
}

describe(`notification events without a producer before (${process.env.E2E_MODE})`, () => {
  it('order_ok: the update to OK mails once (version 1), with O events queued and sent on the order', async () => {
    const rule = await mailRule(customerId, 'order_ok', 'OK: Bestellung {{order.id}} ({{event.kind}})', 'ok@kunde.example');
    const orderId = await runOrder(customerId, locationId, catalogId);
    ok(await api().patch(`${c()}/order/${orderId}`, { ext_status: 1 }, tokens.writer));
    const mail = await mailOf(`r${rule}.o${orderId}.v1`, 'the order_ok mail');
    expect(mail.parsed.subject).toBe(`OK: Bestellung ${orderId} (order_ok)`);
    expect([...mail.envelope.to]).toEqual(['ok@kunde.example']);
    const events = await eventually(async () => {
      const h = (await historyOf(orderId)).filter((e) => e.type === 'O' && e.params.rule_id === rule);
      return h.some((e) => e.code === 'notification_sent') ? h : undefined;
    }, 30_000, 'the O events');
    expect(events.map((e) => e.code)).toEqual(['notification_queued', 'notification_sent']);
    // setting OK again changes nothing and sends nothing more
    ok(await api().patch(`${c()}/order/${orderId}`, { ext_status: 1 }, tokens.writer));
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.messages.filter((m) => m.parsed.messageId?.startsWith(`<r${rule}.`))).toHaveLength(1);
  });

  it('requests: waiting (by hand and by a run), confirmed and rejected each mail their rules', async () => {
    const waitingRule = await mailRule(requestCustomerId, 'request_waiting', 'Freigabe nötig: {{order.id}}', 'chef@kunde.example');
    const confirmedRule = await mailRule(requestCustomerId, 'request_confirmed', 'Freigegeben: {{order.id}}', 'lager@kunde.example');
    const rejectedRule = await mailRule(requestCustomerId, 'request_rejected', 'Abgelehnt: {{order.id}} – {{event.text}}', 'lager@kunde.example');
    const byHand = async () => {
      const itemId = await item(requestCustomerId, catalogId);
      ok(await api().post(`${c()}/rules`, { location_id: requestLocationId, item_id: itemId, threshold: 1, capacity: 10, stock: 8 }, tokens.writer));
      const reply = ok(await api().post(`${c()}/customer/${requestCustomerId}/location/${requestLocationId}/order`, { lines: [{ item_id: itemId, quantity: 2 }] }, tokens.writer));
      expect(reply.requests).toBe(true);
      return reply.orders[0].id as number;
    };
    const first = await byHand();
    expect((await mailOf(`r${waitingRule}.o${first}.v1`, 'the request_waiting mail')).parsed.subject).toBe(`Freigabe nötig: ${first}`);
    const fromRun = await runOrder(requestCustomerId, requestLocationId, catalogId);
    await mailOf(`r${waitingRule}.o${fromRun}.v1`, "the run's request_waiting mail");

    ok(await api().post(`${c()}/request/${first}/confirm`, {}, tokens.writer));
    expect((await mailOf(`r${confirmedRule}.o${first}.v1`, 'the request_confirmed mail')).parsed.subject).toBe(`Freigegeben: ${first}`);

    ok(await api().post(`${c()}/request/${fromRun}/reject`, { reason: 'zu teuer; "Ä"' }, tokens.writer));
    expect((await mailOf(`r${rejectedRule}.o${fromRun}.v1`, 'the request_rejected mail')).parsed.subject).toBe(`Abgelehnt: ${fromRun} – request ${fromRun} rejected: zu teuer; "Ä"`);
    // the rules of other events stay silent for these orders
    expect(smtp.byMessageId(`<r${confirmedRule}.o${fromRun}.v1@kanban.local>`)).toHaveLength(0);
    expect(smtp.byMessageId(`<r${rejectedRule}.o${first}.v1@kanban.local>`)).toHaveLength(0);
  });

  it('orderqueue_error and journal_entry: an order without a supplier mails its queue error and its journal entry 2001', async () => {
    const queueRule = await mailRule(customerId, 'orderqueue_error', 'Übertragung gescheitert: {{order.id}}', 'it@kunde.example');
    const journalRule = await mailRule(customerId, 'journal_entry', 'Journal {{event.journal.code}}: {{event.journal.message_key}} ({{location.name}})', 'journal@kunde.example');
    // an only-daily rule of the event collects it for its digest instead (one line: its subject rendered on the entry)
    const dailyRule = ok(
      await api().post(
        rulesOf(customerId),
        { name: `Journal täglich ${++rules}`, type: 'E', event: 'journal_entry', subject: 'J{{event.journal.code}} {{event.journal.order_id}}', email_from: SMTP_USER, server_id: smtpServer, all_locations: true, only_daily: true, daily_hour: 23, recipients: [{ kind: 'email', email: 'digest@kunde.example' }] },
        tokens.writer,
      ),
    ).id;
    const orderId = await runOrder(customerId, locationId, null);
    const queued = await mailOf(`r${queueRule}.o${orderId}.v1`, 'the orderqueue_error mail');
    expect(queued.parsed.subject).toBe(`Übertragung gescheitert: ${orderId}`);
    const entry = (await journal(2001)).find((j) => j.order_id === orderId)!;
    expect(entry).toBeDefined();
    const mail = await mailOf(`r${journalRule}.j${entry.id}`, 'the journal_entry mail');
    expect(mail.parsed.subject).toBe('Journal 2001: order_no_supplier (Ereignishalle Süd)');
    // the default body lists the event (no e-mail template)
    const rows = await serviceSql<{ subject: string; order_id: number | null; status: string }>(system, 'notifications', 'select subject, order_id, status from notifications.delivery where key = ?', [`r${journalRule}.j${entry.id}`]);
    expect(rows).toEqual([expect.objectContaining({ subject: `j${entry.id}`, order_id: null })]);
    const items = await eventually(async () => {
      const found = await serviceSql<{ source: string; order_id: number | null; summary: string }>(system, 'notifications', 'select source, order_id, summary from notifications.digest_item where rule_id = ?', [dailyRule]);
      return found.some((i) => i.source === `j${entry.id}.journal_entry`) ? found : undefined;
    }, 30_000, 'the digest item of the entry');
    expect(items.find((i) => i.source === `j${entry.id}.journal_entry`)).toEqual({ source: `j${entry.id}.journal_entry`, order_id: null, summary: `journal_entry: J2001 ${orderId}` });
    ok(await api().patch(`${rulesOf(customerId)}/${dailyRule}`, { active: false }, tokens.admin));
    // a delivery without an order writes no order history
    const history = await historyOf(orderId);
    expect(history.filter((e) => e.params?.rule_id === journalRule)).toEqual([]);
    ok(await api().patch(`${rulesOf(customerId)}/${journalRule}`, { active: false }, tokens.admin));
  });

  it('sensor_offline: a silent sensor in a rack of the location mails its rule once', async () => {
    const rule = await mailRule(customerId, 'sensor_offline', 'Sensor {{event.sensor.name}}: {{event.sensor.alarm}}', 'technik@kunde.example');
    const storageId = ok(await api().post(`${c()}/customer/${customerId}/location/${locationId}/storage/`, { name: 'Sensorregal', rows: 1, columns: 1 }, tokens.admin)).id;
    const name = `Waage "Ereignis" ${process.pid}`;
    const sensorId = ok(await api().post(`${c()}/sensor`, { name, external_id: `ev-${process.pid}-${Date.now()}`, type: 'weight', unit: 'g', interval_minutes: 1 }, tokens.admin)).id;
    ok(await api().call('PUT', `${c()}/customer/${customerId}/location/${locationId}/storage/${storageId}/bins/1/1`, { body: { sensor_id: sensorId, measured: 'weight_g', wanted: 'pieces', tare: 0, piece_weight: 10 }, token: tokens.admin }));
    const mails = await eventually(async () => {
      const found = smtp.messages.filter((m) => m.parsed.messageId?.startsWith(`<r${rule}.s${sensorId}.offline.t`));
      return found.length > 0 ? found : undefined;
    }, 60_000, 'the sensor_offline mail');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.parsed.subject).toBe(`Sensor ${name}: offline`);
    expect(mails[0]!.parsed.text).toContain('Ereignishalle Süd');
    await new Promise((r) => setTimeout(r, 2000));
    expect(smtp.messages.filter((m) => m.parsed.messageId?.startsWith(`<r${rule}.`))).toHaveLength(1);
  });

  it('sensor_alarm: a sensor reporting a low battery mails the rule of that event (not the offline one)', async () => {
    const rule = await mailRule(customerId, 'sensor_alarm', 'Alarm {{event.sensor.alarm}}: {{event.sensor.name}} {{event.sensor.battery}} %', 'technik@kunde.example');
    const storageId = ok(await api().post(`${c()}/customer/${customerId}/location/${locationId}/storage/`, { name: 'Batterieregal', rows: 1, columns: 1 }, tokens.admin)).id;
    const externalId = `bat-${process.pid}-${randomBytes(3).toString('hex')}`;
    const sensorId = ok(await api().post(`${c()}/sensor`, { name: 'Waage Batterie', external_id: externalId, type: 'weight', unit: 'g', interval_minutes: 30 }, tokens.admin)).id;
    ok(await api().call('PUT', `${c()}/customer/${customerId}/location/${locationId}/storage/${storageId}/bins/1/1`, { body: { sensor_id: sensorId, measured: 'weight_g', wanted: 'pieces', tare: 0, piece_weight: 10 }, token: tokens.admin }));
    const key = ok(await api().post(`${c()}/sensor/devicekey`, {}, tokens.admin)).key;
    const response = await fetch(`${system.ingestUrl}/api/ingest/v1/readings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
      body: JSON.stringify({ readings: [{ external_id: externalId, value: 1200, unit: 'g', battery: 12 }] }),
    });
    expect(response.status).toBe(202);
    const mails = await eventually(async () => {
      const found = smtp.messages.filter((m) => m.parsed.messageId?.startsWith(`<r${rule}.s${sensorId}.battery_low.t`));
      return found.length > 0 ? found : undefined;
    }, 60_000, 'the sensor_alarm mail');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.parsed.subject).toBe('Alarm battery_low: Waage Batterie 12 %');
    // the sensor reports: no offline alarm, so the sensor_offline rule of the test before stays silent for it
    expect(smtp.messages.filter((m) => m.parsed.messageId?.includes(`.s${sensorId}.offline.`))).toHaveLength(0);
  });

  it("a journal_entry rule whose mails fail: its failures are journalled (2000) but set off no deliveries of their own", async () => {
    const broken = ok(await api().post(`${c()}/server`, { name: 'Kein Mailserver', type: 'SMTP', host: '127.0.0.1', port: 1, smtp_security: 'none' }, tokens.writer)).id;
    const rule = await mailRule(customerId, 'journal_entry', 'Journal {{event.journal.code}}', 'journal@kunde.example', broken);
    const orderId = await runOrder(customerId, locationId, null);
    const entry = await eventually(async () => (await journal(2001)).find((j) => j.order_id === orderId), 30_000, 'the journal entry 2001');
    // the delivery fails (nothing listens) and is retried: journal entries notification_failed name it
    // (the rule may meet other entries of the customer too, e.g. a sensor's: only this entry's failures are looked at)
    const failures = await eventually(async () => {
      const found = (await journal(2000)).filter((j) => j.message_key === 'notification_failed' && j.params.rule_id === rule && j.params.subject === `j${entry!.id}`);
      return found.length >= 2 ? found : undefined;
    }, 60_000, 'the failed attempts in the journal');
    expect(failures[0]!.params).toMatchObject({ subject: `j${entry!.id}`, order_id: null, key: `r${rule}.j${entry!.id}` });
    // none of those entries was planned for the rule (nor for any other journal_entry rule)
    await new Promise((r) => setTimeout(r, 1500));
    const keys = (await serviceSql<{ key: string }>(system, 'notifications', "select key from notifications.delivery where event = 'journal_entry'")).map((r) => r.key);
    expect(keys).toContain(`r${rule}.j${entry!.id}`);
    for (const f of await journal(2000)) if (f.message_key === 'notification_failed') expect(keys.filter((k) => k.endsWith(`.j${f.id}`))).toEqual([]);
    ok(await api().patch(`${rulesOf(customerId)}/${rule}`, { active: false }, tokens.admin));
  });
});
