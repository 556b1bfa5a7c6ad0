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

  it('names bad values', () => {
    try {
      loadGatewayConfig({ ...base, BLOB_STORE: 's3', IMAGE_UPLOAD_LIMIT: 'big', BLOB_BUCKET: 'a.b' });
      throw new Error('accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        'IMAGE_UPLOAD_LIMIT must look like 512kb or 20mb',
        'BLOB_STORE must be one of nats, folder, got "s3"',
        'BLOB_BUCKET must be letters, digits, _ and - only',
      ]);
    }
    expect(loadGatewayConfig({ ...base, IMAGE_UPLOAD_LIMIT: '512kb' }).imageUploadLimit).toBe(512 * 1024);
  });
});
