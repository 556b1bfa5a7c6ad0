// The SVG preview: its structure (text lines as the PDF breaks them, boxes, lines, images as data URIs, barcodes as
// rectangles), and its barcodes read back after rasterising the SVG with sharp (librsvg): zbarimg for Code 128,
// GS1-128, EAN-13 and QR, zxing-wasm for DataMatrix. Needs poppler-utils and zbar-tools (tools/scripts/ensure-services.sh).
import { AppError } from '@kanban/access';
import { sampleOrderDocument } from '@kanban/notify-templates';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SaxesParser } from 'saxes';
import sharp from 'sharp';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { parsedBuiltin } from './builtin';
import { labelDataFromOrderDocument, type LabelData } from './data';
import { gs1FixedLength, parseGs1 } from './gs1';
import { renderPdfBuffer } from './pdf';
import { renderSvg } from './svg';

const dir = mkdtempSync(path.join(tmpdir(), 'labels-svg-spec-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
prepareZXingModule({
  overrides: {
    wasmBinary: new Uint8Array(readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'))).buffer,
  },
});

let fileNo = 0;
/** The SVG rasterised by sharp (librsvg) at a dpi, as a PNG file. */
async function rasterise(svg: string, dpi = 300): Promise<string> {
  const file = path.join(dir, `svg${++fileNo}.png`);
  await sharp(Buffer.from(svg), { density: dpi }).flatten({ background: '#ffffff' }).greyscale().png().toFile(file);
  return file;
}

/** Elements of an SVG with their attributes and text (and: the SVG is well-formed XML, else saxes throws). */
function elements(svg: string): Array<{ name: string; attrs: Record<string, string>; text: string }> {
  const out: Array<{ name: string; attrs: Record<string, string>; text: string }> = [];
  const stack: number[] = [];
  const parser = new SaxesParser({ xmlns: false });
  parser.on('opentag', (tag) => {
    out.push({ name: tag.name, attrs: { ...(tag.attributes as Record<string, string>) }, text: '' });
    stack.push(out.length - 1);
  });
  parser.on('text', (t) => {
    if (stack.length) out[stack[stack.length - 1]!]!.text += t;
  });
  parser.on('closetag', () => stack.pop());
  parser.write(svg).close();
  return out;
}

function zbar(file: string): Array<{ type: string; data: string; gs1: boolean }> {
  let xml: string;
  try {
    xml = execFileSync('zbarimg', ['-q', '--xml', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch (err) {
    xml = String((err as { stdout?: string }).stdout ?? '');
  }
  return [...xml.matchAll(/<symbol ([^>]*)><data([^>]*)><!\[CDATA\[([\s\S]*?)\]\]><\/data>/g)].map((m) => ({
    type: /type='([^']+)'/.exec(m[1]!)![1]!,
    gs1: /modifiers='[^']*GS1/.test(m[1]!),
    data: /format='base64'/.test(m[2]!) ? Buffer.from(m[3]!.trim(), 'base64').toString('latin1') : m[3]!,
  }));
}

function gs1Transmitted(text: string): string {
  const fields = parseGs1(text);
  return fields
    .map((f, i) => f.ai + f.value + (i < fields.length - 1 && !gs1FixedLength(f.ai) ? '\x1d' : ''))
    .join('');
}

const LABEL = `<label width="100" height="50">
  <box x="3" y="3" width="8" height="4" border="0" fill="black"/>
  <box x="0" y="0" width="100" height="50" border="0.4"/>
  <line x1="2" y1="23" x2="68" y2="23" width="0.5"/>
  <text x="13" y="2" width="55" height="5" size="9" bold="true">{{item.sku}}</text>
  <text x="13" y="8" width="30" height="14" size="10" font="times">{{item.name}}</text>
  <text x="44" y="8" width="24" height="5" size="8" align="right">{{kanban_rule.capacity}}</text>
  <text x="44" y="14" width="24" height="5" size="8" align="center">mid</text>
  <image x="44" y="19" width="8" height="3" src="item"/>
  <barcode type="code128" x="2" y="24" width="66" height="13" value="{{item.sku}}" text="true"/>
  <barcode type="qr" x="70" y="1" width="29" height="29" value="{{kanban_rule.scan_code}}"/>
  <barcode type="gs1-128" x="2" y="38" width="66" height="11" value="(02)09501101530003(10){{kanban_rule.scan_code}}(37){{kanban_rule.capacity}}"/>
  <barcode type="datamatrix" x="72" y="32" width="12" height="12" value="{{item.sku}}"/>
  <barcode type="ean13" x="70" y="44" width="29" height="6" value="4006381333931"/>
</label>`;

const data = (n: number): LabelData => ({
  item: { sku: `SKU-${n}`, name: `Hexagon screws with a long name number ${n} <&> "quoted" 'single'` },
  kanban_rule: { scan_code: `KR${100 + n}`, capacity: 10 * n },
});

describe('renderSvg', () => {
  it('draws a label: boxes, lines, text lines as the PDF breaks them, images as data URIs, barcodes as rectangles', async () => {
    const image = await sharp({ create: { width: 40, height: 15, channels: 3, background: '#000000' } }).png().toBuffer();
    const labelData = { ...data(3), images: { item: image } };
    const result = await renderSvg({ template: LABEL, labels: [{ data: labelData }] });
    expect(result).toMatchObject({ width: 100, height: 50, page: 1, pages: 1, labels: 1 });
    expect(result.svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="100mm" height="50mm" viewBox="0 0 100 50">/);
    const els = elements(result.svg);
    const rects = els.filter((e) => e.name === 'rect');
    expect(rects).toContainEqual({ name: 'rect', attrs: { x: '3', y: '3', width: '8', height: '4', fill: '#000' }, text: '' });
    // the border inside the box: a 0.4 stroke around a rectangle 0.2 inside
    expect(rects).toContainEqual({
      name: 'rect',
      attrs: { x: '0.2', y: '0.2', width: '99.6', height: '49.6', fill: 'none', stroke: '#000', 'stroke-width': '0.4' },
      text: '',
    });
    expect(els.find((e) => e.name === 'line')!.attrs).toMatchObject({ x1: '2', y1: '23', x2: '68', y2: '23', 'stroke-width': '0.5' });
    const img = els.find((e) => e.name === 'image')!;
    expect(img.attrs).toMatchObject({ x: '44', y: '19', width: '8', height: '3', preserveAspectRatio: 'xMidYMid meet' });
    expect(img.attrs.href).toMatch(/^data:image\/png;base64,/);
    const embedded = Buffer.from(img.attrs.href!.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect((await sharp(embedded).metadata()).format).toBe('png');
    const paths = els.filter((e) => e.name === 'path').map((e) => e.attrs['data-barcode']);
    expect(paths.sort()).toEqual(['code128', 'datamatrix', 'ean13', 'gs1-128', 'qr']);
    const texts = els.filter((e) => e.name === 'text');
    // the SKU in bold Helvetica (Arial in a browser), the name in Times, quotes and <&> escaped and read back as given
    const sku = texts.find((t) => t.text === 'SKU-3')!;
    const skuGroup = els[els.indexOf(sku) - 1]!;
    expect(skuGroup.attrs['font-weight']).toBe('bold');
    expect(skuGroup.attrs['font-family']).toMatch(/^Helvetica, Arial/);
    expect(Number(skuGroup.attrs['font-size'])).toBeCloseTo((9 * 25.4) / 72, 2);
    // the name wraps in its 30 mm box into the same lines as pdfkit writes them in the PDF
    const nameLines = texts.filter((t) => /Hexagon|screws|long|name|number|quoted|single|<&>/.test(t.text)).map((t) => t.text);
    expect(nameLines.length).toBeGreaterThan(1);
    const { pdf } = await renderPdfBuffer({ template: LABEL, labels: [{ data: labelData }], settings: { paper: 'label' } });
    const pdfFile = path.join(dir, 'label.pdf');
    writeFileSync(pdfFile, pdf);
    const pdfText = execFileSync('pdftotext', ['-raw', '-x', '36', '-y', '22', '-W', '90', '-H', '40', pdfFile, '-'], { encoding: 'utf8' });
    expect(nameLines).toEqual(pdfText.split('\n').map((l) => l.trim()).filter(Boolean));
    for (const line of texts) expect(Number(line.attrs.textLength)).toBeGreaterThan(0);
    // right alignment: the line ends at the box's right edge; centre: its middle is the box's middle
    const right = texts.find((t) => t.text === '30')!;
    expect(Number(right.attrs.x) + Number(right.attrs.textLength)).toBeCloseTo(68, 2);
    const mid = texts.find((t) => t.text === 'mid')!;
    expect(Number(mid.attrs.x) + Number(mid.attrs.textLength) / 2).toBeCloseTo(56, 2);
    // the Code 128's text under its bars
    expect(texts.filter((t) => t.text === 'SKU-3')).toHaveLength(2);
  });

  it('keeps a text with wrap="false" on one line in the PDF and the SVG, aligned in its box and cut off at its edge', async () => {
    const xml = `<label width="60" height="20">
  <text x="5" y="2" width="30" height="12" size="10" wrap="false">Sechskantschraube DIN 933 M8 x 40 verzinkt</text>
  <text x="5" y="14" width="50" height="5" size="8" align="right" wrap="false">rechts</text>
</label>`;
    const { pdf } = await renderPdfBuffer({ template: xml, labels: [{ data: data(1) }], settings: { paper: 'label' } });
    const pdfFile = path.join(dir, 'nowrap.pdf');
    writeFileSync(pdfFile, pdf);
    // the first box (5..35 mm across, 2..14 mm down; 1 mm = 2.835 pt): one line only, however long the text
    const inBox = execFileSync('pdftotext', ['-raw', '-x', '14', '-y', '5', '-W', '85', '-H', '34', pdfFile, '-'], { encoding: 'utf8' });
    expect(inBox.split('\n').map((l) => l.trim()).filter(Boolean)).toHaveLength(1);
    expect(inBox).toMatch(/^Sechskantschraube/);
    const bbox = execFileSync('pdftotext', ['-bbox', pdfFile, '-'], { encoding: 'utf8' });
    const word = (w: string) => bbox.match(new RegExp(`<word xMin="([\\d.]+)" yMin="([\\d.]+)" xMax="([\\d.]+)" yMax="([\\d.]+)">${w}</word>`));
    // the words of the long text stand on one baseline; the right-aligned word ends at the box's right edge (55 mm)
    expect(word('Sechskantschraube')![2]).toBe(word('DIN')![2]);
    expect(Number(word('rechts')![3]) / 2.8346).toBeCloseTo(55, 0);
    const { svg } = await renderSvg({ template: xml, labels: [{ data: data(1) }] });
    const lines = elements(svg).filter((e) => e.name === 'text');
    expect(lines.map((l) => l.text)).toEqual(['Sechskantschraube DIN 933 M8 x 40 verzinkt', 'rechts']);
    expect(Number(lines[1]!.attrs.x) + Number(lines[1]!.attrs.textLength)).toBeCloseTo(55, 2);
  });

  it('draws barcodes that read back after rasterising the SVG (zbarimg, zxing-wasm)', async () => {
    const { svg } = await renderSvg({ template: LABEL, labels: [{ data: data(4) }] });
    const file = await rasterise(svg);
    const reads = zbar(file);
    expect(reads.filter((r) => r.type === 'CODE-128' && !r.gs1).map((r) => r.data)).toEqual(['SKU-4']);
    expect(reads.filter((r) => r.type === 'QR-Code').map((r) => r.data)).toEqual(['KR104']);
    expect(reads.filter((r) => r.type === 'EAN-13').map((r) => r.data)).toEqual(['4006381333931']);
    expect(reads.filter((r) => r.gs1).map((r) => r.data)).toEqual([gs1Transmitted('(02)09501101530003(10)KR104(37)40')]);
    const matrix = await readBarcodes(new Blob([readFileSync(file)]), { formats: ['DataMatrix'], tryHarder: true });
    expect(matrix.filter((r) => r.isValid).map((r) => r.text)).toEqual(['SKU-4']);
  }, 60_000);

  it('draws the pages of a label that runs over pages, and sheets laid out as the PDF lays them out', async () => {
    const doc = sampleOrderDocument();
    const lines = Array.from({ length: 40 }, (_, i) => ({ ...doc.lines[i % 2]!, pos: i + 1, sku: `${doc.lines[i % 2]!.sku}-${i + 1}` }));
    const note = { template: parsedBuiltin('delivery-note-a4'), labels: [{ data: labelDataFromOrderDocument({ ...doc, lines }) }] };
    const third = await renderSvg(note, { page: 3 });
    expect(third).toMatchObject({ width: 210, height: 297, page: 3, pages: 3, labels: 1 });
    const words = elements(third.svg).filter((e) => e.name === 'text').map((e) => e.text);
    expect(words).toContain('Page 3 of 3');
    expect(words).toContain('DIN933-M8x20-37');
    expect(words).not.toContain('DIN934-M8-36');

    const settings = { paper: 'A4' as const, columns: 2, rows: 5, margin_top: 10, margin_left: 4, gap_y: 2, start_position: 3 };
    const job = { template: LABEL, labels: Array.from({ length: 25 }, (_, i) => ({ data: data(i + 1) })), settings };
    const first = await renderSvg(job, { sheet: true });
    expect(first).toMatchObject({ width: 210, height: 297, pages: 3, labels: 25 });
    const groups = (svg: string) => elements(svg).filter((e) => e.name === 'g' && e.attrs.transform).map((e) => e.attrs.transform);
    // 8 on the first sheet from position 3 (second row), 10 on the second, 7 on the third
    expect(groups(first.svg)).toHaveLength(8);
    expect(groups(first.svg)[0]).toBe('translate(4 62)');
    expect(groups((await renderSvg(job, { sheet: true, page: 2 })).svg)).toHaveLength(10);
    const last = await renderSvg(job, { sheet: true, page: 3 });
    expect(groups(last.svg)).toHaveLength(7);
    expect(elements(last.svg).filter((e) => e.name === 'text').map((e) => e.text)).toContain('SKU-25');
    // the sheet's barcodes read back at their positions
    const reads = zbar(await rasterise(last.svg, 200));
    expect(reads.filter((r) => r.type === 'QR-Code').map((r) => r.data).sort()).toEqual(
      ['KR119', 'KR120', 'KR121', 'KR122', 'KR123', 'KR124', 'KR125'],
    );
  }, 60_000);

  it('answers 1055 with the reason for data that makes a bad barcode, and ids differ between SVGs', async () => {
    const bad = { item: { sku: 'X' }, kanban_rule: { scan_code: 'KR1', capacity: 123456789 } };
    const error = await renderSvg({ template: LABEL, labels: [{ data: bad }] }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(1055);
    expect((error as AppError).message).toMatch(/GS1 AI \(37\): count of trade items may have at most 8 digits, got 9/);
    const a = await renderSvg({ template: LABEL, labels: [{ data: data(1) }] });
    const b = await renderSvg({ template: LABEL, labels: [{ data: data(1) }] }, { idPrefix: 'second-' });
    expect(b.svg).toContain('id="second-c1"');
    expect(a.svg).not.toContain('id="second-');
  });

  it('writes text outside WinAnsi in Roboto, as the PDF does, and an empty job as an empty label', async () => {
    const template = '<label width="60" height="20"><text x="1" y="1" width="58" height="8" size="12">{{item.name}}</text></label>';
    const { svg } = await renderSvg({ template, labels: [{ data: { item: { name: 'Ωμέγα Щётка 📦' } } }] });
    const els = elements(svg);
    expect(els.find((e) => e.name === 'text')!.text).toBe('Ωμέγα Щётка 📦');
    expect(els.find((e) => e.name === 'g' && e.attrs['font-family'])!.attrs['font-family']).toMatch(/^Roboto/);
    const empty = await renderSvg({ template, labels: [] });
    expect(empty).toMatchObject({ pages: 1, labels: 0 });
    expect(elements(empty.svg).filter((e) => e.name === 'text')).toHaveLength(0);
  });
});
