import { Writable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import {
  type LabelTemplate,
  parseLabelTemplate,
  printError,
  type PrintJob,
  type PrintLabel,
  renderCalibrationPdf,
  renderPdf,
  type RenderStats,
  renderZpl,
} from '@kanban/labels';
import {
  errorFromWire,
  errorToWire,
  type FromWorker,
  imagesFromWire,
  type ToWorker,
  type WorkerJob,
} from './print-protocol';

/**
 * A print worker (node:worker_threads, started by print-pool.ts with a heap limit): renders one job at a time with
 * libs/labels from plain data. It asks the main thread for labels a batch at a time while it renders (the main
 * thread reads them over the bus), and sends the output back in chunks, at most OUTPUT_WINDOW bytes ahead of what
 * the main thread has passed on: when the HTTP answer is slow, the main thread stops acknowledging, this worker's
 * output stream fills up and the renderer waits (it waits for `drain` after every sheet).
 */

/** Output bytes sent and not yet acknowledged before the renderer must wait. */
export const OUTPUT_WINDOW = 1 << 20;
/** Output collected before it is sent as one message (or at the end of the current turn). */
const CHUNK_BYTES = 64 * 1024;
/** Ask for more labels when fewer than this many are waiting here, and their images take less than LABEL_BYTES. */
const LABELS_LOW = 64;
const LABEL_BYTES = 8 << 20;

const port = parentPort;
if (!port) throw new Error('print-worker.ts runs as a worker thread (print-pool.ts starts it)');
const send = (message: FromWorker, transfer?: ArrayBuffer[]): void => port.postMessage(message, transfer);

/** The labels of the running job as they arrive from the main thread. */
class LabelFeed {
  private readonly queue: PrintLabel[] = [];
  private queuedBytes = 0;
  private readonly sizes: number[] = [];
  private ended = false;
  private asked = false;
  private error: Error | null = null;
  private wake: (() => void) | null = null;

  constructor(private readonly seq: number) {}

  push(labels: PrintLabel[], bytes: number, done: boolean): void {
    // the batch's image bytes are spread over its labels (enough to bound what is held)
    const each = labels.length > 0 ? bytes / labels.length : 0;
    for (const label of labels) {
      const images = imagesFromWire(label.data.images as Record<string, Uint8Array | string> | undefined);
      this.queue.push(images ? { ...label, data: { ...label.data, images } } : label);
      this.sizes.push(each);
    }
    this.queuedBytes += bytes;
    this.ended ||= done;
    this.asked = false;
    this.notify();
  }

  fail(error: Error): void {
    this.error = error;
    this.notify();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  async *labels(): AsyncGenerator<PrintLabel> {
    for (;;) {
      if (this.error) throw this.error;
      if (!this.ended && !this.asked && this.queue.length < LABELS_LOW && this.queuedBytes < LABEL_BYTES) {
        this.asked = true;
        send({ type: 'more', seq: this.seq });
      }
      const label = this.queue.shift();
      if (label) {
        this.queuedBytes -= this.sizes.shift() ?? 0;
        yield label;
        continue;
      }
      if (this.ended) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }
}

/** The renderer's output stream: collects chunks, sends them to the main thread, and holds the renderer back while OUTPUT_WINDOW bytes are unacknowledged. */
class ToMain extends Writable {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private inflight = 0;
  private held: (() => void) | null = null;
  private flushing = false;
  cancelled = false;

  constructor(private readonly seq: number) {
    super({ highWaterMark: CHUNK_BYTES });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    if (this.cancelled) return callback();
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes >= CHUNK_BYTES) this.flush();
    else if (!this.flushing) {
      this.flushing = true;
      setImmediate(() => this.flush());
    }
    if (this.inflight + this.pendingBytes < OUTPUT_WINDOW) callback();
    else this.held = callback;
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.flush();
    callback();
  }

  private flush(): void {
    this.flushing = false;
    if (this.pendingBytes === 0 || this.cancelled) return;
    const data = new Uint8Array(this.pendingBytes);
    let at = 0;
    for (const part of this.pending) {
      data.set(part, at);
      at += part.length;
    }
    this.inflight += this.pendingBytes;
    this.pending = [];
    this.pendingBytes = 0;
    send({ type: 'chunk', seq: this.seq, data }, [data.buffer]);
  }

  ack(bytes: number): void {
    this.inflight -= bytes;
    this.release();
  }

  cancel(): void {
    this.cancelled = true;
    this.pending = [];
    this.pendingBytes = 0;
    this.inflight = 0;
    this.release();
  }

  private release(): void {
    if (this.held && (this.cancelled || this.inflight + this.pendingBytes < OUTPUT_WINDOW)) {
      const callback = this.held;
      this.held = null;
      callback();
    }
  }
}

/** Parsed templates by their XML (a gateway prints with few templates). */
const templates = new Map<string, LabelTemplate>();
function templateOf(xml: string): LabelTemplate {
  let template = templates.get(xml);
  if (!template) {
    try {
      template = parseLabelTemplate(xml);
    } catch (err) {
      throw printError(`the template is broken: ${(err as Error).message}`);
    }
    if (templates.size >= 20) templates.delete(templates.keys().next().value!);
    templates.set(xml, template);
  }
  return template;
}

let current: { seq: number; feed: LabelFeed; out: ToMain } | null = null;

async function run(seq: number, job: WorkerJob): Promise<RenderStats> {
  const feed = new LabelFeed(seq);
  const out = new ToMain(seq);
  current = { seq, feed, out };
  const template = templateOf(job.template);
  if (job.kind === 'calibration') {
    await renderCalibrationPdf(job.settings, template, out);
    return { pages: 1, labels: 0, panels: 0 };
  }
  const guarded = (async function* () {
    for await (const label of feed.labels()) {
      if (out.cancelled) throw printError('the download was cancelled');
      yield label;
    }
  })();
  const print: PrintJob = { template, labels: guarded, count: job.count, form: job.form, images: imagesFromWire(job.images), settings: job.settings };
  return job.kind === 'zpl' ? renderZpl(print, out, { dpi: job.zplDpi }) : renderPdf(print, out);
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'job') {
    const { seq } = message;
    run(seq, message.job).then(
      (stats) => {
        current = null;
        send({ type: 'done', seq, stats });
      },
      (error: unknown) => {
        current = null;
        send({ type: 'failed', seq, error: errorToWire(error) });
      },
    );
    return;
  }
  if (!current || current.seq !== message.seq) return;
  if (message.type === 'labels') current.feed.push(message.labels, message.bytes, message.done);
  else if (message.type === 'labels-failed') current.feed.fail(errorFromWire(message.error));
  else if (message.type === 'ack') current.out.ack(message.bytes);
  else if (message.type === 'cancel') {
    current.out.cancel();
    current.feed.fail(printError('the download was cancelled'));
  }
});
