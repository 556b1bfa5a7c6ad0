// Calls of the API from a browser suite's page with the signed-in user's token (setup, checks and cleanup around
// the UI steps). Not a suite: suites import it.

/** `method` `path` under /api/c/{company}/ with an optional JSON body; answers the parsed envelope. */
export function pageApi(page, method, path, body, company = 1) {
  return page.evaluate(
    async ({ method, path, body, company }) => {
      const { token } = JSON.parse(localStorage.getItem('kanban.session') ?? '{}');
      const answer = await fetch(`/api/c/${company}/${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return answer.json();
    },
    { method, path, body, company },
  );
}

/** The `Data` of a call that must work (Meta.code 200); anything else fails the test with the call and its Meta. */
export async function pageData(page, method, path, body, company = 1) {
  const answer = await pageApi(page, method, path, body, company);
  if (answer.Meta.code !== 200) throw new Error(`${method} ${path} should work: ${JSON.stringify(answer.Meta)}`);
  return answer.Data;
}
