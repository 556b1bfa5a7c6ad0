import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Catalog } from '../catalogs/catalog.entity';

/** The suppliers' own queries beyond the shared master-data statements: what still depends on a supplier. */
@Injectable()
export class SuppliersRepository {
  catalogCount(em: EntityManager, supplierId: number): Promise<number> {
    return em.count(Catalog, { supplierId });
  }
}
