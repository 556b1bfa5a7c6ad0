import sharp from 'sharp';
import { BLOB_STORE, type BlobStore, IMAGE_SIZES, NatsObjectBlobStore, objectStoreBucket, variantKey } from '@kanban/images';
import { login, startSystem, type TestSystem } from '../support/system';

jest.setTimeout(180_000);

/**
 * GET /api/image/{key}?size=: each size is resized once and kept in the blob store (variants/images/<key>/<size>),
 * then served from there; sizes snap up to IMAGE_SIZES, so a caller cannot make an image grow without bound in
 * variants; anything but a whole number answers 1000.
 */
let system: TestSystem;
let token: string;

beforeAll(async () => {
  system = await startSystem();
  token = (await login(system, 'writer@demo.example')).token;
});

afterAll(async () => {
  await system?.close();
});

/** Runs `work` with the blob store the gateway uses (the embedded one, or the run's NATS object store as its admin). */
async function withBlobs<T>(work: (blobs: BlobStore) => Promise<T>): Promise<T> {
  if (system.app) return work(system.app.get<BlobStore>(BLOB_STORE, { strict: false }));
  const nc = await system.distributed!.nats.connect();
  try {
    return await work(new NatsObjectBlobStore(nc, objectStoreBucket(system.distributed!.prefix, 'blobs')));
  } finally {
    await nc.close();
  }
}

const png = (width: number, height: number, background = { r: 200, g: 30, b: 90 }) =>
  sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

async function upload(data: Buffer): Promise<string> {
  const body = new FormData();
  body.append('file', new Blob([data], { type: 'image/png' }), 'p.png');
  const answer = await system.api.postForm('/image/', body, token);
  expect(answer.body.Meta.code).toBe(200);
  return (answer.body.Data.img.url as string).split('/').pop()!;
}

async function get(key: string, query: string) {
  const response = await fetch(`${system.url}/api/image/${key}${query}`);
  const data = Buffer.from(await response.arrayBuffer());
  return { status: response.status, type: response.headers.get('content-type'), data };
}

describe('image variants', () => {
  let key: string;

  beforeAll(async () => {
    key = await upload(await png(600, 400));
  });

  it('keeps the variant made by the first request and serves it from the store afterwards, without resizing again', async () => {
    const first = await get(key, '?size=100');
    expect(first.status).toBe(200);
    expect(await sharp(first.data).metadata()).toMatchObject({ width: 128, height: 85 }); // 100 snaps up to 128
    const stored = await withBlobs((blobs) => blobs.get(variantKey(`images/${key}`, 128)));
    expect(stored).not.toBeNull();
    expect(stored!.equals(first.data)).toBe(true);

    // Put other bytes under the variant's key: the next answers (any size that snaps to 128) are exactly those
    // bytes, so they come from the store and no resize made them.
    const marker = await sharp({ create: { width: 7, height: 5, channels: 3, background: { r: 0, g: 255, b: 0 } } }).png().toBuffer();
    await withBlobs((blobs) => blobs.put(variantKey(`images/${key}`, 128), marker, 'image/png'));
    for (const query of ['?size=128', '?size=97', '', '?size=20']) {
      const again = await get(key, query);
      expect([query, again.status, again.type]).toEqual([query, 200, 'image/png']);
      expect(again.data.equals(marker)).toBe(true);
    }
  });

  it('snaps every size to a few allowed ones: many different sizes leave at most one variant per allowed size', async () => {
    const asked = Array.from({ length: 60 }, (_, i) => 21 + i * 13); // 21 .. 788, all different
    for (const size of asked) expect((await get(key, `?size=${size}`)).status).toBe(200);
    const kept = await withBlobs(async (blobs) => {
      const found: number[] = [];
      for (const size of IMAGE_SIZES) if (await blobs.get(variantKey(`images/${key}`, size))) found.push(size);
      return found;
    });
    // The 600x400 image fits inside 768 and more: served as stored, nothing kept for those sizes.
    expect(kept).toEqual([32, 64, 96, 128, 192, 256, 384, 512]);
    const big = await get(key, '?size=788');
    expect(await sharp(big.data).metadata()).toMatchObject({ width: 600, height: 400 });
  });

  it('answers 1000 naming size for sizes that are not whole numbers, and 404 for an unknown key', async () => {
    for (const query of ['?size=abc', '?size=1.5', '?size=1e3', '?size=64px', '?size=64&size=128']) {
      const answer = await get(key, query);
      expect([query, answer.status]).toEqual([query, 422]);
      expect(JSON.parse(answer.data.toString('utf8')).Meta).toMatchObject({ code: 1000, field: 'size' });
    }
    expect((await get('0'.repeat(32), '?size=128')).status).toBe(404);
  });

  it('removes the variants with the image', async () => {
    const other = await upload(await png(300, 300, { r: 10, g: 10, b: 10 }));
    expect((await get(other, '?size=64')).status).toBe(200);
    expect(await withBlobs((blobs) => blobs.get(variantKey(`images/${other}`, 64)))).not.toBeNull();
    // the writer's next upload replaces (and releases) this one
    await upload(await png(50, 50));
    expect((await get(other, '?size=64')).status).toBe(404);
    expect(await withBlobs((blobs) => blobs.get(variantKey(`images/${other}`, 64)))).toBeNull();
    expect(await withBlobs((blobs) => blobs.get(`images/${other}`))).toBeNull();
  });
});
