import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { AppError, ErrorCode, ProtocolCode } from '@kanban/access';
import { builtinTemplate, type PrintLabel } from '@kanban/labels';
import { PrintPool } from './print-pool';
import type { WorkerJob } from './print-protocol';

/**
 * The print workers over real worker threads (the TypeScript sources compiled as they load, as in the e2e's embedded
 * run): the output of a job, backpressure from a slow reader, a late error, an error of the label source, a client
 * that goes away, the heap limit (the job fails with 1055, a new worker serves the next), the queue.
 * Needs poppler-utils (pdfinfo, pdftotext).
 */
jest.setTimeout(240_000);

const dir = mkdtempSync(path.join(tmpdir(), 'print-pool-spec-'));
const pools: PrintPool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
  rmSync(dir, { recursive: true, force: true });
});
const poolOf = (size: number, heapMb = 128, more: { queueMax?: number; idleMs?: number } = {}): PrintPool => {
  const pool = new PrintPool({ size, heapMb, ...more });
  pools.push(pool);
  return pool;
};

const CARD = builtinTemplate('kanban-card-100x50').xml;
const sheets = (count: number): WorkerJob => ({ kind: 'pdf', template: CARD, settings: { paper: 'A4', columns: 2, rows: 5 }, count });

/** Item labels; `pulled` counts those the worker has asked for; `finished` when the source was closed. */
function source(count: number, bad?: number): { labels: AsyncGenerator<PrintLabel>; pulled: () => number; closed: () => boolean } {
  let pulled = 0;
  let closed = false;
  async function* labels(): AsyncGenerator<PrintLabel> {
    try {
      for (let i = 1; i <= count; i++) {
        pulled++;
        yield {
          data: {
            item: { sku: `SKU-${String(i).padStart(5, '0')}`, name: `Schraube "M${i}" Größe; ok` },
            kanban_rule: { scan_code: i === bad ? 'kein Code128: ÄÖÜ €' : `KR-${100000 + i}`, capacity: 20 },
            location: { name: 'Halle 2' },
          },
        };
      }
    } finally {
      closed = true;
    }
  }
  return { labels: labels(), pulled: () => pulled, closed: () => closed };
}

function collect(out: PassThrough): () => Buffer {
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  return () => Buffer.concat(chunks);
}

function pdfText(pdf: Buffer): { pages: number; text: string } {
  const file = path.join(dir, `doc-${Date.now()}-${Math.random()}.pdf`);
  writeFileSync(file, pdf);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return { pages: Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]), text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }) };
}

