import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Storage } from '../storages/storage.entity';
import { DeviceKey } from './device-key.entity';
import { Sensor } from './sensor.entity';

/** The sensors' own queries beyond the shared settings statements (em is bound to the company unless said). */
@Injectable()
export class SensorsRepository {
  async sensorExists(em: EntityManager, id: number): Promise<boolean> {
    return (await em.count(Sensor, { id })) > 0;
  }

  /** The names of the racks that name the sensor, by name. */
  async storagesUsing(em: EntityManager, sensorId: number): Promise<string[]> {
    const racks = await em.find(Storage, { sensorId }, { fields: ['name'], orderBy: { name: 'asc', id: 'asc' } });
    return racks.map((r) => r.name);
  }

  byExternalIds(em: EntityManager, externalIds: string[]): Promise<Sensor[]> {
    return em.find(Sensor, { externalId: { $in: externalIds } }, { orderBy: { externalId: 'asc' } });
  }

  /** The company's keys that are still valid at `now`, newest first. */
  validKeys(em: EntityManager, companyId: number, now: Date): Promise<DeviceKey[]> {
    return em.find(DeviceKey, { companyId, $or: [{ expiresAt: null }, { expiresAt: { $gt: now } }] }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  }

  /** Deletes the company's keys that expired by `now`. */
  dropExpiredKeys(em: EntityManager, companyId: number, now: Date): Promise<number> {
    return em.nativeDelete(DeviceKey, { companyId, expiresAt: { $lte: now } });
  }

  async keyUsed(em: EntityManager, id: number, at: Date): Promise<void> {
    await em.nativeUpdate(DeviceKey, { id }, { lastUsedAt: at });
  }

  /** A key by its public id, of any company (the ingestion does not know the company yet). */
  keyById(em: EntityManager, keyId: string): Promise<DeviceKey | null> {
    return em.findOne(DeviceKey, { keyId });
  }
}
