import { meta, ok, signInDemo, startSystem, type TestSystem } from '../support/system';

/**
 * E-mail and file templates (issue 18 item 2; docs/notifications.md "Templates"), in both run modes: create, read,
 * change, list, delete; a template that does not render refused with 1000 naming the field and line; names unique
 * (1059) and stored as sent; `execute` on a real order of the demo company fetched over the bus (its id and a line's
 * SKU in the subject), on the sample order for a company without orders, a file's bytes in ISO-8859-1; roles.
 */
jest.setTimeout(300_000);

let system: TestSystem;
let demo: number;
let other: number;
const tokens: Record<string, string> = {};
const api = () => system.api;
const email = (company = demo) => `/c/${company}/emailtemplates`;
const file = (company = demo) => `/c/${company}/filetemplates`;

let orderId: number;
let customerId: number;
let locationId: number;
let itemId: number;
const SKU = 'TPL-Ä1';

beforeAll(async () => {
  system = await startSystem();
  const signedIn = await signInDemo(system);
  Object.assign(tokens, signedIn.tokens);
  ({ demo, other } = signedIn);
  // an order of the demo company: a rule at a new location falls below its threshold
  const customer = ok(await api().get(`/c/${demo}/customer?all=1&per_page=200`, tokens.admin)).items.find((c: { nr: string }) => c.nr === 'K-10001');
  const supplier = ok(await api().get(`/c/${demo}/supplier?all=1&per_page=200`, tokens.admin)).items.find((s: { nr: string }) => s.nr === 'L-100');
  const catalog = ok(await api().get(`/c/${demo}/supplier/${supplier.id}/catalog`, tokens.admin)).items[0].id;
  customerId = customer.id;
  locationId = ok(await api().post(`/c/${demo}/customer/${customer.id}/location/`, { name: 'Vorlagen-Lager' }, tokens.writer)).id;
  const item = ok(await api().post(`/c/${demo}/customer/${customer.id}/item`, { sku: SKU, name: 'Schraube "Größe" M8; ✓', order_unit: 'PAK', catalog_id: catalog }, tokens.writer));
  itemId = item.id;
  const rule = ok(await api().post(`/c/${demo}/rules`, { location_id: locationId, item_id: item.id, threshold: 2, capacity: 8, stock: 8 }, tokens.writer));
  const reply = ok(await api().post(`/c/${demo}/rules/${rule.id}/stock`, { stock: 1 }, tokens.writer));
  expect(reply.decision.reason).toBe('ordered');
  orderId = reply.decision.order_id;
});

afterAll(async () => {
  await system?.close();
});

