import { Client } from 'pg';
import { eventually } from '@kanban/testing';
import { ok, signInDemo, startSystem, type TestSystem } from '../support/system';

/**
 * The supplier feed's cursor under concurrent changes (docs/supplier-api.md "The cursor"): a supply's change number
 * taken by a transaction that has not committed yet must not be passed by a reader, or the change is never pulled.
 * A writer holding the company's change lock with a number taken stands for a slow transaction; a delivery change made
 * meanwhile through the API waits for it, a pull in between shows neither, and after the commit a pull from the same
 * cursor shows both, in the order of their numbers. Without the lock the API's change would commit first with the
 * higher number, the pull would show it and move the cursor past the slow one's number: skipped for good.
 */
jest.setTimeout(240_000);

/** The key space of the company's change lock: SUPPLY_CHANGE_LOCK of apps/supply/src/supplies/supplies.repository.ts. */
const SUPPLY_CHANGE_LOCK = 5_505_101;

let system: TestSystem;
let db: Client;
let demo: number;
let supplierId: number;
let token: string;
const orderIds: number[] = [];
const tokens: Record<string, string> = {};

async function raw(method: string, path: string, bearer: string, body?: unknown) {
  const response = await fetch(`${system.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as any };
}

async function placeOrder(customerId: number, catalogId: number, sku: string): Promise<number> {
  const locationId = ok(await system.api.post(`/c/${demo}/customer/${customerId}/location/`, { name: `Feed order ${sku} "Ä";😀` }, tokens.writer)).id;
  const item = ok(await system.api.post(`/c/${demo}/customer/${customerId}/item`, { sku, name: `Feed order ${sku}`, catalog_id: catalogId }, tokens.writer));
  const rule = ok(await system.api.post(`/c/${demo}/rules`, { location_id: locationId, item_id: item.id, threshold: 2, capacity: 8, stock: 8 }, tokens.writer)).id;
  const reply = ok(await system.api.post(`/c/${demo}/rules/${rule}/stock`, { stock: 1 }, tokens.writer));
  expect(reply.decision.reason).toBe('ordered');
  const request = await system.api.get(`/c/${demo}/request/${reply.decision.order_id}`, tokens.admin);
  if (request.body.Meta.code === 200) ok(await system.api.post(`/c/${demo}/customer/${customerId}/request/${reply.decision.order_id}/confirm`, {}, tokens.writer));
  return reply.decision.order_id as number;
}

const pull = async (since: string) => {
  const answer = await raw('GET', `/supplierapi/c/${demo}/supplier/${supplierId}/supply?since=${since}`, token);
  expect(answer.status).toBe(200);
  return answer.json.Data as { items: { id: number; order_id: number; seq: string; status: string }[]; next_cursor: string };
};

beforeAll(async () => {
  // the feed's calls a minute per client: more than this test's looks need
  system = await startSystem('distributed', { env: { SUPPLIER_API_RATE_LIMIT: '1000' } });
  db = new Client({ connectionString: system.distributed!.databaseUrl });
  await db.connect();
  const signedIn = await signInDemo(system);
  demo = signedIn.demo;
  Object.assign(tokens, signedIn.tokens);
  supplierId = ok(await system.api.get(`/c/${demo}/supplier?q=L-100`, tokens.admin)).items[0].id as number;
  const customerId = ok(await system.api.get(`/c/${demo}/customer?q=K-10001`, tokens.admin)).items[0].id as number;
  const catalogId = ok(await system.api.get(`/c/${demo}/supplier/${supplierId}/catalog`, tokens.admin)).items[0].id as number;
  const client = ok(await system.api.post(`/c/${demo}/supplier/${supplierId}/apiclient`, { name: 'Feed order check' }, tokens.admin));
  const grant = await fetch(`${system.url}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret }).toString(),
  });
  token = ((await grant.json()) as { access_token: string }).access_token;
  expect(token).toBeTruthy();
  orderIds.push(await placeOrder(customerId, catalogId, 'FEEDSEQ-1'), await placeOrder(customerId, catalogId, 'FEEDSEQ-2'));
});

afterAll(async () => {
  await db?.end();
  await system?.close();
});

it('a reader never passes a change number whose transaction commits later', async () => {
  // the two new supplies in the feed (created by the supply service from evt.orders.created), pulled to the end
  let cursor = '0';
  const [slow, fast] = await eventually(async () => {
    const seen = new Map<number, number>();
    let since = '0';
    for (;;) {
      const page = await pull(since);
      for (const s of page.items) seen.set(s.order_id, s.id);
      if (page.next_cursor === since) break;
      since = page.next_cursor;
    }
    cursor = since;
    const ids = orderIds.filter((orderId) => seen.has(orderId)).map((orderId) => seen.get(orderId)!);
    if (ids.length === 2) return ids as [number, number];
    // not yet: the next look a little later (the feed is rate-limited per client)
    await new Promise((resolve) => setTimeout(resolve, 500));
    return undefined;
  }, 60_000, 'both supplies in the feed');
  expect((await pull(cursor)).items).toEqual([]);

  // a slow writer: the company's change lock held, a number taken for the first supply, not committed
  await db.query('begin');
  await db.query('select pg_advisory_xact_lock($1, $2)', [SUPPLY_CHANGE_LOCK, demo]);
  const taken = (await db.query(`update supply.supply set change_seq = nextval('supply.supply_change_seq') where id = $1 returning change_seq::text as seq`, [slow])).rows[0].seq as string;

  // meanwhile a delivery change of the second supply through the API: it has to wait for the slow one
  let answered = false;
  const change = raw('PATCH', `/c/${demo}/supplier/${supplierId}/supply/${fast}`, tokens.supplier!, { delivered: true }).then((answer) => {
    answered = true;
    return answer;
  });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(answered).toBe(false);
  // a pull in between shows neither: the slow number is not committed, the later one not taken
  expect((await pull(cursor)).items).toEqual([]);

  await db.query('commit');
  const answer = await change;
  expect(answer.status).toBe(200);
  expect(answer.json.Meta.code).toBe(200);

  // from the same cursor: both, the slow one first (its number is the lower)
  const after = await pull(cursor);
  expect(after.items.map((s) => s.id)).toEqual([slow, fast]);
  expect(after.items[0]!.seq).toBe(taken);
  expect(BigInt(after.items[1]!.seq)).toBeGreaterThan(BigInt(taken));
  expect(after.items[1]!.status).toBe('delivered');
  expect((await pull(after.next_cursor)).items).toEqual([]);
});
