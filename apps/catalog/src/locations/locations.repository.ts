import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Customer } from '../customers/customer.entity';
import { Storage } from '../storages/storage.entity';

/** The locations' own queries beyond the shared master-data statements. */
@Injectable()
export class LocationsRepository {
  /** The location's customer (id and inactive flag), if there is one of the company. */
  customer(em: EntityManager, customerId: number): Promise<Pick<Customer, 'id' | 'inactive'> | null> {
    return em.findOne(Customer, { id: customerId }, { fields: ['id', 'inactive'] });
  }

  /** How many storages (racks) the location has (a location with storages cannot be deleted: 1007). */
  storageCount(em: EntityManager, locationId: number): Promise<number> {
    return em.count(Storage, { locationId });
  }
}
