import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { SensorDto } from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';

/** How long the ingestion trusts what the catalog said about a device key or a sensor (docs/sensors.md). */
export const DIRECTORY_TTL_MS = 30_000;
const KEY_MISS_TTL_MS = 5_000;
const MAX_ENTRIES = 50_000;

interface Kept<T> {
  value: T;
  until: number;
}

/** What the ingestion needs of a sensor: which it is, what it measures, whether it takes readings. */
export type SensorRef = Pick<SensorDto, 'id' | 'external_id' | 'type' | 'unit' | 'active'>;

/**
 * The catalog's device keys and sensors as the ingestion asks for them (`catalog.sensor.devicekey.verify`,
 * `catalog.sensor.by_external_id`), kept for {@link DIRECTORY_TTL_MS} so a stream of readings costs a bus call per
 * device and half minute, not per reading. A changed sensor (made inactive, deleted, another device id) takes effect
 * within that time; a rotated-away key stays valid for its grace period anyway.
 */
@Injectable()
export class SensorDirectory {
  private readonly keys = new Map<string, Kept<number | null>>();
  private readonly sensors = new Map<string, Kept<SensorRef | null>>();

  constructor(private readonly bus: ServiceBus) {}

  /** The company of a device key, or null. */
  async companyOfKey(key: string, now = Date.now()): Promise<number | null> {
    const hash = createHash('sha256').update(key).digest('base64url');
    const kept = this.keys.get(hash);
    if (kept && kept.until > now) return kept.value;
    const answer = await this.bus.request('catalog.sensor.devicekey.verify', { key });
    const company = answer?.company_id ?? null;
    remember(this.keys, hash, company, now + (company === null ? KEY_MISS_TTL_MS : DIRECTORY_TTL_MS));
    return company;
  }

  /** The company's sensors by device id (missing ones: null), asking the catalog once for those not kept. */
  async sensorsOf(companyId: number, externalIds: string[], now = Date.now()): Promise<Map<string, SensorRef | null>> {
    const found = new Map<string, SensorRef | null>();
    const ask: string[] = [];
    for (const id of new Set(externalIds)) {
      const kept = this.sensors.get(`${companyId}\u0000${id}`);
      if (kept && kept.until > now) found.set(id, kept.value);
      else ask.push(id);
    }
    for (let i = 0; i < ask.length; i += 500) {
      const part = ask.slice(i, i + 500);
      const answer = await this.bus.request('catalog.sensor.by_external_id', { company_id: companyId, external_ids: part });
      const byId = new Map(answer.map((s) => [s.external_id, s]));
      for (const id of part) {
        const sensor = byId.get(id);
        const ref: SensorRef | null = sensor ? { id: sensor.id, external_id: sensor.external_id, type: sensor.type, unit: sensor.unit, active: sensor.active } : null;
        remember(this.sensors, `${companyId}\u0000${id}`, ref, now + DIRECTORY_TTL_MS);
        found.set(id, ref);
      }
    }
    return found;
  }
}

function remember<T>(map: Map<string, Kept<T>>, key: string, value: T, until: number): void {
  if (map.size >= MAX_ENTRIES) map.clear();
  map.set(key, { value, until });
}
