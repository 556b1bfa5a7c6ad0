import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { errorCode, errorMessage, isUnreachable, printable } from './classify';
import {
  type DeliveryResult,
  type FailureKind,
  type ServerConnection,
  timeoutOf,
  type VerifyResult,
} from './types';

export interface HttpPost {
  /** path and query on the server ('/orders'); with a URL target, appended to the URL's path when given */
  path?: string;
  body: Buffer | string;
  contentType: string;
  /** sent as the `Idempotency-Key` header (draft-ietf-httpapi-idempotency-key-header) */
  idempotencyKey: string;
  /** further headers (e.g. an API key of the supplier's system) */
  headers?: Record<string, string>;
}

interface HttpAnswer {
  status: number;
  /** "HTTP/1.1 201 Created" */
  statusLine: string;
  server?: string;
  body: string;
  /** the body's bytes (at most the exchange's limit) */
  bytes: Buffer;
}

/**
 * node:http rather than fetch: it honours `tlsRejectUnauthorized` per call (fetch would need undici's dispatcher),
 * reports the server's own reason phrase and HTTP version, and tells a reply that is not HTTP (the parser's HPE_
 * codes) from a network failure.
 */
export function exchange(
  target: URL,
  method: string,
  conn: Pick<ServerConnection, 'user' | 'password' | 'tlsRejectUnauthorized' | 'timeoutMs'>,
  headers: Record<string, string>,
  body?: Buffer,
  limit = 65536,
): Promise<HttpAnswer> {
  const secure = target.protocol === 'https:';
  const options: RequestOptions & { rejectUnauthorized?: boolean } = {
    method,
    host: target.hostname,
    port: target.port || (secure ? 443 : 80),
    path: `${target.pathname}${target.search}`,
    headers: { ...headers, ...(body ? { 'Content-Length': String(body.length) } : {}) },
    timeout: timeoutOf(conn as ServerConnection),
    ...(conn.user ? { auth: `${conn.user}:${conn.password ?? ''}` } : {}),
    ...(secure ? { rejectUnauthorized: conn.tlsRejectUnauthorized ?? true } : {}),
  };
  return new Promise<HttpAnswer>((resolve, reject) => {
    const req = (secure ? httpsRequest : httpRequest)(options, (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        // keep the first 64 KiB (a response download: its limit): enough for an error text
        if (size < limit) chunks.push(chunk);
        size += chunk.length;
      });
      res.on('end', () => {
        const server = res.headers.server;
        const bytes = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          statusLine: `HTTP/${res.httpVersion} ${res.statusCode} ${res.statusMessage ?? ''}`.trim(),
          server: typeof server === 'string' ? server : undefined,
          body: bytes.toString('utf8'),
          bytes: bytes.subarray(0, limit),
        });
      });
      res.on('error', reject);
    });
    req.on('timeout', () =>
      req.destroy(Object.assign(new Error(`no answer within ${options.timeout} ms`), { code: 'ETIMEDOUT' })),
    );
    req.on('error', reject);
    req.end(body);
  });
}

export function failureOf(error: unknown): { kind: FailureKind; answer: string } {
  const code = errorCode(error) ?? '';
  const message = errorMessage(error);
  // llhttp's parse errors: the server sent something that is not HTTP
  if (code.startsWith('HPE_')) {
    const raw = (error as { rawPacket?: Buffer }).rawPacket;
    return { kind: 'unreadable', answer: `not an HTTP server: ${raw ? printable(raw) : message}` };
  }
  if (isUnreachable(error)) return { kind: 'unreachable', answer: message };
  return { kind: 'other', answer: message };
}

export function baseUrl(conn: ServerConnection): URL {
  const scheme = conn.type === 'HTTPS' ? 'https' : 'http';
  const host = conn.host.includes(':') && !conn.host.startsWith('[') ? `[${conn.host}]` : conn.host;
  return new URL(`${scheme}://${host}:${conn.port}/`);
}

export function describe(answer: HttpAnswer): string {
  const detail = answer.status >= 400 ? printable(answer.body, 300) : '';
  return [answer.statusLine, answer.server && `(${answer.server})`, detail && `: ${detail}`]
    .filter(Boolean)
    .join(' ');
}

/**
 * HEAD / (GET when the server does not allow HEAD): any HTTP answer below 500 means the server is there and speaks
 * HTTP; 401 and 403 are a refused login; 5xx is the server's own failure.
 */
export async function verifyHttp(conn: ServerConnection): Promise<VerifyResult> {
  const target = baseUrl(conn);
  try {
    let answer = await exchange(target, 'HEAD', conn, { Accept: '*/*' });
    if (answer.status === 405 || answer.status === 501)
      answer = await exchange(target, 'GET', conn, { Accept: '*/*' });
    const text = describe(answer);
    if (answer.status === 401 || answer.status === 403) return { ok: false, answer: text, kind: 'auth' };
    if (answer.status >= 500) return { ok: false, answer: text, kind: 'other' };
    return { ok: true, answer: text };
  } catch (error) {
    return { ok: false, ...failureOf(error) };
  }
}

/** 4xx is final (the request itself is wrong) except 408 Request Timeout and 429 Too Many Requests; 5xx may pass later. */
export function httpRetryable(status: number): boolean {
  if (status === 408 || status === 429) return true;
  return status >= 500;
}

/**
 * POSTs one delivery with its `Idempotency-Key`: a receiver that honours the header answers a repeated key with the
 * first answer, never a second order. A 2xx is delivered; a 409 the receiver gives for a key it already processed
 * is reported as it is (the body says which).
 */
export async function postHttp(
  target: ServerConnection | string | URL,
  post: HttpPost,
): Promise<DeliveryResult> {
  let url: URL;
  let conn: Pick<ServerConnection, 'user' | 'password' | 'tlsRejectUnauthorized' | 'timeoutMs'>;
  if (typeof target === 'string' || 'href' in target) {
    url = new URL(target);
    if (post.path)
      url = new URL(post.path.replace(/^\//, ''), url.href.endsWith('/') ? url : new URL(`${url.href}/`));
    conn = {};
  } else {
    url = new URL(post.path ?? '/', baseUrl(target));
    conn = target;
  }
  const body = Buffer.isBuffer(post.body) ? post.body : Buffer.from(post.body, 'utf8');
  try {
    const answer = await exchange(
      url,
      'POST',
      conn,
      {
        ...post.headers,
        'Content-Type': post.contentType,
        'Idempotency-Key': post.idempotencyKey,
        Accept: '*/*',
      },
      body,
    );
    const text = describe(answer);
    if (answer.status >= 200 && answer.status < 300) return { ok: true, answer: text, retryable: false };
    const kind: FailureKind = answer.status === 401 || answer.status === 403 ? 'auth' : 'other';
    return { ok: false, answer: text, kind, retryable: httpRetryable(answer.status) };
  } catch (error) {
    const failure = failureOf(error);
    return { ok: false, ...failure, retryable: failure.kind !== 'other' };
  }
}
