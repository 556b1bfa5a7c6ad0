// `npm run bench:items`: item search and item list pages through the gateway in the DISTRIBUTED run
// (gateway, identity and catalog processes over NATS, PostgreSQL server).
//  1. seeds 100,000 items in the demo company (20 customers, 8 catalogs of 4 suppliers; one SQL COPY-like
//     multi-row insert per 5,000 rows straight into the catalog's table, then ANALYZE);
//  2. sequential latency p50/p95 of GET /api/c/{c}/item_search?q= for SKU prefixes, name prefixes and
//     parts of names (different q values in turn);
//  3. GET /api/c/{c}/customer/{cu}/item?per_page=50&page=N (list pages of 50 rows) with autocannon at 32
//     connections: requests per second and latency.
// Targets (issue 4): p95 < 15 ms for prefixes, < 80 ms for a part of a name; list pages > 1,800 req/s.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';

const require = createRequire(import.meta.url);
const testing = require('../dist/libs/testing/src/index.js');
const { Client } = require('pg');

const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
// BENCH_REPEATS: rounds of the repeated pass (read cache answers); 0 leaves only first-time answers (for profiles).
const REPEATS = Number(process.env.BENCH_REPEATS ?? 20);
const CUSTOMERS = 20;
// BENCH_PARTS: which measures to run (default all): search, floor, list.
const PARTS = new Set((process.env.BENCH_PARTS ?? 'search,floor,list').split(','));

const FAMILIES = [
  [
    'DIN933',
    'Hex head screw DIN 933',
    ['M5x16', 'M6x20', 'M6x30', 'M8x25', 'M8x40', 'M10x30', 'M10x50', 'M12x40', 'M12x60', 'M16x60'],
  ],
  ['DIN934', 'Hex nut DIN 934', ['M4', 'M5', 'M6', 'M8', 'M10', 'M12', 'M16', 'M20']],
  ['DIN125', 'Washer DIN 125 A', ['4.3', '5.3', '6.4', '8.4', '10.5', '13', '17']],
  ['DIN7991', 'Countersunk screw DIN 7991', ['M4x12', 'M5x16', 'M6x20', 'M8x25', 'M10x30']],
  ['WS-TX', 'Chipboard screw Torx', ['3.5x30', '4x40', '4.5x50', '5x60', '6x80']],
  ['PLUG-NY', 'Wall plug nylon', ['5x25', '6x30', '8x40', '10x50', '12x60']],
  ['CT', 'Cable tie polyamide', ['2.5x100', '3.6x140', '3.6x200', '4.8x300', '7.6x450']],
  ['LUG', 'Tubular cable lug copper', ['6-M6', '10-M8', '16-M8', '25-M10', '35-M10']],
  ['TAPE-PVC', 'Insulating tape PVC 19 mm', ['black', 'blue', 'red', 'green-yellow']],
  ['GLV-NIT', 'Nitrile disposable gloves size', ['S', 'M', 'L', 'XL']],
  ['GLS', 'Safety glasses EN 166', ['clear', 'tinted', 'over-glasses']],
  ['EAR', 'Foam ear plugs SNR 37', ['single', 'corded']],
  ['HC-W2', 'Hose clamp W2 stainless', ['8-12', '12-20', '16-25', '20-32', '25-40', '32-50']],
  ['OR-NBR', 'O-ring NBR 70', ['10x2', '15x2.5', '20x3', '25x3', '30x3.5']],
  ['HSS-G', 'Twist drill HSS-G DIN 338', ['3', '4', '5', '6', '8', '10']],
  ['CUT', 'Cutting disc inox', ['115x1.0', '125x1.0', '125x1.6', '230x1.9']],
];
const FINISHES = [
  'zinc plated',
  'stainless A2',
  'stainless A4',
  'hot-dip galvanized',
  'black oxide',
  'plain',
  'yellow zinc',
  'brass',
];

/** CPU time (user + system) a process has used so far, in ms (/proc/<pid>/stat; 0 when it is gone). */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return 0;
  }
}

/**
 * The processes whose CPU a search costs: the service processes and the run database's PostgreSQL backends
 * (their pids from pg_stat_activity; the pools are warm by then, so no backend starts during a measure).
 */
async function cpuSources(system) {
  const sources = [...system.distributed.processes].map(([name, p]) => [name, [p.child.pid]]);
  const db = new Client({ connectionString: system.distributed.databaseUrl });
  await db.connect();
  const { rows } = await db.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
  await db.end();
  sources.push(['postgres', rows.map((r) => r.pid)], ['client', [process.pid]]);
  return sources;
}

