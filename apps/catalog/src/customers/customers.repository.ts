import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Item } from '../items/item.entity';
import { Location } from '../locations/location.entity';

/** The customers' own queries beyond the shared master-data statements: what still depends on a customer. */
@Injectable()
export class CustomersRepository {
  locationCount(em: EntityManager, customerId: number): Promise<number> {
    return em.count(Location, { customerId });
  }

  itemCount(em: EntityManager, customerId: number): Promise<number> {
    return em.count(Item, { customerId });
  }
}
