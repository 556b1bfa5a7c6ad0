import { Inject, Injectable, Logger } from '@nestjs/common';
import { IngestEvents, type ReadingsStored, type ReadingsStoreFailed } from '@kanban/contracts';
import { addToOutbox } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { INGEST_CONFIG, type IngestConfig } from '../config';
import { columnCount, type ReadingColumns, timeRange } from './reading-columns';
import { ReadingsRepository, retentionStart, type StoredSensor } from './readings.repository';

export interface WriteResult {
  /** readings stored by this batch */
  stored: number;
  /** readings already stored before (the same sensor and time): left as they were */
  duplicates: number;
}

/**
 * Writes a batch of resolved readings in one transaction (docs/sensors.md, "Storage of readings"): the raw readings
 * into their month partitions, the aggregates, and per company one `evt.ingest.readings_stored` with each sensor's
 * new readings in the same transaction (the outbox), so the stock that follows from them is never lost nor counted
 * twice. A batch delivered again (a worker killed after its commit, before its acknowledgement) stores nothing new
 * and announces nothing.
 */
@Injectable()
export class ReadingsWriter {
  private readonly log = new Logger('ReadingsWriter');
  private lastRetention = 0;
  /** company id -> when this process last reported a failed batch of it (journal 2006) */
  private readonly reported = new Map<number, number>();

  constructor(
    @Inject(unitOfWorkToken('ingest')) private readonly uow: UnitOfWork,
    private readonly repository: ReadingsRepository,
    @Inject(INGEST_CONFIG) private readonly config: IngestConfig,
  ) {}

  async write(readings: ReadingColumns): Promise<WriteResult> {
    const range = timeRange(readings);
    if (!range) return { stored: 0, duplicates: 0 };
    let stored: number;
    try {
      await this.uow.read((em) => this.repository.ensurePartitions(em, range.min, range.max));
      stored = await this.uow.write(async (em) => {
        const batch = await this.repository.insert(em, readings);
        for (const event of readingsStored(batch.sensors)) addToOutbox(em, 'evt.ingest.readings_stored', event);
        return batch.stored;
      });
    } catch (error) {
      if (permanentStoreError(error)) await this.reportFailure(readings, error);
      throw error;
    }
    await this.retention();
    return { stored, duplicates: columnCount(readings) - stored };
  }

  /**
   * Journal 2006 for a batch the database refused for its data (`permanentStoreError`): `evt.ingest.store_failed` per
   * company through the outbox, in a transaction of its own, at most once per company every 10 minutes from this
   * process (the batch is tried again with the backoff and would fail alike). The readings are not lost: the caller
   * does not acknowledge them. A report that cannot be written is only logged.
   */
  private async reportFailure(readings: ReadingColumns, error: unknown): Promise<void> {
    const now = Date.now();
    const events = storeFailed(readings, error).filter((e) => now - (this.reported.get(e.company_id) ?? 0) >= REPORT_EVERY_MS);
    if (events.length === 0) return;
    for (const e of events) this.reported.set(e.company_id, now);
    this.log.error(`a batch of ${columnCount(readings)} readings was refused by the database (${events[0]!.error_code}): ${events[0]!.error}; kept and tried again`);
    await this.uow
      .write(async (em) => {
        for (const event of events) addToOutbox(em, IngestEvents.storeFailed, event);
      })
      .catch((e: Error) => this.log.warn(`the failure of a batch could not be reported: ${e.message}`));
  }

  /** Drops the month partitions older than the retention, at most once an hour (and at the first batch). */
  async retention(now = new Date(), force = false): Promise<string[]> {
    if (!force && now.getTime() - this.lastRetention < 3_600_000) return [];
    this.lastRetention = now.getTime();
    const before = retentionStart(now, this.config.retentionMonths);
    const dropped = await this.uow.write((em) => this.repository.dropPartitionsBefore(em, before), { bookkeeping: true });
    if (dropped.length > 0) this.log.log(`dropped readings older than ${before.toISOString()}: ${dropped.join(', ')}`);
    return dropped;
  }
}

/** How often a process reports failed batches of one company at most. */
const REPORT_EVERY_MS = 10 * 60_000;

/**
 * Whether the database refused a batch for its data, which retrying does not cure: SQLSTATE class 22 (data exception,
 * e.g. a number out of range), 23 (integrity constraint) or 42 (syntax error or access rule, e.g. a missing partition
 * or column). Connection failures, timeouts and the like (class 08, 53, 57, errors without a SQLSTATE) pass: they are
 * tried again silently.
 */
export function permanentStoreError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(22|23|42)[0-9A-Z]{3}$/.test(code);
}

/** The failed batch per company: how many readings, which sensors (at most 20), the error. */
export function storeFailed(readings: ReadingColumns, error: unknown): ReadingsStoreFailed[] {
  const companies = new Map<number, { readings: number; sensors: Set<number> }>();
  for (let i = 0; i < readings.company_id.length; i++) {
    const company = readings.company_id[i]!;
    let c = companies.get(company);
    if (!c) companies.set(company, (c = { readings: 0, sensors: new Set() }));
    c.readings++;
    c.sensors.add(readings.sensor_id[i]!);
  }
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  const text = ((error as Error | null)?.message ?? String(error)).slice(0, 1000);
  return [...companies].map(([company_id, c]) => ({ company_id, readings: c.readings, sensor_ids: [...c.sensors].sort((a, b) => a - b).slice(0, 20), error_code: code, error: text }));
}

/** The new readings of a batch per company, per sensor (as the store summed them up), in sensor order. */
export function readingsStored(sensors: StoredSensor[]): ReadingsStored[] {
  const companies = new Map<number, ReadingsStored['sensors']>();
  for (const s of sensors) {
    let list = companies.get(s.company_id);
    if (!list) companies.set(s.company_id, (list = []));
    list.push({ sensor_id: s.sensor_id, count: s.count, last: { ...s.last, read_at: s.last.read_at.toISOString() }, min_value: s.min_value });
  }
  return [...companies].map(([company_id, list]) => ({ company_id, sensors: list.sort((a, b) => a.sensor_id - b.sensor_id) }));
}
