// POSTs to a real node:http server on a free loopback port that records each request.
import { type HttpTestServer, startHttpServer } from '@kanban/testing';
import { httpRetryable, postHttp, type ServerConnection } from './index';

jest.setTimeout(30_000);

let http: HttpTestServer;
beforeAll(async () => {
  http = await startHttpServer();
});
afterAll(async () => {
  await http?.stop();
});

const conn = (): ServerConnection => ({ type: 'HTTP', host: http.host, port: http.port, timeoutMs: 5_000 });
const xml = '<?xml version="1.0" encoding="UTF-8"?><ORDER version="2.1"><ORDER_HEADER/></ORDER>';

describe('postHttp', () => {
  it('sends the body, content type and Idempotency-Key; 2xx is delivered', async () => {
    http.respond = () => ({ status: 201, body: '{"id":"po-1"}' });
    const result = await postHttp(conn(), {
      path: '/edi/orders?supplier=7',
      body: xml,
      contentType: 'application/xml; charset=utf-8',
      idempotencyKey: 'rule-3.order-99.v2',
    });
    expect(result).toEqual({ ok: true, retryable: false, answer: 'HTTP/1.1 201 Created (kanban-test-http)' });
    const request = http.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', url: '/edi/orders?supplier=7' });
    expect(request.headers['idempotency-key']).toBe('rule-3.order-99.v2');
    expect(request.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(request.body.toString('utf8')).toBe(xml);
  });

  it('takes a URL too; the body goes byte for byte', async () => {
    http.respond = () => ({ status: 200 });
    expect(
      await postHttp(`${http.url}/hooks`, {
        path: 'orders',
        body: Buffer.from([0xe4, 0x0d, 0x0a]),
        contentType: 'text/csv; charset=iso-8859-1',
        idempotencyKey: 'k2',
      }),
    ).toMatchObject({ ok: true });
    expect(http.requests.at(-1)).toMatchObject({ url: '/hooks/orders' });
    expect(http.requests.at(-1)!.body).toEqual(Buffer.from([0xe4, 0x0d, 0x0a]));
  });

  it('4xx is not retried (except 408 and 429); 5xx is; 401/403 are auth; the answer has the server text', async () => {
    const post = { path: '/orders', body: xml, contentType: 'application/xml', idempotencyKey: 'k3' };
    http.respond = () => ({ status: 422, body: 'unknown supplier article 4711' });
    expect(await postHttp(conn(), post)).toEqual({
      ok: false,
      kind: 'other',
      retryable: false,
      answer: 'HTTP/1.1 422 Unprocessable Entity (kanban-test-http) : unknown supplier article 4711',
    });
    http.respond = () => ({ status: 429, body: 'slow down' });
    expect(await postHttp(conn(), post)).toMatchObject({ ok: false, kind: 'other', retryable: true });
    http.respond = () => ({ status: 503 });
    expect(await postHttp(conn(), post)).toMatchObject({ ok: false, kind: 'other', retryable: true });
    http.respond = () => ({ status: 401, body: 'bad token' });
    expect(await postHttp(conn(), post)).toMatchObject({ ok: false, kind: 'auth', retryable: false });
    expect([400, 404, 409, 422].map(httpRetryable)).toEqual([false, false, false, false]);
    expect([408, 429, 500, 502, 503].map(httpRetryable)).toEqual([true, true, true, true, true]);
  });

  it('a receiver that honours the key answers a repeat with its first answer: one delivery', async () => {
    http.honourIdempotencyKey = true;
    try {
      let made = 0;
      http.respond = () => ({ status: 201, body: `order ${++made}` });
      const post = { path: '/orders', body: xml, contentType: 'application/xml', idempotencyKey: 'k-replay' };
      const first = await postHttp(conn(), post);
      const again = await postHttp(conn(), post);
      expect(first).toMatchObject({ ok: true });
      expect(again).toMatchObject({ ok: true });
      expect(made).toBe(1);
      expect(http.delivered().filter((r) => r.headers['idempotency-key'] === 'k-replay')).toHaveLength(1);
      expect(
        http.requests
          .filter((r) => r.headers['idempotency-key'] === 'k-replay')
          .map((r) => Boolean(r.replayed)),
      ).toEqual([false, true]);
    } finally {
      http.honourIdempotencyKey = false;
    }
  });

  it('a server that is down is unreachable and retryable; the same key goes again once it is back', async () => {
    const post = { path: '/orders', body: xml, contentType: 'application/xml', idempotencyKey: 'k-down' };
    const port = http.port;
    await http.stop();
    expect(await postHttp({ ...conn(), port }, post)).toMatchObject({
      ok: false,
      kind: 'unreachable',
      retryable: true,
    });
    await http.start();
    http.respond = () => ({ status: 201 });
    expect(await postHttp(conn(), post)).toMatchObject({ ok: true });
    expect(http.requests.filter((r) => r.headers['idempotency-key'] === 'k-down')).toHaveLength(1);
  });
});
