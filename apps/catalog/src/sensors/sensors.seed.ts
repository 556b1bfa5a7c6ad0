import type { EntityManager } from '@mikro-orm/postgresql';
import { tenantEm } from '@kanban/persistence';
import { Sensor } from './sensor.entity';

const MINUTE = 60_000;

/** Demo sensors of each kind; `seenMinutesAgo` null: never reported (docs/sensors.md). */
const DEMO_SENSORS: (Pick<Sensor, 'name' | 'externalId' | 'type' | 'unit' | 'version' | 'intervalMinutes' | 'active'> & {
  seenMinutesAgo: number | null;
  battery: number | null;
  signal: number | null;
  lastValue: number | null;
})[] = [
  { name: 'Scale A1-1', externalId: 'demo-scale-a1-1', type: 'weight', unit: 'g', version: 'SB-200 fw 1.4', intervalMinutes: 60, active: true, seenMinutesAgo: 4, battery: 87, signal: -67, lastValue: 2450 },
  { name: 'Scale A1-2', externalId: 'demo-scale-a1-2', type: 'weight', unit: 'kg', version: 'SB-200 fw 1.4', intervalMinutes: 60, active: true, seenMinutesAgo: 20, battery: 18, signal: -88, lastValue: 12.4 },
  { name: 'Distance B1', externalId: 'demo-distance-b1', type: 'distance', unit: 'mm', version: 'ToF-2', intervalMinutes: 15, active: true, seenMinutesAgo: 180, battery: 64, signal: -75, lastValue: 312 },
  { name: 'Light barrier C1', externalId: 'demo-beam-c1', type: 'light_barrier', unit: 'count', version: '', intervalMinutes: 30, active: true, seenMinutesAgo: null, battery: null, signal: null, lastValue: null },
  { name: 'Button D1', externalId: 'demo-button-d1', type: 'button', unit: 'count', version: '', intervalMinutes: 1440, active: false, seenMinutesAgo: null, battery: null, signal: null, lastValue: null },
];

/**
 * The demo company's sensors, one or two of each type, with reported state as if they had sent readings (the
 * distance sensor silent for 3 hours: offline); skipped when the company has sensors.
 */
export async function seedSensorsDemo(em: EntityManager, companyId: number, now = new Date()): Promise<void> {
  const scoped = tenantEm(em, companyId);
  if ((await scoped.count(Sensor, {})) > 0) return;
  for (const { seenMinutesAgo, ...data } of DEMO_SENSORS) {
    scoped.create(Sensor, {
      ...data,
      companyId,
      lastSeenAt: seenMinutesAgo === null ? null : new Date(now.getTime() - seenMinutesAgo * MINUTE),
      createdAt: now,
      updatedAt: now,
    } as Sensor);
    // One row per flush: the embedded driver answers a multi-row insert's ids unreliably.
    await scoped.flush();
  }
}
