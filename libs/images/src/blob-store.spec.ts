import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createBlobStore, FolderBlobStore, objectStoreBucket } from './index';

describe('FolderBlobStore', () => {
  let dir: string;
  let store: FolderBlobStore;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'blobs-'));
    store = new FolderBlobStore(dir);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('stores, reads, replaces and deletes bytes under a key', async () => {
    await store.put('images/abc', Buffer.from('one'), 'image/png');
    expect((await store.get('images/abc'))?.toString()).toBe('one');
    await store.put('images/abc', Buffer.from('two'), 'image/png');
    expect((await store.get('images/abc'))?.toString()).toBe('two');
    expect(await readdir(path.join(dir, 'images'))).toEqual(['abc']);
    await store.delete('images/abc');
    expect(await store.get('images/abc')).toBeNull();
    await expect(store.delete('images/abc')).resolves.toBeUndefined();
  });

  it('answers null for a missing key and refuses keys that could leave the folder', async () => {
    expect(await store.get('images/none')).toBeNull();
    for (const key of ['../x', 'images/../../x', '/etc/passwd', 'a//b', '', 'a/b.c']) {
      await expect(store.get(key)).rejects.toThrow('invalid blob key');
    }
  });
});

describe('blob store configuration', () => {
  it('chooses the adapter by configuration; the object store needs a connection', () => {
    expect(createBlobStore({ kind: 'folder', dir: '/tmp/x' })).toBeInstanceOf(FolderBlobStore);
    expect(() => createBlobStore({ kind: 'nats', bucket: 'blobs' })).toThrow('NATS connection');
  });

  it('prefixes the bucket with the bus prefix, made bucket-safe', () => {
    expect(objectStoreBucket('', 'blobs')).toBe('blobs');
    expect(objectStoreBucket('e2e_42_ab12.', 'blobs')).toBe('e2e_42_ab12_blobs');
  });
});
