import { AppError, ErrorCode } from '@kanban/access';
import { once } from 'node:events';
import path from 'node:path';
import { PassThrough, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { BarcodeError, encodeBarcode, placeBarcode } from './barcodes';
import type { DrawOp, Panel } from './evaluate';
import { Gs1Error } from './gs1';
import {
  type Layout,
  type PrintJob,
  type SheetSettings,
  panelsOf,
  resolveDpi,
  resolveLayout,
  templateOf,
} from './layout';
import { encodeGreyPng, rasterize } from './png';

/**
 * PDF output with pdfkit, written page by page to a stream: each sheet is finished and flushed before the next is
 * drawn, so memory stays flat however many labels a job has (pdfmake, which builds a whole document tree first,
 * is not used here). Standard PDF fonts (Helvetica, Times, Courier; WinAnsi, so German text prints, other
 * scripts do not), barcodes as vector rectangles or PNG images at the job's dpi, images scaled to that dpi.
 */

const PT = 72 / 25.4;
/** a PDF number with 3 decimals (1/1000 pt), trailing zeros dropped */
const fmt = (n: number): string => String(Math.round(n * 1000) / 1000);
/**
 * Text outside WinAnsi (the standard fonts' encoding: ASCII, Latin-1 and a few signs such as € and dashes) is set in
 * Roboto, embedded as a subset (the TrueType files pdfmake ships): Latin, Greek and Cyrillic print; what Roboto
 * lacks (emoji, CJK) prints as an empty box instead of wrong letters.
 */
const WIN_ANSI = /^[\x20-\x7e\u00a0-\u00ff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]*$/;
const ROBOTO_DIR = path.join(path.dirname(require.resolve('pdfmake')), '../fonts/Roboto');
const UNICODE_FONTS: [string, string] = ['Roboto', 'Roboto-Medium'];

const FONT_NAMES: Record<string, [string, string]> = {
  helvetica: ['Helvetica', 'Helvetica-Bold'],
  times: ['Times-Roman', 'Times-Bold'],
  courier: ['Courier', 'Courier-Bold'],
};

export interface RenderStats {
  pages: number;
  labels: number;
  panels: number;
}

/** A print failure (1055) with its reason: a barcode that cannot be encoded, an image that cannot be read. */
export function printError(reason: string): AppError {
  return new AppError(ErrorCode.PrintError, `error while printing: ${reason}`, { data: { reason } });
}

/** A text that is not wrapped: its line breaks and runs of whitespace as one space, as the template's text says. */
export function singleLine(text: string): string {
  return text.replace(/\s+/g, ' ');
}

/** Where a line of `lineWidth` starts in a box at `x` of `width` for the alignment (any unit). */
export function alignedLeft(x: number, width: number, lineWidth: number, align: 'left' | 'center' | 'right'): number {
  if (align === 'right') return x + width - lineWidth;
  if (align === 'center') return x + (width - lineWidth) / 2;
  return x;
}

/** pdfkit's opened image (drawn many times, embedded once); openImage is missing from @types/pdfkit */
type PdfImage = { width: number; height: number };
const openImage = (doc: PDFKit.PDFDocument, bytes: Buffer): PdfImage =>
  (doc as unknown as { openImage(src: Buffer): PdfImage }).openImage(bytes);

class ImageStore {
  private readonly cache = new Map<string | Buffer, Map<string, Promise<PdfImage>>>();
  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly dpi: number,
    private readonly shared: Record<string, Buffer | string>,
  ) {}

  source(src: string, own: Record<string, Buffer | string> | undefined): Buffer | string | null {
    if (src.startsWith('data:')) return src;
    return own?.[src] ?? this.shared[src] ?? null;
  }

  async get(source: Buffer | string, widthMm: number, heightMm: number): Promise<PdfImage> {
    const size = `${Math.round((widthMm * this.dpi) / 25.4)}x${Math.round((heightMm * this.dpi) / 25.4)}`;
    let sizes = this.cache.get(source);
    if (!sizes) {
      if (this.cache.size >= 200) this.cache.delete(this.cache.keys().next().value!);
      sizes = new Map();
      this.cache.set(source, sizes);
    }
    let image = sizes.get(size);
    if (!image) {
      image = (async () => {
        const bytes =
          typeof source === 'string'
            ? Buffer.from(
                source.replace(/^data:[^,]*,/, ''),
                typeof source === 'string' && /^data:[^,]*;base64,/.test(source) ? 'base64' : 'utf8',
              )
            : source;
        const [w, h] = size.split('x').map(Number) as [number, number];
        try {
          const meta = await sharp(bytes).metadata();
          const pipeline = sharp(bytes)
            .rotate()
            .resize(Math.max(1, w), Math.max(1, h), { fit: 'inside', withoutEnlargement: true });
          const out =
            meta.format === 'jpeg'
              ? await pipeline.jpeg({ quality: 85 }).toBuffer()
              : await pipeline.png().toBuffer();
          return openImage(this.doc, out);
        } catch (err) {
          throw printError(`an image cannot be read (${(err as Error).message})`);
        }
      })();
      sizes.set(size, image);
    }
    return image;
  }
}

