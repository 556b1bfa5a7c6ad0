import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ReadingsStored, ResolvedReading } from '@kanban/contracts';
import { addToOutbox } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { INGEST_CONFIG, type IngestConfig } from '../config';
import { ReadingsRepository, retentionStart, type StoredRow } from './readings.repository';

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

  constructor(
    @Inject(unitOfWorkToken('ingest')) private readonly uow: UnitOfWork,
    private readonly repository: ReadingsRepository,
    @Inject(INGEST_CONFIG) private readonly config: IngestConfig,
  ) {}

  async write(readings: ResolvedReading[]): Promise<WriteResult> {
    if (readings.length === 0) return { stored: 0, duplicates: 0 };
    await this.uow.read((em) => this.repository.ensurePartitions(em, readings.map((r) => new Date(r.read_at))));
    const stored = await this.uow.write(async (em) => {
      const rows = await this.repository.insert(em, readings);
      for (const event of readingsStored(rows)) addToOutbox(em, 'evt.ingest.readings_stored', event);
      return rows.length;
    });
    await this.retention();
    return { stored, duplicates: readings.length - stored };
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

/**
 * The new readings of a batch per company, per sensor: count, the latest one (with the latest battery and signal any
 * of them reported: a device may send those with some readings only), the smallest value.
 */
export function readingsStored(rows: StoredRow[]): ReadingsStored[] {
  const companies = new Map<number, Map<number, ReadingsStored['sensors'][number]>>();
  const sorted = [...rows].sort((a, b) => a.read_at.getTime() - b.read_at.getTime());
  for (const row of sorted) {
    let sensors = companies.get(row.company_id);
    if (!sensors) companies.set(row.company_id, (sensors = new Map()));
    const sensor = sensors.get(row.sensor_id);
    const last = {
      read_at: row.read_at.toISOString(),
      value: row.value,
      battery: row.battery ?? sensor?.last.battery ?? null,
      signal: row.signal ?? sensor?.last.signal ?? null,
    };
    if (!sensor) sensors.set(row.sensor_id, { sensor_id: row.sensor_id, count: 1, last, min_value: row.value });
    else {
      sensor.count++;
      sensor.last = last;
      sensor.min_value = Math.min(sensor.min_value, row.value);
    }
  }
  return [...companies].map(([company_id, sensors]) => ({ company_id, sensors: [...sensors.values()].sort((a, b) => a.sensor_id - b.sensor_id) }));
}
