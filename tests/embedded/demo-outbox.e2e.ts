import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { DEMO_API_KEYS, startEmbedded, type EmbeddedSystem } from '@kanban/app-server';
import { ApiClient, eventually, freePort } from '@kanban/testing';

jest.setTimeout(300_000);

/**
 * The demo's notifications in the embedded run (README "Demo data: notifications", docs/notifications.md "Demo"): a
 * fresh data folder with the demo data and DEMO_SERVERS starts the demo outbox (SMTP and SFTP on loopback in the
 * process) and seeds its two servers, the templates and the rules; an order of a demo supplier is mailed to the
 * supplier (an .eml in DATA_DIR/demo-outbox/mail with the CSV attached) and to the customer, and written as a file into
 * DATA_DIR/demo-outbox/files over SFTP, each recorded on the order (S and O events, status sent). A restart on the same
 * folder with other ports points the seeded servers at them and seeds nothing twice; the next order arrives again.
 */
let dataDir: string;
let system: EmbeddedSystem | undefined;
let api: ApiClient;
let token: string;
let company: number;
const c = () => `/c/${company}`;

function ok(answer: { status: number; body: { Meta: { code: number }; Data: any } }): any {
  if (answer.body.Meta.code !== 200) throw new Error(`expected 200, got ${answer.status} ${JSON.stringify(answer.body.Meta)}`);
  return answer.body.Data;
}

async function start(env: Record<string, string> = {}): Promise<void> {
  system = await startEmbedded(
    { DATA_DIR: dataDir, PORT: '0', DEMO_DATA: 'true', DEMO_HISTORY: 'false', DEMO_SERVERS: 'true', ORDERS_SCHEDULER: 'false', SENSOR_ALARMS: 'false', DELIVERY_POLL_MS: '200', ...env },
    false,
  );
  api = new ApiClient(system.url);
  const login = await api.post('/authenticate', { Email: 'admin@demo.example', Password: 'demo12345' }, undefined, { 'X-API-Key': DEMO_API_KEYS.web });
  token = login.body.Data.token as string;
  company = (await api.get('/company', token)).body.Data[0].id as number;
}

async function stop(): Promise<void> {
  await system?.close();
  system = undefined;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'kanban-demo-outbox-'));
});

afterAll(async () => {
  await stop();
  await rm(dataDir, { recursive: true, force: true });
});

const byNr = async (kind: 'customer' | 'supplier', nr: string): Promise<number> =>
  ok(await api.get(`${c()}/${kind}?all=1&per_page=200`, token)).items.find((x: { nr: string }) => x.nr === nr).id;

const LOCATION = 'Versandlager Süd';
let skus = 0;
/** A new order of the supplier L-100 at a location of K-10001: an item of its catalog and a kanban rule whose stock falls below the threshold. */
async function newOrder(): Promise<{ orderId: number; sku: string; customerId: number; supplierId: number }> {
  const customerId = await byNr('customer', 'K-10001');
  const supplierId = await byNr('supplier', 'L-100');
  const catalogId = ok(await api.get(`${c()}/supplier/${supplierId}/catalog`, token)).items[0].id;
  // a location of its own without a requisition schedule: a stock below the threshold orders at once
  const existing = ok(await api.get(`${c()}/customer/${customerId}/location/?per_page=200`, token)).items.find((l: { name: string }) => l.name === LOCATION);
  const locationId = existing ? existing.id : ok(await api.post(`${c()}/customer/${customerId}/location/`, { name: LOCATION }, token)).id;
  const sku = `DEMO-OUT-${++skus}-${Date.now() % 100_000}`;
  const item = ok(await api.post(`${c()}/customer/${customerId}/item`, { sku, name: 'Sechskantschraube M10 "verzinkt"; Größe', order_unit: 'PAK', catalog_id: catalogId }, token));
  const rule = ok(await api.post(`${c()}/rules`, { location_id: locationId, item_id: item.id, threshold: 2, capacity: 8, stock: 8 }, token));
  const reply = ok(await api.post(`${c()}/rules/${rule.id}/stock`, { stock: 1 }, token));
  expect(reply.decision.reason).toBe('ordered');
  return { orderId: reply.decision.order_id, sku, customerId, supplierId };
}

