// `npm run bench`: prints
//  1. JWT verifications per second (the gateway's verification path: HS256 with a prepared key);
//  2. authenticated GET /api/company: requests per second with p50/p99 under load from this process
//     (a second process to the system under test), in the embedded and the distributed run;
//  3. the gateway-to-service overhead: sequential p50 of GET /api/health/ready (one bus round trip to the
//     identity service, which runs "select 1") minus GET /api/health (answered by the gateway alone).
// Targets (issue 2): JWT verify under 25 us; gateway-to-service overhead over NATS at p50 under 3 ms.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const require = createRequire(import.meta.url);
const testing = require('../dist/libs/testing/src/index.js');
const { AccessTokens } = require('../dist/libs/tokens/src/index.js');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const results = [];

function benchJwt() {
  const tokens = new AccessTokens('b'.repeat(48));
  const token = tokens.sign({ sub: 42, c: { 1: 3, 2: 6 }, ck: 'web', f: '5d5c9f2e-8a4e-4b7e-9d0c-2f4f8a1b2c3d' }, 900);
  for (let i = 0; i < 20_000; i++) tokens.verify(token);
  const n = 200_000;
  const started = process.hrtime.bigint();
  for (let i = 0; i < n; i++) if (!tokens.verify(token)) throw new Error('verify failed');
  const us = Number(process.hrtime.bigint() - started) / 1e3 / n;
  console.log(`JWT verify: ${us.toFixed(2)} us per verification, ${Math.round(1e6 / us).toLocaleString('en')} per second (target < 25 us)`);
  results.push({ name: 'jwt_verify_us', value: us, target: 25, ok: us < 25 });
}

async function sequentialP50(url, token, n = 2000) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint();
    const r = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    await r.arrayBuffer();
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(n / 2)];
}

async function load(mode, url, token) {
  const api = new testing.ApiClient(url);
  const check = await api.get('/company', token);
  if (check.body.Meta.code !== 200) throw new Error(`GET /api/company failed: ${JSON.stringify(check.body.Meta)}`);
  // Warm-up, then measure.
  await autocannon({ url: `${url}/api/company`, connections: CONNECTIONS, duration: 2, headers: { authorization: `Bearer ${token}` } });
  const r = await autocannon({ url: `${url}/api/company`, connections: CONNECTIONS, duration: DURATION, headers: { authorization: `Bearer ${token}` } });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${mode}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  console.log(
    `${mode}: GET /api/company ${Math.round(r.requests.average).toLocaleString('en')} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms (${CONNECTIONS} connections, ${DURATION} s)`,
  );
  const full = await sequentialP50(`${url}/api/company`, token);
  const bare = await sequentialP50(`${url}/api/health`);
  const ready = await sequentialP50(`${url}/api/health/ready`);
  const overhead = ready - bare;
  console.log(
    `${mode}: sequential p50: GET /api/company ${full.toFixed(2)} ms; GET /api/health ${bare.toFixed(2)} ms (gateway only); ` +
      `GET /api/health/ready ${ready.toFixed(2)} ms (gateway -> service -> "select 1" -> gateway): gateway-to-service overhead ${overhead.toFixed(2)} ms`,
  );
  results.push({ name: `${mode}_company_rps`, value: r.requests.average });
  results.push({ name: `${mode}_company_p50_ms`, value: r.latency.p50 });
  results.push({ name: `${mode}_company_p99_ms`, value: r.latency.p99 });
  results.push({ name: `${mode}_bus_overhead_p50_ms`, value: overhead, ...(mode === 'distributed' ? { target: 3, ok: overhead < 3 } : {}) });
}

async function loginToken(url) {
  const api = new testing.ApiClient(url);
  const answer = await api.post('/authenticate', { Email: 'admin@demo.example', Password: 'demo12345' }, undefined, { 'X-API-Key': testing.TEST_API_KEYS.web });
  return answer.body.Data.token;
}

async function embedded() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kanban-bench-'));
  const port = await testing.freePort();
  const output = [];
  const child = spawn(process.execPath, [path.join(testing.ROOT, 'dist/apps/server/src/main.js')], {
    cwd: testing.ROOT,
    env: { ...process.env, DATA_DIR: dir, PORT: String(port), LOG_FORMAT: 'json', ACCESS_TOKEN_TTL_S: '3600' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr.on('data', (d) => output.push(String(d)));
  const url = `http://127.0.0.1:${port}`;
  try {
    await testing.waitReady(new testing.ApiClient(url), new Map([['embedded', { name: 'embedded', child, output }]]), 60_000);
    await load('embedded', url, await loginToken(url));
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}

async function distributed() {
  const system = await testing.startDistributedSystem();
  try {
    await load('distributed', system.url, await loginToken(system.url));
  } finally {
    await system.close();
  }
}

benchJwt();
await embedded();
await distributed();
console.log('\nsummary:');
for (const r of results) {
  const target = r.target === undefined ? '' : ` (target < ${r.target}: ${r.ok ? 'met' : 'NOT MET'})`;
  console.log(`  ${r.name} = ${Number(r.value).toFixed(2)}${target}`);
}
