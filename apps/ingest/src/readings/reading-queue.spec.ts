import type { ResolvedReading } from '@kanban/contracts';
import { type ReadingColumns, toColumns } from './reading-columns';
import { Batcher, DirectReadingQueue, ingestStream } from './reading-queue';
import type { ReadingsWriter } from './readings.writer';

const reading = (i: number): ResolvedReading => ({
  company_id: 1,
  sensor_id: i,
  read_at: new Date(Date.UTC(2026, 10, 27, 8, 0, i)).toISOString(),
  value: i,
  raw_value: i,
  battery: null,
  signal: null,
  source: 'http',
});
const item = (n: number, from = 0) => ({ readings: Array.from({ length: n }, (_, i) => reading(from + i)), count: n });

describe('Batcher', () => {
  it('stores as soon as a batch is full, whole items only, one batch at a time', async () => {
    const batches: number[][] = [];
    let running = 0;
    const batcher = new Batcher<{ readings: ResolvedReading[]; count: number }>(
      async (items) => {
        running++;
        expect(running).toBe(1);
        await new Promise((resolve) => setTimeout(resolve, 5));
        batches.push(items.map((i) => i.readings.length));
        running--;
      },
      10,
      10_000,
    );
    batcher.add(item(4));
    batcher.add(item(4));
    batcher.add(item(4)); // 12 >= 10: the first batch takes what fits whole (4 + 4), the rest follows at once
    await batcher.drain();
    expect(batches).toEqual([[4, 4], [4]]);
  });

  it('stores up to `parallel` batches at once', async () => {
    let running = 0;
    let most = 0;
    const batches: number[] = [];
    const batcher = new Batcher<{ readings: ResolvedReading[]; count: number }>(
      async (items) => {
        most = Math.max(most, ++running);
        await new Promise((resolve) => setTimeout(resolve, 10));
        batches.push(items.length);
        running--;
      },
      2,
      10_000,
      2,
    );
    for (let i = 0; i < 7; i++) batcher.add(item(1, i));
    await batcher.drain();
    expect(most).toBe(2);
    expect(batches.reduce((a, b) => a + b, 0)).toBe(7);
    expect(Math.max(...batches)).toBe(2);
  });

  it('stores a smaller batch after the flush time', async () => {
    const batches: number[] = [];
    const batcher = new Batcher<{ readings: ResolvedReading[]; count: number }>(async (items) => void batches.push(items.length), 1000, 20);
    batcher.add(item(1));
    batcher.add(item(2));
    expect(batches).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(batches).toEqual([2]);
  });

  it('under a steady stream, starts the next batch when its oldest item waited the flush time, not right after the last', async () => {
    const sizes: number[] = [];
    const batcher = new Batcher<{ readings: ResolvedReading[]; count: number }>(
      async (items) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        sizes.push(items.length);
      },
      1000,
      100,
    );
    // an item every 5 ms for 600 ms: a batch right after each 5 ms transaction would hold one or two items
    for (let i = 0; i < 120; i++) {
      batcher.add(item(1, i));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await batcher.drain();
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(120);
    expect(sizes.length).toBeLessThanOrEqual(12);
    expect(Math.max(...sizes)).toBeGreaterThanOrEqual(10);
  });
});

describe('DirectReadingQueue', () => {
  it('answers each caller when its readings committed, and with the failure when the write failed', async () => {
    const written: number[] = [];
    let fail = false;
    const writer = {
      write: async (readings: ReadingColumns) => {
        if (fail) throw new Error('database down');
        written.push(readings.sensor_id.length);
        return { stored: readings.sensor_id.length, duplicates: 0 };
      },
    } as unknown as ReadingsWriter;
    const queue = new DirectReadingQueue(writer, 100, 5);
    await Promise.all([queue.enqueue(toColumns(item(3).readings)), queue.enqueue(toColumns(item(2, 10).readings))]);
    expect(written).toEqual([5]);
    fail = true;
    await expect(queue.enqueue(toColumns(item(1).readings))).rejects.toThrow('database down');
  });
});

describe('the work stream', () => {
  it('is named and addressed under the bus prefix', () => {
    const stream = ingestStream('e2e_1.');
    expect(stream.name).toBe('e2e_1_RAW_ingest');
    expect(stream.subject(12)).toBe('e2e_1.raw.ingest.12');
    expect(stream.all).toBe('e2e_1.raw.ingest.>');
  });
});
