// Calls of the API from a browser suite's page with the signed-in user's token (setup, checks and cleanup around
// the UI steps). Not a suite: suites import it.
import type { Page } from '@playwright/test';

/** The answer envelope of the API: `Meta` (code 200 when it worked) and `Data`. */
export interface Envelope<T = unknown> {
  Meta: { code: number; message?: string; [key: string]: unknown };
  Data: T;
}

/** `method` `path` under /api/c/{company}/ with an optional JSON body; answers the parsed envelope. */
export function pageApi<T = any>(page: Page, method: string, path: string, body?: unknown, company = 1): Promise<Envelope<T>> {
  return page.evaluate(
    async ({ method, path, body, company }) => {
      const { token } = JSON.parse(localStorage.getItem('kanban.session') ?? '{}') as { token?: string };
      const answer = await fetch(`/api/c/${company}/${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return (await answer.json()) as Envelope<T>;
    },
    { method, path, body, company },
  );
}

/** The `Data` of a call that must work (Meta.code 200); anything else fails the test with the call and its Meta. */
export async function pageData<T = any>(page: Page, method: string, path: string, body?: unknown, company = 1): Promise<T> {
  const answer = await pageApi<T>(page, method, path, body, company);
  if (answer.Meta.code !== 200) throw new Error(`${method} ${path} should work: ${JSON.stringify(answer.Meta)}`);
  return answer.Data;
}
