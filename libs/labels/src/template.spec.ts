import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { builtinTemplates } from './builtin';
import { BUILTIN_XML } from './builtin-xml';
import { checkLabelTemplate, LabelTemplateError, parseLabelTemplate, type TemplateProblem } from './template';

function problems(xml: string): TemplateProblem[] {
  return checkLabelTemplate(xml);
}

const wrap = (body: string): string => `<label width="100" height="50">\n${body}\n</label>`;

describe('label template language', () => {
  it('parses elements, placeholders, inputs, conditions and repeats', () => {
    const t = parseLabelTemplate(
      wrap(`  <input name="bins" label="Number of bins" type="number" default="2"/>
  <text x="1" y="1" width="50" height="6" size="12" bold="true" align="center">{{item.sku}} – {{ item.name }} ({{form.bins}})</text>
  <barcode type="qr" x="60" y="0" width="30" height="30" value="{{kanban_rule.scan_code}}"/>
  <if test="item.customer_sku != ''"><box x="0" y="40" width="10" height="5" border="0.5"/></if>
  <each of="lines" y="10" row-height="5" until="40"><text x="1" y="0" width="50" height="5">{{line.pos}} {{line.item.sku}} {{storage.bin}}</text></each>`),
    );
    expect(t).toMatchObject({
      width: 100,
      height: 50,
      inputs: [{ name: 'bins', label: 'Number of bins', type: 'number', default: '2' }],
    });
    expect(t.nodes.map((n) => n.kind)).toEqual(['text', 'barcode', 'if', 'each']);
    const text = t.nodes[0]!;
    expect(text.kind === 'text' && text.content).toEqual([
      { path: ['item', 'sku'], pos: { line: 3, column: 80 } },
      ' – ',
      { path: ['item', 'name'], pos: { line: 3, column: 95 } },
      ' (',
      { path: ['form', 'bins'], pos: { line: 3, column: 112 } },
      ')',
    ]);
  });

  it('reports XML errors with line and column', () => {
    const [p] = problems(
      '<label width="100" height="50">\n  <text x="1" y="1" width="5" height="5">a</txt>\n</label>',
    );
    expect(p).toMatchObject({ line: 2 });
    expect(p!.column).toBeGreaterThanOrEqual(44);
    expect(p!.reason).toMatch(/txt|closing|mismatch|unexpected/i);
    expect(
      problems(
        '<label width="100" height="50">\n<text x="1" y="1" width="5" height="5" bold=true>a</text></label>',
      )[0],
    ).toMatchObject({ line: 2 });
    expect(problems('')[0]!.line).toBe(1);
  });

  it('reports the line and column of a bad attribute, element or placeholder', () => {
    expect(problems(wrap('  <box x="1" y="1" width="5" height="5" colour="red"/>'))).toEqual([
      { line: 2, column: 41, reason: expect.stringMatching(/<box> has no attribute colour/) },
    ]);
    expect(problems(wrap('  <box x="1" y="1" width="5" height="5"/>\n    <circle r="2"/>'))).toEqual([
      { line: 3, column: 5, reason: expect.stringMatching(/unknown element <circle>/) },
    ]);
    expect(problems(wrap('  <text x="1" y="1" width="50" height="5">SKU {{item.skew}}</text>'))).toEqual([
      {
        line: 2,
        column: 47,
        reason: expect.stringMatching(/unknown field "skew" in \{\{item.skew\}\}; item has id, sku/),
      },
    ]);
    expect(problems(wrap('  <text x="1" y="1" width="50" height="5">{{price.net}}</text>'))[0]).toMatchObject(
      { line: 2, column: 43, reason: expect.stringMatching(/unknown placeholder group "price"/) },
    );
    expect(
      problems(wrap('  <text x="1" y="1" width="50" height="5">{{form.size}}</text>'))[0]!.reason,
    ).toMatch(/no <input name="size"> is declared/);
    expect(problems(wrap('  <text x="1" y="x1" width="50" height="5">a</text>'))).toEqual([
      { line: 2, column: 15, reason: 'y="x1" is not a number' },
    ]);
    expect(problems(wrap('  <text x="60" y="1" width="50" height="5">a</text>'))).toEqual([
      { line: 2, column: 22, reason: "x + width (110 mm) is beyond the label's width (100 mm)" },
    ]);
    expect(
      problems(wrap('  <barcode type="pdf417" x="1" y="1" width="20" height="20" value="a"/>'))[0],
    ).toMatchObject({
      line: 2,
      column: 12,
      reason: expect.stringMatching(
        /type="pdf417" must be one of code128, qr, datamatrix, ean13, gs1-128, gs1-datamatrix/,
      ),
    });
    expect(
      problems(wrap('  <if test="item.sku =="><text x="1" y="1" width="5" height="5">a</text></if>'))[0]!
        .reason,
    ).toMatch(/is not a condition/);
    expect(
      problems(wrap('  <if test="item.sku"><each of="lines" y="1" row-height="5"/></if>'))[0]!.reason,
    ).toMatch(/<each> must be a direct child of <label>/);
    expect(problems(wrap('  <each of="items" y="1" row-height="5"/>'))[0]).toMatchObject({
      line: 2,
      column: 9,
      reason: expect.stringMatching(/of="lines"/),
    });
    expect(problems('<labels width="1" height="1"/>')[0]).toMatchObject({
      line: 1,
      column: 1,
      reason: expect.stringMatching(/root element must be <label/),
    });
  });

  it('checks fixed barcode data when the template is saved: GS1 AIs, EAN-13, Code 128', () => {
    const [gs1] = problems(
      wrap(
        '  <barcode type="gs1-128" x="1" y="1" width="90" height="20"\n     value="(01)09501101530004(10)A"/>',
      ),
    );
    expect(gs1).toEqual({ line: 3, column: 6, reason: 'GS1 AI (01): check digit is 4, expected 3' });
    expect(
      problems(
        wrap('  <barcode type="gs1-datamatrix" x="1" y="1" width="20" height="20">(30)123456789</barcode>'),
      )[0]!.reason,
    ).toBe('GS1 AI (30): variable count of items may have at most 8 digits, got 9');
    expect(
      problems(wrap('  <barcode type="ean13" x="1" y="1" width="40" height="20" value="4006381333932"/>'))[0]!
        .reason,
    ).toBe('EAN-13 check digit is 2, expected 1');
    expect(
      problems(wrap('  <barcode type="code128" x="1" y="1" width="40" height="20" value="Größe"/>'))[0]!
        .reason,
    ).toMatch(/printable ASCII/);
    // data from placeholders is checked when printing (see render.spec.ts)
    expect(
      problems(
        wrap('  <barcode type="gs1-128" x="1" y="1" width="90" height="20" value="(01){{item.sku}}"/>'),
      ),
    ).toEqual([]);
  });

  it('collects several problems and throws them as a validation error (1000) with line and column params', () => {
    let error: unknown;
    try {
      parseLabelTemplate(
        wrap(
          '  <box x="1" y="1" width="5" height="5" colour="red"/>\n  <text x="1" y="1" width="5" height="5">{{nope.x}}</text>',
        ),
      );
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(LabelTemplateError);
    const e = error as LabelTemplateError;
    expect(e.code).toBe(1000);
    expect(e.message).toMatch(/^template: line 2, column 41: .*\(and 1 more\)$/);
    expect(e.errors?.map((x) => x.params)).toEqual([
      { line: 2, column: 41 },
      { line: 3, column: 42 },
    ]);
  });

  it('has the built-in templates, valid, and builtin-xml.ts in step with templates/*.xml', () => {
    const dir = path.join(__dirname, 'templates');
    const files = readdirSync(dir).filter((f) => f.endsWith('.xml'));
    expect(Object.keys(BUILTIN_XML).sort()).toEqual(files.map((f) => f.replace(/\.xml$/, '')).sort());
    for (const f of files)
      expect(BUILTIN_XML[f.replace(/\.xml$/, '')]).toBe(readFileSync(path.join(dir, f), 'utf8'));
    expect(builtinTemplates().map((t) => [t.key, t.type, t.width, t.height])).toEqual([
      ['bin-label', 'Item', 80, 40],
      ['delivery-note-a4', 'DeliveryNote', 210, 297],
      ['kanban-card-100x50', 'Item', 100, 50],
      ['kanban-card-a6', 'Item', 105, 148],
      ['location-label', 'Location', 100, 30],
    ]);
  });
});