async function rulesOf(owner: string): Promise<{ id: number; name: string; type: string }[]> {
  return ok(await api.get(`${c()}/${owner}/notificationrule?per_page=100`, token)).items;
}

/** The mail kept under the delivery's Message-ID, parsed. */
async function mailOf(key: string) {
  const file = path.join(system!.demoOutbox!.mailDir, `${key}@kanban.local.eml`);
  await eventually(async () => (existsSync(file) ? true : undefined), 60_000, `the mail ${key}`);
  return simpleParser(await readFile(file));
}

/** Checks the order's delivery end to end: the supplier's mail with the CSV, the customer's mail, the SFTP file, the events. */
async function expectDelivered(order: { orderId: number; sku: string; customerId: number; supplierId: number }): Promise<void> {
  const { orderId, sku } = order;
  const supplierRules = await rulesOf(`supplier/${order.supplierId}`);
  const customerRules = await rulesOf(`customer/${order.customerId}`);
  const mailRule = supplierRules.find((r) => r.type === 'E')!;
  const fileRule = supplierRules.find((r) => r.type === 'F')!;
  const customerRule = customerRules.find((r) => r.type === 'E')!;

  const csvHeader = 'Bestellung;Datum;Kundennr;Kunde;Lieferort;Lieferant;Pos;Artikel;Lieferantenartikel;Bezeichnung;Menge;Einheit;Liefertag';
  const supplierMail = await mailOf(`r${mailRule.id}.o${orderId}.v1`);
  expect(supplierMail.subject).toBe(`Bestellung ${orderId}: Maschinenbau Huber GmbH, ${LOCATION}`);
  expect(supplierMail.messageId).toBe(`<r${mailRule.id}.o${orderId}.v1@kanban.local>`);
  const to = Array.isArray(supplierMail.to) ? supplierMail.to : [supplierMail.to!];
  expect(to.flatMap((a) => a.value.map((v) => v.address))).toEqual(['auftragseingang@schraubenwerk-franken.example']);
  expect(supplierMail.from?.value[0]?.address).toBe('einkauf@demo-distribution.example');
  expect(supplierMail.text).toContain(`1. 7 PAK  ${sku}  Sechskantschraube M10 "verzinkt"; Größe`);
  expect(supplierMail.attachments).toHaveLength(1);
  expect(supplierMail.attachments[0]!.filename).toBe(`bestellung_${orderId}.csv`);
  const csv = supplierMail.attachments[0]!.content.toString('utf8');
  expect(csv.startsWith(`${csvHeader}\r\n${orderId};`)).toBe(true);
  expect(csv).toContain(`;K-10001;Maschinenbau Huber GmbH;${LOCATION};L-100;1;${sku};${sku};"Sechskantschraube M10 ""verzinkt""; Größe";7;PAK;`);

  const customerMail = await mailOf(`r${customerRule.id}.o${orderId}.v1`);
  expect(customerMail.subject).toBe(`Ihre Bestellung ${orderId} ist an Schraubenwerk Franken GmbH übermittelt`);
  const customerTo = Array.isArray(customerMail.to) ? customerMail.to : [customerMail.to!];
  expect(customerTo[0]!.value[0]!.address).toBe('wareneingang@huber-maschinenbau.example');

  // the file over SFTP in the outbox's files folder: the key in its name, the same CSV byte for byte
  const fileName = `bestellung_L-100_${orderId}.r${fileRule.id}.o${orderId}.v1.csv`;
  const file = path.join(system!.demoOutbox!.filesDir, fileName);
  await eventually(async () => (existsSync(file) ? true : undefined), 60_000, 'the SFTP file');
  expect(await readFile(file, 'utf8')).toBe(csv);
  // no temporary file left behind
  expect((await readdir(system!.demoOutbox!.filesDir)).filter((f) => f.includes(`o${orderId}.`))).toEqual([fileName]);

  // recorded on the order: S for the supplier's two rules, O for the customer's, status sent
  const recorded = await eventually(
    async () => {
      const o = ok(await api.get(`${c()}/order/${orderId}`, token));
      return o.history.filter((e: { code: string }) => e.code === 'notification_sent').length === 3 && o.notification_status === 2 ? o : undefined;
    },
    60_000,
    'three notification_sent events and status 2',
  );
  const sent = recorded.history.filter((e: { code: string }) => e.code === 'notification_sent');
  expect(sent.map((e: { type: string; params: { rule_id: number } }) => [e.type, e.params.rule_id]).sort()).toEqual(
    [['O', customerRule.id], ['S', mailRule.id], ['S', fileRule.id]].sort(),
  );
  expect(sent.find((e: { type: string }) => e.type === 'O').text).toContain('sent (mail, attempt 1)');
}

