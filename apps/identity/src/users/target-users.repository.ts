import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AccessGroup } from '@kanban/access';
import type { UsersOfTargetRequest } from '@kanban/contracts';
import { containsPattern, userGrantedCondition, userRestrictedCondition } from '@kanban/persistence';
import { AccessRestriction } from './access-restriction.entity';
import { Membership } from './membership.entity';
import { sortOf } from './users.repository';

const SORTABLE: Record<string, string> = {
  email: 'user.email',
  first_name: 'user.firstName',
  last_name: 'user.lastName',
  role: 'role',
};

/** The queries of the users who may see one customer, location or supplier (TargetUsersService). */
@Injectable()
export class TargetUsersRepository {
  /**
   * A page of the company's members (with users and images) whose restrictions grant one of the scope's records; with
   * `restricted: false` also those without a restriction of the scope's side whose role reads it (customer group
   * for customers and locations, supplier group for suppliers). Answers the page and the number of all matches.
   */
  list(em: EntityManager, { caller, scope, query }: UsersOfTargetRequest, page: number, perPage: number): Promise<[Membership[], number]> {
    const owner = { company: 'm.company_id', user: 'm.user_id' };
    const [granted, grantParams] = userGrantedCondition('identity', owner, { customer: scope.customer_ids, location: scope.location_ids, supplier: scope.supplier_ids });
    // Query builders do not apply the tenant filter: the company condition is explicit.
    const qb = em.createQueryBuilder(Membership, 'm').select('m.*').joinAndSelect('m.user', 'user').leftJoinAndSelect('user.image', 'image').where({ companyId: caller.companyId });
    if (query.restricted === false) {
      const side = scope.kind === 'supplier' ? 'supplier' : 'customer';
      const roles = scope.kind === 'supplier' ? AccessGroup.supplier : AccessGroup.customer;
      const unrestricted = userRestrictedCondition('identity', owner, side);
      qb.andWhere(`(${granted} or (m.role in (${roles.map(() => '?').join(', ')}) and not ${unrestricted}))`, [...grantParams, ...roles]);
    } else {
      qb.andWhere(granted, grantParams);
    }
    if (query.role !== undefined && query.role !== null) qb.andWhere({ role: query.role });
    if (query.q) {
      const like = containsPattern(query.q);
      qb.andWhere({ $or: [{ user: { email: { $ilike: like } } }, { user: { firstName: { $ilike: like } } }, { user: { lastName: { $ilike: like } } }] });
    }
    return qb
      .orderBy({ [sortOf(SORTABLE, query.sort)]: query.order === 'desc' ? 'desc' : 'asc', id: 'asc' })
      .limit(perPage)
      .offset((page - 1) * perPage)
      .getResultAndCount();
  }

  /** The restrictions of the given users in the bound company that name one of the scope's records, oldest first. */
  grants(em: EntityManager, userIds: number[], scope: UsersOfTargetRequest['scope']): Promise<AccessRestriction[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return em.find(
      AccessRestriction,
      {
        userId: { $in: userIds },
        $or: [{ customerId: { $in: scope.customer_ids } }, { locationId: { $in: scope.location_ids } }, { supplierId: { $in: scope.supplier_ids } }],
      },
      { orderBy: { id: 'asc' } },
    );
  }
}
