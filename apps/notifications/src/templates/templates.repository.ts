import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { containsPattern } from '@kanban/persistence';
import { EmailTemplate, FileTemplate } from './template.entity';

export type TemplateKind = typeof EmailTemplate | typeof FileTemplate;

/** The templates' queries (em bound to the caller's company by the unit of work; the list states the company too). */
@Injectable()
export class TemplatesRepository {
  /** A page of the company's templates of a kind: `q` over the name, sorted by `sort` then id; and their number. */
  async list<K extends TemplateKind>(
    em: EntityManager,
    kind: K,
    companyId: number,
    filter: { q: string; sort: string; direction: 'asc' | 'desc' },
    page: number,
    perPage: number,
  ): Promise<[InstanceType<K>[], number]> {
    const qb = em.createQueryBuilder(kind, 't').select('t.*').where({ companyId });
    if (filter.q) qb.andWhere({ name: { $ilike: containsPattern(filter.q) } });
    const [rows, total] = await qb
      .orderBy({ [filter.sort]: filter.direction, id: 'asc' })
      .limit(perPage)
      .offset((page - 1) * perPage)
      .getResultAndCount();
    return [rows as InstanceType<K>[], total];
  }

  async record<K extends TemplateKind>(em: EntityManager, kind: K, id: number): Promise<InstanceType<K> | null> {
    return (await em.findOne(kind, { id })) as InstanceType<K> | null;
  }

  /** Whether another template of the kind (than `ownId`) has this name in the company. */
  async nameTaken(em: EntityManager, kind: TemplateKind, name: string, ownId: number | undefined): Promise<boolean> {
    const where = ownId !== undefined ? { name, id: { $ne: ownId } } : { name };
    return (await em.findOne(kind, where as never, { fields: ['id'] as never })) !== null;
  }
}