describe('PrintPool', () => {
  it('renders a job in a worker thread from plain data and streams the PDF back', async () => {
    const pool = poolOf(1);
    const out = new PassThrough();
    const bytes = collect(out);
    const { labels, closed } = source(25);
    const stats = await pool.render(sheets(25), labels, out);
    expect(stats).toEqual({ pages: 3, labels: 25, panels: 25 });
    const { pages, text } = pdfText(bytes());
    expect(pages).toBe(3);
    for (const sku of ['SKU-00001', 'SKU-00013', 'SKU-00025']) expect(text).toContain(sku);
    expect(closed()).toBe(true);
    expect(pool.stats().threads).toHaveLength(1);
    expect(pool.stats().threads[0]).toBeGreaterThan(0); // not the main thread (0)
  });

  it('waits while the reader is slow: the worker renders at most a window ahead', async () => {
    const pool = poolOf(1);
    const out = new PassThrough({ highWaterMark: 16 * 1024 });
    const { labels, pulled } = source(3000);
    const job = pool.render(sheets(3000), labels, out);
    // nobody reads: the PassThrough fills, the acknowledgements stop, the worker stops at the window (waited for
    // until the labels asked stop changing: the machine may be slow)
    let early = -1;
    for (let i = 0; i < 120 && (early <= 0 || early !== pulled()); i++) {
      early = pulled();
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // 1 MB of output unacknowledged is about 1,500 labels of this card; the labels asked stay put while nobody reads
    expect(pulled()).toBe(early);
    expect(early).toBeLessThan(2200);
    const bytes = collect(out);
    const stats = await job;
    expect(stats.labels).toBe(3000);
    expect(pulled()).toBe(3000);
    expect(pdfText(bytes()).pages).toBe(300);
  });

  it('fails a job with 1055 on a late error (after output was sent), and the worker prints the next job', async () => {
    const pool = poolOf(1);
    const out = new PassThrough();
    const bytes = collect(out);
    const template = CARD.replace(
      /<barcode type="code128"([^>]*)value="\{\{item\.sku\}\}"/,
      '<barcode type="code128"$1value="{{kanban_rule.scan_code}}"',
    );
    expect(template).not.toBe(CARD);
    const { labels } = source(1500, 1400);
    const failure = await pool.render({ ...sheets(1500), template }, labels, out).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).code).toBe(1055);
    expect((failure as AppError).data?.reason).toMatch(/^barcode "kein Code128/);
    expect(bytes().length).toBeGreaterThan(256 * 1024); // the first labels' sheets had gone out
    const threads = pool.stats().threads;
    const next = new PassThrough();
    const nextBytes = collect(next);
    await pool.render(sheets(3), source(3).labels, next);
    expect(pdfText(nextBytes()).pages).toBe(1);
    expect(pool.stats().threads).toEqual(threads);
  });

  it("fails a job with the label source's error (read on the main thread)", async () => {
    const pool = poolOf(1);
    async function* labels(): AsyncGenerator<PrintLabel> {
      yield { data: { item: { sku: 'A' }, kanban_rule: { scan_code: 'KR-1' } } };
      throw new AppError(ProtocolCode.NotFound, 'item 7 was not found');
    }
    const out = new PassThrough();
    out.resume();
    const failure = await pool.render(sheets(2), labels(), out).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).code).toBe(ProtocolCode.NotFound);
    expect((failure as AppError).message).toBe('item 7 was not found');
  });

  it('stops a job whose reader went away at its next label', async () => {
    const pool = poolOf(1);
    const out = new PassThrough();
    const { labels, pulled, closed } = source(20_000);
    let received = 0;
    out.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > 300_000) out.destroy();
    });
    const failure = await pool.render(sheets(20_000), labels, out).catch((e: unknown) => e);
    expect((failure as AppError).code).toBe(1055);
    expect((failure as AppError).message).toMatch(/cancelled/);
    expect(pulled()).toBeLessThan(5000);
    expect(closed()).toBe(true);
  });

  it('fails a job that passes the heap limit with 1055 and serves the next job with a new worker', async () => {
    const pool = poolOf(1, 64);
    const small = new PassThrough();
    small.resume();
    await pool.render(sheets(2), source(2).labels, small);
    const [first] = pool.stats().threads;
    // a delivery note of 200,000 lines: its pages are laid out before the first is drawn, far more than 64 MB
    const lines = Array.from({ length: 200_000 }, (_, i) => ({ pos: i + 1, sku: `SKU-${i}`, name: `Artikel ${i} mit einem längeren Namen`, quantity: 1, unit: 'PCE' }));
    const out = new PassThrough();
    out.resume();
    const note: WorkerJob = { kind: 'pdf', template: builtinTemplate('delivery-note-a4').xml, settings: { paper: 'A4' }, count: 1 };
    const failure = await pool.render(note, [{ data: { order: { id: 1 }, lines } }], out).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).code).toBe(1055);
    expect((failure as AppError).message).toBe('error while printing: the job needed more memory than a print worker may use (64 MB, PRINT_WORKER_HEAP_MB)');
    expect(pool.stats().threads).toEqual([]);
    const next = new PassThrough();
    const bytes = collect(next);
    await pool.render(sheets(4), source(4).labels, next);
    expect(pdfText(bytes()).pages).toBe(1);
    const [second] = pool.stats().threads;
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
  });

  it('queues jobs beyond its workers and runs them in order', async () => {
    const pool = poolOf(1);
    const order: string[] = [];
    const run = (name: string, count: number): Promise<void> => {
      const out = new Writable({ write: (_chunk, _enc, cb) => cb() });
      return pool.render(sheets(count), source(count).labels, out).then(() => void order.push(name));
    };
    const jobs = [run('a', 200), run('b', 10), run('c', 10)];
    expect(pool.stats().waiting).toBe(2);
    await Promise.all(jobs);
    expect(order).toEqual(['a', 'b', 'c']);
    expect(pool.stats()).toMatchObject({ idle: 1, waiting: 0 });
  });

  it('refuses a job at once with 1055 when PRINT_QUEUE_MAX jobs wait already; the others run', async () => {
    const pool = poolOf(1, 128, { queueMax: 1 });
    const sink = () => new Writable({ write: (_chunk, _enc, cb) => cb() });
    const first = pool.render(sheets(200), source(200).labels, sink());
    const second = pool.render(sheets(10), source(10).labels, sink());
    const third = source(10);
    const refused = await pool.render(sheets(10), third.labels, sink()).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe(ErrorCode.PrintError);
    expect((refused as AppError).message).toBe('error while printing: 1 print jobs are waiting already (PRINT_QUEUE_MAX); try again in a moment');
    expect(third.pulled()).toBe(0);
    await expect(Promise.all([first, second])).resolves.toHaveLength(2);
    expect(pool.stats()).toMatchObject({ idle: 1, waiting: 0 });
  });

  it('ends a worker idle for PRINT_WORKER_IDLE_MS and starts a new one for the next job', async () => {
    const pool = poolOf(1, 128, { idleMs: 300 });
    const out = new PassThrough();
    const pdf = collect(out);
    await pool.render(sheets(4), source(4).labels, out);
    expect(pdf().subarray(0, 5).toString()).toBe('%PDF-');
    const [firstThread] = pool.stats().threads;
    expect(pool.stats()).toMatchObject({ idle: 1, threads: [firstThread] });
    const deadline = Date.now() + 10_000;
    while (pool.stats().threads.length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(pool.stats()).toEqual({ threads: [], idle: 0, waiting: 0 });
    const again = new PassThrough();
    const second = collect(again);
    await pool.render(sheets(2), source(2).labels, again);
    expect(second().subarray(0, 5).toString()).toBe('%PDF-');
    expect(pool.stats().threads).toHaveLength(1);
    expect(pool.stats().threads[0]).not.toBe(firstThread);
  });
});
