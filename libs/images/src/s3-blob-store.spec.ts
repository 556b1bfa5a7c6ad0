import { S3Client, HeadObjectCommand } from '@aws-sdk/client-s3';
import { startS3Server, type S3TestServer } from '@kanban/testing';
import { createBlobStore, S3BlobStore } from './index';

jest.setTimeout(60_000);

describe('S3BlobStore against a real S3-compatible server (s3rver in its own process)', () => {
  let server: S3TestServer;
  let store: S3BlobStore;

  const options = (bucket: string, createBucket = true) => ({
    endpoint: server.endpoint,
    region: 'us-east-1',
    bucket,
    accessKeyId: server.accessKeyId,
    secretAccessKey: server.secretAccessKey,
    forcePathStyle: true,
    createBucket,
  });

  beforeAll(async () => {
    server = await startS3Server();
    store = createBlobStore({ kind: 's3', ...options('kanban-blobs') }) as S3BlobStore;
  });
  afterAll(async () => {
    store?.close();
    await server?.stop();
  });

  it('creates its bucket, then stores, reads, overwrites and deletes bytes under a key', async () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 255]);
    await store.put('images/abc', bytes, 'image/png');
    expect(await store.get('images/abc')).toEqual(bytes);
    await store.put('images/abc', Buffer.from('two'), 'image/jpeg');
    expect((await store.get('images/abc'))?.toString()).toBe('two');

    // The object is really in the server's bucket, with its content type.
    const raw = new S3Client({ endpoint: server.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    const head = await raw.send(new HeadObjectCommand({ Bucket: 'kanban-blobs', Key: 'images/abc' }));
    expect([head.ContentType, head.ContentLength]).toEqual(['image/jpeg', 3]);
    raw.destroy();

    await store.delete('images/abc');
    expect(await store.get('images/abc')).toBeNull();
    await expect(store.delete('images/abc')).resolves.toBeUndefined();
  });

  it('answers null for a missing key and keeps larger objects intact', async () => {
    expect(await store.get('images/never-stored')).toBeNull();
    const large = Buffer.alloc(3 * 1024 * 1024 + 17);
    for (let i = 0; i < large.length; i++) large[i] = (i * 31) & 0xff;
    await store.put('images/large', large, 'application/octet-stream');
    expect((await store.get('images/large'))?.equals(large)).toBe(true);
  });

  it('refuses keys that are not blob keys before asking the server', async () => {
    for (const key of ['../x', '/etc/passwd', 'a//b', 'a/b.c']) await expect(store.get(key)).rejects.toThrow('invalid blob key');
  });

  it('fails clearly with an unknown access key or without its bucket', async () => {
    const wrong = new S3BlobStore({ ...options('kanban-blobs', false), accessKeyId: 'NOBODY' });
    await expect(wrong.put('images/x', Buffer.from('x'), 'image/png')).rejects.toThrow(/access key/i);
    wrong.close();
    const missing = new S3BlobStore(options('no-such-bucket', false));
    await expect(missing.put('images/x', Buffer.from('x'), 'image/png')).rejects.toThrow(/bucket/i);
    missing.close();
  });
});
