import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eventually } from '@kanban/testing';
import { meta, ok, signInDemo, startSystem, type TestSystem } from '../support/system';

/**
 * The supplier API (docs/supplier-api.md) in both run modes: API clients of a supplier created, listed and revoked on
 * its users page; the client credentials grant; the feed of the supplier's supplies with a stable cursor (a second
 * pull is empty), in JSON, CSV and openTRANS; the acknowledgement (lines TR, then PO with the supplier's order
 * number, which the order takes over); only the own supplier's supplies; another supplier's client, a revoked
 * client, a wrong secret and user tokens refused; the rate limit per client.
 */
jest.setTimeout(240_000);

const RATE_LIMIT = 25;
let system: TestSystem;
let demo: number;
let other: number;
const tokens: Record<string, string> = {};
const customers: Record<string, number> = {};
const suppliers: Record<string, number> = {};
const orders: number[] = [];
const api = () => system.api;

async function placeOrder(customer: string, name: string, sku: string, catalogId: number): Promise<number> {
  const customerId = customers[customer]!;
  const locationId = ok(await api().post(`/c/${demo}/customer/${customerId}/location/`, { name }, tokens.writer)).id;
  const item = ok(await api().post(`/c/${demo}/customer/${customerId}/item`, { sku, name: `Feed item ${sku}`, order_unit: 'PAK', catalog_id: catalogId }, tokens.writer));
  const rule = ok(await api().post(`/c/${demo}/rules`, { location_id: locationId, item_id: item.id, threshold: 2, capacity: 8, stock: 8 }, tokens.writer)).id;
  const reply = ok(await api().post(`/c/${demo}/rules/${rule}/stock`, { stock: 1 }, tokens.writer));
  expect(reply.decision.reason).toBe('ordered');
  const request = await api().get(`/c/${demo}/request/${reply.decision.order_id}`, tokens.admin);
  if (request.body.Meta.code === 200) ok(await api().post(`/c/${demo}/customer/${customerId}/request/${reply.decision.order_id}/confirm`, {}, tokens.writer));
  return reply.decision.order_id as number;
}

/** A raw call (form bodies, other content types, headers of the answer). */
async function raw(method: string, path: string, init: { token?: string; headers?: Record<string, string>; body?: string } = {}) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const response = await fetch(`${system.url}/api${path}`, { method, headers, body: init.body });
  const text = await response.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

async function signIn(clientId: string, secret: string) {
  return raw('POST', '/oauth/token', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }).toString(),
  });
}

const clientsPath = (supplierId: number) => `/c/${demo}/supplier/${supplierId}/apiclient`;
const feedPath = (supplierId: number, rest = '') => `/supplierapi/c/${demo}/supplier/${supplierId}/supply${rest}`;
const pull = (token: string, supplierId: number, since?: string) => raw('GET', feedPath(supplierId, since === undefined ? '' : `?since=${since}`), { token });

let l100: { id: number; client_id: string; client_secret: string };
let l200: { id: number; client_id: string; client_secret: string };
let token100: string;
let token200: string;

beforeAll(async () => {
  system = await startSystem(undefined, { env: { SUPPLIER_API_RATE_LIMIT: String(RATE_LIMIT) } });
  const signedIn = await signInDemo(system);
  Object.assign(tokens, signedIn.tokens);
  ({ demo, other } = signedIn);
  for (const c of ok(await api().get(`/c/${demo}/customer?all=1&per_page=200`, tokens.admin)).items) customers[c.nr] = c.id;
  for (const s of ok(await api().get(`/c/${demo}/supplier?all=1&per_page=200`, tokens.admin)).items) suppliers[s.nr] = s.id;
  const catalog100 = ok(await api().get(`/c/${demo}/supplier/${suppliers['L-100']}/catalog`, tokens.admin)).items[0];
  const catalog200 = ok(await api().get(`/c/${demo}/supplier/${suppliers['L-200']}/catalog`, tokens.admin)).items[0];
  orders.push(await placeOrder('K-10001', 'Feed Halle 1', 'FEED-1', catalog100.id));
  orders.push(await placeOrder('K-10001', 'Feed Halle 2', 'FEED-2', catalog100.id));
  orders.push(await placeOrder('K-10001', 'Feed Halle 3', 'FEED-3', catalog200.id));
});

