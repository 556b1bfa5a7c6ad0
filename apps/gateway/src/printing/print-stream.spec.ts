import { Logger } from '@nestjs/common';
import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { PassThrough } from 'node:stream';
import { AppError } from '@kanban/access';
import { printError } from '@kanban/labels';
import { guardLabels, PRINT_GATE_BYTES, type PrintStop, sendGated } from './print-stream';

/** The gate in front of a print answer, over real HTTP: early errors before any byte, later ones abort the download. */
let server: Server;
let url = '';
let render: (out: PassThrough) => Promise<unknown> = async () => undefined;
let stop: PrintStop = { aborted: false };
const log = new Logger('print-stream.spec');

beforeAll(async () => {
  const app = express();
  app.post('/print', async (_req, res) => {
    try {
      await sendGated(res, { name: 'Etiketten "Lager".pdf', type: 'application/pdf', labels: 3, pages: 2 }, render, stop, log);
    } catch (err) {
      res.status(422).json({ code: (err as AppError).code, message: (err as Error).message });
    }
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/print`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  stop = { aborted: false };
});

const chunk = (n: number): Buffer => Buffer.alloc(n, 0x41);
async function write(out: PassThrough, bytes: number): Promise<void> {
  for (let sent = 0; sent < bytes; sent += 16_384) if (!out.write(chunk(Math.min(16_384, bytes - sent)))) await new Promise((r) => out.once('drain', r));
}

describe('sendGated', () => {
  it('answers a small job whole with its length and headers', async () => {
    render = async (out) => {
      await write(out, 10_000);
      out.end();
    };
    const answer = await fetch(url, { method: 'POST' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-length')).toBe('10000');
    expect(answer.headers.get('x-label-count')).toBe('3');
    expect(answer.headers.get('x-page-count')).toBe('2');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="Etiketten _Lager_.pdf"; filename*=UTF-8''Etiketten%20%22Lager%22.pdf`);
    expect((await answer.arrayBuffer()).byteLength).toBe(10_000);
  });

  it('streams a large job: the answer starts before the renderer is done', async () => {
    let release: () => void = () => undefined;
    const more = new Promise<void>((resolve) => (release = resolve));
    render = async (out) => {
      await write(out, PRINT_GATE_BYTES + 50_000);
      await more;
      await write(out, 100_000);
      out.end();
    };
    const answer = await fetch(url, { method: 'POST' });
    // the headers arrived while the renderer still waits
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-length')).toBeNull();
    release();
    expect((await answer.arrayBuffer()).byteLength).toBe(PRINT_GATE_BYTES + 150_000);
  });

  it('throws an error of the first bytes before anything is sent (the envelope answers it)', async () => {
    render = async (out) => {
      await write(out, 20_000);
      throw printError('barcode "X": GS1 AI (01): check digit is 4, expected 3');
    };
    const answer = await fetch(url, { method: 'POST' });
    expect(answer.status).toBe(422);
    expect(await answer.json()).toEqual({ code: 1055, message: 'error while printing: barcode "X": GS1 AI (01): check digit is 4, expected 3' });
  });

  it('aborts the download on a later error', async () => {
    render = async (out) => {
      await write(out, PRINT_GATE_BYTES + 10_000);
      await new Promise((r) => setTimeout(r, 50));
      throw printError('an image cannot be read');
    };
    const answer = await fetch(url, { method: 'POST' });
    expect(answer.status).toBe(200);
    await expect(answer.arrayBuffer()).rejects.toThrow();
  });

  it('stops the labels when the client goes away', async () => {
    let pulled = 0;
    async function* labels() {
      for (;;) {
        pulled++;
        yield { data: {} };
      }
    }
    let result: unknown = null;
    render = async (out) => {
      try {
        for await (const _label of guardLabels(labels(), stop)) {
          if (!out.write(chunk(8_192))) await new Promise((r) => setTimeout(r, 5));
        }
      } catch (err) {
        result = err;
        throw err;
      }
    };
    const controller = new AbortController();
    const answer = await fetch(url, { method: 'POST', signal: controller.signal });
    expect(answer.status).toBe(200);
    controller.abort();
    for (let i = 0; i < 100 && result === null; i++) await new Promise((r) => setTimeout(r, 20));
    expect(stop.aborted).toBe(true);
    expect(result).toBeInstanceOf(AppError);
    expect((result as AppError).message).toMatch(/cancelled/);
    expect(pulled).toBeGreaterThan(PRINT_GATE_BYTES / 8_192);
  });
});