describe('e-mail templates', () => {
  it('creates, reads, lists, changes and deletes; names with ; quotes emoji umlauts stored unchanged; 1059 for a taken name', async () => {
    const name = 'Bestellung "Süd"; 📧 Übergabe';
    const created = ok(await api().post(email(), { name, header: 'Bestellung {{order.id}}', body: 'Hallo {{supplier.name}}' }, tokens.writer));
    expect(created).toMatchObject({ name, header: 'Bestellung {{order.id}}', body: 'Hallo {{supplier.name}}' });
    expect(ok(await api().get(`${email()}/${created.id}`, tokens.admin))).toEqual(created);
    expect(meta(await api().post(email(), { name, header: 'x' }, tokens.writer))).toMatchObject({ code: 1059, field: 'name' });

    const second = ok(await api().post(email(), { name: 'Andere Vorlage', header: 'A' }, tokens.owner));
    const page = ok(await api().get(`${email()}?q=${encodeURIComponent('süd')}`, tokens.admin));
    expect(page.items.map((t: { id: number }) => t.id)).toEqual([created.id]);
    const sorted = ok(await api().get(`${email()}?sort=name&order=desc&per_page=1`, tokens.admin));
    expect([sorted.total, sorted.items.length, sorted.items[0].id]).toEqual([2, 1, created.id]);

    const changed = ok(await api().patch(`${email()}/${created.id}`, { body: 'Neu: {{#each lines}}{{sku}} {{/each}}' }, tokens.writer));
    expect([changed.name, changed.header, changed.body]).toEqual([name, 'Bestellung {{order.id}}', 'Neu: {{#each lines}}{{sku}} {{/each}}']);
    expect(meta(await api().patch(`${email()}/${second.id}`, { name }, tokens.writer))).toMatchObject({ code: 1059, field: 'name' });

    expect(ok(await api().delete(`${email()}/${second.id}`, tokens.writer))).toBeNull();
    expect(meta(await api().get(`${email()}/${second.id}`, tokens.writer)).code).toBe(404);
    // another company's template is not there
    expect(meta(await api().get(`${email(other)}/${created.id}`, tokens.other)).code).toBe(404);
    ok(await api().delete(`${email()}/${created.id}`, tokens.writer));
  });

  it('refuses a template that does not render with 1000 naming the field, line and column', async () => {
    const body = 'Hallo\n  {{ordr.id}}';
    const answer = await api().post(email(), { name: 'Kaputt', header: 'Bestellung {{order.id}}', body }, tokens.writer);
    const m = meta(answer);
    expect(m).toMatchObject({ code: 1000, field: 'body' });
    expect(m.message).toContain('line 2');
    expect(m.message).toContain('ordr.id');
    expect(answer.body.Data.errors[0]).toMatchObject({ field: 'body', params: { line: 2, column: 5 } }); // where the placeholder's name starts

    const header = meta(await api().post(email(), { name: 'Kaputt', header: 'Bestellung {{#if order.id}}' }, tokens.writer));
    expect(header).toMatchObject({ code: 1000, field: 'header' });
    expect(header.message).toMatch(/line \d+/);
    // a change is checked too, and changes nothing
    const good = ok(await api().post(email(), { name: 'Gut', header: 'Bestellung {{order.id}}' }, tokens.writer));
    expect(meta(await api().patch(`${email()}/${good.id}`, { header: '{{nope}}' }, tokens.writer))).toMatchObject({ code: 1000, field: 'header' });
    expect(ok(await api().get(`${email()}/${good.id}`, tokens.writer)).header).toBe('Bestellung {{order.id}}');
    expect(meta(await api().post(email(), { name: 'ohne Betreff' }, tokens.writer))).toMatchObject({ code: 1000, field: 'header' });
    expect(meta(await api().post(email(), { name: 'x'.repeat(201), header: 'a' }, tokens.writer))).toMatchObject({ code: 1000, field: 'name' });
    ok(await api().delete(`${email()}/${good.id}`, tokens.writer));
  });

  it("executes on the company's latest order (or ?order=) fetched from the other services, and on the sample without orders", async () => {
    const template = ok(
      await api().post(
        email(),
        { name: 'Vorschau', header: 'Bestellung {{order.id}} {{#each lines}}{{sku}}{{/each}} für {{customer.name}}', body: '{{#each lines}}{{pos}}. {{number quantity}} {{unit}} {{sku}} {{name}} ({{item.name}})\n{{/each}}{{location.name}}' },
        tokens.writer,
      ),
    );
    const latest = ok(await api().get(`${email()}/${template.id}/execute`, tokens.writer));
    expect(latest).toMatchObject({ order_id: orderId, sample: false, format: 'text' });
    expect(latest.subject).toContain(String(orderId));
    expect(latest.subject).toContain(SKU);
    expect(latest.body).toContain('Schraube "Größe" M8; ✓');
    expect(latest.body).toContain('Vorlagen-Lager');
    const chosen = ok(await api().get(`${email()}/${template.id}/execute?order=${orderId}&locale=en`, tokens.admin));
    expect(chosen.order_id).toBe(orderId);
    expect(meta(await api().get(`${email()}/${template.id}/execute?order=999999`, tokens.admin)).code).toBe(404);

    // the contact (the supplier's main contact) and the user who placed the order are filled in
    const supplierId = ok(await api().get(`/c/${demo}/order/${orderId}`, tokens.admin)).supplier_id as number;
    const contact = ok(await api().post(`/c/${demo}/supplier/${supplierId}/contact/`, { first_name: 'Jörg', name: "O'Brien; Auftragsannahme", email: 'auftrag@lieferant.example' }, tokens.writer));
    ok(await api().get(`/c/${demo}/supplier/${supplierId}/contact/${contact.id}/main`, tokens.writer));
    // an order placed by hand (the writer) at a second location of the item, whose rule has nothing on order
    const second = ok(await api().post(`/c/${demo}/customer/${customerId}/location/`, { name: 'Vorlagen-Lager 2' }, tokens.writer)).id;
    const secondRule = ok(await api().post(`/c/${demo}/rules`, { location_id: second, item_id: itemId, threshold: 2, capacity: 8, stock: 8 }, tokens.writer)).id;
    // the rule sits in bin 1-2 of a rack there: the line's storage place
    const rack = ok(await api().post(`/c/${demo}/customer/${customerId}/location/${second}/storage/`, { name: 'Regal "Süd"; R2', rows: 1, columns: 2 }, tokens.writer)).id;
    ok(await api().call('PUT', `/c/${demo}/customer/${customerId}/location/${second}/storage/${rack}/bins/1/2`, { body: { kanban_rule_id: secondRule }, token: tokens.writer }));
    const placed = ok(await api().post(`/c/${demo}/customer/${customerId}/location/${second}/order`, { lines: [{ item_id: itemId, quantity: 3 }] }, tokens.writer));
    const manualId = (placed.orders?.[0]?.id ?? placed.id ?? placed.order_id) as number;
    expect(typeof manualId).toBe('number');
    const people = ok(
      await api().post(email(), { name: 'Personen', header: '{{contact.full_name}} / {{contact.email}}', body: '{{user.email}}{{#each lines}} [{{storage.name}} {{storage.bin}}]{{/each}}' }, tokens.writer),
    );
    const filled = ok(await api().get(`${email()}/${people.id}/execute?order=${manualId}`, tokens.writer));
    expect(filled.subject).toBe("Jörg O'Brien; Auftragsannahme / auftrag@lieferant.example");
    expect(filled.body.trim()).toBe('writer@demo.example [Regal "Süd"; R2 1-2]');

    // the other company has no orders: the sample order, said so
    const mine = ok(await api().post(email(other), { name: 'Vorschau', header: 'Bestellung {{order.id}} {{lines.0.sku}}' }, tokens.other));
    const sample = ok(await api().get(`${email(other)}/${mine.id}/execute`, tokens.other));
    expect(sample).toMatchObject({ sample: true, order_id: null, subject: 'Bestellung 1048 DIN933-M8x20' });
    // the demo company's template is not the other's
    expect(meta(await api().get(`${email(other)}/${template.id}/execute`, tokens.other)).code).toBe(404);
  });

  it('refuses readers, customer and supplier users (1020) and other companies', async () => {
    for (const role of ['readonly', 'customer', 'supplier']) {
      expect(meta(await api().get(email(), tokens[role])).code).toBe(1020);
      expect(meta(await api().post(email(), { name: 'R', header: 'R' }, tokens[role])).code).toBe(1020);
    }
    expect(meta(await api().get(email(demo), tokens.other)).code).not.toBe(200);
  });
});

