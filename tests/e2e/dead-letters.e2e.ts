import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { until } from '@kanban/testing';
import { meta, ok, signInDemo, startSystem, type TestSystem } from '../support/system';

/**
 * Dead letters (docs/architecture.md "Dead letters") in both run modes: the orders service's real consumer of
 * evt.catalog.customer_changed fails for one customer's events (the test-only EVENT_FAILURE_FILE names the consumer
 * and a text of the payload) until EVENT_MAX_FAILURES (3 here); then the event is a journal entry 2000 with
 * `dead_letter`, the consumer moves on (later events reach the orders service's copy), "retry now" fails while the
 * cause is there and processes the event once it is gone, "discard" gives an event up; staff only, per company.
 */
jest.setTimeout(300_000);

const failureFile = join(tmpdir(), `kanban-dead-letters-${process.pid}-${randomBytes(4).toString('hex')}.txt`);
const tag = randomBytes(3).toString('hex');

let system: TestSystem;
let demo: number;
let other: number;
const tokens: Record<string, string> = {};
const customers: { id: number; rule: number }[] = [];

const api = () => system.api;
const journal = (company = demo) => `/v2/c/${company}/journal?per_page=200`;
const fail = (text: string) => writeFileSync(failureFile, `orders.customers ${text}\n`);

interface Entry {
  id: number;
  code: number;
  message: string;
  dead_letter: boolean;
  customer_id: number | null;
}

const deadLetters = async (token = tokens.admin!) => (ok(await api().get(journal(), token)).items as Entry[]).filter((e) => e.dead_letter);
/** The orders service's copy of a customer's name, as a rule of the customer shows it. */
const copiedName = async (i: number) => ok(await api().get(`/c/${demo}/rules/${customers[i]!.rule}`, tokens.admin)).customer.name as string;
const rename = async (i: number, name: string) => ok(await api().patch(`/c/${demo}/customer/${customers[i]!.id}`, { name }, tokens.admin));

beforeAll(async () => {
  rmSync(failureFile, { force: true });
  system = await startSystem(undefined, { env: { EVENT_MAX_FAILURES: '3', EVENT_FAILURE_FILE: failureFile } });
  const signedIn = await signInDemo(system);
  Object.assign(tokens, signedIn.tokens);
  ({ demo, other } = signedIn);
  // Two customers, each with a location and a rule (the rule shows the orders service's copy of the customer's name).
  for (const n of [1, 2]) {
    const customer = ok(await api().post(`/c/${demo}/customer/`, { name: `DL ${tag} ${n}` }, tokens.admin));
    const location = ok(await api().post(`/c/${demo}/customer/${customer.id}/location/`, { name: `DL location ${n}` }, tokens.admin));
    const item = ok(await api().post(`/c/${demo}/customer/${customer.id}/item`, { sku: `DL-${tag}-${n}`, name: `DL item ${n}`, order_unit: 'PCE' }, tokens.admin));
    const rule = ok(await api().post(`/c/${demo}/rules`, { location_id: location.id, item_id: item.id, threshold: 2, capacity: 8, stock: 8 }, tokens.admin));
    customers.push({ id: customer.id, rule: rule.id });
  }
  for (const i of [0, 1]) await until(`copy of customer ${i}`, () => copiedName(i), (name) => name === `DL ${tag} ${i + 1}`);
});

afterAll(async () => {
  rmSync(failureFile, { force: true });
  await system?.close();
});