function cpuSnapshot(sources) {
  return sources.map(([name, pids]) => [name, pids.reduce((sum, pid) => sum + cpuMs(pid), 0)]);
}

/** CPU ms per request of each source between two snapshots (10 ms resolution per process: use many requests). */
function cpuPerRequest(before, after, requests) {
  return after.map(([name, ms], i) => [name, (ms - before[i][1]) / requests]).filter(([, ms]) => ms > 0);
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

async function loginToken(api) {
  const answer = await api.post(
    '/authenticate',
    { Email: 'admin@demo.example', Password: 'demo12345' },
    undefined,
    { 'X-API-Key': testing.TEST_API_KEYS.web },
  );
  if (answer.body.Meta.code !== 200) throw new Error(`login failed: ${JSON.stringify(answer.body.Meta)}`);
  return answer.body.Data.token;
}

async function must(answer) {
  const a = await answer;
  if (a.body.Meta.code !== 200) throw new Error(JSON.stringify(a.body.Meta));
  return a.body.Data;
}

async function seed(system, token) {
  const api = system.api;
  const company = (await must(api.get('/company', token)))[0].id;
  const customers = [];
  for (let i = 0; i < CUSTOMERS; i++)
    customers.push(
      (await must(api.post(`/c/${company}/customer/`, { name: `Bench customer ${i}`, nr: `B-${i}` }, token)))
        .id,
    );
  const catalogs = [];
  for (let s = 0; s < 4; s++) {
    const supplier = (
      await must(api.post(`/c/${company}/supplier/`, { name: `Bench supplier ${s}`, nr: `BS-${s}` }, token))
    ).id;
    for (let c = 0; c < 2; c++)
      catalogs.push([
        (
          await must(
            api.post(
              `/c/${company}/supplier/${supplier}/catalog/`,
              { name: `Bench catalog ${s}-${c}` },
              token,
            ),
          )
        ).id,
        supplier,
      ]);
  }
  const db = new Client({ connectionString: system.distributed.databaseUrl });
  await db.connect();
  const started = Date.now();
  const counters = new Map();
  const columns = [
    'company_id',
    'customer_id',
    'catalog_id',
    'supplier_id',
    'sku',
    'name',
    'description',
    'item_unit',
    'order_unit',
    'customer_sku',
    'created_at',
    'updated_at',
  ];
  for (let start = 0; start < ITEMS; start += 5000) {
    const values = [];
    const params = [];
    for (let n = start; n < Math.min(ITEMS, start + 5000); n++) {
      const [sku, name, sizes] = FAMILIES[n % FAMILIES.length];
      const k = (counters.get(sku) ?? 0) + 1;
      counters.set(sku, k);
      const size = sizes[Math.floor(n / FAMILIES.length) % sizes.length];
      const finish = FINISHES[Math.floor(n / (FAMILIES.length * 11)) % FINISHES.length];
      const [catalogId, supplierId] = catalogs[n % catalogs.length];
      const row = [
        company,
        customers[n % CUSTOMERS],
        catalogId,
        supplierId,
        `${sku}-${String(k).padStart(5, '0')}`,
        `${name} ${size} ${finish}`,
        '',
        'PCE',
        'BOX',
        `C${n}`,
        new Date(),
        new Date(),
      ];
      values.push(`(${row.map((_, i) => `$${params.length + i + 1}`).join(', ')})`);
      params.push(...row);
    }
    await db.query(`insert into catalog.item (${columns.join(', ')}) values ${values.join(', ')}`, params);
  }
  await db.query('analyze catalog.item');
  const count = (
    await db.query('select count(*)::int as n from catalog.item where company_id = $1', [company])
  ).rows[0].n;
  await db.end();
  console.log(
    `seeded ${count.toLocaleString('en')} items in company ${company} (${CUSTOMERS} customers, ${catalogs.length} catalogs) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return { company, customers };
}

/**
 * Sequential requests, one at a time: `queries` in turn (at least SAMPLES different ones, so the first pass is
 * answered from PostgreSQL), then the first 20 again (answered from the gateway's read cache). Answers are told
 * apart by the X-Read-Cache header; the first-time figures are the ones the targets are about.
 */
async function latency(system, token, label, queries) {
  const url = system.url;
  const first = [];
  const repeated = [];
  const totals = [];
  const get = async (q, into) => {
    const t = process.hrtime.bigint();
    const r = await fetch(`${url}${q}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await r.json();
    const ms = Number(process.hrtime.bigint() - t) / 1e6;
    if (body.Meta.code !== 200) throw new Error(`${q}: ${JSON.stringify(body.Meta)}`);
    if (into) (r.headers.get('x-read-cache') === 'hit' ? repeated : first).push(ms);
    totals.push(body.Data.total ?? 1);
  };
  // Warm-up (connections, JIT) with pages that are not measured.
  for (let i = 0; i < 20; i++) {
    const q = queries[i % queries.length];
    await get(q.includes('?') ? `${q}&page=2` : '/api/company');
  }
  totals.length = 0;
  const sources = await cpuSources(system);
  const cpuBefore = cpuSnapshot(sources);
  for (let i = 0; i < SAMPLES; i++) await get(queries[i % queries.length], true);
  const cpu = cpuPerRequest(cpuBefore, cpuSnapshot(sources), SAMPLES);
  for (let i = 0; i < REPEATS; i++) for (const q of queries.slice(0, 20)) await get(q, true);
  const stats = (times) => {
    const sorted = [...times].sort((x, y) => x - y);
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), n: sorted.length };
  };
  const cold = stats(first);
  const warm = repeated.length > 0 ? stats(repeated) : { p50: NaN, p95: NaN, n: 0 };
  const hits = totals.reduce((x, y) => x + y, 0) / totals.length;
  console.log(
    `${label}: first time p50 ${cold.p50.toFixed(2)} ms, p95 ${cold.p95.toFixed(2)} ms (${cold.n} requests); repeated (read cache) p50 ${warm.p50.toFixed(2)} ms, p95 ${warm.p95.toFixed(2)} ms (${warm.n}); ${Math.min(SAMPLES, queries.length)} different q, about ${Math.round(hits)} matches each`,
  );
  // Over the first pass (SAMPLES requests; answers of q values asked before come from the read cache).
  console.log(
    `  CPU per request of the first pass: ${cpu.map(([name, ms]) => `${name} ${ms.toFixed(2)} ms`).join(', ')} (total ${cpu.reduce((sum, [, ms]) => sum + ms, 0).toFixed(2)} ms)`,
  );
  return { ...cold, cpu };
}

