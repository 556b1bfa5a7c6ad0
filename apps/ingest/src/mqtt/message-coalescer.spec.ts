import type { IngestAnswer } from '../readings/ingest.service';
import type { IncomingReading, ParsedBatch } from '../readings/reading-input';
import { MessageCoalescer } from './message-coalescer';

const reading = (index: number, external_id: string): IncomingReading => ({
  index,
  external_id,
  time: new Date(Date.UTC(2026, 10, 27, 8, 0, index)),
  value: index,
  unit: null,
  battery: null,
  signal: null,
  source: 'mqtt',
});

describe('MessageCoalescer', () => {
  it('takes the messages of a company as one batch once every connection waits, and answers each its own refusals', async () => {
    const calls: { companyId: number; batch: ParsedBatch }[] = [];
    const coalescer = new MessageCoalescer(
      async (companyId, batch): Promise<IngestAnswer> => {
        calls.push({ companyId, batch });
        // the unknown device's readings are refused, by their index in the batch
        const refused = batch.readings.filter((r) => r.external_id === 'unknown').map((r) => ({ index: r.index, external_id: r.external_id, field: 'external_id', reason: 'no sensor' }));
        return { accepted: batch.readings.length - refused.length, refused };
      },
      { blockingLimit: 3, readingLimit: 1000, waitMs: 10_000 },
    );
    const first = coalescer.take(7, { readings: [reading(0, 'scale-1'), reading(1, 'unknown')], refused: [] }, true);
    // a message whose first reading was refused when it was read: its own index 0 stays its own
    const second = coalescer.take(7, { readings: [reading(1, 'unknown')], refused: [{ index: 0, external_id: 'scale-2', field: 'value', reason: 'is no number' }] }, true);
    expect(calls).toHaveLength(0);
    const third = coalescer.take(7, { readings: [reading(0, 'scale-3')], refused: [] }, true);
    const answers = await Promise.all([first, second, third]);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.batch.readings.map((r) => r.index)).toEqual([0, 1, 3, 4]);
    expect(answers[0]).toEqual({ accepted: 1, refused: [{ index: 1, external_id: 'unknown', field: 'external_id', reason: 'no sensor' }] });
    expect(answers[1]).toEqual({
      accepted: 0,
      refused: [
        { index: 0, external_id: 'scale-2', field: 'value', reason: 'is no number' },
        { index: 1, external_id: 'unknown', field: 'external_id', reason: 'no sensor' },
      ],
    });
    expect(answers[2]).toEqual({ accepted: 1, refused: [] });
  });

  it('sends one batch per company after the wait, and hands a failure to each message', async () => {
    const companies: number[] = [];
    const coalescer = new MessageCoalescer(
      async (companyId): Promise<IngestAnswer> => {
        companies.push(companyId);
        if (companyId === 2) throw new Error('store down');
        return { accepted: 1, refused: [] };
      },
      { blockingLimit: 10, readingLimit: 1000, waitMs: 5 },
    );
    const a = coalescer.take(1, { readings: [reading(0, 'a')], refused: [] }, false);
    const b = coalescer.take(2, { readings: [reading(0, 'b')], refused: [] }, true);
    const c = coalescer.take(2, { readings: [reading(0, 'c')], refused: [] }, true);
    await expect(a).resolves.toEqual({ accepted: 1, refused: [] });
    await expect(b).rejects.toThrow('store down');
    await expect(c).rejects.toThrow('store down');
    expect(companies.sort()).toEqual([1, 2]);
  });
});
