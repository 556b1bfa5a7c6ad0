import { ConfigError } from '@kanban/config';
import { loadGatewayConfig } from './config';

const base = { JWT_SECRET: 's'.repeat(40), API_KEY_WEB: 'web', API_KEY_APP: 'app' };

describe('gateway configuration: blobs and uploads', () => {
  it('uses the NATS object store by default, its bucket prefixed like the bus', () => {
    const config = loadGatewayConfig({ ...base, BUS_PREFIX: 'e2e_1_ab.' });
    expect(config.blobs).toEqual({ kind: 'nats', bucket: 'e2e_1_ab_blobs' });
    expect(loadGatewayConfig({ ...base, BLOB_BUCKET: 'images' }).blobs).toEqual({ kind: 'nats', bucket: 'images' });
    expect(config.imageUploadLimit).toBe(20 * 1024 * 1024);
  });

  it('uses a folder when asked, which needs BLOB_DIR', () => {
    expect(loadGatewayConfig({ ...base, BLOB_STORE: 'folder', BLOB_DIR: '/data/blobs' }).blobs).toEqual({ kind: 'folder', dir: '/data/blobs' });
    expect(() => loadGatewayConfig({ ...base, BLOB_STORE: 'folder' })).toThrow('BLOB_DIR is required');
  });

  it('uses an S3-compatible store when asked, which needs its bucket and keys', () => {
    const s3 = { BLOB_STORE: 's3', S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'kanban', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadGatewayConfig({ ...base, ...s3 }).blobs).toEqual({
      kind: 's3',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      bucket: 'kanban',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      createBucket: false,
    });
    expect(loadGatewayConfig({ ...base, ...s3, S3_ENDPOINT: '', S3_FORCE_PATH_STYLE: 'false' }).blobs).toMatchObject({ endpoint: undefined, forcePathStyle: false });
    try {
      loadGatewayConfig({ ...base, BLOB_STORE: 's3', S3_ENDPOINT: 'ftp://x', S3_BUCKET: 'Bad_Bucket' });
      throw new Error('accepted');
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'S3_BUCKET must be a bucket name: 3-63 lower-case letters, digits, . and -',
        'S3_ENDPOINT must use one of http, https, got "ftp:"',
        'S3_ACCESS_KEY_ID is required',
        'S3_SECRET_ACCESS_KEY is required',
      ]);
    }
  });

  it('names bad values', () => {
    try {
      loadGatewayConfig({ ...base, BLOB_STORE: 'minio', IMAGE_UPLOAD_LIMIT: 'big', BLOB_BUCKET: 'a.b' });
      throw new Error('accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        'IMAGE_UPLOAD_LIMIT must look like 512kb or 20mb',
        'BLOB_STORE must be one of nats, s3, folder, got "minio"',
        'BLOB_BUCKET must be letters, digits, _ and - only',
      ]);
    }
    expect(loadGatewayConfig({ ...base, IMAGE_UPLOAD_LIMIT: '512kb' }).imageUploadLimit).toBe(512 * 1024);
  });
});

describe('gateway configuration: print workers', () => {
  it('renders with one worker of 128 MB heap by default, and takes other sizes within bounds', () => {
    expect(loadGatewayConfig(base).print).toEqual({ workers: 1, workerHeapMb: 128, queueMax: 20, idleMs: 300_000 });
    expect(
      loadGatewayConfig({ ...base, PRINT_WORKERS: '2', PRINT_WORKER_HEAP_MB: '256', PRINT_QUEUE_MAX: '0', PRINT_WORKER_IDLE_MS: '60000' }).print,
    ).toEqual({ workers: 2, workerHeapMb: 256, queueMax: 0, idleMs: 60_000 });
    try {
      loadGatewayConfig({ ...base, PRINT_WORKERS: '0', PRINT_WORKER_HEAP_MB: '16', PRINT_QUEUE_MAX: '-1', PRINT_WORKER_IDLE_MS: '10' });
      throw new Error('accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        expect.stringMatching(/^PRINT_WORKERS /),
        expect.stringMatching(/^PRINT_WORKER_HEAP_MB /),
        expect.stringMatching(/^PRINT_QUEUE_MAX /),
        expect.stringMatching(/^PRINT_WORKER_IDLE_MS /),
      ]);
    }
  });
});
