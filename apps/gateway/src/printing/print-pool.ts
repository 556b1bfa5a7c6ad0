import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { Worker } from 'node:worker_threads';
// sharp (libvips) is loaded here before any worker loads it: its shared libraries then stay open when a worker ends
// (on glibc they would be unloaded with the last user and a later worker could crash; lovell/sharp#2263)
import 'sharp';
import { printError, type PrintLabel, type RenderStats } from '@kanban/labels';
import {
  errorFromWire,
  errorToWire,
  type FromWorker,
  labelToWire,
  type ToWorker,
  type WorkerJob,
} from './print-protocol';

/**
 * The print workers (docs/label-printing.md "Print workers"): a small pool of worker threads, each rendering one job at
 * a time with its own heap limit (`resourceLimits.maxOldGenerationSizeMb`), so a large job neither blocks the
 * gateway's event loop nor lets its heap grow with the job. Jobs wait in order for a free worker. A worker that dies
 * (or reaches its heap limit) fails its job with 1055 and is replaced by a new one for the next job. At most
 * `queueMax` jobs wait (one more is refused with 1055 at once instead of piling up), and a worker idle for `idleMs` ends.
 */
export interface PrintPoolOptions {
  /** workers at most (PRINT_WORKERS) */
  size: number;
  /** each worker's old-generation heap limit in MB (PRINT_WORKER_HEAP_MB) */
  heapMb: number;
  /** jobs that may wait for a worker at most (PRINT_QUEUE_MAX); one more is refused at once with 1055 */
  queueMax?: number;
  /** an idle worker ends after this many ms without a job (PRINT_WORKER_IDLE_MS); the next job starts a new one */
  idleMs?: number;
}

/** Defaults of the optional pool options (docs/label-printing.md "Print workers"). */
export const PRINT_QUEUE_MAX_DEFAULT = 20;
export const PRINT_WORKER_IDLE_MS_DEFAULT = 300_000;

/** Labels sent to a worker per batch at most (fewer when their images pass LABEL_BATCH_BYTES). */
const LABEL_BATCH = 32;
const LABEL_BATCH_BYTES = 4 << 20;

/**
 * How a worker thread is started: the compiled print-worker.js beside this file (dist/, the product), or, when this
 * file runs as TypeScript (jest's SWC transform), a small script that compiles the sources with the build's SWC
 * options as they are loaded.
 */
function workerEntry(): { script: string; eval: boolean } {
  if (!__filename.endsWith('.ts')) {
    const script = path.join(__dirname, 'print-worker.js');
    if (!existsSync(script)) throw new Error(`the print worker ${script} is missing from the build`);
    return { script, eval: false };
  }
  const options = path.resolve(__dirname, '../../../../tools/scripts/swc-options.cjs');
  const code = `
const { readFileSync } = require('node:fs');
const { transformSync } = require(${JSON.stringify(require.resolve('@swc/core'))});
const options = { ...require(${JSON.stringify(options)})(), sourceMaps: 'inline', swcrc: false };
require.extensions['.ts'] = (module, filename) => module._compile(transformSync(readFileSync(filename, 'utf8'), { ...options, filename }).code, filename);
require(${JSON.stringify(path.join(__dirname, 'print-worker.ts'))});
`;
  return { script: code, eval: true };
}

/** One worker thread; `dead` once it has exited (or failed), then the pool starts another. */
class PrintThread {
  readonly worker: Worker;
  dead = false;
  /** why it died: its error (ERR_WORKER_OUT_OF_MEMORY at the heap limit) or exit code */
  deathCause: Error | null = null;
  private seq = 0;

  constructor(private readonly heapMb: number) {
    const entry = workerEntry();
    this.worker = new Worker(entry.script, { eval: entry.eval, resourceLimits: { maxOldGenerationSizeMb: heapMb } });
    this.worker.on('error', (error) => {
      this.dead = true;
      this.deathCause ??= error;
    });
    this.worker.on('exit', (code) => {
      this.dead = true;
      this.deathCause ??= new Error(`exit code ${code}`);
    });
    this.worker.unref();
  }

  /** The failure of a job whose worker died: 1055 with the reason. */
  private deathError(): Error {
    const cause = this.deathCause as (Error & { code?: string }) | null;
    if (cause?.code === 'ERR_WORKER_OUT_OF_MEMORY')
      return printError(`the job needed more memory than a print worker may use (${this.heapMb} MB, PRINT_WORKER_HEAP_MB)`);
    return printError(`the print worker stopped (${cause?.message ?? 'unknown reason'})`);
  }