function barcodeFailure(err: unknown, value: string): never {
  if (err instanceof BarcodeError || err instanceof Gs1Error)
    throw printError(`barcode "${value.slice(0, 60)}": ${err.message}`);
  throw err;
}

async function drawPanel(
  doc: PDFKit.PDFDocument,
  panel: Panel,
  ox: number,
  oy: number,
  images: ImageStore,
  own: Record<string, Buffer | string> | undefined,
  settings: SheetSettings,
  dpi: number,
): Promise<void> {
  const X = (mm: number): number => (ox + mm) * PT;
  const Y = (mm: number): number => (oy + mm) * PT;
  for (const op of panel) await drawOp(doc, op, X, Y, images, own, settings, dpi);
}

function drawText(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  width: number,
  height: number,
  font: string,
  size: number,
  align: 'left' | 'center' | 'right',
  valign: 'top' | 'middle' | 'bottom',
  wrap: boolean,
): void {
  if (!text) return;
  doc.font(font).fontSize(size).fillColor('#000000');
  const lineHeight = doc.currentLineHeight(true);
  let top = y;
  if (valign !== 'top') {
    const used = wrap ? Math.min(height, doc.heightOfString(text, { width, lineGap: 0 })) : lineHeight;
    top = valign === 'middle' ? y + (height - used) / 2 : y + height - used;
  }
  doc.save();
  doc.rect(x, y, width, height).clip();
  if (wrap) {
    doc.text(text, x, top, { width, height: Math.max(height - (top - y), lineHeight + 0.01), align, lineGap: 0 });
  } else {
    // one line, placed by hand: pdfkit wraps any text given a width, even with lineBreak false; the clip cuts it off
    const line = singleLine(text);
    doc.text(line, alignedLeft(x, width, doc.widthOfString(line), align), top, { lineBreak: false, lineGap: 0 });
  }
  doc.restore();
}

