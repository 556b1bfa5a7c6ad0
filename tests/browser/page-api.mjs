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
