import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import sharp from 'sharp';
import { BarcodeError, encodeBarcode, QUIET } from './barcodes';
import type { DrawOp } from './evaluate';
import { Gs1Error, gs1FixedLength, parseGs1 } from './gs1';
import { type PrintJob, panelsOf, resolveLayout, templateOf } from './layout';
import { printError, type RenderStats } from './pdf';

/**
 * ZPL II output for label printers: one ^XA…^XZ per printed label page, at 203 or 300 dpi. Text with the scalable
 * font ^A0 in a field block (^FB: width, lines, alignment), UTF-8 (^CI28); boxes and lines with ^GB (^GD for
 * slanted lines); barcodes with the printer's own commands (^BC Code 128 and, in mode D, GS1-128; ^BE EAN-13;
 * ^BQ QR; ^BX DataMatrix, GS1 with FNC1 escapes); images as ^GFA bitmaps (thresholded at 50 % grey).
 */

export type ZplDpi = 203 | 300;

function escapeField(text: string): { fh: string; fd: string } {
  if (!/[\^~_]/.test(text)) return { fh: '', fd: text };
  return {
    fh: '^FH_',
    fd: text.replace(/[_^~]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`),
  };
}

function gs1DataMatrixData(value: string): string {
  const fields = parseGs1(value);
  // _1 is FNC1 with ^BX's escape character _: first, and after every variable-length field but the last
  return (
    '_1' +
    fields
      .map(
        (f, i) =>
          f.ai + f.value.replace(/_/g, '__') + (i < fields.length - 1 && !gs1FixedLength(f.ai) ? '_1' : ''),
      )
      .join('')
  );
}

async function imageField(bytes: Buffer, widthDots: number, heightDots: number): Promise<string> {
  const { data, info } = await sharp(bytes)
    .rotate()
    .resize(Math.max(1, widthDots), Math.max(1, heightDots), { fit: 'inside', withoutEnlargement: false })
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const bytesPerRow = Math.ceil(info.width / 8);
  const bits = Buffer.alloc(bytesPerRow * info.height);
  for (let y = 0; y < info.height; y++)
    for (let x = 0; x < info.width; x++)
      if (data[y * info.width + x]! < 128) bits[y * bytesPerRow + (x >> 3)]! |= 0x80 >> (x & 7);
  return `^GFA,${bits.length},${bits.length},${bytesPerRow},${bits.toString('hex').toUpperCase()}`;
}

async function zplOp(
  op: DrawOp,
  d: (mm: number) => number,
  dpi: ZplDpi,
  images: (src: string) => Buffer | null,
): Promise<string> {
  const fo = (x: number, y: number): string => `^FO${d(x)},${d(y)}`;
  switch (op.op) {
    case 'text': {
      if (!op.text) return '';
      const h = Math.max(10, Math.round((op.size * dpi) / 72));
      const lines = op.wrap ? Math.max(1, Math.floor(d(op.height) / h)) : 1;
      const { fh, fd } = escapeField(op.text);
      const align = op.align === 'center' ? 'C' : op.align === 'right' ? 'R' : 'L';
      // ^A0 has no bold face: bold text is set 15 % wider
      return `${fo(op.x, op.y)}^A0N,${h},${op.bold ? Math.round(h * 1.15) : h}^FB${d(op.width)},${lines},0,${align},0${fh}^FD${fd}^FS\n`;
    }
    case 'box': {
      const w = d(op.width);
      const h = d(op.height);
      const t = op.fill === 'black' ? Math.min(w, h) : Math.max(1, d(op.border));
      if (op.fill !== 'black' && op.border <= 0) return '';
      return `${fo(op.x, op.y)}^GB${w},${h},${t},B,0^FS\n`;
    }
    case 'line': {
      const t = Math.max(1, d(op.thickness));
      const [x1, y1, x2, y2] = [op.x1, op.y1, op.x2, op.y2];
      if (Math.abs(y1 - y2) < 1e-6)
        return `${fo(Math.min(x1, x2), y1 - op.thickness / 2)}^GB${Math.max(t, d(Math.abs(x2 - x1)))},${t},${t},B,0^FS\n`;
      if (Math.abs(x1 - x2) < 1e-6)
        return `${fo(x1 - op.thickness / 2, Math.min(y1, y2))}^GB${t},${Math.max(t, d(Math.abs(y2 - y1)))},${t},B,0^FS\n`;
      const leaning = (x2 - x1) * (y2 - y1) > 0 ? 'L' : 'R';
      return `${fo(Math.min(x1, x2), Math.min(y1, y2))}^GD${d(Math.abs(x2 - x1))},${d(Math.abs(y2 - y1))},${t},B,${leaning}^FS\n`;
    }
    case 'image': {
      const bytes = images(op.src);
      if (!bytes) return '';
      try {
        return `${fo(op.x, op.y)}${await imageField(bytes, d(op.width), d(op.height))}^FS\n`;
      } catch (err) {
        throw printError(`an image cannot be read (${(err as Error).message})`);
      }
    }
    case 'barcode': {
      let symbol;
      try {
        symbol = encodeBarcode(op.type, op.value, op.mask);
      } catch (err) {
        if (err instanceof BarcodeError || err instanceof Gs1Error)
          throw printError(`barcode "${op.value.slice(0, 60)}": ${err.message}`);
        throw err;
      }
      const quiet = QUIET[op.type];
      const textLine = op.text ? 'Y' : 'N';
      const barHeight = Math.max(1, d(op.height) - (op.text ? Math.round((3 * dpi) / 25.4) : 0));
      if (symbol.kind === 'linear') {
        const module = Math.max(1, Math.floor(d(op.width) / (symbol.modules + 2 * quiet)));
        const x = op.x + (op.width - ((symbol.modules * module) / dpi) * 25.4) / 2;
        if (op.type === 'ean13')
          return `${fo(x, op.y)}^BY${module}^BEN,${barHeight},${textLine},N^FD${op.value.slice(0, 12)}^FS\n`;
        if (op.type === 'gs1-128')
          return `${fo(x, op.y)}^BY${module}^BCN,${barHeight},${textLine},N,N,D^FD${op.value}^FS\n`;
        const { fh, fd } = escapeField(op.value);
        return `${fo(x, op.y)}^BY${module}^BCN,${barHeight},${textLine},N,N${fh}^FD${fd}^FS\n`;
      }
      const module = Math.max(
        1,
        Math.floor(
          Math.min(d(op.width) / (symbol.cols + 2 * quiet), d(op.height) / (symbol.rows + 2 * quiet)),
        ),
      );
      const side = ((symbol.cols * module) / dpi) * 25.4;
      const x = op.x + (op.width - side) / 2;
      const y = op.y + (op.height - ((symbol.rows * module) / dpi) * 25.4) / 2;
      if (op.type === 'qr') {
        const { fh, fd } = escapeField(op.value);
        return `${fo(x, y)}^BQN,2,${Math.min(10, module)}${fh}^FDMA,${fd}^FS\n`;
      }
      if (op.type === 'gs1-datamatrix')
        return `${fo(x, y)}^BXN,${module},200,,,,_^FD${gs1DataMatrixData(op.value)}^FS\n`;
      const { fh, fd } = escapeField(op.value);
      return `${fo(x, y)}^BXN,${module},200${fh}^FD${fd}^FS\n`;
    }
  }
}

export interface ZplOptions {
  /** the printer's resolution, 203 (8 dots/mm, default) or 300 */
  dpi?: ZplDpi;
}

/** Renders a job as ZPL into `out`, one ^XA…^XZ per label page; offsets of the settings become ^LH. */
export async function renderZpl(
  job: PrintJob,
  out: Writable,
  options: ZplOptions = {},
): Promise<RenderStats> {
  const dpi = options.dpi ?? 203;
  if (dpi !== 203 && dpi !== 300) throw printError(`ZPL prints at 203 or 300 dpi, not ${String(dpi)}`);
  const template = templateOf(job);
  const layout = resolveLayout({ ...(job.settings ?? {}), paper: 'label' }, template.width, template.height);
  const d = (mm: number): number => Math.max(0, Math.round((mm * dpi) / 25.4));
  const shared = job.images ?? {};
  const stats: RenderStats = { pages: 0, labels: 0, panels: 0 };
  const origin = layout.positions[0]!;
  // offsets: ^LH moves the label home right and down; a negative one shifts left with ^LS or up with ^LT
  const [ox, oy] = [Math.round((origin.x * dpi) / 25.4), Math.round((origin.y * dpi) / 25.4)];
  const home = `^LH${Math.max(0, ox)},${Math.max(0, oy)}${ox < 0 ? `^LS${-ox}` : ''}${oy < 0 ? `^LT${Math.max(-120, oy)}` : ''}`;
  for await (const { panel, data, first } of panelsOf(job, template)) {
    const lookup = (src: string): Buffer | null => {
      const found = src.startsWith('data:') ? src : (data.images?.[src] ?? shared[src]);
      if (found === undefined) return null;
      return typeof found === 'string' ? Buffer.from(found.replace(/^data:[^,]*,/, ''), 'base64') : found;
    };
    let text = `^XA\n^CI28\n^PW${d(template.width)}\n^LL${d(template.height)}\n${home}\n`;
    for (const op of panel) text += await zplOp(op, d, dpi, lookup);
    text += '^XZ\n';
    if (!out.write(text)) await once(out, 'drain');
    stats.panels++;
    stats.pages++;
    if (first) stats.labels++;
  }
  out.end();
  await finished(out);
  return stats;
}

export async function renderZplString(
  job: PrintJob,
  options: ZplOptions = {},
): Promise<{ zpl: string; stats: RenderStats }> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  const stats = await renderZpl(job, sink, options);
  return { zpl: Buffer.concat(chunks).toString('utf8'), stats };
}