async function drawOp(
  doc: PDFKit.PDFDocument,
  op: DrawOp,
  X: (mm: number) => number,
  Y: (mm: number) => number,
  images: ImageStore,
  own: Record<string, Buffer | string> | undefined,
  settings: SheetSettings,
  dpi: number,
): Promise<void> {
  switch (op.op) {
    case 'text': {
      const [regular, bold] = WIN_ANSI.test(op.text) ? FONT_NAMES[op.font]! : UNICODE_FONTS;
      drawText(
        doc,
        op.text,
        X(op.x),
        Y(op.y),
        op.width * PT,
        op.height * PT,
        op.bold ? bold : regular,
        op.size,
        op.align,
        op.valign,
        op.wrap,
      );
      return;
    }
    case 'line':
      doc
        .lineWidth(op.thickness * PT)
        .moveTo(X(op.x1), Y(op.y1))
        .lineTo(X(op.x2), Y(op.y2))
        .strokeColor('#000000')
        .stroke();
      return;
    case 'box': {
      if (op.fill !== 'none')
        doc
          .rect(X(op.x), Y(op.y), op.width * PT, op.height * PT)
          .fill(op.fill === 'black' ? '#000000' : '#999999');
      if (op.border > 0) {
        const b = Math.min(op.border, op.width / 2, op.height / 2);
        // the border lies inside the box: its outer edge is the box's edge
        doc
          .lineWidth(b * PT)
          .rect(X(op.x + b / 2), Y(op.y + b / 2), (op.width - b) * PT, (op.height - b) * PT)
          .strokeColor('#000000')
          .stroke();
      }
      return;
    }
    case 'image': {
      const source = images.source(op.src, own);
      if (!source) return;
      const image = await images.get(source, op.width, op.height);
      doc.image(image as unknown as Buffer, X(op.x), Y(op.y), {
        fit: [op.width * PT, op.height * PT],
        align: 'center',
        valign: 'center',
      });
      return;
    }
    case 'barcode': {
      let placed;
      try {
        placed = placeBarcode(encodeBarcode(op.type, op.value, op.mask), op.type, op, op.text);
      } catch (err) {
        barcodeFailure(err, op.value);
      }
      if ((settings.barcodes ?? 'vector') === 'raster') {
        const local = placed.rects.map(
          ([x, y, w, h]) => [x - op.x, y - op.y, w, h] as [number, number, number, number],
        );
        const { width, height, pixels } = rasterize(
          local,
          op.width,
          placed.textBox ? op.height - placed.textBox.height : op.height,
          dpi,
        );
        doc.image(encodeGreyPng(width, height, pixels), X(op.x), Y(op.y), {
          width: op.width * PT,
          height: (placed.textBox ? op.height - placed.textBox.height : op.height) * PT,
        });
      } else {
        // one path of rectangles written straight into the page's content (pdfkit's rect() per bar costs more than
        // the encoding); pdfkit's page transform makes these top-left based points, as rect() would write them
        let path = '';
        for (const [x, y, w, h] of placed.rects)
          path += `${fmt(X(x))} ${fmt(Y(y))} ${fmt(w * PT)} ${fmt(h * PT)} re\n`;
        doc.fillColor('#000000');
        (doc as unknown as { addContent(data: string): void }).addContent(path + 'f');
      }
      if (placed.textBox)
        drawText(
          doc,
          op.value,
          X(placed.textBox.x),
          Y(placed.textBox.y),
          placed.textBox.width * PT,
          placed.textBox.height * PT,
          'Helvetica',
          placed.textBox.size,
          'center',
          'middle',
          false,
        );
      return;
    }
  }
}

function newDocument(): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    compress: true,
    info: { Producer: 'kanban labels', Creator: 'kanban labels' },
  });
  doc.registerFont('Roboto', path.join(ROBOTO_DIR, 'Roboto-Regular.ttf'));
  doc.registerFont('Roboto-Medium', path.join(ROBOTO_DIR, 'Roboto-Medium.ttf'));
  return doc;
}

/**
 * After each page: let the finished page flow to `out` (a turn of the event loop), and wait while `out` is full
 * (for its `drain`, looking again every 50 ms; each wait's listeners are removed, so a long wait does not pile them up).
 */
async function flowControl(out: Writable, doc: PDFKit.PDFDocument): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  while (out.writableNeedDrain || doc.readableLength > 4 << 20) {
    const done = new AbortController();
    const drained = once(out, 'drain', { signal: done.signal }).catch((err: Error) => {
      if (err.name !== 'AbortError') throw err;
    });
    try {
      await Promise.race([drained, new Promise((resolve) => setTimeout(resolve, 50))]);
    } finally {
      done.abort();
    }
  }
}

function addPage(doc: PDFKit.PDFDocument, layout: Layout): void {
  doc.addPage({ size: [layout.pageWidth * PT, layout.pageHeight * PT], margin: 0 });
}

/**
 * Renders a job as one PDF into `out` (a file, an HTTP response), sheet by sheet; resolves when `out` has it all.
 * Errors: 1000 for bad settings or form answers, 1055 (with the reason) when a label cannot be printed.
 */
