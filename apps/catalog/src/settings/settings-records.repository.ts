import type { EntityClass, FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { containsPattern } from '../shared/list-query';

/**
 * The queries of one kind of company settings (units, storage types, custom field definitions), for
 * SettingsRecordsService: one instance per kind, over its entity and query alias.
 */
export class SettingsRecordsRepository<E extends { id: number; companyId: number }> {
  constructor(
    private readonly entity: EntityClass<E>,
    private readonly alias: string,
  ) {}

  /** A page of the company's records: `q` over the search fields, extra conditions, sorted by `sort` then id; and their number. */
  list(
    em: EntityManager,
    companyId: number,
    filter: { extra?: FilterQuery<E>; q?: string; searchFields: string[]; sort: string; direction: 'asc' | 'desc' },
    page: number,
    perPage: number,
  ): Promise<[E[], number]> {
    const qb = em
      .createQueryBuilder(this.entity, this.alias)
      .select(`${this.alias}.*`)
      .where({ companyId } as FilterQuery<E>);
    if (filter.extra) qb.andWhere(filter.extra);
    if (filter.q) {
      const like = containsPattern(filter.q);
      qb.andWhere({ $or: filter.searchFields.map((f) => ({ [f]: { $ilike: like } })) } as FilterQuery<E>);
    }
    return qb
      .orderBy({ [filter.sort]: filter.direction, id: 'asc' })
      .limit(perPage)
      .offset((page - 1) * perPage)
      .getResultAndCount();
  }

  /** A record, loaded. */
  record(em: EntityManager, id: number): Promise<E | null> {
    return em.findOne(this.entity, { id } as unknown as FilterQuery<E>);
  }

  /** Whether another record (than `ownId`) matches the key. */
  async keyTaken(em: EntityManager, key: FilterQuery<E>, ownId: number | undefined): Promise<boolean> {
    const where = (ownId !== undefined ? { $and: [key, { id: { $ne: ownId } }] } : key) as FilterQuery<E>;
    return (await em.findOne(this.entity, where, { fields: ['id'] as never })) !== null;
  }
}