// BENCH_PROFILE=<dir>: the service processes write V8 CPU profiles there when they stop (open them in
// Chrome DevTools or summarise with tools/scripts/cpu-profile-top.mjs).
if (process.env.BENCH_PROFILE)
  process.env.SERVICE_NODE_ARGS = `--cpu-prof --cpu-prof-dir=${process.env.BENCH_PROFILE}`;
const results = [];
const system = await testing.startDistributedSystem();
try {
  const token = await loginToken(system.api);
  const { company, customers } = await seed(system, token);
  const enc = (match) => (q) =>
    `/api/c/${company}/item_search?per_page=50&match=${match}&q=${encodeURIComponent(q)}`;
  // Many different q values of each kind (first-time figures need at least SAMPLES of them).
  const skuPrefixes = FAMILIES.flatMap(([sku]) => [
    ...Array.from({ length: 10 }, (_, d) => `${sku}-0${d}`),
    ...Array.from({ length: 50 }, (_, k) => `${sku}-0${k % 5}${Math.floor(k / 5)}`),
  ]);
  const namePrefixes = FAMILIES.flatMap(([, name, sizes]) =>
    sizes.flatMap((size) => [`${name} ${size}`, ...FINISHES.map((f) => `${name} ${size} ${f}`)]),
  );
  const sizes = [...new Set(FAMILIES.flatMap(([, , list]) => list.map((x) => x.toLowerCase())))].filter(
    (x) => x.length >= 3,
  );
  const parts = [
    ...FINISHES,
    ...sizes,
    ...sizes.flatMap((size) => FINISHES.map((f) => `${size} ${f.split(' ')[0]}`)),
  ];
  // Spread over the kinds of items rather than one family after another.
  const spread = (list) =>
    list
      .map((q, i) => [(i * 7919) % list.length, q])
      .sort((x, y) => x[0] - y[0])
      .map(([, q]) => q);
  if (PARTS.has('search')) {
    const sku = await latency(
      system,
      token,
      'item_search by SKU prefix (match=prefix)',
      spread(skuPrefixes).map(enc('prefix')),
    );
    const name = await latency(
      system,
      token,
      'item_search by name prefix (match=prefix)',
      spread(namePrefixes).map(enc('prefix')),
    );
    const part = await latency(
      system,
      token,
      'item_search by part of a name (match=part)',
      spread(parts).map(enc('part')),
    );
    const any = await latency(
      system,
      token,
      'item_search by SKU prefix with match=any (prefix or part)',
      spread(skuPrefixes).reverse().map(enc('any')),
    );
    results.push({ name: 'sku_prefix_any_p95_ms', value: any.p95 });
    results.push(
      { name: 'sku_prefix_p95_ms', value: sku.p95, target: 15, ok: sku.p95 < 15 },
      { name: 'sku_prefix_p50_ms', value: sku.p50 },
    );
    results.push(
      { name: 'name_prefix_p95_ms', value: name.p95, target: 15, ok: name.p95 < 15 },
      { name: 'name_prefix_p50_ms', value: name.p50 },
    );
    results.push(
      { name: 'name_part_p95_ms', value: part.p95, target: 80, ok: part.p95 < 80 },
      { name: 'name_part_p50_ms', value: part.p50 },
    );
  }

  // The floor on this machine: one customer read (gateway -> NATS -> catalog -> one primary-key read).
  if (PARTS.has('floor')) {
    const floor = await latency(
      system,
      token,
      'floor: GET customer/{id}/ (one bus round trip, one row)',
      customers.map((c) => `/api/c/${company}/customer/${c}/`),
    );
    results.push(
      { name: 'floor_customer_read_p50_ms', value: floor.p50 },
      { name: 'floor_customer_read_p95_ms', value: floor.p95 },
    );
    const floorLoad = await autocannon({
      url: `${system.url}/api/c/${company}/customer/${customers[0]}/`,
      connections: CONNECTIONS,
      duration: 5,
      headers: { authorization: `Bearer ${token}` },
    });
    console.log(
      `floor: GET customer/{id}/ ${Math.round(floorLoad.requests.average)} req/s at ${CONNECTIONS} connections (one customer: from the read cache)`,
    );
    results.push({ name: 'floor_customer_read_rps', value: floorLoad.requests.average });
  }

  // List pages of 50 rows of a customer's items (5,000 each), at CONNECTIONS connections:
  //  - "repeated": 40 pages (20 customers, pages 1..20) in turn, as many users paging the same lists: after the
  //    first round they come from the gateway's read cache (kept until the catalog announces a change);
  //  - "all different": every request a page not asked before (customer x sort x order x page 1..100,
  //    24,000 combinations), so each goes to the catalog service and PostgreSQL (no cache hit).
  if (PARTS.has('list')) {
    const sorts = ['name', 'sku', 'created_at'];
    const variants = [];
    for (let page = 1; page <= 100; page++)
      for (const sort of sorts)
        for (const order of ['asc', 'desc'])
          for (const customer of customers)
            variants.push(
              `/api/c/${company}/customer/${customer}/item?per_page=50&page=${page}&sort=${sort}&order=${order}`,
            );
    const repeated = Array.from(
      { length: 40 },
      (_, i) =>
        `/api/c/${company}/customer/${customers[i % customers.length]}/item?per_page=50&page=${1 + (i % 20)}`,
    );
    const load = async (label, paths, warm) => {
      let n = 0;
      const options = {
        url: system.url,
        connections: CONNECTIONS,
        headers: { authorization: `Bearer ${token}` },
        requests: [{ setupRequest: (req) => ({ ...req, method: 'GET', path: paths[n++ % paths.length] }) }],
      };
      if (warm) await autocannon({ ...options, duration: 3 });
      const r = await autocannon({ ...options, duration: DURATION });
      if (r.non2xx > 0 || r.errors > 0)
        throw new Error(`list pages: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
      if (!warm && n > paths.length)
        console.log(`  (note: ${n} requests for ${paths.length} different pages: some repeated)`);
      console.log(
        `list pages of 50 rows, ${label}: ${Math.round(r.requests.average).toLocaleString('en')} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms (${CONNECTIONS} connections, ${DURATION} s)`,
      );
      return r.requests.average;
    };
    const cold = await load('all different (each from PostgreSQL)', variants, false);
    results.push({ name: 'list_page_uncached_rps', value: cold });
    const warm = await load('repeated (read cache)', repeated, true);
    results.push({ name: 'list_page_rps', value: warm, target: 1800, ok: warm > 1800, above: true });
  }
} finally {
  await system.close();
}
console.log('\nsummary:');
for (const r of results) {
  const target =
    r.target === undefined ? '' : ` (target ${r.above ? '>' : '<'} ${r.target}: ${r.ok ? 'met' : 'NOT MET'})`;
  console.log(`  ${r.name} = ${Number(r.value).toFixed(2)}${target}`);
}