  /** Renders one job: labels are pulled from `labels` as the worker asks; the output goes into `out` with backpressure. */
  run(job: WorkerJob, labels: Iterable<PrintLabel> | AsyncIterable<PrintLabel>, out: Writable): Promise<RenderStats> {
    const seq = ++this.seq;
    const worker = this.worker;
    const source: Iterator<PrintLabel> | AsyncIterator<PrintLabel> =
      Symbol.asyncIterator in labels ? labels[Symbol.asyncIterator]() : labels[Symbol.iterator]();
    const post = (message: ToWorker, transfer?: ArrayBuffer[]): void => {
      if (!this.dead) worker.postMessage(message, transfer);
    };
    worker.ref();
    return new Promise<RenderStats>((resolve, reject) => {
      let settled = false;
      let ending = false;
      let pulling = false;
      let unacked = 0;
      let draining = false;

      const settle = (error: Error | null, stats?: RenderStats): void => {
        if (settled) return;
        settled = true;
        worker.off('message', onMessage);
        worker.off('error', onDeath);
        worker.off('exit', onDeath);
        out.off('close', onClose);
        out.off('drain', onDrain);
        if (!this.dead) worker.unref();
        void Promise.resolve(source.return?.()).catch(() => undefined);
        if (error) reject(error);
        else resolve(stats!);
      };

      const pump = async (): Promise<void> => {
        if (pulling) return;
        pulling = true;
        try {
          const batch: PrintLabel[] = [];
          let bytes = 0;
          let done = false;
          while (batch.length < LABEL_BATCH && bytes < LABEL_BATCH_BYTES) {
            const next = await source.next();
            if (next.done) {
              done = true;
              break;
            }
            const wire = labelToWire(next.value);
            batch.push(wire.label);
            bytes += wire.bytes;
          }
          if (!settled) post({ type: 'labels', seq, labels: batch, bytes, done });
        } catch (error) {
          if (!settled) post({ type: 'labels-failed', seq, error: errorToWire(error) });
        } finally {
          pulling = false;
        }
      };

      const onDrain = (): void => {
        draining = false;
        const bytes = unacked;
        unacked = 0;
        if (bytes > 0) post({ type: 'ack', seq, bytes });
      };

      const onMessage = (message: FromWorker): void => {
        if (message.seq !== seq || settled) return;
        switch (message.type) {
          case 'more':
            void pump();
            return;
          case 'chunk': {
            if (out.destroyed) return;
            const { data } = message;
            if (out.write(Buffer.from(data.buffer, data.byteOffset, data.byteLength))) post({ type: 'ack', seq, bytes: data.byteLength });
            else {
              unacked += data.byteLength;
              if (!draining) {
                draining = true;
                out.once('drain', onDrain);
              }
            }
            return;
          }
          case 'done':
            ending = true;
            out.end();
            finished(out).then(
              () => settle(null, message.stats),
              (error: Error) => settle(error),
            );
            return;
          case 'failed':
            settle(errorFromWire(message.error));
            return;
        }
      };

      const onDeath = (): void => {
        this.dead = true;
        settle(this.deathError());
      };

      // the client went away (the answer's stream was destroyed): the worker stops at its next label
      const onClose = (): void => {
        if (!ending) post({ type: 'cancel', seq });
      };

      if (this.dead) return settle(this.deathError());
      worker.on('message', onMessage);
      worker.once('error', onDeath);
      worker.once('exit', onDeath);
      out.on('close', onClose);
      post({ type: 'job', seq, job });
    });
  }

  terminate(): Promise<number> {
    return this.worker.terminate();
  }
}

export class PrintPool {
  private readonly idle: PrintThread[] = [];
  /** when each idle worker went idle: the timer ends the ones idle for `idleMs` */
  private readonly idleSince = new Map<PrintThread, number>();
  private idleTimer: NodeJS.Timeout | null = null;
  /** the workers started and not yet ended (idle or busy) */
  private readonly threads = new Set<PrintThread>();
  private readonly waiting: Array<{ out: Writable; grant: (thread: PrintThread) => void; fail: (error: Error) => void }> = [];
  private closed = false;

