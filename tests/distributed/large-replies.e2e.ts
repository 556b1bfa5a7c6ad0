import { randomBytes } from 'node:crypto';
import { busReplyBucket } from '@kanban/contracts';
import { ok, signInDemo, startSystem, type TestSystem } from '../support/system';

/**
 * Replies larger than one NATS message (docs/architecture.md "Large replies"): a page of label templates of ~190,000
 * characters each (a data-URI image, umlauts and emoji in the text) is ~1.5 MB, over the NATS server's 1 MB
 * max_payload. The catalog puts the reply into the bus reply bucket, the gateway reads and deletes it: every template
 * comes back whole in one page through the HTTP API. The same for a page of large e-mail templates (the notifications
 * service). The services run as their NATS users (BUS_ACCESS permissions).
 */
jest.setTimeout(240_000);

let system: TestSystem;
let demo: number;
let tokens: Record<string, string>;

beforeAll(async () => {
  system = await startSystem('distributed');
  const signedIn = await signInDemo(system);
  demo = signedIn.demo;
  tokens = signedIn.tokens;
});

afterAll(async () => {
  await system?.close();
});

/** A valid label template (libs/labels) of about `chars` characters: most of it a PNG data URI. */
function largeTemplate(n: number, chars: number): string {
  const head = `<label width="62" height="29" size="8">\n  <text x="2" y="2" width="58" height="6">Größe ÄÖÜ ß 😀🏷️ "${n}" {{item.sku}}</text>\n  <image x="2" y="9" width="18" height="18" src="data:image/png;base64,`;
  const tail = `"/>\n</label>\n`;
  const room = chars - head.length - tail.length;
  const base64 = randomBytes(Math.ceil((room * 3) / 4) + 3).toString('base64').replace(/=+$/, '').slice(0, room - (room % 4));
  return head + base64 + tail;
}

it('lists a page of eight templates of ~190,000 characters each, all whole (over 1 MB in one reply)', async () => {
  const marker = `Large ${randomBytes(3).toString('hex')}`;
  const saved: { id: number; name: string; template: string }[] = [];
  for (let n = 1; n <= 8; n++) {
    const template = largeTemplate(n, 190_000);
    expect(template.length).toBeGreaterThan(189_000);
    expect(template.length).toBeLessThanOrEqual(190_000);
    const name = `${marker} Etikett ${n} Größe 😀`;
    const created = ok(await system.api.post(`/c/${demo}/labeltemplates`, { name, description: 'groß', type: 'Item', template }, tokens.writer!));
    expect(created.template).toBe(template);
    saved.push({ id: created.id, name, template });
  }

  const page = ok(await system.api.get(`/c/${demo}/labeltemplates?per_page=50&q=${encodeURIComponent(marker)}`, tokens.readonly!));
  const bytes = Buffer.byteLength(JSON.stringify(page));
  expect(bytes).toBeGreaterThan(1.4 * 1024 * 1024);
  expect(page.total).toBe(8);
  expect(page.items).toHaveLength(8);
  const byId = new Map<number, { name: string; template: string }>(page.items.map((t: { id: number; name: string; template: string }) => [t.id, t]));
  for (const one of saved) {
    expect(byId.get(one.id)?.name).toBe(one.name);
    expect(byId.get(one.id)?.template).toBe(one.template);
  }

  // the gateway deleted what it read: nothing is left in the reply bucket (deleted markers only, for its max_age)
  const nc = await system.distributed!.nats.connect();
  try {
    const os = await nc.jetstream().views.os(busReplyBucket(system.distributed!.prefix));
    for (let i = 0; ; i++) {
      const live = (await os.list()).filter((o) => !o.deleted);
      if (live.length === 0) break;
      if (i > 50) throw new Error(`${live.length} spilled replies left in the bucket`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const status = await os.status();
    expect(status.size).toBeLessThan(64 * 1024);
  } finally {
    await nc.close();
  }
});

it('lists a page of e-mail templates of ~99,000 characters each from the notifications service, all whole', async () => {
  const marker = `Gross ${randomBytes(3).toString('hex')}`;
  const saved = new Map<number, { name: string; body: string }>();
  for (let n = 1; n <= 12; n++) {
    const body = `Hallo {{supplier.name}} ${n}\n${'Grüße aus Köln 😀 "ok" {{order.id}}\n'.repeat(2_600)}`.slice(0, 99_000);
    const name = `${marker} Vorlage ${n} ✓`;
    const created = ok(await system.api.post(`/c/${demo}/emailtemplates`, { name, header: `Bestellung {{order.id}} ${n}`, body }, tokens.writer!));
    expect(created.body).toBe(body);
    saved.set(created.id, { name, body });
  }
  const page = ok(await system.api.get(`/c/${demo}/emailtemplates?per_page=50&q=${encodeURIComponent(marker)}`, tokens.admin!));
  expect(Buffer.byteLength(JSON.stringify(page))).toBeGreaterThan(1.25 * 1024 * 1024);
  expect(page.items).toHaveLength(12);
  for (const item of page.items as { id: number; name: string; body: string }[]) {
    expect(item.name).toBe(saved.get(item.id)?.name);
    expect(item.body).toBe(saved.get(item.id)?.body);
  }
});
