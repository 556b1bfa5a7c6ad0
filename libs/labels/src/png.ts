import { deflateSync } from 'node:zlib';

/** A minimal PNG writer for 8-bit greyscale pixels (barcodes drawn as images at the job's dpi). */
const CRC_TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

function crc32(buf: Buffer): number {
  let c = -1;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

export function encodeGreyPng(width: number, height: number, pixels: Uint8Array): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 0;
    raw.set(pixels.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Paints rectangles (mm, relative to the area's top-left) black on white at a dpi; the pixels, row by row. */
export function rasterize(
  rects: Array<[number, number, number, number]>,
  widthMm: number,
  heightMm: number,
  dpi: number,
): { width: number; height: number; pixels: Uint8Array } {
  const scale = dpi / 25.4;
  const width = Math.max(1, Math.round(widthMm * scale));
  const height = Math.max(1, Math.round(heightMm * scale));
  const pixels = new Uint8Array(width * height).fill(255);
  for (const [x, y, w, h] of rects) {
    const x0 = Math.max(0, Math.round(x * scale));
    const x1 = Math.min(width, Math.round((x + w) * scale));
    const y0 = Math.max(0, Math.round(y * scale));
    const y1 = Math.min(height, Math.round((y + h) * scale));
    for (let py = y0; py < y1; py++) pixels.fill(0, py * width + x0, py * width + Math.max(x0, x1));
  }
  return { width, height, pixels };
}