describe('file templates', () => {
  it('creates with encoding and line break, refuses a broken body with its line, lists, changes, deletes', async () => {
    const created = ok(await api().post(file(), { name: 'CSV; "Lieferant" 🚚', header: 'Pos;Artikel', body: '{{line.pos}};{{csv line.sku}}', encoding: 'ISO-8859-1', linebreak: 'LF' }, tokens.writer));
    expect(created).toMatchObject({ name: 'CSV; "Lieferant" 🚚', encoding: 'ISO-8859-1', linebreak: 'LF' });
    const defaults = ok(await api().post(file(), { name: 'Standard', body: '{{line.sku}}' }, tokens.writer));
    expect([defaults.encoding, defaults.linebreak, defaults.header]).toEqual(['UTF-8', 'CRLF', '']);

    const broken = await api().post(file(), { name: 'Kaputt', header: 'ok', body: 'a\nb\n{{line.nichts}}' }, tokens.writer);
    expect(meta(broken)).toMatchObject({ code: 1000, field: 'body' });
    expect(broken.body.Data.errors[0].params.line).toBe(3);
    // a line placeholder in the header is unknown there
    expect(meta(await api().post(file(), { name: 'Kaputt', header: '{{line.sku}}', body: '' }, tokens.writer))).toMatchObject({ code: 1000, field: 'header' });
    expect(meta(await api().post(file(), { name: 'Leer' }, tokens.writer))).toMatchObject({ code: 1000, field: 'body' });
    expect(meta(await api().post(file(), { name: 'Kodierung', body: 'x', encoding: 'UTF-16' }, tokens.writer))).toMatchObject({ code: 1000, field: 'encoding' });
    expect(meta(await api().post(file(), { name: 'Standard', body: 'x' }, tokens.writer))).toMatchObject({ code: 1059, field: 'name' });

    const changed = ok(await api().patch(`${file()}/${defaults.id}`, { linebreak: 'LF', encoding: 'Windows-1252' }, tokens.writer));
    expect([changed.encoding, changed.linebreak, changed.body]).toEqual(['Windows-1252', 'LF', '{{line.sku}}']);
    expect(ok(await api().get(`${file()}?sort=name`, tokens.admin)).items.map((t: { name: string }) => t.name)).toEqual(['CSV; "Lieferant" 🚚', 'Standard']);
    for (const t of [created, defaults]) ok(await api().delete(`${file()}/${t.id}`, tokens.writer));
    expect(ok(await api().get(file(), tokens.admin)).total).toBe(0);
  });

  it('executes on the real order: the text, its bytes in ISO-8859-1 with CRLF, the file name; a character ISO-8859-1 lacks; the sample without orders', async () => {
    const template = ok(
      await api().post(file(), { name: 'Bestelldatei Süd', header: 'Bestellung;{{order.id}};Größe', body: '{{line.pos}};{{line.sku}};{{location.name}}', encoding: 'ISO-8859-1', linebreak: 'CRLF' }, tokens.writer),
    );
    const result = ok(await api().get(`${file()}/${template.id}/execute?order=${orderId}`, tokens.writer));
    const text = `Bestellung;${orderId};Größe\r\n1;${SKU};Vorlagen-Lager\r\n`;
    expect(result).toMatchObject({ order_id: orderId, sample: false, encoding: 'ISO-8859-1', linebreak: 'CRLF', file_name: `Bestelldatei_Süd_${orderId}.txt`, text });
    const bytes = Buffer.from(result.content_base64, 'base64');
    expect(bytes.equals(Buffer.from(text, 'latin1'))).toBe(true);
    expect(result.size).toBe(bytes.length);
    expect([...bytes]).toContain(0xc4); // Ä as one byte
    expect([...bytes]).not.toContain(0xc3); // no UTF-8

    // the item's name holds ✓, which ISO-8859-1 cannot write: 1000 at encoding naming it
    const names = ok(await api().post(file(), { name: 'Namen Latin-1', body: '{{line.name}}', encoding: 'ISO-8859-1' }, tokens.writer));
    const refused = meta(await api().get(`${file()}/${names.id}/execute`, tokens.writer));
    expect(refused).toMatchObject({ code: 1000, field: 'encoding' });
    expect(refused.message).toContain('✓');
    const utf8 = ok(await api().patch(`${file()}/${names.id}`, { encoding: 'UTF-8', linebreak: 'LF' }, tokens.writer));
    const written = ok(await api().get(`${file()}/${utf8.id}/execute`, tokens.writer));
    expect(written.text).toBe('Schraube "Größe" M8; ✓\n');
    expect(Buffer.from(written.content_base64, 'base64').toString('utf8')).toBe(written.text);

    const mine = ok(await api().post(file(other), { name: 'Datei', body: '{{line.sku}}' }, tokens.other));
    expect(ok(await api().get(`${file(other)}/${mine.id}/execute`, tokens.other))).toMatchObject({ sample: true, order_id: null, file_name: 'Datei_sample.txt' });
  });

  it('refuses readers, customer and supplier users (1020)', async () => {
    for (const role of ['readonly', 'customer', 'supplier']) {
      expect(meta(await api().get(file(), tokens[role])).code).toBe(1020);
      expect(meta(await api().post(file(), { name: 'R', body: 'R' }, tokens[role])).code).toBe(1020);
    }
  });
});
