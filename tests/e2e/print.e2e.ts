import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { login, ok, startSystem, type TestSystem } from '../support/system';

/**
 * Label printing through the gateway (docs/label-printing.md "Printing") in both run modes: 20 item labels of a
 * location of the demo customer on A4 with the built-in kanban card, the PDF rendered with pdftoppm and every
 * barcode read back with zbarimg against the rules' scan codes and SKUs; ZPL; the SVG preview; 1055 and refusals.
 * Needs poppler-utils and zbar-tools (tools/scripts/ensure-services.sh).
 */
jest.setTimeout(300_000);

let system: TestSystem;
let demo: number;
const tokens: Record<string, string> = {};
const customers: Record<string, number> = {};
let locationId = 0;
let card = 0;
let locationLabel = 0;
let note = 0;
let supplierId = 0;
let catalogId = 0;
const rules: Array<{ id: number; item_id: number; scan_code: string; sku: string; capacity: number; threshold: number }> = [];
const dir = mkdtempSync(path.join(tmpdir(), 'print-e2e-'));

const api = () => system.api;

beforeAll(async () => {
  system = await startSystem();
  for (const name of ['admin', 'writer', 'readonly', 'customer', 'supplier']) tokens[name] = (await login(system, `${name}@demo.example`)).token;
  demo = (await api().get('/company', tokens.admin)).body.Data[0].id;
  for (const c of ok(await api().get(`/c/${demo}/customer?all=1&per_page=200`, tokens.admin)).items) customers[c.nr] = c.id;
  const templates = ok(await api().get(`/c/${demo}/labeltemplates?per_page=200`, tokens.admin)).items;
  card = templates.find((t: { builtin_key: string }) => t.builtin_key === 'kanban-card-100x50').id;
  locationLabel = templates.find((t: { builtin_key: string }) => t.builtin_key === 'location-label').id;
  note = templates.find((t: { builtin_key: string }) => t.builtin_key === 'delivery-note-a4').id;
  const customer = customers['K-10001']!;
  locationId = ok(await api().post(`/c/${demo}/customer/${customer}/location/`, { name: 'Druck "Lager" Süd; 📦' }, tokens.writer)).id;
  for (let n = 1; n <= 20; n++) {
    const sku = `PRN-${String(n).padStart(2, '0')}`;
    const item = ok(await api().post(`/c/${demo}/customer/${customer}/item`, { sku, name: `Schraube "M${n}" Größe ${n}; ok`, order_unit: 'PAK' }, tokens.writer));
    const rule = ok(await api().post(`/c/${demo}/rules`, { location_id: locationId, item_id: item.id, threshold: n % 2 ? 5 : 10, capacity: 20, stock: 15 }, tokens.writer));
    rules.push({ id: rule.id, item_id: item.id, scan_code: rule.scan_code, sku, capacity: 20, threshold: rule.threshold });
  }
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await system?.close();
});

