import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const testing = require('../dist/libs/testing/src/index.js');
const { Client } = require('pg');
const system = await testing.startDistributedSystem();
try {
  const login = await system.api.post('/authenticate', { Email: 'admin@demo.example', Password: 'demo12345' }, undefined, { 'X-API-Key': testing.TEST_API_KEYS.web });
  const token = login.body.Data.token;
  const company = (await system.api.get('/company', token)).body.Data[0].id;
  const customers = (await system.api.get(`/c/${company}/customer/`, token)).body.Data.items;
  const db = new Client({ connectionString: system.distributed.databaseUrl }); await db.connect();
  const xacts = async () => (await db.query('select xact_commit::int as n from pg_stat_database where datname = current_database()')).rows[0].n;
  for (const [label, path] of [['customer read', `/c/${company}/customer/${customers[0].id}/`], ['item list', `/c/${company}/customer/${customers[0].id}/item?per_page=50`], ['company', '/company'], ['item_search', `/c/${company}/item_search?q=din`]]) {
    await system.api.get(path, token);
    await new Promise((r) => setTimeout(r, 2500));
    const before = await xacts();
    for (let i = 0; i < 100; i++) { const a = await system.api.get(path, token); if (a.body.Meta.code !== 200) throw new Error(JSON.stringify(a.body.Meta)); }
    await new Promise((r) => setTimeout(r, 2500));
    const after = await xacts();
    console.log(`${label}: ${((after - before - 1) / 100).toFixed(2)} transactions (statements) per request`);
  }
  await db.end();
} finally { await system.close(); }
