import { Inject, Injectable } from '@nestjs/common';
import type { ResolvedReading } from '@kanban/contracts';
import { INGEST_CONFIG, type IngestConfig } from '../config';
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

  /** The limits of reading times now: not ahead of the clock, not older than the retention. */
  limits(now = new Date()): InputLimits {
    return { now, oldest: retentionStart(now, this.config.retentionMonths) };
  }

  async accept(companyId: number, batch: ParsedBatch): Promise<IngestAnswer> {
    const refused = [...batch.refused];
    const ids = batch.readings.flatMap((r) => [r.external_id, ...(r.alternatives ?? [])]);
    const sensors = ids.length > 0 ? await this.directory.sensorsOf(companyId, ids) : new Map<string, SensorRef | null>();
    const resolved: ResolvedReading[] = [];
    const seen = new Set<string>();
    for (const reading of batch.readings) {
      const result = resolve(companyId, reading, sensors);
      if ('reason' in result) {
        refused.push(result);
        continue;
      }
      // the same sensor and time twice in one batch: the first counts (the store would keep only one anyway)
      const key = `${result.sensor_id}@${result.read_at}`;
      if (seen.has(key)) continue;
      seen.add(key);
      resolved.push(result);
    }
    if (resolved.length > 0) await this.queue.enqueue(resolved);
    refused.sort((a, b) => a.index - b.index);
    return { accepted: resolved.length, refused };
  }
}

function resolve(companyId: number, reading: IncomingReading, sensors: Map<string, SensorRef | null>): ResolvedReading | Refusal {
  const refuse = (field: string, reason: string): Refusal => ({ index: reading.index, external_id: reading.external_id, field, reason });
  const sensor = [reading.external_id, ...(reading.alternatives ?? [])].map((id) => sensors.get(id)).find((s) => s) ?? null;
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
  return {
    company_id: companyId,
    sensor_id: sensor.id,
    read_at: reading.time.toISOString(),
    value: converted,
    raw_value: value,
    battery: reading.battery,
    signal: reading.signal,
    source: reading.source,
  };
}
