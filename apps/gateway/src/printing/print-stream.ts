import type { Logger } from '@nestjs/common';
import { PassThrough } from 'node:stream';
import type { Response } from 'express';
import type { PrintLabel } from '@kanban/labels';
import { printError } from '@kanban/labels';
import { downloadDisposition } from '../orders/order-files.service';

/**
 * Output held back before the first byte is sent (a few sheets): an error while it fills (a barcode its data cannot
 * make, a broken image) still answers the JSON envelope with 1055; a later one aborts the download.
 */
export const PRINT_GATE_BYTES = 256 * 1024;

/** Set when the client went away: the job stops at its next label. */
export interface PrintStop {
  aborted: boolean;
}

/** The labels, stopping (1055) at the next label once the client has gone, so a cancelled download stops rendering. */
export async function* guardLabels(labels: Iterable<PrintLabel> | AsyncIterable<PrintLabel>, stop: PrintStop): AsyncGenerator<PrintLabel> {
  for await (const label of labels) {
    if (stop.aborted) throw printError('the download was cancelled');
    yield label;
  }
}

export interface PrintHead {
  name: string;
  type: string;
  labels: number;
  pages: number;
}

/**
 * Runs a renderer into a gate: its output is held until PRINT_GATE_BYTES or its end, so an early error is thrown
 * here (and answered as the envelope); then the headers go out, the held bytes and the rest stream into the
 * response. A later error destroys the response (the download is incomplete) and is logged; a client that goes
 * away sets `stop` (the labels stop) and ends the renderer's stream.
 */
export async function sendGated(res: Response, head: PrintHead, render: (out: PassThrough) => Promise<unknown>, stop: PrintStop, log: Logger): Promise<void> {
  const out = new PassThrough();
  res.on('close', () => {
    if (!res.writableFinished) {
      stop.aborted = true;
      out.destroy();
    }
  });
  const held: Buffer[] = [];
  let size = 0;
  let done = false;
  let failure: unknown = null;
  const rendering = render(out).then(
    () => {
      done = true;
    },
    (err: unknown) => {
      done = true;
      failure = err;
      out.destroy();
    },
  );
  await new Promise<void>((resolve) => {
    const onData = (chunk: Buffer): void => {
      held.push(chunk);
      size += chunk.length;
      if (size >= PRINT_GATE_BYTES) {
        out.off('data', onData);
        out.pause();
        resolve();
      }
    };
    out.on('data', onData);
    void rendering.then(() => resolve());
  });
  if (failure) throw failure;
  res.status(200);
  res.setHeader('Content-Type', head.type);
  res.setHeader('Content-Disposition', downloadDisposition(head.name));
  res.setHeader('X-Label-Count', String(head.labels));
  res.setHeader('X-Page-Count', String(head.pages));
  res.setHeader('Access-Control-Expose-Headers', 'Content-Disposition, X-Label-Count, X-Page-Count');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (done) {
    const all = Buffer.concat(held);
    res.setHeader('Content-Length', String(all.length));
    res.end(all);
    return;
  }
  res.write(Buffer.concat(held));
  out.pipe(res);
  await rendering;
  if (failure) {
    if (!stop.aborted) log.warn(`print job failed after the first ${size} bytes were sent: ${(failure as Error).message}`);
    res.destroy(failure as Error);
  }
}