afterAll(async () => {
  await system?.close();
});

describe('API clients on the supplier users page', () => {
  it('creates a client (secret once), lists it without the secret; names checked; only the user group and the company', async () => {
    const name = 'ERP "Müller"; Lager 😀';
    l100 = ok(await api().post(clientsPath(suppliers['L-100']!), { name }, tokens.admin));
    expect(l100).toMatchObject({ supplier_id: suppliers['L-100'], name, revoked_at: null, last_used_at: null });
    expect(l100.client_id).toMatch(/^sc_[0-9a-f]{32}$/);
    expect(l100.client_secret.length).toBeGreaterThanOrEqual(40);
    l200 = ok(await api().post(clientsPath(suppliers['L-200']!), { name: 'Tirol EDI' }, tokens.writer));
    const listed = ok(await api().get(clientsPath(suppliers['L-100']!), tokens.admin));
    expect(listed).toEqual([expect.objectContaining({ id: l100.id, client_id: l100.client_id, name })]);
    expect(JSON.stringify(listed)).not.toContain(l100.client_secret);
    expect(JSON.stringify(listed)).not.toContain('secret');

    const noName = await api().post(clientsPath(suppliers['L-100']!), { name: '   ' }, tokens.admin);
    expect([noName.status, meta(noName).code, meta(noName).field]).toEqual([422, 1000, 'name']);
    // not the user group (supplier user, read-only), not a member (the other company): 1020
    for (const token of [tokens.supplier!, tokens.readonly!, tokens.other!]) {
      const refused = await api().get(clientsPath(suppliers['L-100']!), token);
      expect(meta(refused).code).toBe(1020);
    }
    // another supplier's client is not found on this supplier's page
    expect(meta(await api().delete(`${clientsPath(suppliers['L-100']!)}/${l200.id}`, tokens.admin)).code).toBe(404);
  });
});

describe('sign-in (client credentials grant)', () => {
  it('answers a Bearer token (form or JSON, or HTTP Basic); wrong, unknown or missing credentials 401 1026', async () => {
    const signed = await signIn(l100.client_id, l100.client_secret);
    expect(signed.status).toBe(200);
    expect(signed.json).toMatchObject({ token_type: 'Bearer', expires_in: 3600, company_id: demo, supplier_id: suppliers['L-100'] });
    expect(signed.headers.get('cache-control')).toBe('no-store');
    token100 = signed.json.access_token;
    const json = await raw('POST', '/oauth/token', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: l200.client_id, client_secret: l200.client_secret }),
    });
    token200 = json.json.access_token;
    expect(typeof token200).toBe('string');
    const basic = await raw('POST', '/oauth/token', {
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${l100.client_id}:${l100.client_secret}`).toString('base64')}` },
      body: 'grant_type=client_credentials',
    });
    expect(basic.json.token_type).toBe('Bearer');

    const wrong = await signIn(l100.client_id, `${l100.client_secret}x`);
    expect([wrong.status, wrong.json.Meta.code]).toEqual([401, 1026]);
    const unknown = await signIn('sc_00000000000000000000000000000000', l100.client_secret);
    expect([unknown.status, unknown.json.Meta.code]).toEqual([401, 1026]);
    const grant = await raw('POST', '/oauth/token', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'password', client_id: l100.client_id, client_secret: 'x' }) });
    expect([grant.json.Meta.code, grant.json.Meta.field]).toEqual([1000, 'grant_type']);
  });

  it('a client token works only on the supplier API, a user token not there', async () => {
    const onUserRoute = await api().get(`/c/${demo}/supplier/${suppliers['L-100']}/supply`, token100);
    expect([onUserRoute.status, meta(onUserRoute).code]).toEqual([401, 401]);
    const userOnFeed = await pull(tokens.admin!, suppliers['L-100']!);
    expect([userOnFeed.status, userOnFeed.json.Meta.code]).toEqual([401, 401]);
    const none = await pull('', suppliers['L-100']!);
    expect(none.status).toBe(401);
  });
});