const print = (where: string, body: object, query = '', token = tokens.admin) =>
  fetch(`${system.url}/api/c/${demo}/customer/${customers['K-10001']}${where}/print${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

let fileNo = 0;
/** The pages of a PDF at 300 dpi (pdftoppm), as PNG files. */
function pages(pdf: Buffer): string[] {
  const base = path.join(dir, `doc${++fileNo}`);
  writeFileSync(`${base}.pdf`, pdf);
  execFileSync('pdftoppm', ['-r', '300', '-gray', '-png', `${base}.pdf`, base]);
  return readdirSync(dir)
    .filter((f) => f.startsWith(`doc${fileNo}-`) && f.endsWith('.png'))
    .sort()
    .map((f) => path.join(dir, f));
}

/** The barcodes zbarimg reads in a part of a page (mm). */
async function read(page: string, x: number, y: number, w: number, h: number): Promise<Array<{ type: string; data: string }>> {
  const px = (mm: number) => Math.round((mm * 300) / 25.4);
  const file = path.join(dir, `crop${++fileNo}.png`);
  await sharp(page).extract({ left: px(x), top: px(y), width: px(w), height: px(h) }).toFile(file);
  let out = '';
  try {
    out = execFileSync('zbarimg', ['-q', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch (err) {
    out = String((err as { stdout?: string }).stdout ?? '');
  }
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => ({ type: line.slice(0, line.indexOf(':')), data: line.slice(line.indexOf(':') + 1) }));
}

describe('printing item labels', () => {
  it('prints 20 kanban cards of the location on A4 (2 × 5 a sheet) and every barcode reads back as the rule says', async () => {
    const answer = await print(`/location/${locationId}`, { template_id: card }, '/item?A4=true');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="label\.pdf"/);
    expect(answer.headers.get('x-label-count')).toBe('20');
    expect(answer.headers.get('x-page-count')).toBe('2');
    const pdf = Buffer.from(await answer.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const files = pages(pdf);
    expect(files).toHaveLength(2);
    // the rules in SKU order, row by row: 10 labels on each sheet at 100 × 50 mm positions
    for (let i = 0; i < 20; i++) {
      const at = i % 10;
      const reads = await read(files[Math.floor(i / 10)]!, (at % 2) * 100, Math.floor(at / 2) * 50, 100, 50);
      expect(reads.filter((r) => r.type === 'QR-Code').map((r) => r.data)).toEqual([rules[i]!.scan_code]);
      expect(reads.filter((r) => r.type === 'CODE-128').map((r) => r.data)).toEqual([rules[i]!.sku]);
    }
    writeFileSync(path.join(dir, 'cards.pdf'), pdf);
    const text = execFileSync('pdftotext', [path.join(dir, 'cards.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('Schraube "M1" Größe 1; ok');
    expect(text).toContain('Druck "Lager" Süd;');
  });

  it('prints chosen rules with the kanban cards as copies, from a start position, on a label printer page each', async () => {
    const settings = ok(await api().post(`/c/${demo}/customer/${customers['K-10001']}/printsettings/${card}/defaults`, {}, tokens.admin));
    ok(await api().patch(`/c/${demo}/customer/${customers['K-10001']}/printsettings/${card}/${settings.id}`, { copies_mode: 'kanban_cards', start_position: 4 }, tokens.admin));
    try {
      // threshold 5 of 20: ⌈20 ÷ 15⌉ = 2 cards; threshold 10 of 20: 2 cards
      const chosen = [rules[0]!, rules[1]!];
      const sheet = await print(`/location/${locationId}`, { template_id: card, rule_ids: chosen.map((r) => r.id) }, '/item?A4=true');
      expect(sheet.status).toBe(200);
      expect(sheet.headers.get('x-label-count')).toBe('4');
      // from position 4 of 10: positions 4 to 7 on one sheet
      expect(sheet.headers.get('x-page-count')).toBe('1');
      const [page] = pages(Buffer.from(await sheet.arrayBuffer()));
      // the first row (positions 1 and 2) and position 3 stay empty; 4 and 5 hold the first rule's two cards, 6 and 7 the second's
      expect(await read(page!, 0, 0, 200, 50)).toEqual([]);
      expect(await read(page!, 0, 50, 100, 50)).toEqual([]);
      const expected = [chosen[0]!, chosen[0]!, chosen[1]!, chosen[1]!];
      for (let i = 0; i < 4; i++) {
        const at = 3 + i;
        const reads = await read(page!, (at % 2) * 100, Math.floor(at / 2) * 50, 100, 50);
        expect(reads.filter((r) => r.type === 'QR-Code').map((r) => r.data)).toEqual([expected[i]!.scan_code]);
      }
      expect(await read(page!, 0, 200, 200, 97)).toEqual([]);
      const label = await print(`/location/${locationId}`, { template_id: card, item_ids: [], rule_ids: [chosen[1]!.id], copies: 3 }, '/item?A4=false');
      expect(label.status).toBe(200);
      expect(label.headers.get('x-label-count')).toBe('3');
      expect(label.headers.get('x-page-count')).toBe('3');
      const files = pages(Buffer.from(await label.arrayBuffer()));
      expect(files).toHaveLength(3);
      for (const file of files)
        expect((await read(file, 0, 0, 100, 50)).map((r) => r.data).sort()).toEqual([chosen[1]!.scan_code, chosen[1]!.sku].sort());
    } finally {
      ok(await api().delete(`/c/${demo}/customer/${customers['K-10001']}/printsettings/${card}`, tokens.admin));
    }
  });

  it('writes ZPL when the settings say so: one ^XA … ^XZ per label with the field data', async () => {
    const settings = ok(await api().post(`/c/${demo}/customer/${customers['K-10001']}/printsettings/${card}/defaults`, {}, tokens.admin));
    ok(await api().patch(`/c/${demo}/customer/${customers['K-10001']}/printsettings/${card}/${settings.id}`, { output: 'zpl', zpl_dpi: 300 }, tokens.admin));
    try {
      const answer = await print(`/location/${locationId}`, { template_id: card, rule_ids: [rules[2]!.id, rules[3]!.id], filename: 'karten.zpl' }, '/item?A4=false');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="karten\.zpl"/);
      const zpl = await answer.text();
      expect(zpl.match(/\^XA/g)).toHaveLength(2);
      expect(zpl.match(/\^XZ/g)).toHaveLength(2);
      // 100 × 50 mm at 300 dpi
      expect(zpl).toContain('^PW1181');
      expect(zpl).toContain(`^FD${rules[2]!.sku}^FS`);
      expect(zpl).toMatch(new RegExp(`\\^BQ[^\\n]*\\n?\\^FD[^\\n]*${rules[3]!.scan_code}`));
    } finally {
      ok(await api().delete(`/c/${demo}/customer/${customers['K-10001']}/printsettings/${card}`, tokens.admin));
    }
  });

  it("draws the item's label image on the A6 card (the image chosen for labels), none for an item without one", async () => {
    const a6 = ok(await api().get(`/c/${demo}/labeltemplates?per_page=200`, tokens.admin)).items.find((t: { builtin_key: string }) => t.builtin_key === 'kanban-card-a6').id;
    const picture = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 0, g: 0, b: 0 } } }).png().toBuffer();
    const body = new FormData();
    body.append('item_id', String(rules[0]!.item_id));
    body.append('selected_label', '1');
    body.append('image', new Blob([picture], { type: 'image/png' }), 'card.png');
    ok(await api().postForm(`/c/${demo}/image/`, body, tokens.writer));
    const imagesIn = async (rule: number): Promise<number> => {
      const answer = await print(`/location/${locationId}`, { template_id: a6, rule_ids: [rule] }, '/item?A4=false');
      expect(answer.status).toBe(200);
      const file = path.join(dir, `a6-${rule}.pdf`);
      writeFileSync(file, Buffer.from(await answer.arrayBuffer()));
      return execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').length - 2;
    };
    expect(await imagesIn(rules[0]!.id)).toBe(1);
    expect(await imagesIn(rules[1]!.id)).toBe(0);
  });

  it('prints the location label and lists the templates with their settings', async () => {
    const answer = await print('', { template_id: locationLabel, location_ids: [locationId] }, '/location?A4=true');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-label-count')).toBe('1');
    const choices = ok(await api().get(`/c/${demo}/customer/${customers['K-10001']}/print/templates?type=Location`, tokens.customer));
    expect(choices.map((c: { template: { builtin_key: string } }) => c.template.builtin_key)).toContain('location-label');
    expect(choices[0].settings).toMatchObject({ is_default: true, paper: 'A4', dpi: 200 });
    expect(choices[0].template.template).toBeUndefined();
  });

  it('answers the envelope before the first byte: 1055 with the reason, 1000 for the wrong template, 404 for another customer', async () => {
    const envelope = async (answer: Response) => ({ status: answer.status, type: answer.headers.get('content-type'), ...((await answer.json()) as any).Meta });
    // a location without rules: nothing to print
    const empty = ok(await api().post(`/c/${demo}/customer/${customers['K-10001']}/location/`, { name: 'Print empty' }, tokens.writer)).id;
    const nothing = await envelope(await print(`/location/${empty}`, { template_id: card }, '/item?A4=true'));
    expect(nothing).toMatchObject({ code: 1055, type: expect.stringMatching(/^application\/json/) });
    expect(nothing.message).toMatch(/nothing to print/);
    // a template whose data makes a bad GS1 barcode (the scan code is no GTIN)
    const bad = ok(
      await api().post(
        `/c/${demo}/labeltemplates`,
        { name: 'Print e2e GS1', type: 'Item', template: '<label width="60" height="30"><barcode type="gs1-128" x="1" y="1" width="58" height="20" value="(01){{kanban_rule.scan_code}}"/></label>' },
        tokens.admin,
      ),
    );
    const gs1 = await envelope(await print(`/location/${locationId}`, { template_id: bad.id }, '/item?A4=true'));
    expect(gs1).toMatchObject({ code: 1055 });
    expect(gs1.message).toMatch(/GS1 AI \(01\)/);
    expect(await envelope(await print(`/location/${locationId}`, { template_id: note }, '/item'))).toMatchObject({ code: 1000, field: 'template_id' });
    expect(await envelope(await print(`/location/${locationId}`, { template_id: card }, '/nothing'))).toMatchObject({ code: 1000, field: 'type' });
    expect(await envelope(await print(`/location/${locationId}`, { template_id: card, form: { 'bad name': 1 } }, '/item'))).toMatchObject({ code: 1000, field: 'form' });
    // the customer user of K-10001 prints there, not at K-10002
    const own = await print(`/location/${locationId}`, { template_id: card, rule_ids: [rules[0]!.id] }, '/item?A4=true', tokens.customer);
    expect(own.status).toBe(200);
    const other = await fetch(`${system.url}/api/c/${demo}/customer/${customers['K-10002']}/print/item?A4=true`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.customer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ template_id: card }),
    });
    expect(await envelope(other)).toMatchObject({ status: 404, code: 404 });
    // a supplier user has no customer access
    expect(await envelope(await print(`/location/${locationId}`, { template_id: card }, '/item', tokens.supplier))).toMatchObject({ code: 1020 });
  });

  it('aborts the download on an error after the first 256 KB, and the next job prints', async () => {
    // the built-in card plus an EAN-13 of the item's name on the last rule's cards only: its first copy fails in the
    // print worker after about 1,140 cards (some 750 KB of PDF) have been sent
    const xml = ok(await api().get(`/c/${demo}/labeltemplates/${card}`, tokens.admin)).template as string;
    const late = ok(
      await api().post(
        `/c/${demo}/labeltemplates`,
        {
          name: 'Print e2e late error',
          type: 'Item',
          template: xml.replace('</label>', `<if test="item.sku == '${rules[19]!.sku}'"><barcode type="ean13" x="60" y="1" width="38" height="10" value="{{item.name}}"/></if></label>`),
        },
        tokens.admin,
      ),
    );
    const answer = await print(`/location/${locationId}`, { template_id: late.id, copies: 60 }, '/item?A4=true');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('x-label-count')).toBe('1200');
    expect(answer.headers.get('content-length')).toBeNull();
    const reader = answer.body!.getReader();
    let received = 0;
    const failure = await (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return null;
        received += value.length;
      }
    })().catch((err: unknown) => err);
    // the download breaks off (undici: "terminated") instead of ending
    expect(failure).not.toBeNull();
    expect((failure as Error).message).toMatch(/terminated|aborted|closed|reset/i);
    expect(received).toBeGreaterThan(256 * 1024);
    // the server is still there and the next job prints whole
    const next = await print(`/location/${locationId}`, { template_id: card, rule_ids: [rules[0]!.id, rules[1]!.id] }, '/item?A4=true');
    expect(next.status).toBe(200);
    expect(pages(Buffer.from(await next.arrayBuffer()))).toHaveLength(1);
    ok(await api().delete(`/c/${demo}/labeltemplates/${late.id}`, tokens.admin));
  });

  it("prints the calibration page of the customer's settings for a template's label size", async () => {
    const answer = await print('', { template_id: card }, '/calibration?A4=true');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('x-page-count')).toBe('1');
    const file = path.join(dir, 'calibration.pdf');
    writeFileSync(file, Buffer.from(await answer.arrayBuffer()));
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info).toMatch(/^Pages:\s+1$/m);
    expect(info).toMatch(/^Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/m);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    // the settings' line, and the 2 × 5 positions numbered
    expect(text).toContain('A4 2 × 5, label 100 × 50 mm, margins 0/0 mm, gaps 0/0 mm, offsets 0/0 mm');
    for (const n of ['1', '2', '9', '10']) expect(text).toMatch(new RegExp(`(^|\\s)${n}(\\s|$)`, 'm'));
    // on a label printer: one page the size of the label
    const label = await print('', { template_id: card }, '/calibration?A4=false');
    expect(label.status).toBe(200);
    writeFileSync(file, Buffer.from(await label.arrayBuffer()));
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/^Page size:\s+283\.46\d* x 141\.73\d* pts/m);
  });
});

describe('printing an order', () => {
  it("prints an order's delivery note (its lines, read back with pdftotext) and its lines as item labels", async () => {
    // an item of a supplier's catalog at a location of its own; its stock falls to the reorder point: an order
    const customer = customers['K-10001']!;
    for (const s of ok(await api().get(`/c/${demo}/supplier?all=1&per_page=200`, tokens.admin)).items)
      for (const k of ok(await api().get(`/c/${demo}/supplier/${s.id}/catalog`, tokens.admin)).items)
        if (k.name === 'Normteile 2026') supplierId = s.id, catalogId = k.id;
    const place = ok(await api().post(`/c/${demo}/customer/${customer}/location/`, { name: 'Print orders' }, tokens.writer)).id;
    const item = ok(await api().post(`/c/${demo}/customer/${customer}/item`, { sku: 'PRN-ORDER-1', name: 'Mutter "M8"', catalog_id: catalogId, order_unit: 'PAK' }, tokens.writer));
    const rule = ok(await api().post(`/c/${demo}/rules`, { location_id: place, item_id: item.id, threshold: 2, capacity: 8, stock: 5 }, tokens.writer));
    expect(ok(await api().post(`/c/${demo}/rules/${rule.id}/stock`, { stock: 1 }, tokens.writer)).decision.reason).toBe('ordered');
    const orders = ok(await api().get(`/c/${demo}/customer/${customer}/location/${place}/order?days=30`, tokens.admin)).items;
    expect(orders).toHaveLength(1);
    const order = orders[0];
    const detail = ok(await api().get(`/c/${demo}/order/${order.id}`, tokens.admin));
    expect(detail.lines.length).toBeGreaterThan(0);
    const answer = await print(`/order/${order.id}`, { template_id: note }, '/deliverynote?A4=true');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-label-count')).toBe('1');
    const file = path.join(dir, 'note.pdf');
    writeFileSync(file, Buffer.from(await answer.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    for (const line of detail.lines) expect(text).toContain(line.sku);
    const [page] = pages(readFileSync(file));
    expect((await read(page!, 0, 0, 210, 297)).filter((r) => r.type === 'CODE-128').map((r) => r.data)).toContain(String(order.id));
    const lines = await print(`/location/${order.location_id}/order/${order.id}`, { template_id: card }, '/order?A4=true');
    expect(lines.status).toBe(200);
    expect(lines.headers.get('x-label-count')).toBe(String(detail.lines.length));
    // a delivery note needs an order's address
    const envelope = ((await (await print('', { template_id: note }, '/deliverynote')).json()) as any).Meta;
    expect(envelope).toMatchObject({ code: 1000, field: 'orderID' });
  });
});

describe('printing at a supplier', () => {
  it("prints the item labels of the supplier's items' rules for the user group, and refuses supplier and customer users", async () => {
    // the order test made a rule of the supplier's catalog item
    expect(supplierId).toBeGreaterThan(0);
    const total = ok(await api().get(`/c/${demo}/rules?supplier_id=${supplierId}&per_page=200`, tokens.admin)).total;
    expect(total).toBeGreaterThan(0);
    {
      const answer = await fetch(`${system.url}/api/c/${demo}/supplier/${supplierId}/print/item?A4=true`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.writer}`, 'content-type': 'application/json' },
        body: JSON.stringify({ template_id: card }),
      });
      expect(answer.status).toBe(200);
      // the template's default settings: one copy of each rule's card, 10 on an A4 sheet
      expect(answer.headers.get('x-label-count')).toBe(String(total));
      expect(answer.headers.get('x-page-count')).toBe(String(Math.ceil(total / 10)));
      expect(Buffer.from(await answer.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    for (const token of [tokens.supplier, tokens.customer, tokens.readonly]) {
      const refused = await fetch(`${system.url}/api/c/${demo}/supplier/${supplierId}/print/item`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ template_id: card }),
      });
      expect(((await refused.json()) as any).Meta.code).toBe(1020);
    }
  });
});

