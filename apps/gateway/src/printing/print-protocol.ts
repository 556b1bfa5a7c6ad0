import { AppError, type ErrorBody } from '@kanban/access';
import type { LabelData, PrintLabel, RenderStats, SheetSettings, ZplDpi } from '@kanban/labels';

/**
 * The messages between the gateway's main thread and a print worker (print-pool.ts, print-worker.ts). Everything
 * is plain data (structured clone): the template's XML, the settings, the labels' data with their images as bytes.
 * Every message carries the job's `seq`, so a late message of an ended job is ignored.
 */

/** What a worker renders (docs/label-printing.md "Print workers"). */
export interface WorkerJob {
  /** `pdf` (renderPdf), `zpl` (renderZpl at `zplDpi`), `calibration` (renderCalibrationPdf: no labels) */
  kind: 'pdf' | 'zpl' | 'calibration';
  /** the template's XML (parsed in the worker, once per distinct XML) */
  template: string;
  settings: SheetSettings;
  /** labels the job prints, copies included ({{label.count}}) */
  count?: number;
  form?: Record<string, unknown>;
  /** images shared by all labels (company.logo) */
  images?: Record<string, Uint8Array | string>;
  zplDpi?: ZplDpi;
}

export type WireError = { app: ErrorBody } | { message: string; name?: string; stack?: string };

export type ToWorker =
  | { type: 'job'; seq: number; job: WorkerJob }
  /** the next labels; `done`: there are no more */
  | { type: 'labels'; seq: number; labels: PrintLabel[]; bytes: number; done: boolean }
  /** reading the labels failed on the main thread (a bus error, the client went away): the job fails with it */
  | { type: 'labels-failed'; seq: number; error: WireError }
  /** output bytes the main thread has passed on: the worker may send that much more */
  | { type: 'ack'; seq: number; bytes: number }
  /** the client went away: stop at the next label, drop the output */
  | { type: 'cancel'; seq: number };

export type FromWorker =
  | { type: 'more'; seq: number }
  | { type: 'chunk'; seq: number; data: Uint8Array }
  | { type: 'done'; seq: number; stats: RenderStats }
  | { type: 'failed'; seq: number; error: WireError };

export function errorToWire(error: unknown): WireError {
  if (error instanceof AppError) return { app: error.toBody() };
  const err = error instanceof Error ? error : new Error(String(error));
  return { message: err.message, name: err.name, stack: err.stack };
}

/** The error again: an AppError (1055, 1000, …) as it was thrown, anything else as an Error with its message. */
export function errorFromWire(wire: WireError): Error {
  if ('app' in wire) return AppError.fromBody(wire.app);
  const err = new Error(wire.message);
  if (wire.name) err.name = wire.name;
  if (wire.stack) err.stack = wire.stack;
  return err;
}

/**
 * Bytes as their own small ArrayBuffer: a structured clone of a view copies the view's whole buffer, and a Buffer
 * may be a slice of a larger one (Node's pool).
 */
export function ownBytes(bytes: Uint8Array): Uint8Array {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes;
  return new Uint8Array(bytes);
}

function imagesToWire(images: Record<string, Buffer | Uint8Array | string> | undefined): { images?: Record<string, Uint8Array | string>; bytes: number } {
  if (!images) return { bytes: 0 };
  let bytes = 0;
  const out: Record<string, Uint8Array | string> = {};
  for (const [key, value] of Object.entries(images)) {
    out[key] = typeof value === 'string' ? value : ownBytes(value);
    bytes += value.length;
  }
  return { images: out, bytes };
}

/** A label for the worker: its images as own byte arrays; `bytes` their size (the worker bounds what it holds). */
export function labelToWire(label: PrintLabel): { label: PrintLabel; bytes: number } {
  if (!label.data.images) return { label, bytes: 0 };
  const { images, bytes } = imagesToWire(label.data.images);
  return { label: { ...label, data: { ...label.data, images: images as LabelData['images'] } }, bytes };
}

export function sharedImagesToWire(images: Record<string, Buffer | string> | undefined): Record<string, Uint8Array | string> | undefined {
  return imagesToWire(images).images;
}

/** Byte arrays back as Buffers (a structured clone makes a Buffer a plain Uint8Array), without copying. */
export function imagesFromWire(images: Record<string, Uint8Array | string> | undefined): Record<string, Buffer | string> | undefined {
  if (!images) return undefined;
  const out: Record<string, Buffer | string> = {};
  for (const [key, value] of Object.entries(images))
    out[key] = typeof value === 'string' ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  return out;
}
