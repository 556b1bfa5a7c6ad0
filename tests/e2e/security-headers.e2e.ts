import { startSystem, type TestSystem } from '../support/system';

jest.setTimeout(180_000);

/** Security headers on every kind of answer (apps/gateway/src/security-headers.ts), in both run modes. */
describe('security headers', () => {
  let system: TestSystem;

  beforeAll(async () => {
    system = await startSystem();
  });

  afterAll(async () => {
    await system?.close();
  });

  const get = (path: string, init: RequestInit = {}) => fetch(`${system.url}${path}`, init);

  function directives(csp: string | null): Map<string, string[]> {
    expect(csp).toEqual(expect.any(String));
    return new Map(
      csp!
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .filter((words) => words[0])
        .map(([name, ...values]) => [name!, values]),
    );
  }

  function expectCommon(response: Response): void {
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(directives(response.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'none'"]);
  }

  it('API answers (success, error, malformed body) forbid loading anything and framing', async () => {
    const answers = [
      await get('/api/health'),
      await get('/api/company'), // 401 envelope
      await get('/api/no/such/route'),
      await get('/api/authenticate', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"broken' }),
      await get(`/api/image/${'0'.repeat(32)}?size=128`), // 404 of the image route
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 401, 404, 422, 404]); // 422: the envelope of code 1000
    for (const answer of answers) {
      expectCommon(answer);
      expect(directives(answer.headers.get('content-security-policy')).get('default-src')).toEqual(["'none'"]);
      expect(answer.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('the web app gets a policy without inline scripts; styles inline only; images from itself, data: and blob:', async () => {
    for (const path of ['/', '/login', '/c/1/customer']) {
      const answer = await get(path);
      expect(answer.status).toBe(200);
      expectCommon(answer);
      const csp = directives(answer.headers.get('content-security-policy'));
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      // the page itself (the built index.html when present) has no inline script the policy would block
      const html = await answer.text();
      for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toMatch(/\ssrc=/);
    }
  });

  it('Swagger UI (/api/docs) gets the app policy and loads its scripts from files', async () => {
    const answer = await get('/api/docs');
    expect(answer.status).toBe(200);
    expectCommon(answer);
    expect(directives(answer.headers.get('content-security-policy')).get('script-src')).toEqual(["'self'"]);
    const html = await answer.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toMatch(/\ssrc=/);
    expect((await get('/api/docs/swagger-ui-init.js')).status).toBe(200);
  });

  it('HSTS only over TLS: a trusted (loopback) proxy saying https gets it, plain http does not', async () => {
    const plain = await get('/api/health');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const viaProxy = await get('/api/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(viaProxy.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const app = await get('/login', { headers: { 'x-forwarded-proto': 'https' } });
    expect(app.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
  });
});
