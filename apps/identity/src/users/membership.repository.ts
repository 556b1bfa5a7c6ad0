import { type EntityManager, raw } from '@mikro-orm/postgresql';
import { AppError, ErrorCode, type SeatKind, seatKindOf, type Role } from '@kanban/access';
import type { Company } from '../companies/company.entity';
import { AccessRestriction } from './access-restriction.entity';
import { Membership } from './membership.entity';

/** Queries on memberships. Company-scoped calls go through a tenant-bound entity manager. */
export class MembershipRepository {
  constructor(private readonly em: EntityManager) {}

  /** All companies of a user, across tenants (for the token claims and the company chooser). */
  allOfUser(userId: number): Promise<Membership[]> {
    return this.em.find(Membership, { user: userId }, { filters: { tenant: false }, orderBy: { companyId: 'asc' } });
  }

  findInCompany(userId: number): Promise<Membership | null> {
    return this.em.findOne(Membership, { user: userId }, { populate: ['user'] });
  }

  /** Seats used per kind in the bound company, plus app users. */
  async seatCounts(): Promise<Record<SeatKind | 'app', number>> {
    const rows = await this.em.find(Membership, {}, { fields: ['role', 'app'] });
    const counts: Record<SeatKind | 'app', number> = { user: 0, customer: 0, supplier: 0, readonly: 0, app: 0 };
    for (const m of rows) {
      const kind = seatKindOf(m.role);
      if (kind) counts[kind]++;
      if (m.app) counts.app++;
    }
    return counts;
  }

  /** Restrictions per user in one company (query builders do not apply the tenant filter: explicit). */
  async restrictionCounts(companyId: number, userIds: number[]): Promise<Map<number, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.em
      .createQueryBuilder(AccessRestriction, 'r')
      .select(['r.userId', raw('count(*) as n')])
      .where({ companyId, userId: { $in: userIds } })
      .groupBy('r.userId')
      .execute<{ userId: number; n: string }[]>();
    return new Map(rows.map((r) => [Number(r.userId), Number(r.n)]));
  }

  static claimsOf(memberships: Membership[]): Record<string, Role> {
    return Object.fromEntries(memberships.map((m) => [String(m.companyId), m.role]));
  }
}

/**
 * Licence check (1058) in the bound company: the company's limit for the role's kind and for app users, with
 * `current` (a membership whose role or app flag changes) not counted twice.
 */
export async function assertSeatFree(em: EntityManager, company: Company, role: Role, app: boolean, current: Membership | null): Promise<void> {
  const counts = await new MembershipRepository(em).seatCounts();
  const kind = seatKindOf(role);
  if (current) {
    const currentKind = seatKindOf(current.role);
    if (currentKind) counts[currentKind]--;
    if (current.app) counts.app--;
  }
  const limits = { user: company.maxUsers, customer: company.maxCustomers, supplier: company.maxSuppliers, readonly: company.maxReadonly };
  if (kind && counts[kind] + 1 > limits[kind]) throw new AppError(ErrorCode.LicenseLimit);
  if (app && counts.app + 1 > company.maxAppUsers) throw new AppError(ErrorCode.LicenseLimit);
}
