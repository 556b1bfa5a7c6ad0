import path from 'node:path';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { BarcodeError, encodeBarcode, placeBarcode } from './barcodes';
import type { DrawOp, Panel } from './evaluate';
import { Gs1Error } from './gs1';
import { type PrintJob, panelsOf, resolveDpi, resolveLayout, templateOf } from './layout';
import { alignedLeft, printError, singleLine } from './pdf';

/**
 * SVG output of one label page or one sheet, from the same draw ops, barcode symbols and text layout as the PDF
 * (docs/label-templates.md "SVG"): the template editor's live preview. Lengths are millimetres (the SVG's user unit,
 * `width`/`height` in mm). Text is broken into lines by pdfkit's own line wrapper with the PDF's font metrics, so a
 * line breaks where it breaks in the PDF; each line carries `textLength`, so a browser's substitute font (Arial for
 * Helvetica) takes the same width. Barcodes are one path of rectangles from the same encoded symbol; images are
 * data URIs scaled to the job's dpi as in the PDF.
 */

const PT = 72 / 25.4;
/** a number with 3 decimals (1/1000 mm), trailing zeros dropped */
const n = (v: number): string => String(Math.round(v * 1000) / 1000);

const WIN_ANSI = /^[\x20-\x7e\u00a0-\u00ff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]*$/;
const ROBOTO_DIR = path.join(path.dirname(require.resolve('pdfmake')), '../fonts/Roboto');
const PDF_FONTS: Record<string, [string, string]> = {
  helvetica: ['Helvetica', 'Helvetica-Bold'],
  times: ['Times-Roman', 'Times-Bold'],
  courier: ['Courier', 'Courier-Bold'],
};
const UNICODE_FONTS: [string, string] = ['Roboto', 'Roboto-Medium'];
/** the CSS font of each PDF font: family list and weight */
const CSS_FONTS: Record<string, { family: string; weight: string }> = {
  Helvetica: { family: "Helvetica, Arial, 'Liberation Sans', sans-serif", weight: 'normal' },
  'Helvetica-Bold': { family: "Helvetica, Arial, 'Liberation Sans', sans-serif", weight: 'bold' },
  'Times-Roman': { family: "'Times New Roman', Times, 'Liberation Serif', serif", weight: 'normal' },
  'Times-Bold': { family: "'Times New Roman', Times, 'Liberation Serif', serif", weight: 'bold' },
  Courier: { family: "'Courier New', Courier, 'Liberation Mono', monospace", weight: 'normal' },
  'Courier-Bold': { family: "'Courier New', Courier, 'Liberation Mono', monospace", weight: 'bold' },
  Roboto: { family: 'Roboto, Arial, sans-serif', weight: 'normal' },
  'Roboto-Medium': { family: 'Roboto, Arial, sans-serif', weight: '500' },
};

type Measurer = PDFKit.PDFDocument & {
  _text(
    text: string,
    x: number,
    y: number,
    options: Record<string, unknown>,
    line: (text: string, options: { textWidth: number; lineWidth: number }) => void,
  ): void;
  _font: { ascender: number };
};

let measurer: Measurer | null = null;
/** A PDF document that is never written: only its fonts and line wrapper are used, to lay out text as the PDF does. */
function measure(): Measurer {
  if (measurer) return measurer;
  const doc = new PDFDocument({ autoFirstPage: false, margin: 0 }) as Measurer;
  doc.registerFont('Roboto', path.join(ROBOTO_DIR, 'Roboto-Regular.ttf'));
  doc.registerFont('Roboto-Medium', path.join(ROBOTO_DIR, 'Roboto-Medium.ttf'));
  doc.addPage({ size: [14400, 14400], margin: 0 });
  measurer = doc;
  return doc;
}

