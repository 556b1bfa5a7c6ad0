import { Inject, Injectable } from '@nestjs/common';
import { AccessGroup } from '@kanban/access';
import type { Page, TargetUserDto, UsersOfTargetRequest } from '@kanban/contracts';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { AccessRestriction } from './access-restriction.entity';
import { Membership } from './membership.entity';
import { MembershipRepository } from './membership.repository';
import { toCompanyUserDto } from './user.mapper';
import { toRestrictionDto } from './users.service';

const SORTABLE: Record<string, string> = {
  email: 'user.email',
  first_name: 'user.firstName',
  last_name: 'user.lastName',
  role: 'role',
};

/**
 * The users who may see one customer, location or supplier (the customer-, location- and supplier-level
 * `user` pages). By default only users whose access restrictions grant it (spec: "may keep only those with
 * access_restrictions above 0"); with restricted=false also the users without a restriction of that side
 * whose role reads it (customer group for customers and locations, supplier group for suppliers).
 */
@Injectable()
export class TargetUsersService {
  constructor(@Inject(unitOfWorkToken('identity')) private readonly uow: UnitOfWork) {}

  async list({ caller, scope, query }: UsersOfTargetRequest): Promise<Page<TargetUserDto>> {
    const page = Math.max(1, Math.floor(query.page ?? 1));
    const perPage = Math.min(200, Math.max(1, Math.floor(query.per_page ?? 50)));
    const grantParts: string[] = [];
    const grantParams: number[] = [];
    for (const [column, list] of [
      ['customer_id', scope.customer_ids],
      ['location_id', scope.location_ids],
      ['supplier_id', scope.supplier_ids],
    ] as const) {
      const ids = list.filter((id) => Number.isInteger(id) && id > 0);
      if (ids.length === 0) continue;
      grantParts.push(`r.${column} in (${ids.map(() => '?').join(', ')})`);
      grantParams.push(...ids);
    }
    const grant = grantParts.length > 0 ? `(${grantParts.join(' or ')})` : 'false';
    const own = 'r.company_id = m.company_id and r.user_id = m.user_id';
    const granted = `exists (select 1 from identity.access_restriction r where ${own} and ${grant})`;
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      // Query builders do not apply the tenant filter: the company condition is explicit.
      const qb = em
        .createQueryBuilder(Membership, 'm')
        .select('m.*')
        .joinAndSelect('m.user', 'user')
        .leftJoinAndSelect('user.image', 'image')
        .where({ companyId: caller.companyId });
      if (query.restricted === false) {
        const restricting =
          scope.kind === 'supplier'
            ? 'r.supplier_id is not null'
            : '(r.customer_id is not null or r.location_id is not null)';
        const roles = scope.kind === 'supplier' ? AccessGroup.supplier : AccessGroup.customer;
        qb.andWhere(
          `(${granted} or (m.role in (${roles.map(() => '?').join(', ')}) and not exists (select 1 from identity.access_restriction r where ${own} and ${restricting})))`,
          [...grantParams, ...roles],
        );
      } else {
        qb.andWhere(granted, grantParams);
      }
      if (query.role !== undefined && query.role !== null) qb.andWhere({ role: query.role });
      if (query.q) {
        const like = `%${query.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
        qb.andWhere({
          $or: [
            { user: { email: { $ilike: like } } },
            { user: { firstName: { $ilike: like } } },
            { user: { lastName: { $ilike: like } } },
          ],
        });
      }
      // Own keys only: `constructor`, `__proto__` or `toString` must not reach Object.prototype.
      const sortKey = query.sort !== undefined && Object.hasOwn(SORTABLE, query.sort) ? SORTABLE[query.sort]! : SORTABLE.email!;
      const [rows, total] = await qb
        .orderBy({ [sortKey]: query.order === 'desc' ? 'desc' : 'asc', id: 'asc' })
        .limit(perPage)
        .offset((page - 1) * perPage)
        .getResultAndCount();
      const userIds = rows.map((m) => m.user.id);
      const counts = await new MembershipRepository(em).restrictionCounts(caller.companyId, userIds);
      const grants = userIds.length
        ? await em.find(
            AccessRestriction,
            {
              userId: { $in: userIds },
              $or: [
                { customerId: { $in: scope.customer_ids } },
                { locationId: { $in: scope.location_ids } },
                { supplierId: { $in: scope.supplier_ids } },
              ],
            },
            { orderBy: { id: 'asc' } },
          )
        : [];
      return {
        items: rows.map((m) => ({
          ...toCompanyUserDto(m, counts.get(m.user.id) ?? 0),
          grants: grants.filter((g) => g.userId === m.user.id).map(toRestrictionDto),
        })),
        total,
        page,
        per_page: perPage,
      };
    });
  }
}
