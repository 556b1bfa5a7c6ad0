import bwipjs from 'bwip-js';
import { parseGs1 } from './gs1';
import { type BarcodeType, checkBarcodeValue } from './symbols';

/**
 * Barcodes are encoded with bwip-js (its raw encoder: bars and modules, no drawing) and drawn by the PDF writer as
 * vector rectangles or as a PNG at the job's dpi; ZPL uses the printer's own barcode commands instead.
 * Encoded symbols are cached (the same SKU on many cards costs one encoding).
 */

export interface LinearSymbol {
  kind: 'linear';
  /** total width in modules, without the quiet zones */
  modules: number;
  /** bars as [start, width] in modules */
  bars: Array<[number, number]>;
}
export interface MatrixSymbol {
  kind: 'matrix';
  cols: number;
  rows: number;
  /** dark runs as [x, y, width] in modules (one row high) */
  runs: Array<[number, number, number]>;
}
export type BarcodeSymbol = LinearSymbol | MatrixSymbol;

const BCID: Record<BarcodeType, string> = {
  code128: 'code128',
  qr: 'qrcode',
  datamatrix: 'datamatrix',
  ean13: 'ean13',
  'gs1-128': 'gs1-128',
  'gs1-datamatrix': 'gs1datamatrix',
};

/** Quiet zones in modules (ISO: 10 for the linear codes, 4 for QR, 1 for DataMatrix). */
export const QUIET: Record<BarcodeType, number> = {
  code128: 10,
  'gs1-128': 10,
  ean13: 11,
  qr: 4,
  datamatrix: 1,
  'gs1-datamatrix': 1,
};

export class BarcodeError extends Error {}

const cache = new Map<string, BarcodeSymbol>();
const CACHE_SIZE = 2000;

interface RawLinear {
  sbs: number[];
}
interface RawMatrix {
  pixs: number[];
  pixx: number;
  pixy: number;
}

/** Encodes a value (checked first: GS1 AIs, EAN-13 check digit, Code 128 ASCII); throws BarcodeError with the reason. */
export function encodeBarcode(type: BarcodeType, value: string, mask = 1): BarcodeSymbol {
  const key = `${type}\u0000${mask}\u0000${value}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const problem = checkBarcodeValue(type, value);
  if (problem) throw new BarcodeError(problem);
  if (type === 'gs1-128' || type === 'gs1-datamatrix') parseGs1(value);
  const options = type === 'qr' ? `eclevel=M${mask > 0 ? ` mask=${mask}` : ''}` : '';
  // text beyond ASCII is encoded as UTF-8 bytes by bwip-js itself (QR, DataMatrix)
  let raw: unknown[];
  try {
    raw = (bwipjs as unknown as { raw(bcid: string, text: string, opts: string): unknown[] }).raw(
      BCID[type],
      value,
      options,
    );
  } catch (err) {
    throw new BarcodeError(
      `${type} cannot encode "${value.slice(0, 60)}": ${String((err as Error).message ?? err).replace(/^bwipp\.\w+#\d+: /, '')}`,
    );
  }
  const first = raw[0] as RawLinear & RawMatrix;
  let symbol: BarcodeSymbol;
  if (Array.isArray(first.sbs)) {
    const bars: Array<[number, number]> = [];
    let at = 0;
    first.sbs.forEach((width, i) => {
      if (i % 2 === 0 && width > 0) bars.push([at, width]);
      at += width;
    });
    symbol = { kind: 'linear', modules: at, bars };
  } else {
    const runs: Array<[number, number, number]> = [];
    for (let y = 0; y < first.pixy; y++) {
      let start = -1;
      for (let x = 0; x <= first.pixx; x++) {
        const dark = x < first.pixx && first.pixs[y * first.pixx + x] === 1;
        if (dark && start < 0) start = x;
        else if (!dark && start >= 0) {
          runs.push([start, y, x - start]);
          start = -1;
        }
      }
    }
    symbol = { kind: 'matrix', cols: first.pixx, rows: first.pixy, runs };
  }
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, symbol);
  return symbol;
}

const merged = new WeakMap<MatrixSymbol, Array<[number, number, number, number]>>();
/** Runs of the same columns in consecutive rows as one rectangle [x, y, width, height] (fewer path operations). */
function mergedRuns(symbol: MatrixSymbol): Array<[number, number, number, number]> {
  const hit = merged.get(symbol);
  if (hit) return hit;
  const open = new Map<string, [number, number, number, number]>();
  const out: Array<[number, number, number, number]> = [];
  let row = -1;
  let seen = new Set<string>();
  const closeStale = (): void => {
    for (const [key, rect] of open)
      if (!seen.has(key)) {
        out.push(rect);
        open.delete(key);
      }
  };
  for (const [x, y, w] of symbol.runs) {
    if (y !== row) {
      if (row >= 0) closeStale();
      row = y;
      seen = new Set();
    }
    const key = `${x},${w}`;
    seen.add(key);
    const rect = open.get(key);
    if (rect && rect[1] + rect[3] === y) rect[3]++;
    else {
      if (rect) out.push(rect);
      open.set(key, [x, y, w, 1]);
    }
  }
  out.push(...open.values());
  merged.set(symbol, out);
  return out;
}

export interface PlacedBarcode {
  /** dark rectangles in mm: [x, y, width, height] */
  rects: Array<[number, number, number, number]>;
  /** where the plain-text value goes (linear codes with text="true") */
  textBox: { x: number; y: number; width: number; height: number; size: number } | null;
  /** the module size in mm */
  module: number;
}

/** Places a symbol in its box: quiet zones inside the box, linear codes stretched to the box, matrix codes square and centred. */
export function placeBarcode(
  symbol: BarcodeSymbol,
  type: BarcodeType,
  box: { x: number; y: number; width: number; height: number },
  text: boolean,
): PlacedBarcode {
  const quiet = QUIET[type];
  if (symbol.kind === 'linear') {
    const module = box.width / (symbol.modules + 2 * quiet);
    const textHeight = text ? Math.min(4, box.height * 0.3) : 0;
    // a gap between the bars and their text, so the text never touches the bars
    const barHeight = box.height - textHeight - (text ? Math.min(0.8, box.height * 0.05) : 0);
    const x0 = box.x + quiet * module;
    return {
      rects: symbol.bars.map(([start, width]) => [x0 + start * module, box.y, width * module, barHeight]),
      textBox: text
        ? {
            x: box.x,
            y: box.y + box.height - textHeight,
            width: box.width,
            height: textHeight,
            size: Math.max(4, (textHeight / 25.4) * 72 * 0.75),
          }
        : null,
      module,
    };
  }
  const module = Math.min(box.width / (symbol.cols + 2 * quiet), box.height / (symbol.rows + 2 * quiet));
  const x0 = box.x + (box.width - symbol.cols * module) / 2;
  const y0 = box.y + (box.height - symbol.rows * module) / 2;
  return {
    rects: mergedRuns(symbol).map(([x, y, w, h]) => [
      x0 + x * module,
      y0 + y * module,
      w * module,
      h * module,
    ]),
    textBox: null,
    module,
  };
}
