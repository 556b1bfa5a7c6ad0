// Renders real PDFs with the lib, turns them into images with poppler's pdftoppm and reads every barcode back:
// zbarimg (zbar-tools) for Code 128, GS1-128, EAN-13 and QR, zxing-wasm for DataMatrix and GS1 DataMatrix (zbar
// cannot read DataMatrix). Positions are measured in the images (within 0.5 mm). Needs poppler-utils and zbar-tools
// (tools/scripts/ensure-services.sh installs them).
import { AppError } from '@kanban/access';
import { sampleOrderDocument } from '@kanban/notify-templates';
import { execFileSync } from 'node:child_process';
import {
  createWriteStream,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { parsedBuiltin } from './builtin';
import { labelDataFromOrderDocument, type LabelData } from './data';
import { parseGs1, gs1FixedLength } from './gs1';
import { type PrintLabel, resolveLayout, type SheetSettings } from './layout';
import { renderCalibrationPdf, renderPdf, renderPdfBuffer } from './pdf';

const DPI = 300;
const dir = mkdtempSync(path.join(tmpdir(), 'labels-spec-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

prepareZXingModule({
  overrides: {
    wasmBinary: new Uint8Array(readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'))).buffer,
  },
});

let fileNo = 0;
/** The pages of a PDF as greyscale pixels at a dpi (pdftoppm). */
async function pages(
  pdf: Buffer,
  dpi = DPI,
): Promise<Array<{ file: string; width: number; height: number; pixels: Buffer }>> {
  const base = path.join(dir, `doc${++fileNo}`);
  writeFileSync(`${base}.pdf`, pdf);
  execFileSync('pdftoppm', ['-r', String(dpi), '-gray', '-png', `${base}.pdf`, base]);
  const files = readdirSync(dir)
    .filter((f) => f.startsWith(`doc${fileNo}-`) && f.endsWith('.png'))
    .sort();
  return Promise.all(
    files.map(async (f) => {
      const { data, info } = await sharp(path.join(dir, f))
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return { file: path.join(dir, f), width: info.width, height: info.height, pixels: data };
    }),
  );
}

/** A part of a page (mm) as a PNG file. */
async function crop(
  page: { file: string },
  x: number,
  y: number,
  w: number,
  h: number,
  dpi = DPI,
): Promise<string> {
  const px = (mm: number): number => Math.max(0, Math.round((mm * dpi) / 25.4));
  const file = path.join(dir, `crop${++fileNo}.png`);
  await sharp(page.file)
    .extract({ left: px(x), top: px(y), width: px(w), height: px(h) })
    .toFile(file);
  return file;
}

interface Read {
  type: string;
  data: string;
  gs1: boolean;
}
/** zbarimg's XML answer: every symbol with its type, data (GS1's FNC1 separators as \x1d) and whether it is GS1. */
function zbar(file: string): Read[] {
  let xml: string;
  try {
    xml = execFileSync('zbarimg', ['-q', '--xml', file], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (err) {
    xml = String((err as { stdout?: string }).stdout ?? '');
  }
  return [...xml.matchAll(/<symbol ([^>]*)><data([^>]*)><!\[CDATA\[([\s\S]*?)\]\]><\/data>/g)].map((m) => {
    const attrs = m[1]!;
    const base64 = /format='base64'/.test(m[2]!);
    return {
      type: /type='([^']+)'/.exec(attrs)![1]!,
      gs1: /modifiers='[^']*GS1/.test(attrs),
      data: base64 ? Buffer.from(m[3]!.trim(), 'base64').toString('latin1') : m[3]!,
    };
  });
}

async function zxing(file: string): Promise<Array<{ format: string; text: string; gs1: boolean }>> {
  const results = await readBarcodes(new Blob([readFileSync(file)]), {
    formats: ['DataMatrix'],
    tryHarder: true,
    maxNumberOfSymbols: 8,
    textMode: 'HRI',
  });
  return results
    .filter((r) => r.isValid)
    .map((r) => ({ format: r.format, text: r.text, gs1: r.contentType === 'GS1' }));
}

/** What a GS1-128 reader returns: the AIs and data with FNC1 (\x1d) after every variable-length field but the last. */
function gs1Transmitted(text: string): string {
  const fields = parseGs1(text);
  return fields
    .map((f, i) => f.ai + f.value + (i < fields.length - 1 && !gs1FixedLength(f.ai) ? '\x1d' : ''))
    .join('');
}

/** The bounding box (mm) of dark pixels inside a window (mm) of a page. */
function darkBox(
  page: { width: number; pixels: Buffer },
  x: number,
  y: number,
  w: number,
  h: number,
  dpi = DPI,
): { x: number; y: number; width: number; height: number } | null {
  const px = (mm: number): number => Math.round((mm * dpi) / 25.4);
  let [x0, y0, x1, y1] = [Infinity, Infinity, -1, -1];
  for (let py = px(y); py < px(y + h); py++)
    for (let qx = px(x); qx < px(x + w); qx++)
      if (page.pixels[py * page.width + qx]! < 128) {
        x0 = Math.min(x0, qx);
        y0 = Math.min(y0, py);
        x1 = Math.max(x1, qx);
        y1 = Math.max(y1, py);
      }
  if (x1 < 0) return null;
  const mm = (p: number): number => (p * 25.4) / dpi;
  return { x: mm(x0), y: mm(y0), width: mm(x1 + 1 - x0), height: mm(y1 + 1 - y0) };
}

const ITEM_LABEL = `<label width="100" height="50">
  <box x="3" y="3" width="8" height="4" border="0" fill="black"/>
  <text x="13" y="2" width="55" height="5" size="9" bold="true">{{item.sku}} {{label.number}}/{{label.count}}</text>
  <barcode type="code128" x="2" y="8" width="66" height="14" value="{{item.sku}}"/>
  <barcode type="qr" x="70" y="1" width="29" height="29" value="{{kanban_rule.scan_code}}"/>
  <barcode type="gs1-128" x="2" y="24" width="66" height="13" value="(02)09501101530003(10){{kanban_rule.scan_code}}(37){{kanban_rule.capacity}}"/>
  <barcode type="ean13" x="2" y="38" width="44" height="11" value="4006381333931"/>
  <barcode type="datamatrix" x="50" y="38" width="11" height="11" value="{{item.sku}}"/>
  <barcode type="gs1-datamatrix" x="72" y="31" width="18" height="18" value="(01)09501101530003(10){{kanban_rule.scan_code}}"/>
</label>`;

const item = (n: number): LabelData => ({
  item: { sku: `SKU-${n}` },
  kanban_rule: { scan_code: `KR${100 + n}`, capacity: 10 * n },
});

async function expectItemLabel(
  page: Awaited<ReturnType<typeof pages>>[number],
  at: { x: number; y: number },
  n: number,
): Promise<void> {
  const file = await crop(page, at.x, at.y, 100, 50);
  const gs1 = gs1Transmitted(`(02)09501101530003(10)${String(item(n).kanban_rule!.scan_code)}(37)${10 * n}`);
  const reads = zbar(file);
  const data = item(n);
  const sku = String(data.item!.sku);
  const scan = String(data.kanban_rule!.scan_code);
  expect(reads.filter((r) => r.type === 'CODE-128' && !r.gs1).map((r) => r.data)).toEqual([sku]);
  expect(reads.filter((r) => r.type === 'QR-Code').map((r) => r.data)).toEqual([scan]);
  expect(reads.filter((r) => r.type === 'EAN-13').map((r) => r.data)).toEqual(['4006381333931']);
  expect(reads.filter((r) => r.gs1).map((r) => [r.type, r.data])).toEqual([['CODE-128', gs1]]);
  const matrix = await zxing(file);
  expect(matrix.map((r) => [r.gs1, r.text]).sort()).toEqual([
    [false, sku],
    [true, `(01)09501101530003(10)${scan}`],
  ]);
  // the black box of the template (3, 3, 8 × 4 mm) where it belongs, within 0.5 mm
  const box = darkBox(page, at.x + 1, at.y + 1, 11.5, 6.5)!;
  expect(box).not.toBeNull();
  for (const [got, want] of [
    [box.x, at.x + 3],
    [box.y, at.y + 3],
    [box.width, 8],
    [box.height, 4],
  ] as const)
    expect(Math.abs(got - want)).toBeLessThanOrEqual(0.5);
}

describe('PDF rendering, read back from the images', () => {
  const settings: SheetSettings = {
    paper: 'A4',
    columns: 2,
    rows: 5,
    margin_top: 10,
    margin_left: 4,
    gap_x: 0,
    gap_y: 2,
    offset_x: 1.5,
    offset_y: -1,
    start_position: 3,
  };
  const layout = resolveLayout(settings, 100, 50);

  it('places labels on an A4 sheet after the start position, with copies, and every barcode reads back', async () => {
    const labels: PrintLabel[] = [{ data: item(1), copies: 2 }, { data: item(2) }, { data: item(3) }];
    const { pdf, stats } = await renderPdfBuffer({ template: ITEM_LABEL, labels, settings });
    expect(stats).toEqual({ pages: 1, labels: 4, panels: 4 });
    // label.number runs over the printed labels, label.count counts them (copies included)
    writeFileSync(path.join(dir, 'sheet.pdf'), pdf);
    const words = execFileSync('pdftotext', [path.join(dir, 'sheet.pdf'), '-'], { encoding: 'utf8' });
    for (const text of ['SKU-1 1/4', 'SKU-1 2/4', 'SKU-2 3/4', 'SKU-3 4/4']) expect(words).toContain(text);
    const [page, ...more] = await pages(pdf);
    expect(more).toHaveLength(0);
    expect(Math.abs(page!.width - (210 * DPI) / 25.4)).toBeLessThanOrEqual(1);
    // positions 1 and 2 (the first row) stay empty; 3 to 6 hold item 1 (twice), 2 and 3
    expect(darkBox(page!, 0, 0, 210, 58)).toBeNull();
    const expected = [1, 1, 2, 3];
    for (let i = 0; i < expected.length; i++)
      await expectItemLabel(page!, layout.positions[2 + i]!, expected[i]!);
    expect(darkBox(page!, 0, layout.positions[6]!.y + 0.5, 210, 100)).toBeNull();
  }, 60_000);

  it('continues on further sheets without blank pages and keeps positions there', async () => {
    async function* many(): AsyncGenerator<PrintLabel> {
      for (let n = 1; n <= 25; n++) yield { data: item(n) };
    }
    const { pdf, stats } = await renderPdfBuffer({ template: ITEM_LABEL, labels: many(), settings });
    // 8 on the first sheet (from position 3), 10 on the second, 7 on the third
    expect(stats).toEqual({ pages: 3, labels: 25, panels: 25 });
    const all = await pages(pdf);
    expect(all).toHaveLength(3);
    await expectItemLabel(all[1]!, layout.positions[0]!, 9);
    await expectItemLabel(all[2]!, layout.positions[6]!, 25);
    expect(darkBox(all[2]!, 0, layout.positions[8]!.y + 0.5, 210, 60)).toBeNull();
  }, 60_000);

  it('prints on a label printer page the size of the label, barcodes as PNG images at the dpi', async () => {
    const { pdf, stats } = await renderPdfBuffer({
      template: ITEM_LABEL,
      labels: [{ data: item(7) }],
      settings: { paper: 'label', barcodes: 'raster', dpi: 300 },
    });
    expect(stats.pages).toBe(1);
    const [page] = await pages(pdf);
    expect(Math.abs(page!.width - (100 * DPI) / 25.4)).toBeLessThanOrEqual(1);
    expect(Math.abs(page!.height - (50 * DPI) / 25.4)).toBeLessThanOrEqual(1);
    expect(pdf.toString('latin1')).toMatch(/\/Subtype \/Image/);
    await expectItemLabel(page!, { x: 0, y: 0 }, 7);
  }, 60_000);

  it('prints the delivery note from an order document over several pages, lines continued', async () => {
    const doc = sampleOrderDocument();
    const lines = Array.from({ length: 40 }, (_, i) => ({
      ...doc.lines[i % 2]!,
      pos: i + 1,
      sku: `${doc.lines[i % 2]!.sku}-${i + 1}`,
    }));
    const { pdf, stats } = await renderPdfBuffer({
      template: parsedBuiltin('delivery-note-a4'),
      labels: [{ data: labelDataFromOrderDocument({ ...doc, lines }) }],
    });
    expect(stats).toEqual({ pages: 3, labels: 1, panels: 3 });
    const file = path.join(dir, 'note.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Delivery note');
    expect(text).toContain('Bäckerei Müller & Söhne');
    expect(text).toContain('Page 1 of 3');
    expect(text).toContain('Page 3 of 3');
    for (const line of lines) expect(text).toContain(line.sku);
    // 18 rows on the first page, 18 on the second, 4 on the third
    expect(text.indexOf('DIN934-M8-18')).toBeLessThan(text.indexOf('Page 1 of 3'));
    expect(text.indexOf('DIN933-M8x20-19')).toBeGreaterThan(text.indexOf('Page 1 of 3'));
    expect(text.indexOf('DIN934-M8-36')).toBeLessThan(text.indexOf('Page 2 of 3'));
    expect(text.indexOf('DIN933-M8x20-37')).toBeGreaterThan(text.indexOf('Page 2 of 3'));
    const [first] = await pages(pdf, 200);
    expect(
      zbar(first!.file)
        .filter((r) => r.type === 'CODE-128')
        .map((r) => r.data),
    ).toEqual(['1048']);
  }, 60_000);

  it("draws images from a data URL and from a label's own bytes, scaled into their box", async () => {
    const square = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#000000' } })
      .png()
      .toBuffer();
    const dataUrl = `data:image/png;base64,${square.toString('base64')}`;
    const template = `<label width="100" height="50">
  <image x="5" y="5" width="20" height="10" src="${dataUrl}"/>
  <image x="50" y="20" width="15" height="25" src="item"/>
</label>`;
    const { pdf } = await renderPdfBuffer({
      template,
      labels: [{ data: { images: { item: square } } }],
      settings: { paper: 'label', dpi: 100 },
    });
    const [page] = await pages(pdf, 200);
    // a square image fits its box: 10 × 10 mm centred in 20 × 10, 15 × 15 centred in 15 × 25
    const first = darkBox(page!, 0, 0, 45, 18, 200)!;
    const second = darkBox(page!, 45, 18, 25, 30, 200)!;
    for (const [got, want] of [
      [first.x, 10],
      [first.y, 5],
      [first.width, 10],
      [first.height, 10],
      [second.x, 50],
      [second.y, 25],
      [second.width, 15],
      [second.height, 15],
    ] as const)
      expect(Math.abs(got - want)).toBeLessThanOrEqual(0.5);
  });

  it('prints umlauts, quotes and semicolons with the standard fonts, and Greek, Cyrillic and € with the embedded Roboto', async () => {
    const template = `<label width="100" height="30">
  <text x="1" y="1" width="98" height="8" size="12">{{item.name}}</text>
  <text x="1" y="10" width="98" height="8" size="12" bold="true">{{item.description}}</text>
  <barcode type="qr" x="1" y="18" width="11" height="11" value="{{item.description}}"/>
</label>`;
    const description = 'Ωμέγα Щётка 5 € – Kiste 📦';
    const { pdf } = await renderPdfBuffer({
      template,
      labels: [{ data: { item: { name: 'Größe "A;B" Müller & Söhne', description } } }],
      settings: { paper: 'label' },
    });
    const file = path.join(dir, 'fonts.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Größe "A;B" Müller & Söhne');
    expect(text).toContain('Ωμέγα Щётка 5 € – Kiste');
    expect(execFileSync('pdffonts', [file], { encoding: 'utf8' })).toMatch(/Roboto-Medium/);
    const [page] = await pages(pdf, 300);
    // the QR holds the text as UTF-8 (zbar's XML output garbles bytes beyond ASCII, so its plain output is read here)
    const plain = execFileSync('zbarimg', ['-q', '--raw', page!.file], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    expect(plain.trim()).toBe(description);
  });

  it('answers 1055 naming the GS1 AI when data makes a bad barcode', async () => {
    const bad = { item: { sku: 'X' }, kanban_rule: { scan_code: 'KR1', capacity: 123456789 } };
    const error = await renderPdfBuffer({ template: ITEM_LABEL, labels: [{ data: bad }] }).catch(
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(1055);
    expect((error as AppError).message).toMatch(
      /GS1 AI \(37\): count of trade items may have at most 8 digits, got 9/,
    );
  });

  it('streams: the PDF reaches its file while labels are still being made', async () => {
    const file = path.join(dir, 'stream.pdf');
    const out = createWriteStream(file);
    const seen: number[] = [];
    async function* labels(): AsyncGenerator<PrintLabel> {
      for (let n = 1; n <= 600; n++) {
        if (n % 100 === 0) seen.push(out.bytesWritten);
        yield { data: item(n) };
      }
    }
    const template =
      '<label width="100" height="50"><barcode type="code128" x="2" y="8" width="66" height="14" value="{{item.sku}}"/></label>';
    const stats = await renderPdf(
      { template, labels: labels(), settings: { paper: 'A4', columns: 2, rows: 5 } },
      out,
    );
    expect(stats).toEqual({ pages: 60, labels: 600, panels: 600 });
    expect(seen[0]).toBeGreaterThan(0);
    expect(seen[5]).toBeGreaterThan(seen[1]!);
    expect(statSync(file).size).toBeGreaterThan(seen[5]!);
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Pages:\s+60/);
  }, 60_000);

  it('draws a calibration sheet: rulers and corner marks at the label positions', async () => {
    const sink = path.join(dir, 'calibration.pdf');
    await renderCalibrationPdf(settings, { width: 100, height: 50 }, createWriteStream(sink));
    const [page] = await pages(readFileSync(sink), 200);
    // the 10 mm tick of the top ruler is 5 mm long
    const tick = darkBox(page!, 9.5, 0, 1, 8, 200)!;
    expect(Math.abs(tick.x - 10)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(tick.height - 5)).toBeLessThanOrEqual(0.5);
    for (const at of [layout.positions[1]!, layout.positions[9]!]) {
      // the top-left corner mark's vertical stroke: at the position's left edge, 3 mm down from its top
      const mark = darkBox(page!, at.x - 0.6, at.y + 0.5, 1.2, 6, 200)!;
      expect(Math.abs(mark.x + mark.width / 2 - at.x)).toBeLessThanOrEqual(0.5);
      expect(Math.abs(mark.y + mark.height - (at.y + 3))).toBeLessThanOrEqual(0.5);
    }
  }, 60_000);
});