describe('the feed', () => {
  let cursor: string;
  let supplyIds: number[];

  it("pulls the supplier's new supplies with lines, oldest first, only its own; a second pull with the cursor is empty", async () => {
    const first = await eventually(
      async () => {
        const answer = await pull(token100, suppliers['L-100']!);
        const items = answer.json.Data.items as any[];
        return orders.slice(0, 2).every((o) => items.some((s) => s.order_id === o)) ? answer.json.Data : undefined;
      },
      30_000,
      'both L-100 supplies in the feed',
    );
    const items = first.items as any[];
    expect(items.every((s) => s.supplier_id === suppliers['L-100'])).toBe(true);
    expect(items.map((s) => s.order_id)).not.toContain(orders[2]);
    const seqs = items.map((s) => BigInt(s.seq));
    expect([...seqs].sort((a, b) => (a < b ? -1 : 1))).toEqual(seqs);
    const mine = items.filter((s) => orders.includes(s.order_id));
    expect(mine[0].lines).toEqual([expect.objectContaining({ pos: 1, sku: 'FEED-1', quantity: 7, unit: 'PAK', ext_status: null })]);
    expect(first.next_cursor).toBe(items[items.length - 1].seq);
    expect(first.has_more).toBe(false);
    cursor = first.next_cursor;
    supplyIds = mine.map((s) => s.id);

    const second = await pull(token100, suppliers['L-100']!, cursor);
    expect(second.json.Data).toEqual({ items: [], next_cursor: cursor, has_more: false });
    // pages: limit 1 walks the same supplies one by one
    const page = await raw('GET', feedPath(suppliers['L-100']!, `?since=0&limit=1`), { token: token100 });
    expect(page.json.Data.items).toHaveLength(1);
    expect(page.json.Data.has_more).toBe(items.length > 1);
    const bad = await raw('GET', feedPath(suppliers['L-100']!, '?since=abc'), { token: token100 });
    expect([bad.json.Meta.code, bad.json.Meta.field]).toEqual([1000, 'since']);
  });

  it('acknowledges: lines TR, then PO with the order number, which the order takes; the feed does not repeat it', async () => {
    const [supplyId] = supplyIds;
    const acked = await raw('POST', feedPath(suppliers['L-100']!, `/${supplyId}/ack`), { token: token100, headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(acked.status).toBe(200);
    expect(acked.json.Data.lines.map((l: any) => l.ext_status)).toEqual(['TR']);
    expect(acked.json.Data.acknowledged_at).not.toBeNull();
    await eventually(
      async () => ((ok(await api().get(`/c/${demo}/order/${orders[0]}`, tokens.admin)).lines[0].ext_line_status === 'TR') ? true : undefined),
      30_000,
      'the order line TR',
    );
    const po = 'PO-4711 "Müller"; 😀';
    const withNumber = await raw('POST', feedPath(suppliers['L-100']!, `/${supplyId}/ack`), {
      token: token100,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ po_number: po }),
    });
    expect(withNumber.json.Data).toMatchObject({ po_number: po });
    expect(withNumber.json.Data.lines.map((l: any) => l.ext_status)).toEqual(['PO']);
    const order = await eventually(
      async () => {
        const o = ok(await api().get(`/c/${demo}/order/${orders[0]}`, tokens.admin));
        return o.po_number === po ? o : undefined;
      },
      30_000,
      'the order with the po number',
    );
    expect(order.po_status).toBe(1);
    expect(order.lines[0].ext_line_status).toBe('PO');
    // the order's history shows both acknowledgements as S events
    const acks = (order.history as any[]).filter((e) => e.code === 'supplier_acknowledged');
    expect(acks.map((e) => [e.type, e.params.status, e.params.po_number, e.params.positions, e.params.supply_id])).toEqual(
      expect.arrayContaining([
        ['S', 'TR', null, [1], supplyId],
        ['S', 'PO', po, [1], supplyId],
      ]),
    );
    expect(acks).toHaveLength(2);
    // TR again does not take PO back
    const again = await raw('POST', feedPath(suppliers['L-100']!, `/${supplyId}/ack`), { token: token100, headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(again.json.Data.lines.map((l: any) => l.ext_status)).toEqual(['PO']);
    // the acknowledgement is not news for the supplier: still nothing after the cursor
    expect((await pull(token100, suppliers['L-100']!, cursor)).json.Data.items).toEqual([]);
    const badNumber = await raw('POST', feedPath(suppliers['L-100']!, `/${supplyId}/ack`), {
      token: token100,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ po_number: '' }),
    });
    expect([badNumber.json.Meta.code, badNumber.json.Meta.field]).toEqual([1000, 'po_number']);
  });

  it('a delivery change brings the supply back in the feed after the cursor', async () => {
    const supplyId = supplyIds[1]!;
    ok(await api().patch(`/c/${demo}/supplier/${suppliers['L-100']}/supply/${supplyId}`, { delivered: true }, tokens.supplier));
    const next = (await pull(token100, suppliers['L-100']!, cursor)).json.Data;
    expect(next.items.map((s: any) => s.id)).toEqual([supplyId]);
    expect(next.items[0]).toMatchObject({ status: 'delivered', delivered: true });
    expect(BigInt(next.next_cursor) > BigInt(cursor)).toBe(true);
    expect((await pull(token100, suppliers['L-100']!, next.next_cursor)).json.Data.items).toEqual([]);
  });

  it('answers CSV and openTRANS on request', async () => {
    const csv = await raw('GET', feedPath(suppliers['L-100']!, '?since=0'), { token: token100, headers: { accept: 'text/csv' } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const rows = csv.text.trim().split('\r\n');
    expect(rows[0]!.split(';').slice(0, 3)).toEqual(['order_id', 'order_date', 'po_number']);
    expect(rows.some((r) => r.startsWith(`${orders[0]};`) && r.includes('FEED-1') && r.includes('"PO-4711 ""Müller""; 😀"'))).toBe(true);
    expect(csv.headers.get('x-next-cursor')).toMatch(/^\d+$/);
    const xml = await raw('GET', feedPath(suppliers['L-100']!, `/${supplyIds[0]}?format=opentrans`), { token: token100 });
    expect(xml.headers.get('content-type')).toContain('application/xml');
    expect(xml.text).toContain('<ORDER xmlns="http://www.opentrans.org/XMLSchema/2.1"');
    expect(xml.text).toContain(`<ORDER_ID>${orders[0]}</ORDER_ID>`);
    expect(xml.text).toContain('<bmecat:SUPPLIER_PID>FEED-1</bmecat:SUPPLIER_PID>');
  });

  it("refuses another supplier's client on this supplier's path, and its own path hides this supplier's supplies", async () => {
    const foreign = await pull(token200, suppliers['L-100']!);
    expect([foreign.status, foreign.json.Meta.code]).toEqual([403, 1020]);
    const ack = await raw('POST', feedPath(suppliers['L-200']!, `/${supplyIds[0]}/ack`), { token: token200, headers: { 'content-type': 'application/json' }, body: '{}' });
    expect([ack.status, ack.json.Meta.code]).toEqual([404, 404]);
    const own = await eventually(
      async () => {
        const items = (await pull(token200, suppliers['L-200']!)).json.Data.items as any[];
        return items.some((s) => s.order_id === orders[2]) ? items : undefined;
      },
      30_000,
      'the L-200 supply',
    );
    expect(own.every((s: any) => s.supplier_id === suppliers['L-200'])).toBe(true);
    const otherCompany = await raw('GET', `/supplierapi/c/${other}/supplier/${suppliers['L-100']}/supply`, { token: token100 });
    expect(otherCompany.json.Meta.code).toBe(1020);
  });
});

describe('the example client of docs/supplier-api.md', () => {
  it('pulls and acknowledges the supplies, and finds nothing new when run again', async () => {
    const client = ok(await api().post(clientsPath(suppliers['L-200']!), { name: 'example script' }, tokens.admin));
    const dir = await mkdtemp(path.join(tmpdir(), 'supplier-pull-'));
    try {
      const run = () =>
        promisify(execFile)(process.execPath, [path.resolve(__dirname, '../../docs/examples/supplier-pull.mjs')], {
          env: { PATH: process.env.PATH, BASE_URL: system.url, CLIENT_ID: client.client_id, CLIENT_SECRET: client.client_secret, CURSOR_FILE: path.join(dir, 'cursor') },
          timeout: 60_000,
        });
      const first = await run();
      expect(first.stdout).toContain('(order ' + orders[2] + ') for Maschinenbau Huber GmbH, Feed Halle 3: 1 lines');
      const second = await run();
      expect(second.stdout).toBe('');
      const supply = (await pull(token200, suppliers['L-200']!)).json.Data.items.find((s: any) => s.order_id === orders[2]);
      expect(supply.lines.map((l: any) => l.ext_status)).toEqual(['TR']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('revocation and the rate limit', () => {
  it('a revoked client is refused at once, listed as revoked, and cannot sign in', async () => {
    const before = ok(await api().get(clientsPath(suppliers['L-100']!), tokens.admin))[0];
    expect(before.last_used_at).not.toBeNull();
    const revoked = ok(await api().delete(`${clientsPath(suppliers['L-100']!)}/${l100.id}`, tokens.admin));
    expect(revoked.revoked_at).not.toBeNull();
    const refused = await pull(token100, suppliers['L-100']!);
    expect([refused.status, refused.json.Meta.code]).toEqual([401, 401]);
    const signIn100 = await signIn(l100.client_id, l100.client_secret);
    expect([signIn100.status, signIn100.json.Meta.code]).toEqual([401, 1026]);
    const listed = ok(await api().get(clientsPath(suppliers['L-100']!), tokens.admin));
    expect(listed[0]).toMatchObject({ id: l100.id, revoked_at: revoked.revoked_at });
    // safe to repeat
    expect(ok(await api().delete(`${clientsPath(suppliers['L-100']!)}/${l100.id}`, tokens.admin)).revoked_at).toBe(revoked.revoked_at);
  });

  it(`answers 429 with Retry-After past ${RATE_LIMIT} calls a minute of one client; another client is not held up`, async () => {
    const fresh = ok(await api().post(clientsPath(suppliers['L-100']!), { name: 'busy' }, tokens.admin));
    const token = (await signIn(fresh.client_id, fresh.client_secret)).json.access_token;
    let limited: Awaited<ReturnType<typeof raw>> | undefined;
    let calls = 0;
    while (!limited && calls < RATE_LIMIT + 10) {
      const answer = await pull(token, suppliers['L-100']!);
      calls++;
      if (answer.status === 429) limited = answer;
    }
    expect(limited?.json.Meta.code).toBe(429);
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(calls).toBeGreaterThan(RATE_LIMIT - 2);
    expect((await pull(token200, suppliers['L-200']!)).status).toBe(200);
  });
});

describe('a deleted supplier', () => {
  it("revokes its clients: the client can no longer sign in, its token no longer pulls; another supplier's client keeps working", async () => {
    const supplier = ok(await api().post(`/c/${demo}/supplier/`, { name: 'Gone "Schrauben"; GmbH 🔩' }, tokens.admin));
    const client = ok(await api().post(clientsPath(supplier.id), { name: 'to be revoked' }, tokens.admin));
    const signedIn = await signIn(client.client_id, client.client_secret);
    expect(signedIn.status).toBe(200);
    expect((await pull(signedIn.json.access_token, supplier.id)).status).toBe(200);
    ok(await api().delete(`/c/${demo}/supplier/${supplier.id}`, tokens.admin));
    // the catalog's evt.catalog.supplier_changed (deleted) reaches identity
    const refused = await eventually(async () => {
      const answer = await signIn(client.client_id, client.client_secret);
      return answer.status === 401 ? answer : undefined;
    }, 20_000, 'the deleted supplier\'s client refused');
    expect(refused.json.Meta.code).toBe(1026);
    expect((await pull(signedIn.json.access_token, supplier.id)).status).toBe(401);
    expect((await signIn(l200.client_id, l200.client_secret)).status).toBe(200);
  });
});