/** XML text: the five special characters escaped, characters XML 1.0 cannot hold dropped. */
function esc(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export interface TextLine {
  text: string;
  /** left end of the line's text (mm) */
  x: number;
  /** the baseline (mm) */
  baseline: number;
  /** the width the PDF font gives the text (mm) */
  width: number;
}

/**
 * The lines of a text box as the PDF writes them (libs/labels pdf.ts drawText): pdfkit's line wrapper with the same
 * options, alignment and vertical alignment; positions in mm. Lines that do not fit the box's height are left out.
 */
export function layoutTextLines(
  text: string,
  box: { x: number; y: number; width: number; height: number },
  pdfFont: string,
  size: number,
  align: 'left' | 'center' | 'right',
  valign: 'top' | 'middle' | 'bottom',
  wrap: boolean,
): TextLine[] {
  if (!text) return [];
  const doc = measure();
  const [x, y, width, height] = [box.x * PT, box.y * PT, box.width * PT, box.height * PT];
  doc.font(pdfFont).fontSize(size);
  const lineHeight = doc.currentLineHeight(true);
  let top = y;
  if (valign !== 'top') {
    const used = wrap ? Math.min(height, doc.heightOfString(text, { width, lineGap: 0 })) : lineHeight;
    top = valign === 'middle' ? y + (height - used) / 2 : y + height - used;
  }
  const ascent = (doc._font.ascender / 1000) * size;
  if (!wrap) {
    // one line placed by hand, as the PDF places it (pdf.ts drawText)
    const line = singleLine(text).trim();
    if (!line) return [];
    const lineWidth = doc.widthOfString(line);
    return [{ text: line, x: alignedLeft(x, width, lineWidth, align) / PT, baseline: (top + ascent) / PT, width: lineWidth / PT }];
  }
  const lines: TextLine[] = [];
  doc._text(
    text,
    x,
    top,
    {
      width,
      height: Math.max(height - (top - y), lineHeight + 0.01),
      align,
      lineGap: 0,
    },
    (line, options) => {
      const t = line.replace(/\n/g, '');
      if (t) {
        let left = doc.x;
        if (align === 'right') left += options.lineWidth - doc.widthOfString(t.replace(/\s+$/, ''));
        else if (align === 'center') left += options.lineWidth / 2 - options.textWidth / 2;
        const shown = t.replace(/\s+$/, '');
        lines.push({ text: shown, x: left / PT, baseline: (doc.y + ascent) / PT, width: doc.widthOfString(shown) / PT });
      }
      doc.y += doc.currentLineHeight(true);
    },
  );
  return lines;
}

class SvgImageStore {
  private readonly cache = new Map<string, Promise<string>>();
  private readonly ids = new WeakMap<Buffer, number>();
  private nextId = 0;
  constructor(
    private readonly dpi: number,
    private readonly shared: Record<string, Buffer | string>,
  ) {}

  source(src: string, own: Record<string, Buffer | string> | undefined): Buffer | string | null {
    if (src.startsWith('data:')) return src;
    return own?.[src] ?? this.shared[src] ?? null;
  }

  /** The image as a data URI, scaled down to the dpi for its box; 1055 when it cannot be read. */
  dataUri(source: Buffer | string, widthMm: number, heightMm: number): Promise<string> {
    const w = Math.max(1, Math.round((widthMm * this.dpi) / 25.4));
    const h = Math.max(1, Math.round((heightMm * this.dpi) / 25.4));
    let key: string;
    if (typeof source === 'string') key = `s:${source.length}:${source.slice(0, 64)}:${source.slice(-64)}:${w}x${h}`;
    else {
      let id = this.ids.get(source);
      if (id === undefined) this.ids.set(source, (id = this.nextId++));
      key = `b:${id}:${w}x${h}`;
    }
    let hit = this.cache.get(key);
    if (!hit) {
      hit = (async () => {
        const bytes =
          typeof source === 'string'
            ? Buffer.from(source.replace(/^data:[^,]*,/, ''), /^data:[^,]*;base64,/.test(source) ? 'base64' : 'utf8')
            : source;
        try {
          const meta = await sharp(bytes).metadata();
          const pipeline = sharp(bytes).rotate().resize(w, h, { fit: 'inside', withoutEnlargement: true });
          if (meta.format === 'jpeg')
            return `data:image/jpeg;base64,${(await pipeline.jpeg({ quality: 85 }).toBuffer()).toString('base64')}`;
          return `data:image/png;base64,${(await pipeline.png().toBuffer()).toString('base64')}`;
        } catch (err) {
          throw printError(`an image cannot be read (${(err as Error).message})`);
        }
      })();
      this.cache.set(key, hit);
    }
    return hit;
  }
}

class SvgWriter {
  readonly parts: string[] = [];
  private clips = 0;
  constructor(
    private readonly images: SvgImageStore,
    private readonly prefix: string,
  ) {}

  private text(
    text: string,
    box: { x: number; y: number; width: number; height: number },
    pdfFont: string,
    size: number,
    align: 'left' | 'center' | 'right',
    valign: 'top' | 'middle' | 'bottom',
    wrap: boolean,
  ): void {
    const lines = layoutTextLines(text, box, pdfFont, size, align, valign, wrap);
    if (lines.length === 0) return;
    const id = `${this.prefix}c${++this.clips}`;
    const css = CSS_FONTS[pdfFont]!;
    this.parts.push(
      `<clipPath id="${id}"><rect x="${n(box.x)}" y="${n(box.y)}" width="${n(box.width)}" height="${n(box.height)}"/></clipPath>`,
      `<g clip-path="url(#${id})" font-family="${esc(css.family)}" font-weight="${css.weight}" font-size="${n(size / PT)}" fill="#000">`,
    );
    for (const line of lines)
      this.parts.push(
        `<text x="${n(line.x)}" y="${n(line.baseline)}" xml:space="preserve"${line.width > 0 ? ` textLength="${n(line.width)}" lengthAdjust="spacingAndGlyphs"` : ''}>${esc(line.text)}</text>`,
      );
    this.parts.push('</g>');
  }

  async op(op: DrawOp, own: Record<string, Buffer | string> | undefined): Promise<void> {
    switch (op.op) {
      case 'text': {
        const [regular, bold] = WIN_ANSI.test(op.text) ? PDF_FONTS[op.font]! : UNICODE_FONTS;
        this.text(op.text, op, op.bold ? bold : regular, op.size, op.align, op.valign, op.wrap);
        return;
      }
      case 'line':
        this.parts.push(
          `<line x1="${n(op.x1)}" y1="${n(op.y1)}" x2="${n(op.x2)}" y2="${n(op.y2)}" stroke="#000" stroke-width="${n(op.thickness)}"/>`,
        );
        return;
      case 'box': {
        if (op.fill !== 'none')
          this.parts.push(
            `<rect x="${n(op.x)}" y="${n(op.y)}" width="${n(op.width)}" height="${n(op.height)}" fill="${op.fill === 'black' ? '#000' : '#999'}"/>`,
          );
        if (op.border > 0) {
          // the border lies inside the box, as in the PDF
          const b = Math.min(op.border, op.width / 2, op.height / 2);
          this.parts.push(
            `<rect x="${n(op.x + b / 2)}" y="${n(op.y + b / 2)}" width="${n(op.width - b)}" height="${n(op.height - b)}" fill="none" stroke="#000" stroke-width="${n(b)}"/>`,
          );
        }
        return;
      }
      case 'image': {
        const source = this.images.source(op.src, own);
        if (!source) return;
        const uri = await this.images.dataUri(source, op.width, op.height);
        this.parts.push(
          `<image x="${n(op.x)}" y="${n(op.y)}" width="${n(op.width)}" height="${n(op.height)}" preserveAspectRatio="xMidYMid meet" href="${uri}"/>`,
        );
        return;
      }
      case 'barcode': {
        let placed;
        try {
          placed = placeBarcode(encodeBarcode(op.type, op.value, op.mask), op.type, op, op.text);
        } catch (err) {
          if (err instanceof BarcodeError || err instanceof Gs1Error)
            throw printError(`barcode "${op.value.slice(0, 60)}": ${err.message}`);
          throw err;
        }
        let d = '';
        for (const [x, y, w, h] of placed.rects) d += `M${n(x)} ${n(y)}h${n(w)}v${n(h)}h${n(-w)}z`;
        this.parts.push(`<path data-barcode="${op.type}" d="${d}" fill="#000"/>`);
        if (placed.textBox)
          this.text(op.value, placed.textBox, 'Helvetica', placed.textBox.size, 'center', 'middle', false);
        return;
      }
    }
  }
}

let svgCount = 0;

async function svgDocument(
  width: number,
  height: number,
  images: SvgImageStore,
  panels: Array<{ panel: Panel; x: number; y: number; own: Record<string, Buffer | string> | undefined }>,
  prefix: string,
): Promise<string> {
  const writer = new SvgWriter(images, prefix);
  for (const { panel, x, y, own } of panels) {
    writer.parts.push(x || y ? `<g transform="translate(${n(x)} ${n(y)})">` : '<g>');
    for (const op of panel) await writer.op(op, own);
    writer.parts.push('</g>');
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${n(width)}mm" height="${n(height)}mm" viewBox="0 0 ${n(width)} ${n(height)}">` +
    `<rect width="${n(width)}" height="${n(height)}" fill="#fff"/>` +
    writer.parts.join('') +
    '</svg>'
  );
}

export interface SvgOptions {
  /** the page to draw, 1-based (default 1): a label's page, or a sheet with `sheet` */
  page?: number;
  /** true: the page is a sheet of the job's settings (labels at their positions); false (default): one label page */
  sheet?: boolean;
  /** prefix of the SVG's ids (clip paths), so several SVGs can sit in one HTML page; default a counter */
  idPrefix?: string;
}

export interface SvgResult {
  svg: string;
  /** the SVG's size in mm */
  width: number;
  height: number;
  /** the page drawn (1-based) */
  page: number;
  /** how many pages the job has: label pages, or sheets with `sheet` */
  pages: number;
  /** labels printed by the job, copies included */
  labels: number;
}

/**
 * Renders one page of a job as SVG: the `page`th label page (a label whose `<each>` runs over has several; copies
 * count as labels), or with `sheet` the `page`th sheet laid out by the job's settings as the PDF lays it out. The
 * job is evaluated to its end to count the pages (meant for previews and small jobs). Errors as renderPdf: 1000 for
 * bad settings or form answers, 1055 with the reason for a barcode or image that cannot be drawn.
 */
export async function renderSvg(job: PrintJob, options: SvgOptions = {}): Promise<SvgResult> {
  const template = templateOf(job);
  const settings = job.settings ?? {};
  const dpi = resolveDpi(settings);
  const images = new SvgImageStore(dpi, job.images ?? {});
  const want = Math.max(1, Math.floor(options.page ?? 1));
  const prefix = options.idPrefix ?? `lbl${++svgCount}-`;
  const chosen: Array<{ panel: Panel; x: number; y: number; own: Record<string, Buffer | string> | undefined }> = [];
  let labels = 0;
  let pages = 0;
  if (!options.sheet) {
    for await (const { panel, data, first } of panelsOf(job, template)) {
      pages++;
      if (first) labels++;
      if (pages === want) chosen.push({ panel, x: 0, y: 0, own: data.images });
    }
    const svg = await svgDocument(template.width, template.height, images, chosen, prefix);
    return { svg, width: template.width, height: template.height, page: want, pages: Math.max(1, pages), labels };
  }
  const layout = resolveLayout(settings, template.width, template.height);
  let slot = layout.positions.length;
  let first = true;
  for await (const { panel, data, first: firstPanel } of panelsOf(job, template)) {
    if (slot >= layout.positions.length) {
      pages++;
      slot = first ? layout.firstPosition : 0;
      first = false;
    }
    const at = layout.positions[slot++]!;
    if (firstPanel) labels++;
    if (pages === want) chosen.push({ panel, x: at.x, y: at.y, own: data.images });
  }
  const svg = await svgDocument(layout.pageWidth, layout.pageHeight, images, chosen, prefix);
  return { svg, width: layout.pageWidth, height: layout.pageHeight, page: want, pages: Math.max(1, pages), labels };
}
