// Pulls a supplier's new supplies and acknowledges them (docs/supplier-api.md). Node 18 or later:
//   BASE_URL=https://kanban.example CLIENT_ID=sc_... CLIENT_SECRET=... node supplier-pull.mjs
import { readFile, writeFile } from 'node:fs/promises';

const base = process.env.BASE_URL ?? 'http://localhost:3000';
const cursorFile = process.env.CURSOR_FILE ?? 'supplier-cursor.txt';

const signIn = await fetch(`${base}/api/oauth/token`, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ grant_type: 'client_credentials', client_id: process.env.CLIENT_ID, client_secret: process.env.CLIENT_SECRET }),
});
if (!signIn.ok) throw new Error(`sign-in refused: ${signIn.status} ${await signIn.text()}`);
const { access_token, company_id, supplier_id } = await signIn.json();
const feed = `${base}/api/supplierapi/c/${company_id}/supplier/${supplier_id}/supply`;

async function call(method, url, body) {
  for (;;) {
    const answer = await fetch(url, { method, headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' }, body: body && JSON.stringify(body) });
    if (answer.status === 429) { await new Promise((r) => setTimeout(r, Number(answer.headers.get('retry-after') ?? 1) * 1000)); continue; }
    const envelope = await answer.json();
    if (!answer.ok) throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(envelope.Meta)}`);
    return envelope.Data;
  }
}

let since = (await readFile(cursorFile, 'utf8').catch(() => '0')).trim();
for (;;) {
  const page = await call('GET', `${feed}?since=${since}`);
  for (const supply of page.items) {
    console.log(`supply ${supply.id} (order ${supply.order_id}) for ${supply.customer}, ${supply.location}: ${supply.lines.length} lines`);
    await call('POST', `${feed}/${supply.id}/ack`, {}); // lines become TR; send { po_number } once your system has its number
  }
  await writeFile(cursorFile, (since = page.next_cursor));
  if (!page.has_more) break;
}
