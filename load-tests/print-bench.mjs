// `npm run bench:print`: how fast libs/labels prints item labels into one PDF, and how much memory it takes
// (issue 19; docs/label-templates.md "Benchmark"). Targets: at least 300 labels/s, and peak RSS for 10,000 labels
// less than 50 MB above the peak for 1,000 (the PDF is streamed to its file page by page).
//
// Each size runs in its own child process (so its peak RSS is its own): the built-in kanban card 100 × 50 mm
// (a QR code of the rule's scan code and a Code 128 of the SKU on every label, each value different), 2 × 5 on A4,
// written to a file in the temp folder. Labels/s = labels / the render's wall time (after the child has loaded the
// library, so start-up is not counted; the first labels' warm-up is), and labels per CPU second of the child (user +
// system time: what the rate would be with a core to itself, less sensitive to a busy machine). Peak RSS from the
// child's resource usage.
// Every size runs twice: with Node's default heap settings, and with the heap bounded (--max-old-space-size=128, as
// a print worker would be started): the live heap stays about 40 MB whatever the count (the PDF is never held), but
// with default settings V8 lets garbage pile up before it collects, so the default run's peak RSS says more about
// V8's heap sizing than about the job.
// Options (environment): BENCH_PRINT_SIZES (default "1000,10000"), BENCH_PRINT_HEAP_MB (default 128).
import { execFileSync } from 'node:child_process';
import { createWriteStream, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TARGET_RATE = 300;
const TARGET_GROWTH_MB = 50;
const fmt = (n) => Math.round(n).toLocaleString('en-US');

if (process.argv[2] === '--child') {
  const count = Number(process.argv[3]);
  const require = createRequire(import.meta.url);
  const labels = require('../dist/libs/labels/src/index.js');
  const template = labels.parsedBuiltin('kanban-card-100x50');
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
  const started = performance.now();
  const cpu = process.cpuUsage();
  const stats = await labels.renderPdf(
    { template, labels: items(), count, settings: { paper: 'A4', columns: 2, rows: 5 } },
    createWriteStream(file),
  );
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  const bytes = statSync(file).size;
  rmSync(file, { force: true });
  process.stdout.write(
    JSON.stringify({ count, seconds, cpuSeconds, stats, bytes, maxRssMb: process.resourceUsage().maxRSS / 1024 }) + '\n',
  );
  process.exit(0);
}

const sizes = (process.env.BENCH_PRINT_SIZES ?? '1000,10000').split(',').map(Number);
const heapMb = Number(process.env.BENCH_PRINT_HEAP_MB ?? 128);
const self = fileURLToPath(import.meta.url);
let allOk = true;
for (const [name, flags] of [
  ['default heap', []],
  [`heap bounded to ${heapMb} MB`, [`--max-old-space-size=${heapMb}`]],
]) {
  const results = [];
  for (const count of sizes) {
    const out = execFileSync(process.execPath, [...flags, self, '--child', String(count)], {
      encoding: 'utf8',
      maxBuffer: 1 << 20,
    });
    const r = JSON.parse(out.trim().split('\n').pop());
    results.push(r);
    console.log(
      `[${name}] ${fmt(count)} labels (Code 128 + QR each): ${fmt(count / r.seconds)} labels/s (${r.seconds.toFixed(1)} s; ${fmt(count / r.cpuSeconds)} per CPU second, ${r.cpuSeconds.toFixed(1)} s CPU), ${fmt(r.stats.pages)} A4 pages, PDF ${(r.bytes / 1e6).toFixed(1)} MB, peak RSS ${r.maxRssMb.toFixed(0)} MB`,
    );
  }
  const rateOk = results.every((r) => r.count / r.seconds >= TARGET_RATE);
  console.log(`[${name}] target >= ${TARGET_RATE} labels/s: ${rateOk ? 'met' : 'NOT met'}`);
  const small = results.find((r) => r.count === 1000);
  const large = results.find((r) => r.count === 10000);
  let memOk = true;
  if (small && large) {
    const growth = large.maxRssMb - small.maxRssMb;
    memOk = growth < TARGET_GROWTH_MB;
    console.log(
      `[${name}] peak RSS growth 1,000 -> 10,000 labels: ${growth.toFixed(1)} MB (target < ${TARGET_GROWTH_MB} MB): ${memOk ? 'met' : 'NOT met'}`,
    );
  }
  allOk &&= rateOk && memOk;
}
console.log(`bench:print ${allOk ? 'met all targets' : 'missed a target (see above)'}`);