describe('demo outbox', () => {
  it('a fresh demo: the outbox servers, templates and rules are seeded, and an order of a demo supplier lands in the mail and file folders', async () => {
    await start();
    expect(system!.demoOutbox).toEqual({ mailDir: path.join(dataDir, 'demo-outbox', 'mail'), filesDir: path.join(dataDir, 'demo-outbox', 'files') });
    expect(statSync(path.join(dataDir, 'demo-servers.json')).mode & 0o777).toBe(0o600);

    const servers = ok(await api.get(`${c()}/server?per_page=100`, token)).items;
    expect(servers.map((s: { name: string; type: string; host: string; has_password: boolean }) => [s.name, s.type, s.host, s.has_password]).sort()).toEqual([
      ['Demo-Dateiablage (SFTP)', 'SFTP', '127.0.0.1', true],
      ['Demo-Postausgang (SMTP)', 'SMTP', '127.0.0.1', true],
    ]);
    // the password is stored sealed like any server's, and signs in to the outbox's real servers
    for (const server of servers) {
      const verified = ok(await api.get(`${c()}/server/${server.id}/verify`, token));
      expect(verified.ok).toBe(true);
      expect(verified.message).toMatch(server.type === 'SMTP' ? /kanban demo outbox.*235/s : /SSH-2\.0-kanban-demo-outbox.*directory \//);
    }
    expect(ok(await api.get(`${c()}/emailtemplates?per_page=100`, token)).items.map((t: { name: string }) => t.name).sort()).toEqual(['Bestellbestätigung an Kunden', 'Bestellung an Lieferanten']);
    expect(ok(await api.get(`${c()}/filetemplates?per_page=100`, token)).items.map((t: { name: string }) => t.name)).toEqual(['Bestelldatei CSV']);
    for (const nr of ['L-100', 'L-200', 'L-300']) {
      const rules = await rulesOf(`supplier/${await byNr('supplier', nr)}`);
      expect(rules.map((r) => [r.type, r.name]).sort()).toEqual([
        ['E', 'Bestellung per E-Mail'],
        ['F', 'Bestelldatei per SFTP'],
      ]);
    }
    const mailRule = (await rulesOf(`supplier/${await byNr('supplier', 'L-100')}`)).find((r) => r.type === 'E')!;
    const detail = ok(await api.get(`${c()}/supplier/${await byNr('supplier', 'L-100')}/notificationrule/${mailRule.id}`, token));
    expect(detail).toMatchObject({ server: 'Demo-Postausgang (SMTP)', event: 'order_created', active: true });
    expect(detail.recipients).toEqual([expect.objectContaining({ kind: 'email', email: 'auftragseingang@schraubenwerk-franken.example' })]);

    await expectDelivered(await newOrder());
  });

  it('restarted on the same folder with other ports: the seeded servers follow, nothing is seeded twice, the next order arrives', async () => {
    const before = ok(await api.get(`${c()}/server?per_page=100`, token)).items;
    await stop();
    const [smtpPort, sftpPort] = [await freePort(), await freePort()];
    await start({ DEMO_SMTP_PORT: String(smtpPort), DEMO_SFTP_PORT: String(sftpPort) });
    const after = ok(await api.get(`${c()}/server?per_page=100`, token)).items;
    expect(after.map((s: { id: number }) => s.id).sort()).toEqual(before.map((s: { id: number }) => s.id).sort());
    expect(after.find((s: { type: string }) => s.type === 'SMTP').port).toBe(smtpPort);
    expect(after.find((s: { type: string }) => s.type === 'SFTP').port).toBe(sftpPort);
    expect(ok(await api.get(`${c()}/filetemplates?per_page=100`, token)).total).toBe(1);
    expect(await rulesOf(`supplier/${await byNr('supplier', 'L-100')}`)).toHaveLength(2);
    await expectDelivered(await newOrder());
  });
});
