import sharp, { type FormatEnum, type Sharp } from 'sharp';
import { AppError, ErrorCode } from '@kanban/access';

/** Spec 5 and 9: uploads are scaled down to fit inside 3840x2160. */
export const MAX_IMAGE_WIDTH = 3840;
export const MAX_IMAGE_HEIGHT = 2160;
/** Spec 5 and 9: a requested size of 20 or less, or none, answers 128. */
export const DEFAULT_IMAGE_SIZE = 128;
export const MIN_IMAGE_SIZE = 20;
/**
 * The sizes an image is served in (`?size=`): a request is snapped up to the next of these, so one stored image has
 * at most this many fitted variants (ImageVariants keeps each once made), whatever callers ask for. Steps of about
 * 1.5x: an answer is at most that much larger than asked (and never larger than the stored image).
 */
export const IMAGE_SIZES = [32, 64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536, 2048, 3840] as const;
/** Decompression bombs: a small file may declare a huge canvas. 100 megapixels covers any camera. */
export const MAX_INPUT_PIXELS = 100_000_000;

/** Formats read on upload; SVG is refused (a document, not a picture: scripts, external references). */
const READABLE = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'avif', 'heif']);

export type StoredFormat = 'jpeg' | 'png' | 'webp';

export interface ImageBytes {
  data: Buffer;
  format: StoredFormat;
  mime: string;
  width: number;
  height: number;
}

const MIME: Record<StoredFormat, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

export function mimeOf(format: StoredFormat): string {
  return MIME[format];
}

/**
 * An uploaded file becomes the stored image: oriented by its EXIF tag, scaled down to fit inside
 * 3840x2160 (never enlarged), metadata (GPS, camera) stripped. JPEG, PNG and WebP keep their format;
 * GIF, TIFF, AVIF and HEIF become PNG when they have transparency and JPEG otherwise. Anything that is
 * not a readable picture answers 1013.
 */
export async function prepareUpload(input: Buffer | undefined | null, field = 'file'): Promise<ImageBytes> {
  if (!input || input.length === 0) throw noImage(`the multipart field "${field}" is missing or empty`, field);
  const info = await readMetadata(input, field);
  const format: StoredFormat = info.format === 'jpeg' || info.format === 'png' || info.format === 'webp' ? info.format : info.hasAlpha ? 'png' : 'jpeg';
  const pipeline = open(input)
    .rotate()
    .resize(MAX_IMAGE_WIDTH, MAX_IMAGE_HEIGHT, { fit: 'inside', withoutEnlargement: true });
  return encode(pipeline, format, 'the image could not be read', field);
}

/**
 * The size served for `?size=`: missing, empty, or 20 or less gives 128 (spec); otherwise the next of IMAGE_SIZES at
 * or above it (3840 at most). Anything but a whole number (`abc`, `1.5`, `1e3`, the parameter twice) answers 1000
 * naming `size`.
 */
export function requestedSize(raw: unknown): number {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return DEFAULT_IMAGE_SIZE;
  const text = typeof raw === 'number' ? String(raw) : raw;
  if (typeof text !== 'string' || !/^\s*[-+]?\d{1,9}\s*$/.test(text)) {
    throw AppError.validation('size', `must be a whole number of pixels (${IMAGE_SIZES.join(', ')}; 20 or less gives ${DEFAULT_IMAGE_SIZE})`);
  }
  const value = Number(text);
  if (value <= MIN_IMAGE_SIZE) return DEFAULT_IMAGE_SIZE;
  return IMAGE_SIZES.find((size) => size >= value) ?? IMAGE_SIZES[IMAGE_SIZES.length - 1]!;
}

/** Whether a stored image fits inside size x size already (then it is served as stored). */
export async function imageFits(stored: Buffer, size: number): Promise<boolean> {
  const { width, height } = await open(stored).metadata();
  return width !== undefined && height !== undefined && width <= size && height <= size;
}

/** A stored image fitted inside size x size (never enlarged), in the stored format. */
export async function fitImage(stored: Buffer, size: number): Promise<ImageBytes> {
  const info = await readMetadata(stored);
  const format: StoredFormat = info.format === 'jpeg' || info.format === 'png' || info.format === 'webp' ? info.format : 'png';
  return encode(open(stored).resize(size, size, { fit: 'inside', withoutEnlargement: true }), format, 'the stored image could not be read');
}

function open(input: Buffer): Sharp {
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
}

async function readMetadata(input: Buffer, field = 'file'): Promise<{ format: keyof FormatEnum; hasAlpha: boolean }> {
  let meta: sharp.Metadata;
  try {
    meta = await open(input).metadata();
  } catch (error) {
    if (/pixel limit/i.test(String(error))) throw tooManyPixels(field);
    throw noImage('the file is not an image (JPEG, PNG, WebP, GIF, TIFF, AVIF or HEIF)', field);
  }
  if (!meta.format || !READABLE.has(meta.format)) {
    throw noImage(`image format ${meta.format ?? 'unknown'} is not accepted; use JPEG, PNG, WebP, GIF, TIFF, AVIF or HEIF`, field);
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) throw tooManyPixels(field);
  return { format: meta.format, hasAlpha: !!meta.hasAlpha };
}

async function encode(pipeline: Sharp, format: StoredFormat, failure: string, field = 'file'): Promise<ImageBytes> {
  switch (format) {
    case 'jpeg':
      pipeline.jpeg({ quality: 85 });
      break;
    case 'png':
      pipeline.png({ compressionLevel: 6 });
      break;
    case 'webp':
      pipeline.webp({ quality: 85 });
      break;
  }
  try {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data, format, mime: MIME[format], width: info.width, height: info.height };
  } catch {
    throw noImage(failure, field);
  }
}

/** A decompression bomb (a small file declaring a huge canvas) or simply too large a picture. */
function tooManyPixels(field: string): AppError {
  return AppError.validation(field, `the image has more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels`);
}

function noImage(detail: string, field: string): AppError {
  return new AppError(ErrorCode.NoImage, `no image submitted: ${detail}`, { field });
}