describe('a durable event that keeps failing', () => {
  let entry: Entry;

  it('becomes a journal entry 2000 after EVENT_MAX_FAILURES failures, and the events behind it flow', async () => {
    fail(`DLFAIL-${tag}`);
    await rename(0, `DLFAIL-${tag} one`);
    [entry] = await until('the dead letter', () => deadLetters(), (list) => list.length === 1);
    expect(entry).toMatchObject({ code: 2000, dead_letter: true, customer_id: null });
    expect(entry!.message).toBe(
      'event evt.catalog.customer_changed could not be processed by the orders service (customers, 3 attempts): failure injected by EVENT_FAILURE_FILE (500)',
    );
    expect(await copiedName(0)).toBe(`DL ${tag} 1`);
    // The consumer moved on: a later change of another customer reaches the orders service.
    await rename(1, `DL ${tag} 2 renamed`);
    await until('the next event', () => copiedName(1), (name) => name === `DL ${tag} 2 renamed`, 60_000);
    expect(await deadLetters()).toHaveLength(1);
  });

  it('is staff only and per company: other roles and companies get 1020, a plain entry cannot be retried', async () => {
    for (const role of ['readonly', 'customer', 'supplier']) {
      expect(meta(await api().post(`/v2/c/${demo}/journal/${entry.id}/retry`, {}, tokens[role]))).toMatchObject({ code: 1020 });
      expect(meta(await api().post(`/v2/c/${demo}/journal/${entry.id}/discard`, {}, tokens[role]))).toMatchObject({ code: 1020 });
    }
    expect(meta(await api().post(`/v2/c/${other}/journal/${entry.id}/retry`, {}, tokens.other))).toMatchObject({ code: 404 });
    expect(meta(await api().post(`/v2/c/${other}/journal/${entry.id}/discard`, {}, tokens.other))).toMatchObject({ code: 404 });
    expect(meta(await api().post(`/v2/c/${demo}/journal/${entry.id}/retry`, {}, tokens.other))).toMatchObject({ code: 1020 });
    expect(meta(await api().post(`/v2/c/${demo}/journal/abc/retry`, {}, tokens.admin))).toMatchObject({ code: 1000 });
    expect(meta(await api().post(`/v2/c/${demo}/journal/999999/retry`, {}, tokens.admin))).toMatchObject({ code: 404 });
    // An entry that is no dead letter: a stock drop orders an item of no supplier's catalog (2001).
    ok(await api().post(`/c/${demo}/rules/${customers[0]!.rule}/stock`, { stock: 1 }, tokens.admin));
    const plain = (ok(await api().get(journal(), tokens.admin)).items as Entry[]).find((e) => !e.dead_letter);
    expect(plain).toMatchObject({ code: 2001 });
    expect(plain).toBeDefined();
    expect(meta(await api().post(`/v2/c/${demo}/journal/${plain!.id}/retry`, {}, tokens.admin))).toMatchObject({ code: 1000, field: 'id' });
    expect(meta(await api().post(`/v2/c/${demo}/journal/${plain!.id}/discard`, {}, tokens.admin))).toMatchObject({ code: 1000, field: 'id' });
    expect(await deadLetters()).toHaveLength(1);
  });

  it('retry now fails again while the cause is there (the entry stays) and processes the event once it is gone', async () => {
    expect(ok(await api().post(`/v2/c/${demo}/journal/${entry.id}/retry`, {}, tokens.writer))).toEqual({
      retried: false,
      error: { code: 500, message: 'failure injected by EVENT_FAILURE_FILE' },
    });
    expect((await deadLetters()).map((e) => e.id)).toEqual([entry.id]);
    expect(await copiedName(0)).toBe(`DL ${tag} 1`);

    rmSync(failureFile);
    expect(ok(await api().post(`/v2/c/${demo}/journal/${entry.id}/retry`, {}, tokens.writer))).toEqual({ retried: true, error: null });
    expect(await copiedName(0)).toBe(`DLFAIL-${tag} one`);
    expect(await deadLetters()).toEqual([]);
    expect(ok(await api().get(journal(), tokens.admin)).items.map((e: Entry) => e.id)).not.toContain(entry.id);
    expect(meta(await api().post(`/v2/c/${demo}/journal/${entry.id}/retry`, {}, tokens.writer))).toMatchObject({ code: 404 });
  });

  it("another service's dead letter (the supply service's copy of customers) is retried there", async () => {
    writeFileSync(failureFile, `supply.customers DLSUPPLY-${tag}\n`);
    await rename(0, `DLSUPPLY-${tag} one`);
    const [supply] = await until('the supply dead letter', () => deadLetters(), (list) => list.length === 1);
    expect(supply!.message).toBe(
      'event evt.catalog.customer_changed could not be processed by the supply service (customers, 3 attempts): failure injected by EVENT_FAILURE_FILE (500)',
    );
    // The orders service's own consumer of the same event was not held up.
    expect(await copiedName(0)).toBe(`DLSUPPLY-${tag} one`);
    expect(ok(await api().post(`/v2/c/${demo}/journal/${supply!.id}/retry`, {}, tokens.admin))).toMatchObject({ retried: false });
    rmSync(failureFile);
    expect(ok(await api().post(`/v2/c/${demo}/journal/${supply!.id}/retry`, {}, tokens.admin))).toEqual({ retried: true, error: null });
    expect(await deadLetters()).toEqual([]);
  });

  it('discard gives the event up: the entry is gone and the change never arrives', async () => {
    fail(`DLDISCARD-${tag}`);
    await rename(1, `DLDISCARD-${tag} two`);
    const [discarded] = await until('the second dead letter', () => deadLetters(), (list) => list.length === 1);
    expect(discarded!.message).toContain('evt.catalog.customer_changed');
    rmSync(failureFile);
    expect(ok(await api().post(`/v2/c/${demo}/journal/${discarded!.id}/discard`, {}, tokens.owner))).toEqual({ discarded: true });
    expect(await deadLetters()).toEqual([]);
    expect(meta(await api().post(`/v2/c/${demo}/journal/${discarded!.id}/discard`, {}, tokens.owner))).toMatchObject({ code: 404 });
    // Later events flow as before; the discarded one stays lost (the copy keeps the name before it).
    expect(await copiedName(1)).toBe(`DL ${tag} 2 renamed`);
    await rename(0, `DL ${tag} 1 again`);
    await until('an event after the discard', () => copiedName(0), (name) => name === `DL ${tag} 1 again`, 60_000);
    expect(await copiedName(1)).toBe(`DL ${tag} 2 renamed`);
  });
});
