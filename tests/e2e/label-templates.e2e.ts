import { eventually } from '@kanban/testing';
import { login, startSystem, type TestSystem } from '../support/system';

jest.setTimeout(120_000);

/** Label templates (company) and print settings (customer): docs/label-printing.md. */
let system: TestSystem;
let demo: number;
let other: number;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  system = await startSystem();
  for (const name of ['admin', 'writer', 'readonly', 'customer', 'supplier']) tokens[name] = (await login(system, `${name}@demo.example`)).token;
  tokens.other = (await login(system, 'admin@other.example')).token;
  demo = (await system.api.get('/company', tokens.admin)).body.Data[0].id;
  other = (await system.api.get('/company', tokens.other)).body.Data[0].id;
});

afterAll(async () => {
  await system?.close();
});

const api = () => system.api;
const c = (path: string, company = demo) => `/c/${company}/${path}`;

async function ok<T = any>(answer: Promise<{ body: { Meta: { code: number }; Data: T } }>): Promise<T> {
  const { body } = await answer;
  if (body.Meta.code !== 200) throw new Error(`expected 200, got ${JSON.stringify(body)}`);
  return body.Data;
}

const XML = `<label width="62" height="29" size="8">
  <input name="batch" label="Batch number" type="text" default="B-1"/>
  <text x="2" y="2" width="58" height="6">{{item.sku}} {{form.batch}}</text>
  <barcode type="qr" x="2" y="9" width="18" height="18" value="{{kanban_rule.scan_code}}"/>
</label>
`;

