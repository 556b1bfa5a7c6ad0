import { Injectable } from '@nestjs/common';
import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ServerType } from '@kanban/contracts';
import { containsPattern } from '@kanban/persistence';
import { Server } from './server.entity';

/** The servers' queries (em bound to the caller's company by the unit of work; the list states the company too). */
@Injectable()
export class ServersRepository {
  /** A page of the company's servers: `q` over name, host and user, `type`, sorted by `sort` then id; and their number. */
  list(
    em: EntityManager,
    companyId: number,
    filter: { q?: string; type?: ServerType; sort: string; direction: 'asc' | 'desc' },
    page: number,
    perPage: number,
  ): Promise<[Server[], number]> {
    const qb = em.createQueryBuilder(Server, 's').select('s.*').where({ companyId });
    if (filter.type) qb.andWhere({ type: filter.type });
    if (filter.q) {
      const like = containsPattern(filter.q);
      qb.andWhere({ $or: [{ name: { $ilike: like } }, { host: { $ilike: like } }, { username: { $ilike: like } }] });
    }
    return qb
      .orderBy({ [filter.sort]: filter.direction, id: 'asc' })
      .limit(perPage)
      .offset((page - 1) * perPage)
      .getResultAndCount();
  }

  record(em: EntityManager, id: number): Promise<Server | null> {
    return em.findOne(Server, { id });
  }

  /** Every company's servers that hold a secret (the key rotation's re-sealing; no tenant filter). */
  withSecretsOfAllCompanies(em: EntityManager): Promise<Server[]> {
    return em.find(Server, { $or: [{ passwordSealed: { $ne: null } }, { privateKeySealed: { $ne: null } }, { passphraseSealed: { $ne: null } }] }, { filters: false });
  }

  /** Whether another server (than `ownId`) of the company has this name. */
  async nameTaken(em: EntityManager, name: string, ownId: number | undefined): Promise<boolean> {
    const where: FilterQuery<Server> = ownId !== undefined ? { name, id: { $ne: ownId } } : { name };
    return (await em.findOne(Server, where, { fields: ['id'] })) !== null;
  }
}
