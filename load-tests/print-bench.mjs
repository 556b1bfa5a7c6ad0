// `npm run bench:print`: how fast the gateway prints item labels into one PDF, and how much memory it takes
// (issue 19; docs/label-templates.md "Benchmark"). Targets: at least 300 labels/s, and peak RSS for 10,000 labels
// less than 50 MB above the peak for 1,000 (the PDF is streamed to its file page by page).
//
// It prints the way the product prints: through the gateway's print workers (apps/gateway/src/printing/print-pool.ts,
// a worker thread with its heap limited to PRINT_WORKER_HEAP_MB, default 128), the labels handed over as plain
// data from the main thread as the worker asks for them, the PDF streamed back with backpressure into a file. The
// process runs with Node's default heap settings (what the gateway process has).
//
// Each size runs in its own child process (so its peak RSS is its own: main thread and worker together): the built-in
// kanban card 100 × 50 mm (a QR code of the rule's scan code and a Code 128 of the SKU on every label, each value
// different), 2 × 5 on A4, written to a file in the temp folder. Labels/s = labels / the job's wall time (after the
// child has loaded the code, so start-up is not counted; the worker's start and the first labels' warm-up are), and
// labels per CPU second of the child (user + system time of all its threads: what the rate would be with a core to
// itself, less sensitive to a busy machine). Peak RSS from the child's resource usage; the main thread's event-loop
// delay during the job (99th percentile and longest) shows it stays free while the worker renders.
// Options (environment): BENCH_PRINT_SIZES (default "1000,10000"), PRINT_WORKER_HEAP_MB (default 128).
import { execFileSync } from 'node:child_process';
import { createWriteStream, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const TARGET_RATE = 300;
const TARGET_GROWTH_MB = 50;
const fmt = (n) => Math.round(n).toLocaleString('en-US');

if (process.argv[2] === '--child') {
  const count = Number(process.argv[3]);
  const require = createRequire(import.meta.url);
  const labels = require('../dist/libs/labels/src/index.js');
  const { PrintPool } = require('../dist/apps/gateway/src/printing/print-pool.js');
  const pool = new PrintPool({ size: 1, heapMb: Number(process.env.PRINT_WORKER_HEAP_MB ?? 128) });
  const template = labels.builtinTemplate('kanban-card-100x50').xml;
  function* items() {
    for (let i = 1; i <= count; i++) {
      yield {
        data: {
          item: { sku: `DIN933-M8x${i}`, name: `Sechskantschraube M8×${i} verzinkt`, item_unit: 'PCE' },
          kanban_rule: { scan_code: `KR-${String(100000 + i)}`, capacity: 100 + (i % 50) },
          location: { name: 'Montagehalle 2' },
          storage: { name: 'Regal R1', bin: `R1-${String(i % 100).padStart(2, '0')}` },
          supplier: { name: 'Schrauben Schmitt GmbH' },
        },
      };
    }
  }
  const file = path.join(tmpdir(), `print-bench-${process.pid}.pdf`);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const started = performance.now();
  const cpu = process.cpuUsage();
  const stats = await pool.render(
    { kind: 'pdf', template, count, settings: { paper: 'A4', columns: 2, rows: 5 } },
    items(),
    createWriteStream(file),
  );
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  loop.disable();
  await pool.close();
  const cpuSeconds = (used.user + used.system) / 1e6;
  const bytes = statSync(file).size;
  rmSync(file, { force: true });
  process.stdout.write(
    JSON.stringify({ count, seconds, cpuSeconds, stats, bytes, maxRssMb: process.resourceUsage().maxRSS / 1024, loopMaxMs: loop.max / 1e6, loopP99Ms: loop.percentile(99) / 1e6 }) + '\n',
  );
  process.exit(0);
}

const sizes = (process.env.BENCH_PRINT_SIZES ?? '1000,10000').split(',').map(Number);
const heapMb = Number(process.env.PRINT_WORKER_HEAP_MB ?? 128);
const self = fileURLToPath(import.meta.url);
const name = `print worker, heap ${heapMb} MB; process with default heap`;
const results = [];
for (const count of sizes) {
  const out = execFileSync(process.execPath, [self, '--child', String(count)], { encoding: 'utf8', maxBuffer: 1 << 20 });
  const r = JSON.parse(out.trim().split('\n').pop());
  results.push(r);
  console.log(
    `[${name}] ${fmt(count)} labels (Code 128 + QR each): ${fmt(count / r.seconds)} labels/s (${r.seconds.toFixed(1)} s; ${fmt(count / r.cpuSeconds)} per CPU second, ${r.cpuSeconds.toFixed(1)} s CPU), ${fmt(r.stats.pages)} A4 pages, PDF ${(r.bytes / 1e6).toFixed(1)} MB, peak RSS ${r.maxRssMb.toFixed(0)} MB, main thread's event-loop delay p99 ${fmt(r.loopP99Ms)} ms, longest ${fmt(r.loopMaxMs)} ms`,
  );
}
const rateOk = results.every((r) => r.count / r.seconds >= TARGET_RATE);
console.log(`target >= ${TARGET_RATE} labels/s: ${rateOk ? 'met' : 'NOT met'}`);
const small = results.find((r) => r.count === 1000);
const large = results.find((r) => r.count === 10000);
let memOk = true;
if (small && large) {
  const growth = large.maxRssMb - small.maxRssMb;
  memOk = growth < TARGET_GROWTH_MB;
  console.log(`peak RSS growth 1,000 -> 10,000 labels: ${growth.toFixed(1)} MB (target < ${TARGET_GROWTH_MB} MB): ${memOk ? 'met' : 'NOT met'}`);
}
console.log(`bench:print ${rateOk && memOk ? 'met all targets' : 'missed a target (see above)'}`);
