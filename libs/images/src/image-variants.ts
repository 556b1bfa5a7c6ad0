import type { BlobStore } from './blob-store';
import { fitImage, IMAGE_SIZES, imageFits, mimeOf, type StoredFormat } from './image-rules';

/** Where the variant of `key` in `size` is kept: `variants/<key>/<size>` (e.g. `variants/images/<32 hex>/128`). */
export function variantKey(key: string, size: number): string {
  return `variants/${key}/${size}`;
}

/** Every key a variant of `key` may be kept under (to delete them with the image). */
export function variantKeys(key: string): string[] {
  return IMAGE_SIZES.map((size) => variantKey(key, size));
}

/** The format of stored image bytes by their signature (JPEG, PNG or WebP, the formats images are kept in). */
export function formatOf(data: Buffer): StoredFormat | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

export interface ServedImage {
  data: Buffer;
  mime: string;
  /** where the bytes came from: a kept variant, the stored image itself (it fits already), or resized just now */
  source: 'variant' | 'original' | 'resized';
}

/**
 * Fitted images for `GET /api/image/{key}?size=` and order pictures: each variant is resized once and kept in the
 * blob store under `variantKey`, then served from there. A size the stored image already fits in is served as stored
 * (nothing kept). Two requests for a variant not made yet in the same process share one resize.
 */
export class ImageVariants {
  private readonly pending = new Map<string, Promise<ServedImage | null>>();

  constructor(private readonly blobs: BlobStore) {}

  /** The image under `key` fitted inside size x size (`size` one of IMAGE_SIZES), or null when nothing is stored. */
  async fitted(key: string, size: number): Promise<ServedImage | null> {
    const kept = await this.blobs.get(variantKey(key, size));
    const format = kept && formatOf(kept);
    if (kept && format) return { data: kept, mime: mimeOf(format), source: 'variant' };
    const id = variantKey(key, size);
    let running = this.pending.get(id);
    if (!running) {
      running = this.create(key, size).finally(() => this.pending.delete(id));
      this.pending.set(id, running);
    }
    return running;
  }

  /** Deletes the variants of `key` (with the image; missing ones are no error). */
  async discard(key: string): Promise<void> {
    for (const variant of variantKeys(key)) await this.blobs.delete(variant);
  }

  private async create(key: string, size: number): Promise<ServedImage | null> {
    const stored = await this.blobs.get(key);
    if (!stored) return null;
    const format = formatOf(stored);
    if (format && (await imageFits(stored, size))) return { data: stored, mime: mimeOf(format), source: 'original' };
    const fitted = await fitImage(stored, size);
    await this.blobs.put(variantKey(key, size), fitted.data, fitted.mime);
    return { data: fitted.data, mime: fitted.mime, source: 'resized' };
  }
}