export async function renderPdf(job: PrintJob, out: Writable): Promise<RenderStats> {
  const template = templateOf(job);
  const settings = job.settings ?? {};
  const layout = resolveLayout(settings, template.width, template.height);
  const dpi = resolveDpi(settings);
  const doc = newDocument();
  doc.pipe(out);
  const images = new ImageStore(doc, dpi, job.images ?? {});
  const stats: RenderStats = { pages: 0, labels: 0, panels: 0 };
  let slot = layout.positions.length; // the next free position on the current page
  let first = true;
  try {
    for await (const { panel, data, first: firstPanel } of panelsOf(job, template)) {
      if (slot >= layout.positions.length) {
        if (stats.pages > 0) await flowControl(out, doc);
        addPage(doc, layout);
        stats.pages++;
        slot = first ? layout.firstPosition : 0;
        first = false;
      }
      const at = layout.positions[slot++]!;
      await drawPanel(doc, panel, at.x, at.y, images, data.images, settings, dpi);
      stats.panels++;
      if (firstPanel) stats.labels++;
    }
    if (stats.pages === 0) {
      addPage(doc, layout); // a PDF needs a page: an empty job prints one empty sheet
      stats.pages++;
    }
  } catch (err) {
    doc.unpipe(out);
    doc.end();
    throw err;
  }
  doc.end();
  await finished(out);
  return stats;
}

/** The whole PDF in memory (small jobs, previews, attachments). */
export async function renderPdfBuffer(job: PrintJob): Promise<{ pdf: Buffer; stats: RenderStats }> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  const stats = await renderPdf(job, sink);
  return { pdf: Buffer.concat(chunks), stats };
}

/**
 * A calibration sheet for the settings: millimetre rulers along the top and left edges, and at every label position
 * corner marks and its number, so a test print on plain paper laid over the label sheet shows the offsets to set.
 */
export async function renderCalibrationPdf(
  settings: SheetSettings,
  label: { width: number; height: number },
  out: Writable,
): Promise<void> {
  const layout = resolveLayout({ ...settings, start_position: 1 }, label.width, label.height);
  const doc = newDocument();
  doc.pipe(out);
  addPage(doc, layout);
  doc.strokeColor('#000000').lineWidth(0.2);
  for (let mm = 0; mm <= layout.pageWidth; mm++) {
    const len = mm % 10 === 0 ? 5 : mm % 5 === 0 ? 3.5 : 2;
    doc.moveTo(mm * PT, 0).lineTo(mm * PT, len * PT);
  }
  for (let mm = 0; mm <= layout.pageHeight; mm++) {
    const len = mm % 10 === 0 ? 5 : mm % 5 === 0 ? 3.5 : 2;
    doc.moveTo(0, mm * PT).lineTo(len * PT, mm * PT);
  }
  doc.stroke();
  doc.font('Helvetica').fontSize(5).fillColor('#000000');
  for (let mm = 10; mm < layout.pageWidth - 3; mm += 10)
    doc.text(String(mm / 10), mm * PT + 1, 5.3 * PT, { lineBreak: false });
  for (let mm = 10; mm < layout.pageHeight - 3; mm += 10)
    doc.text(String(mm / 10), 5.3 * PT, mm * PT - 2, { lineBreak: false });
  const mark = Math.min(3, label.width / 4, label.height / 4);
  doc.lineWidth(0.3);
  layout.positions.forEach((p, i) => {
    const [x0, y0, x1, y1] = [p.x * PT, p.y * PT, (p.x + label.width) * PT, (p.y + label.height) * PT];
    const m = mark * PT;
    doc
      .moveTo(x0, y0 + m)
      .lineTo(x0, y0)
      .lineTo(x0 + m, y0);
    doc
      .moveTo(x1 - m, y0)
      .lineTo(x1, y0)
      .lineTo(x1, y0 + m);
    doc
      .moveTo(x0, y1 - m)
      .lineTo(x0, y1)
      .lineTo(x0 + m, y1);
    doc
      .moveTo(x1 - m, y1)
      .lineTo(x1, y1)
      .lineTo(x1, y1 - m);
    doc.stroke();
    doc
      .fontSize(Math.min(14, label.height * 0.8))
      .text(String(i + 1), x0, (y0 + y1) / 2 - 5, { width: x1 - x0, align: 'center', lineBreak: false });
  });
  const summary = `${settings.paper ?? 'A4'} ${layout.columns} × ${layout.rows}, label ${label.width} × ${label.height} mm, margins ${settings.margin_top ?? 0}/${settings.margin_left ?? 0} mm, gaps ${settings.gap_x ?? 0}/${settings.gap_y ?? 0} mm, offsets ${settings.offset_x ?? 0}/${settings.offset_y ?? 0} mm`;
  if (settings.paper !== 'label')
    doc.fontSize(6).text(summary, 8 * PT, (layout.pageHeight - 4) * PT, { lineBreak: false });
  doc.end();
  await finished(out);
}
