// Where the time of a requisition run goes: on a database kept by the benchmark
// (`KEEP_TEST_DATABASE=bench_req npm run bench:requisition`), puts the company's rules back as the benchmark seeded
// them (no orders, lines, decisions or events of the company, every rule pending, no last decision; committed),
// then runs the plain statement (requisition-plain.mjs) and the service's run (the backorder and run statements of
// dist/, with the run's settings) N times each, every time rolled back and followed by a VACUUM, and prints the
// backend's CPU time (from /proc: the database must run on this machine) and the wall time of each; EXPLAIN=1 prints
// the last plan of each (EXPLAIN (ANALYZE, BUFFERS)). Backend CPU time is the steadier figure on a busy machine.
//   node load-tests/requisition-explain.mjs bench_req [N]
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PLAIN, resetRules, RUN_TABLES, SAME_SETTINGS } from './requisition-plain.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('pg');
const { runStatement } = require('../dist/apps/orders/src/requisition/requisition.sql.js');
const { backorderStatement } = require('../dist/apps/orders/src/backorders/backorders.sql.js');

const [database, times = '3'] = process.argv.slice(2);
if (!database) throw new Error('usage: node load-tests/requisition-explain.mjs <kept database> [N]');
const url = new URL(process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
url.pathname = `/${database}`;
const db = new Client({ connectionString: url.toString() });
await db.connect();
const { rows: [{ pid }] } = await db.query('select pg_backend_pid() as pid');
const cpuMs = () => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * (1000 / 100);
};
const { rows: [{ company }] } = await db.query(`select company_id as company from orders.kanban_rule where scan_code = 'BENCH0'`);
const numbered = ({ sql, params }) => {
  let n = 0;
  return { text: sql.replace(/\?/g, () => `$${++n}`), values: params };
};
// The rules as seeded: pending, no decision, no orders of the company.
await resetRules(db, company);
await db.query('vacuum full orders.kanban_rule, orders.rule_pending');
await db.query(`vacuum analyze ${RUN_TABLES}`);

async function measure(name, body) {
  const rows = [];
  let plan = [];
  for (let i = 0; i < Number(times); i++) {
    await db.query('begin');
    await db.query(SAME_SETTINGS);
    const cpu = cpuMs();
    const wall = performance.now();
    plan = await body(process.env.EXPLAIN === '1' && i === Number(times) - 1 ? 'explain (analyze, buffers) ' : '');
    rows.push(`${(cpuMs() - cpu).toFixed(0)} ms cpu / ${(performance.now() - wall).toFixed(0)} ms wall`);
    await db.query('rollback');
    await db.query(`vacuum analyze ${RUN_TABLES}`);
  }
  console.log(`${name}: ${rows.join(', ')}`);
  if (plan.length > 0) console.log(plan.join('\n'));
}

await measure('plain statement', async (explain) => {
  const result = await db.query(explain + PLAIN.replaceAll('$1', String(company)));
  return explain ? result.rows.map((r) => r['QUERY PLAN']) : [];
});
await measure('service run (backorder and run statements)', async (explain) => {
  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  const { rows: [{ id: runId }] } = await db.query(
    `insert into orders.requisition_run (company_id, trigger, run_date, started_at, evaluated, orders, lines) values ($1, 'stock', $2, $3, 0, 0, 0) returning id`,
    [company, today, now],
  );
  const backorders = numbered(backorderStatement({ companyId: company, today, now, runId, sweep: true }));
  await db.query(backorders.text, backorders.values);
  const run = numbered(runStatement({ companyId: company, runId, trigger: 'stock', due: { kind: 'pending' }, today, now, userId: null, backorderRuleIds: [] }));
  const result = await db.query(explain + run.text, run.values);
  return explain ? result.rows.map((r) => r['QUERY PLAN']) : [];
});
await db.end();
