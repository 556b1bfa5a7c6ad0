import type { IngestAnswer } from '../readings/ingest.service';
import type { ParsedBatch, Refusal } from '../readings/reading-input';

interface Waiting {
  companyId: number;
  batch: ParsedBatch;
  /** the message's readings and refusals take the indexes 0..size-1 */
  size: number;
  blocking: boolean;
  resolve: (answer: IngestAnswer) => void;
  reject: (error: unknown) => void;
}

/**
 * Takes the readings of many MQTT messages as one batch per company (one sensor look-up, one publish into the work
 * stream) instead of one per message. Why: the MQTT client hands a connection's QoS 1 messages over one at a time and
 * waits for each to be taken before the next (its acknowledgement follows the take), so a connection takes at most
 * one message per round trip to the work stream; the subscriber opens several connections and this collects their
 * waiting messages. It sends when every connection has a message waiting (`blockingLimit`: none can send more), when
 * `readingLimit` readings wait, or `waitMs` after the first came. Each message's promise settles with its own part of
 * the answer (its refusals with its own indexes), or with the batch's error (then each message is tried again).
 */
export class MessageCoalescer {
  private waiting: Waiting[] = [];
  private blocking = 0;
  private readings = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly accept: (companyId: number, batch: ParsedBatch) => Promise<IngestAnswer>,
    private readonly options: { blockingLimit: number; readingLimit: number; waitMs: number },
  ) {}

  /** `blocking`: the message's connection waits for this answer before it hands over its next message (QoS 1). */
  take(companyId: number, batch: ParsedBatch, blocking: boolean): Promise<IngestAnswer> {
    return new Promise<IngestAnswer>((resolve, reject) => {
      let size = 0;
      for (const r of batch.readings) if (r.index >= size) size = r.index + 1;
      for (const r of batch.refused) if (r.index >= size) size = r.index + 1;
      this.waiting.push({ companyId, batch, size, blocking, resolve, reject });
      if (blocking) this.blocking++;
      this.readings += batch.readings.length;
      if (this.blocking >= this.options.blockingLimit || this.readings >= this.options.readingLimit) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.options.waitMs);
    });
  }

  /** Sends what waits now, one batch per company. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const items = this.waiting;
    this.waiting = [];
    this.blocking = 0;
    this.readings = 0;
    const companies = new Map<number, Waiting[]>();
    for (const item of items) {
      const list = companies.get(item.companyId);
      if (list) list.push(item);
      else companies.set(item.companyId, [item]);
    }
    for (const [companyId, list] of companies) void this.send(companyId, list);
  }

  private async send(companyId: number, items: Waiting[]): Promise<void> {
    if (items.length === 1) {
      const [item] = items;
      await this.accept(companyId, item!.batch).then(item!.resolve, item!.reject);
      return;
    }
    // one batch: each message's indexes moved past the previous messages'
    const offsets: number[] = [];
    const merged: ParsedBatch = { readings: [], refused: [] };
    let offset = 0;
    for (const item of items) {
      offsets.push(offset);
      for (const r of item.batch.readings) merged.readings.push({ ...r, index: r.index + offset });
      offset += item.size;
    }
    let answer: IngestAnswer;
    try {
      answer = await this.accept(companyId, merged);
    } catch (error) {
      for (const item of items) item.reject(error);
      return;
    }
    const refusedBy = items.map(() => [] as Refusal[]);
    for (const refusal of answer.refused) {
      // the message whose index range holds the refusal (offsets ascend)
      let k = items.length - 1;
      while (k > 0 && offsets[k]! > refusal.index) k--;
      refusedBy[k]!.push({ ...refusal, index: refusal.index - offsets[k]! });
    }
    items.forEach((item, k) => {
      const refused = [...item.batch.refused, ...refusedBy[k]!].sort((a, b) => a.index - b.index);
      item.resolve({ accepted: item.batch.readings.length - refusedBy[k]!.length, refused });
    });
  }
}
