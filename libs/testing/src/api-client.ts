/** A small HTTP client for end-to-end tests: answers status and the parsed envelope. */
export interface ApiAnswer<T = any> {
  status: number;
  body: { Meta: { code: number; message: string; field?: string }; Data: T };
}

export class ApiClient {
  constructor(readonly baseUrl: string) {}

  async call<T = any>(
    method: string,
    path: string,
    options: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.rawBody !== undefined) {
      body = options.rawBody;
      headers['content-type'] ??= 'application/json';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(`${this.baseUrl}/api${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: ApiAnswer<T>['body'];
    try {
      parsed = JSON.parse(text) as ApiAnswer<T>['body'];
    } catch {
      throw new Error(`${method} ${path}: not JSON (HTTP ${response.status}): ${text.slice(0, 200)}`);
    }
    return { status: response.status, body: parsed };
  }

  /** A multipart/form-data request (file uploads). */
  async postForm<T = any>(path: string, form: FormData, token?: string): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    const response = await fetch(`${this.baseUrl}/api${path}`, { method: 'POST', headers, body: form });
    const text = await response.text();
    try {
      return { status: response.status, body: JSON.parse(text) as ApiAnswer<T>['body'] };
    } catch {
      throw new Error(`POST ${path}: not JSON (HTTP ${response.status}): ${text.slice(0, 200)}`);
    }
  }

  get<T = any>(path: string, token?: string) {
    return this.call<T>('GET', path, { token });
  }

  post<T = any>(path: string, body: unknown, token?: string, headers?: Record<string, string>) {
    return this.call<T>('POST', path, { token, body, headers });
  }

  patch<T = any>(path: string, body: unknown, token?: string) {
    return this.call<T>('PATCH', path, { token, body });
  }

  delete<T = any>(path: string, token?: string) {
    return this.call<T>('DELETE', path, { token });
  }
}

/** Polls until `check` returns a value (not undefined) or the deadline passes. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Reads until `done` says yes, every 250 ms for at most `ms`; the timeout's error shows the last value read (for slow
 * conditions where what was seen last tells why: a journal that never got its entry, a consumer with messages pending).
 */
export async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 120_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