describe('label templates', () => {
  it('lists the five built-ins for every company, read-only', async () => {
    const all = await ok(api().get(c('labeltemplates?per_page=200'), tokens.readonly));
    const builtins = all.items.filter((t: { builtin: boolean }) => t.builtin);
    expect(builtins.map((t: { builtin_key: string }) => t.builtin_key).sort()).toEqual([
      'bin-label',
      'delivery-note-a4',
      'kanban-card-100x50',
      'kanban-card-a6',
      'location-label',
    ]);
    const bin = builtins.find((t: { builtin_key: string }) => t.builtin_key === 'bin-label');
    expect(bin).toMatchObject({ name: 'Bin label 80 × 40 mm', type: 'Item', width: 80, height: 40, builtin: true });
    expect(bin.template).toContain('<label width="80" height="40"');
    // two reads at once create them once
    const [a, b] = await Promise.all([ok(api().get(c('labeltemplates', other), tokens.other)), ok(api().get(c('labeltemplates', other), tokens.other))]);
    expect(a.total).toBe(5);
    expect(b.total).toBe(5);
    expect(a.items.map((t: { id: number }) => t.id).sort()).toEqual(b.items.map((t: { id: number }) => t.id).sort());
    // read-only
    const patched = await api().patch(c(`labeltemplates/${bin.id}`), { name: 'Mine now' }, tokens.writer);
    expect(patched.body.Meta).toMatchObject({ code: 1000, field: 'builtin' });
    expect((await api().delete(c(`labeltemplates/${bin.id}`), tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'builtin' });
    expect(await ok(api().get(c(`labeltemplates/${bin.id}`), tokens.customer))).toEqual(bin);
    // another company's template through one's own company is unknown
    expect((await api().get(c(`labeltemplates/${a.items[0].id}`), tokens.admin)).body.Meta.code).toBe(404);
  });

  it('creates a template with a hostile name, stores it as given, reads its inputs and size; duplicates 1059; deletes', async () => {
    const name = `Etikett ;"' 🏷️ Größe ${Date.now()}`;
    const created = await ok(api().post(c('labeltemplates'), { name, description: 'Bäcker "B"', type: 'Item', template: XML }, tokens.writer));
    expect(created).toMatchObject({
      name,
      description: 'Bäcker "B"',
      type: 'Item',
      width: 62,
      height: 29,
      template: XML,
      builtin: false,
      builtin_key: null,
      form_inputs: [{ name: 'batch', label: 'Batch number', type: 'text', default: 'B-1' }],
    });
    expect(await ok(api().get(c(`labeltemplates/${created.id}`), tokens.supplier))).toEqual(created);
    expect((await api().post(c('labeltemplates'), { name, type: 'Smart', template: XML }, tokens.writer)).body.Meta).toMatchObject({ code: 1059, field: 'name' });
    expect((await api().post(c('labeltemplates'), { name: 'Bin label 80 × 40 mm', type: 'Item', template: XML }, tokens.writer)).body.Meta).toMatchObject({ code: 1059 });
    // the size must agree with the XML
    expect((await api().post(c('labeltemplates'), { name: `${name} 2`, type: 'Item', template: XML, width: 100 }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'width' });
    // change: the XML decides the size
    const bigger = XML.replace('width="62" height="29"', 'width="100" height="50"');
    const changed = await ok(api().patch(c(`labeltemplates/${created.id}`), { template: bigger, type: 'Smart' }, tokens.writer));
    expect(changed).toMatchObject({ name, type: 'Smart', width: 100, height: 50, template: bigger });
    // the same name in another company is fine
    expect((await ok(api().post(c('labeltemplates', other), { name, type: 'Item', template: XML }, tokens.other))).name).toBe(name);
    expect((await api().delete(c(`labeltemplates/${created.id}`), tokens.writer)).body.Meta.code).toBe(200);
    expect((await api().get(c(`labeltemplates/${created.id}`), tokens.admin)).body.Meta.code).toBe(404);
  });

  it('answers a broken XML with 1000 and the line and column of each problem', async () => {
    const broken = '<label width="50" height="30">\n  <text x="1" y="1" width="10" height="5">a</text>\n  <box x="1" y="1" widht="3" height="3"/>\n</label>';
    const answer = await api().post(c('labeltemplates'), { name: 'Broken', type: 'Item', template: broken }, tokens.writer);
    expect(answer.body.Meta).toMatchObject({ code: 1000, field: 'template' });
    expect(answer.body.Meta.message).toMatch(/line 3, column \d+/);
    expect(answer.body.Data.errors[0]).toMatchObject({
      field: 'template',
      message: expect.stringMatching(/^line 3, column \d+: .*widht/),
      params: { line: 3, column: expect.any(Number) },
    });
    const unclosed = await api().post(c('labeltemplates'), { name: 'Broken', type: 'Item', template: '<label width="50" height="30">\n<text>' }, tokens.writer);
    expect(unclosed.body.Meta).toMatchObject({ code: 1000, field: 'template' });
    expect(unclosed.body.Meta.message).toMatch(/line \d+, column \d+/);
    expect((await api().post(c('labeltemplates'), { name: 'No type', template: XML }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'type' });
    expect((await api().post(c('labeltemplates'), { name: 'Bad type', type: 'Pallet', template: XML }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'type' });
    expect((await api().get(c('labeltemplates?type=Pallet'), tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'type' });
    expect((await api().get(c('labeltemplates?sort=toString'), tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'sort' });
  });

  it('filters by type and q, sorts and pages', async () => {
    const tag = `tfs${Date.now()}`;
    for (const [n, type] of [['b', 'Location'], ['a', 'Location'], ['c', 'Smart']] as const)
      await ok(api().post(c('labeltemplates'), { name: `${tag} ${n}`, type, template: XML }, tokens.writer));
    const locations = await ok(api().get(c(`labeltemplates?type=Location&q=${tag}&sort=name`), tokens.readonly));
    expect(locations.items.map((t: { name: string }) => t.name)).toEqual([`${tag} a`, `${tag} b`]);
    const desc = await ok(api().get(c(`labeltemplates?q=${tag}&sort=name&order=desc&per_page=1&page=2`), tokens.readonly));
    expect(desc).toMatchObject({ total: 3, page: 2, per_page: 1 });
    expect(desc.items.map((t: { name: string }) => t.name)).toEqual([`${tag} b`]);
    const builtinLocations = await ok(api().get(c('labeltemplates?type=Location&q=Location label'), tokens.readonly));
    expect(builtinLocations.items.map((t: { builtin_key: string }) => t.builtin_key)).toEqual(['location-label']);
    // the web app shows the built-ins translated and sends the keys whose shown texts contain q: they match as well
    const keys = (q: string, builtinKeys?: string) =>
      ok(api().get(c(`labeltemplates?q=${encodeURIComponent(q)}${builtinKeys === undefined ? '' : `&builtin_keys=${builtinKeys}`}&sort=name`), tokens.readonly)).then((p: { items: { builtin_key: string | null }[] }) =>
        p.items.map((t) => t.builtin_key),
      );
    expect(await keys('Kanban-Karte')).toEqual([]);
    expect((await keys('Kanban-Karte', 'kanban-card-a6,kanban-card-100x50')).sort()).toEqual(['kanban-card-100x50', 'kanban-card-a6']);
    // they add to what the stored texts match
    expect((await keys(tag, 'bin-label')).sort()).toEqual(['bin-label', null, null, null]);
    expect((await api().get(c('labeltemplates?q=x&builtin_keys=bin label;drop'), tokens.readonly)).body.Meta).toMatchObject({ code: 1000, field: 'builtin_keys' });
    const notes = await ok(api().get(c('labeltemplates?type=DeliveryNote'), tokens.readonly));
    expect(notes.items.every((t: { type: string }) => t.type === 'DeliveryNote')).toBe(true);
  });

  it('sorts by name in German with the built-ins under their German names (lang=de), as the web app shows them', async () => {
    const tag = `tsd${Date.now()}`;
    await ok(api().post(c('labeltemplates'), { name: `Etikett ${tag}`, type: 'Item', template: XML }, tokens.writer));
    const all = 'bin-label,delivery-note-a4,kanban-card-100x50,kanban-card-a6,location-label';
    const order = (more: string) =>
      ok(api().get(c(`labeltemplates?q=${tag}&builtin_keys=${all}&sort=name${more}`), tokens.readonly)).then((p: { items: { builtin_key: string | null }[] }) =>
        p.items.map((t) => t.builtin_key),
      );
    // English (the default, and lang=en): the stored names (Bin label, Delivery note, Etikett …, Kanban card …, Location label)
    const english = ['bin-label', 'delivery-note-a4', null, 'kanban-card-100x50', 'kanban-card-a6', 'location-label'];
    expect(await order('')).toEqual(english);
    expect(await order('&lang=en')).toEqual(english);
    // German: Etikett …, Fachetikett, Kanban-Karte 100 × 50, Kanban-Karte A6, Lieferschein, Standortetikett
    const german = [null, 'bin-label', 'kanban-card-100x50', 'kanban-card-a6', 'delivery-note-a4', 'location-label'];
    expect(await order('&lang=de')).toEqual(german);
    expect(await order('&lang=de&order=desc')).toEqual([...german].reverse());
    // pages follow the same order
    expect(await order('&lang=de&per_page=2&page=2')).toEqual(german.slice(2, 4));
    expect((await api().get(c('labeltemplates?lang=fr'), tokens.readonly)).body.Meta).toMatchObject({ code: 1000, field: 'lang' });
  });

  it('lets readers read but not change (1020)', async () => {
    expect((await api().post(c('labeltemplates'), { name: 'ro', type: 'Item', template: XML }, tokens.readonly)).body.Meta.code).toBe(1020);
    expect((await api().post(c('labeltemplates'), { name: 'ro', type: 'Item', template: XML }, tokens.customer)).body.Meta.code).toBe(1020);
    expect((await api().get(c('labeltemplates'), tokens.other)).body.Meta.code).toBe(1020);
  });
});

describe('print settings', () => {
  let customerId: number;
  let hidden: number;
  let template: { id: number };

  beforeAll(async () => {
    // the demo customer user is restricted to its customer (demo data)
    const mine = await eventually(async () => {
      const visible = await ok(api().get(c('customer?all=1&per_page=200'), tokens.customer));
      return visible.items.length > 0 ? visible.items : undefined;
    }, 20_000, 'the customer user to see its customer');
    const all = await ok(api().get(c('customer?all=1&per_page=200'), tokens.admin));
    customerId = mine[0].id;
    hidden = all.items.find((x: { id: number }) => !mine.some((m: { id: number }) => m.id === x.id)).id;
    template = await ok(api().post(c('labeltemplates'), { name: `Print settings ${Date.now()}`, type: 'Item', template: XML }, tokens.writer));
  });

  const base = (cu: number, t = template.id) => c(`customer/${cu}/printsettings/${t}`);

  it('answers the defaults, stores them, changes fields, and goes back to the defaults', async () => {
    const defaults = await ok(api().get(base(customerId), tokens.customer));
    expect(defaults).toEqual({
      id: null,
      customer_id: customerId,
      template_id: template.id,
      is_default: true,
      paper: 'A4',
      columns: null,
      rows: null,
      margin_top: 0,
      margin_left: 0,
      gap_x: 0,
      gap_y: 0,
      offset_x: 0,
      offset_y: 0,
      start_position: 1,
      output: 'pdf',
      zpl_dpi: 203,
      copies_mode: 'fixed',
      copies: 1,
      dpi: 200,
      updated_at: null,
    });
    const stored = await ok(api().post(`${base(customerId)}/defaults`, {}, tokens.writer));
    expect(stored).toMatchObject({ ...defaults, id: expect.any(Number), is_default: false, updated_at: expect.any(String) });

    const bad = await api().patch(`${base(customerId)}/${stored.id}`, { dpi: 10 }, tokens.writer);
    expect(bad.body.Meta).toMatchObject({ code: 1000, field: 'dpi' });
    const values = { paper: 'Letter', columns: 3, rows: 9, margin_top: 12.5, margin_left: 4, gap_x: 2.5, gap_y: 0, offset_x: -1.5, offset_y: 0.75, start_position: 4, output: 'zpl', zpl_dpi: 300, copies_mode: 'kanban_cards', copies: 2, dpi: 300 };
    const changed = await ok(api().patch(`${base(customerId)}/${stored.id}`, values, tokens.writer));
    expect(changed).toMatchObject({ ...values, id: stored.id, is_default: false });
    expect(await ok(api().get(base(customerId), tokens.customer))).toEqual(changed);
    // labels that do not fit the sheet: 4 × 62 mm are wider than Letter
    expect((await api().patch(`${base(customerId)}/${stored.id}`, { columns: 4 }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'columns' });
    expect((await api().patch(`${base(customerId)}/${stored.id}`, { start_position: 28 }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'start_position' });
    expect((await api().patch(`${base(customerId)}/${stored.id}`, { paper: 'A3' }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'paper' });
    expect((await api().patch(`${base(customerId)}/${stored.id + 100000}`, { dpi: 100 }, tokens.writer)).body.Meta.code).toBe(404);
    // null columns: as many as fit again
    expect(await ok(api().patch(`${base(customerId)}/${stored.id}`, { columns: null }, tokens.writer))).toMatchObject({ columns: null, rows: 9 });
    // defaults again resets the stored row
    expect(await ok(api().post(`${base(customerId)}/defaults`, {}, tokens.writer))).toMatchObject({ ...defaults, id: stored.id, is_default: false, updated_at: expect.any(String) });

    expect(await ok(api().delete(base(customerId), tokens.writer))).toEqual(defaults);
    expect(await ok(api().get(base(customerId), tokens.readonly))).toEqual(defaults);
    expect((await api().patch(`${base(customerId)}/${stored.id}`, { dpi: 100 }, tokens.writer)).body.Meta.code).toBe(404);
  });

  it("refuses a customer user another customer's settings, readers changes, and unknown templates", async () => {
    expect((await api().get(base(hidden), tokens.customer)).body.Meta.code).toBe(404);
    expect((await ok(api().get(base(hidden), tokens.admin))).customer_id).toBe(hidden);
    expect((await api().post(`${base(customerId)}/defaults`, {}, tokens.readonly)).body.Meta.code).toBe(1020);
    expect((await api().get(base(customerId, 2_000_000_000), tokens.admin)).body.Meta.code).toBe(404);
    expect((await api().get(base(customerId), tokens.supplier)).body.Meta.code).toBe(1020);
  });

  it("deletes the settings with their template", async () => {
    const own = await ok(api().post(c('labeltemplates'), { name: `Goes ${Date.now()}`, type: 'Location', template: XML }, tokens.writer));
    const stored = await ok(api().post(`${base(customerId, own.id)}/defaults`, {}, tokens.writer));
    expect(stored.id).toEqual(expect.any(Number));
    expect((await api().delete(c(`labeltemplates/${own.id}`), tokens.writer)).body.Meta.code).toBe(200);
    expect((await api().get(base(customerId, own.id), tokens.admin)).body.Meta.code).toBe(404);
  });
});
