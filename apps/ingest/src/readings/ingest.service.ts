import { Inject, Injectable } from '@nestjs/common';
import { INGEST_CONFIG, type IngestConfig } from '../config';
import { columnCount, emptyColumns } from './reading-columns';
import { READING_QUEUE, type ReadingQueue } from './reading-queue';
import { type IncomingReading, type InputLimits, type ParsedBatch, type Refusal, toSensorUnit, valueFromFields } from './reading-input';
import { retentionStart } from './readings.repository';
import { SensorDirectory, type SensorRef } from './sensor-directory';

/** What a receiver answers for a batch (HTTP: 202 with this as Data). */
export interface IngestAnswer {
  /** readings taken: stored, or handed to the writers (distributed run) */
  accepted: number;
  refused: Refusal[];
}

/**
 * The receivers' common path (HTTP, MQTT, LoRaWAN): a parsed batch of one company gets its sensors from the
 * catalog, each reading its value in the sensor's unit, the refusals their reasons, and the accepted readings go to
 * the writers (`ReadingQueue`). Answers after the queue took them: committed (embedded) or stored durably in the
 * work stream (distributed).
 */
@Injectable()
export class IngestService {
  constructor(
    private readonly directory: SensorDirectory,
    @Inject(READING_QUEUE) private readonly queue: ReadingQueue,
    @Inject(INGEST_CONFIG) private readonly config: IngestConfig,
  ) {}

  private oldest: { at: number; oldest: Date } | null = null;

  /**
   * The limits of reading times now: not ahead of the clock, not older than the retention (the retention's start
   * reckoned at most once a second: it moves once a month).
   */
  limits(now = new Date()): InputLimits {
    const at = now.getTime();
    if (!this.oldest || at - this.oldest.at >= 1000 || at < this.oldest.at) this.oldest = { at, oldest: retentionStart(now, this.config.retentionMonths) };
    return { now, oldest: this.oldest.oldest };
  }

  /** Throws BacklogFullError while the writers are too far behind (HTTP answers 503 with Retry-After; docs/ingestion.md). */
  admit(): void {
    this.queue.admit?.();
  }

  async accept(companyId: number, batch: ParsedBatch): Promise<IngestAnswer> {
    const refused = [...batch.refused];
    const ids: string[] = [];
    for (const r of batch.readings) {
      ids.push(r.external_id);
      if (r.alternatives) ids.push(...r.alternatives);
    }
    const sensors = ids.length > 0 ? await this.directory.sensorsOf(companyId, ids) : new Map<string, SensorRef | null>();
    const columns = emptyColumns();
    // per sensor the times taken: the same sensor and time twice in one batch, the first counts (the store would keep only one anyway)
    const seen = new Map<number, Set<number>>();
    for (const reading of batch.readings) {
      const result = resolve(reading, sensors);
      if ('reason' in result) {
        refused.push(result);
        continue;
      }
      const at = reading.time.getTime();
      let times = seen.get(result.sensor_id);
      if (!times) seen.set(result.sensor_id, (times = new Set()));
      if (times.has(at)) continue;
      times.add(at);
      columns.company_id.push(companyId);
      columns.sensor_id.push(result.sensor_id);
      columns.read_at.push(at);
      columns.value.push(result.value);
      columns.raw_value.push(result.raw_value);
      columns.battery.push(reading.battery);
      columns.signal.push(reading.signal);
      columns.source.push(reading.source);
    }
    const accepted = columnCount(columns);
    if (accepted > 0) await this.queue.enqueue(columns);
    refused.sort((a, b) => a.index - b.index);
    return { accepted, refused };
  }
}

/** A reading's sensor (by its device id or an alternative one) and its value in the sensor's unit, or why it is refused. */
function resolve(reading: IncomingReading, sensors: Map<string, SensorRef | null>): { sensor_id: number; value: number; raw_value: number } | Refusal {
  const refuse = (field: string, reason: string): Refusal => ({ index: reading.index, external_id: reading.external_id, field, reason });
  let sensor = sensors.get(reading.external_id) ?? null;
  if (!sensor && reading.alternatives) {
    for (const id of reading.alternatives) {
      sensor = sensors.get(id) ?? null;
      if (sensor) break;
    }
  }
  if (!sensor) return refuse('external_id', 'no sensor of the company has this device id (settings → sensors)');
  if (!sensor.active) return refuse('external_id', 'the sensor is inactive');
  let value = reading.value;
  let unit = reading.unit;
  if (value === null) {
    const picked = valueFromFields(sensor.type, reading.fields ?? {});
    if (!picked) return refuse('decoded_payload', `holds no value of a ${sensor.type.replace('_', ' ')} sensor`);
    value = picked.value;
    unit = picked.unit;
  }
  const converted = toSensorUnit(value, unit, sensor.unit);
  if (converted === null) return refuse('unit', `the sensor measures in ${sensor.unit}, not ${unit}`);
  return { sensor_id: sensor.id, value: converted, raw_value: value };
}
