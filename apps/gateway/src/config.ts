import { EnvReader, type Env } from '@kanban/config';
import { CATALOG_CACHEABLE_READS, CatalogBroadcasts } from '@kanban/contracts';
import { type BlobStoreConfig, objectStoreBucket } from '@kanban/images';
import type { MessagingOptions } from '@kanban/messaging';

export interface GatewayConfig {
  port: number;
  jwtSecret: string;
  apiKeys: { web: string; app: string };
  webDir: string;
  bodyLimit: string;
  logFormat: 'json' | 'text';
  authRateLimit: { limit: number; ttlMs: number };
  /** Failed sign-ins per client address within the window before sign-ins from there answer 429. */
  failedLoginLimit: { limit: number; windowMs: number };
  /** Where uploaded images are kept: a folder (BLOB_DIR) or the NATS object store (BLOB_BUCKET). */
  blobs: BlobStoreConfig;
  /** Largest accepted image upload in bytes (IMAGE_UPLOAD_LIMIT). */
  imageUploadLimit: number;
  /**
   * The read cache of catalog answers (see ReadCache): READ_CACHE_TTL_MS (default 30000; 0 turns it off),
   * READ_CACHE_ENTRIES (default 2000).
   */
  readCache: { ttlMs: number; maxEntries: number };
  /**
   * Express `trust proxy` (TRUST_PROXY, default `loopback`): which proxies' X-Forwarded-For/-Proto count (client
   * address of the rate limits, `req.secure` for HSTS). A number of hops, `true`, or addresses/subnets (comma-separated).
   */
  trustProxy: boolean | number | string;
  /** Calls a minute per supplier API client (SUPPLIER_API_RATE_LIMIT, default 60; per gateway replica): docs/supplier-api.md. */
  supplierApiRateLimit: number;
  /**
   * Label printing's worker threads (docs/label-printing.md "Print workers"): PRINT_WORKERS jobs render at once
   * (default 1; more wait in order, at most PRINT_QUEUE_MAX, default 20), each worker's heap limited to
   * PRINT_WORKER_HEAP_MB (default 128); a worker idle for PRINT_WORKER_IDLE_MS (default 300,000) ends.
   */
  print: { workers: number; workerHeapMb: number; queueMax: number; idleMs: number };
}

export function loadGatewayConfig(env: Env, defaults: Partial<Record<string, string>> = {}): GatewayConfig {
  const r = new EnvReader({ ...defaults, ...env });
  const jwtSecret = r.str('JWT_SECRET');
  r.check('JWT_SECRET', jwtSecret.length === 0 || jwtSecret.length >= 32, 'must be at least 32 characters');
  const bodyLimit = r.str('BODY_LIMIT', '1mb');
  r.check('BODY_LIMIT', /^\d+(b|kb|mb)$/i.test(bodyLimit), 'must look like 512kb or 1mb');
  const uploadLimit = r.str('IMAGE_UPLOAD_LIMIT', '20mb');
  r.check('IMAGE_UPLOAD_LIMIT', bytesOf(uploadLimit) > 0, 'must look like 512kb or 20mb');
  const config: GatewayConfig = {
    port: r.int('PORT', 3000, { min: 0, max: 65535 }),
    jwtSecret,
    apiKeys: { web: r.str('API_KEY_WEB'), app: r.str('API_KEY_APP') },
    webDir: r.str('WEB_DIR', 'dist/web'),
    bodyLimit,
    logFormat: r.oneOf('LOG_FORMAT', ['json', 'text'] as const, 'json'),
    authRateLimit: { limit: r.int('AUTH_RATE_LIMIT', 30, { min: 1 }), ttlMs: 60_000 },
    failedLoginLimit: {
      limit: r.int('AUTH_FAILURE_LIMIT', 20, { min: 1 }),
      windowMs: r.int('AUTH_FAILURE_WINDOW_S', 900, { min: 1, max: 86_400 }) * 1000,
    },
    blobs: blobStoreConfig(r),
    imageUploadLimit: bytesOf(uploadLimit),
    readCache: { ttlMs: r.int('READ_CACHE_TTL_MS', 30_000, { min: 0, max: 3_600_000 }), maxEntries: r.int('READ_CACHE_ENTRIES', 2000, { min: 1 }) },
    trustProxy: trustProxyOf(r.str('TRUST_PROXY', 'loopback')),
    supplierApiRateLimit: r.int('SUPPLIER_API_RATE_LIMIT', 60, { min: 1, max: 100_000 }),
    print: { workers: r.int('PRINT_WORKERS', 1, { min: 1, max: 16 }), workerHeapMb: r.int('PRINT_WORKER_HEAP_MB', 128, { min: 64, max: 4096 }),
      queueMax: r.int('PRINT_QUEUE_MAX', 20, { min: 0, max: 1000 }),
      idleMs: r.int('PRINT_WORKER_IDLE_MS', 300_000, { min: 1000, max: 86_400_000 }),
    },
  };
  r.check('API_KEY_APP', config.apiKeys.web !== config.apiKeys.app, 'must differ from API_KEY_WEB');
  r.done();
  return config;
}

/**
 * BLOB_STORE=nats (default of the distributed gateway), s3 (an S3-compatible store such as MinIO: S3_BUCKET,
 * S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY required; S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE,
 * S3_CREATE_BUCKET optional) or folder (the embedded run; BLOB_DIR required).
 */
function blobStoreConfig(r: EnvReader): BlobStoreConfig {
  const kind = r.oneOf('BLOB_STORE', ['nats', 's3', 'folder'] as const, 'nats');
  if (kind === 'folder') return { kind, dir: r.str('BLOB_DIR') };
  if (kind === 's3') {
    const bucket = r.str('S3_BUCKET');
    if (bucket) r.check('S3_BUCKET', /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket), 'must be a bucket name: 3-63 lower-case letters, digits, . and -');
    return {
      kind,
      endpoint: r.optional('S3_ENDPOINT') ? r.url('S3_ENDPOINT', undefined, ['http', 'https']) : undefined,
      region: r.str('S3_REGION', 'us-east-1'),
      bucket,
      accessKeyId: r.str('S3_ACCESS_KEY_ID'),
      secretAccessKey: r.str('S3_SECRET_ACCESS_KEY'),
      forcePathStyle: r.bool('S3_FORCE_PATH_STYLE', true),
      createBucket: r.bool('S3_CREATE_BUCKET', false),
    };
  }
  const bucket = objectStoreBucket(r.str('BUS_PREFIX', ''), r.str('BLOB_BUCKET', 'blobs'));
  r.check('BLOB_BUCKET', /^[A-Za-z0-9_-]+$/.test(bucket), 'must be letters, digits, _ and - only');
  return { kind, bucket };
}

function bytesOf(limit: string): number {
  const match = /^(\d+)(b|kb|mb)$/i.exec(limit);
  if (!match) return 0;
  const unit = match[2]!.toLowerCase();
  return Number(match[1]) * (unit === 'mb' ? 1024 * 1024 : unit === 'kb' ? 1024 : 1);
}

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

/** The gateway process's messaging options: the read cache of catalog answers. */
export function gatewayMessaging(config: GatewayConfig): MessagingOptions {
  return { readCache: { subjects: CATALOG_CACHEABLE_READS, changedSubject: CatalogBroadcasts.changed, ...config.readCache } };
}

/** TRUST_PROXY as Express takes it: `true`/`false`, a hop count, or addresses, subnets and names (loopback, uniquelocal). */
function trustProxyOf(value: string): boolean | number | string {
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
