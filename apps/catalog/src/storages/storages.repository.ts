import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Location } from '../locations/location.entity';
import { StorageType } from '../settings/storage-type.entity';
import { Unit } from '../settings/unit.entity';
import { Sensor } from '../sensors/sensor.entity';
import { Storage } from './storage.entity';

/** The storages' own queries beyond the shared master-data statements (em is bound to the company). */
@Injectable()
export class StoragesRepository {
  /** The location (id, customer, inactive) if the company has it. */
  location(em: EntityManager, locationId: number): Promise<Pick<Location, 'id' | 'customerId' | 'inactiveAt'> | null> {
    return em.findOne(Location, { id: locationId }, { fields: ['id', 'customerId', 'inactiveAt'] });
  }

  async storageTypeExists(em: EntityManager, id: number): Promise<boolean> {
    return (await em.count(StorageType, { id })) > 0;
  }

  async sensorExists(em: EntityManager, id: number): Promise<boolean> {
    return (await em.count(Sensor, { id })) > 0;
  }

  async unitExists(em: EntityManager, code: string): Promise<boolean> {
    return (await em.count(Unit, { code })) > 0;
  }

  countAtLocation(em: EntityManager, locationId: number): Promise<number> {
    return em.count(Storage, { locationId });
  }

  countOfType(em: EntityManager, storageTypeId: number): Promise<number> {
    return em.count(Storage, { storageTypeId });
  }

  countWithUnit(em: EntityManager, code: string): Promise<number> {
    return em.count(Storage, { unit: code });
  }
}