describe('the template editor: preview and placeholders', () => {
  it('renders unsaved XML as SVG with a rule\'s data, and the sample order without a source', async () => {
    const xml = '<label width="62" height="29"><text x="2" y="2" width="58" height="6">{{item.sku}} {{form.batch}}</text><input name="batch" label="Batch" default="B-1"/></label>';
    const broken = ok(await api().post(`/c/${demo}/labeltemplates/preview`, { template: xml }, tokens.admin));
    expect(broken.svg).toBe('');
    expect(broken.problems[0]).toMatchObject({ line: 1 });
    const template = `<label width="62" height="29">
  <input name="batch" label="Batch" default="B-1"/>
  <text x="2" y="2" width="58" height="6">{{item.sku}} {{form.batch}}</text>
  <barcode type="qr" x="2" y="9" width="18" height="18" value="{{kanban_rule.scan_code}}"/>
</label>`;
    const preview = ok(await api().post(`/c/${demo}/labeltemplates/preview`, { template, source: { rule_id: rules[5]!.id }, form: { batch: 'X-9' } }, tokens.admin));
    expect(preview).toMatchObject({ width: 62, height: 29, page: 1, pages: 1, sample: false, problems: [] });
    expect(preview.svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="62mm" height="29mm"/);
    expect(preview.svg).toContain(`>${rules[5]!.sku} X-9</text>`);
    const png = path.join(dir, 'preview.png');
    await sharp(Buffer.from(preview.svg), { density: 300 }).flatten({ background: '#fff' }).png().toFile(png);
    expect(execFileSync('zbarimg', ['-q', '--raw', png], { encoding: 'utf8' }).trim()).toBe(rules[5]!.scan_code);
    const sample = ok(await api().post(`/c/${demo}/labeltemplates/preview`, { template }, tokens.admin));
    expect(sample).toMatchObject({ sample: true, problems: [] });
    expect(sample.svg).toContain('<path data-barcode="qr"');
    const groups = ok(await api().get(`/c/${demo}/labeltemplates/placeholders`, tokens.admin));
    const item = groups.find((g: { group: string }) => g.group === 'item');
    expect(item.fields.map((f: { path: string }) => f.path)).toContain('item.sku');
    expect(groups.find((g: { group: string }) => g.group === 'label').fields.map((f: { path: string }) => f.path)).toContain('label.copies');
    // the editor's tools are company settings: user access
    expect((await api().get(`/c/${demo}/labeltemplates/placeholders`, tokens.customer)).body.Meta.code).toBe(1020);
  });
});
