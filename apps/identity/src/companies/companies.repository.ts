import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Membership } from '../users/membership.entity';
import { Company } from './company.entity';

/** The queries of companies (docs/users.md); companies are created and changed by the services through the unit of work. */
@Injectable()
export class CompaniesRepository {
  /** The user's companies with the role and app flag in each, by name: one statement (the hottest call after sign-in). */
  async companiesOfUser(em: EntityManager, userId: number): Promise<{ company: Company; role: number; app: boolean }[]> {
    const rows = await em.execute<(Record<string, unknown> & { role: number; app: boolean })[]>(
      `select c.*, m.role, m.app from identity.membership m join identity.company c on c.id = m.company_id
       where m.user_id = ? order by c.name, c.id`,
      [userId],
    );
    return rows.map((row) => ({ company: em.map(Company, row), role: row.role, app: row.app }));
  }

  company(em: EntityManager, companyId: number): Promise<Company | null> {
    return em.findOne(Company, companyId);
  }

  /** The company, or MikroORM's not-found error (for ids the caller's membership vouches for). */
  companyOrFail(em: EntityManager, companyId: number): Promise<Company> {
    return em.findOneOrFail(Company, companyId);
  }

  /** Every company by id (the operator's view). */
  all(em: EntityManager): Promise<Company[]> {
    return em.find(Company, {}, { orderBy: { id: 'asc' } });
  }

  /** Members per company across all tenants: the operator's view, deliberately unscoped. */
  async memberCounts(em: EntityManager): Promise<Map<number, number>> {
    const counts = await em.execute<{ company_id: number; n: string }[]>('select company_id, count(*) as n from identity.membership group by company_id');
    return new Map(counts.map((r) => [Number(r.company_id), Number(r.n)]));
  }

  /** Members of one company (any entity manager: the tenant filter is off). */
  memberCount(em: EntityManager, companyId: number): Promise<number> {
    return em.count(Membership, { companyId }, { filters: { tenant: false } });
  }
}
