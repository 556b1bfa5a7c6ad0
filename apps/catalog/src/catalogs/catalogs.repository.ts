import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Item } from '../items/item.entity';
import { containsPattern } from '../shared/list-query';

/** The catalogs' own queries beyond the shared master-data statements. */
@Injectable()
export class CatalogsRepository {
  /** Whether another catalog (than `ownId`) of the supplier has the name. */
  async nameTaken(em: EntityManager, catalog: { companyId: number; supplierId: number; name: string }, ownId: number | undefined): Promise<boolean> {
    const clash = await em.execute<{ id: number }[]>('select id from catalog.catalog where company_id = ? and supplier_id = ? and name = ? and id <> ? limit 1', [
      catalog.companyId,
      catalog.supplierId,
      catalog.name,
      ownId ?? 0,
    ]);
    return clash.length > 0;
  }

  /** The list condition of `q`: part of the name, contract name or external id (the shared filter knows name, nr, city). */
  searchCondition(q: string): [string, unknown[]] {
    const like = containsPattern(q);
    return ['(catalog.name ilike ? or catalog.contract_name ilike ? or catalog.ext_system_id ilike ?)', [like, like, like]];
  }

  itemCount(em: EntityManager, catalogId: number): Promise<number> {
    return em.count(Item, { catalogId });
  }
}