  constructor(readonly options: PrintPoolOptions) {
    if (!(options.size >= 1)) throw new Error('a print pool needs at least one worker');
  }

  /** Renders a job in a worker (waiting for a free one), its output into `out`; errors as renderPdf's (1000, 1055). */
  async render(job: WorkerJob, labels: Iterable<PrintLabel> | AsyncIterable<PrintLabel>, out: Writable): Promise<RenderStats> {
    const thread = await this.acquire(out);
    try {
      return await thread.run(job, labels, out);
    } finally {
      this.release(thread);
    }
  }

  /** The workers' thread ids, idle ones and busy ones, and the jobs waiting (tests, logs). */
  stats(): { threads: number[]; idle: number; waiting: number } {
    return { threads: [...this.threads].map((t) => t.worker.threadId), idle: this.idle.length, waiting: this.waiting.length };
  }

  private get queueMax(): number {
    return this.options.queueMax ?? PRINT_QUEUE_MAX_DEFAULT;
  }

  private get idleMs(): number {
    return this.options.idleMs ?? PRINT_WORKER_IDLE_MS_DEFAULT;
  }

  /** Puts a worker to rest and arms the timer that ends it after `idleMs` without a job (memory back: ~40 MB each). */
  private rest(thread: PrintThread): void {
    this.idle.push(thread);
    this.idleSince.set(thread, Date.now());
    this.armIdleTimer();
  }

  private armIdleTimer(): void {
    if (this.idleTimer || this.idle.length === 0 || this.closed) return;
    const oldest = Math.min(...this.idle.map((t) => this.idleSince.get(t) ?? Date.now()));
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      const now = Date.now();
      for (const thread of [...this.idle]) {
        if (now - (this.idleSince.get(thread) ?? now) < this.idleMs) continue;
        this.idle.splice(this.idle.indexOf(thread), 1);
        this.idleSince.delete(thread);
        this.end(thread);
      }
      this.armIdleTimer();
    }, Math.max(0, oldest + this.idleMs - Date.now()));
    this.idleTimer.unref();
  }

  private start(): PrintThread {
    const thread = new PrintThread(this.options.heapMb);
    this.threads.add(thread);
    return thread;
  }

  private end(thread: PrintThread): void {
    this.threads.delete(thread);
    void thread.terminate();
  }

  private acquire(out: Writable): Promise<PrintThread> {
    if (this.closed) return Promise.reject(printError('the gateway is shutting down'));
    while (this.idle.length > 0) {
      const thread = this.idle.pop()!;
      this.idleSince.delete(thread);
      if (!thread.dead) return Promise.resolve(thread);
      this.end(thread);
    }
    if (this.threads.size < this.options.size) return Promise.resolve(this.start());
    if (this.waiting.length >= this.queueMax)
      return Promise.reject(printError(`${this.waiting.length} print jobs are waiting already (PRINT_QUEUE_MAX); try again in a moment`));
    return new Promise<PrintThread>((grant, fail) => {
      const entry = { out, grant, fail };
      this.waiting.push(entry);
      // a client that goes away while its job waits: the job never starts
      out.once('close', () => {
        const at = this.waiting.indexOf(entry);
        if (at >= 0) {
          this.waiting.splice(at, 1);
          fail(printError('the download was cancelled'));
        }
      });
    });
  }

  /** After a job: the worker serves the next waiting job, or waits idle; a dead one is replaced by a new one. */
  private release(thread: PrintThread): void {
    let next: PrintThread | null = thread;
    if (thread.dead || this.closed) {
      this.end(thread);
      next = null;
    }
    if (this.closed) return;
    const waiter = this.waiting.shift();
    if (!waiter) {
      if (next) this.rest(next);
      return;
    }
    try {
      waiter.grant(next ?? this.start());
    } catch (error) {
      waiter.fail(error as Error);
    }
  }

  /** Nest's shutdown hook (the pool is a provider of the gateway module). */
  onModuleDestroy(): Promise<void> {
    return this.close();
  }

  /** Ends the workers (the gateway's shutdown: a running job fails, its download is cut off); waiting jobs fail. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.idleSince.clear();
    for (const waiter of this.waiting.splice(0)) waiter.fail(printError('the gateway is shutting down'));
    this.idle.splice(0);
    const threads = [...this.threads];
    this.threads.clear();
    await Promise.all(threads.map((thread) => thread.terminate()));
  }
}
