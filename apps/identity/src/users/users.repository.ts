import { Injectable } from '@nestjs/common';
import { type EntityManager, raw } from '@mikro-orm/postgresql';
import { type SeatKind, seatKindOf } from '@kanban/access';
import type { CompanyUserListQuery, RestrictionKind } from '@kanban/contracts';
import { containsPattern, userRestrictedCondition } from '@kanban/persistence';
import { AccessRestriction } from './access-restriction.entity';
import { Membership } from './membership.entity';
import { User } from './user.entity';
import { UserImage } from './user-image.entity';

/** Sort keys of the company's user list and the property each sorts by (own keys only, see `sortOf`). */
const USER_SORTS: Record<string, string> = {
  email: 'user.email',
  first_name: 'user.firstName',
  last_name: 'user.lastName',
  role: 'role',
  created_at: 'createdAt',
};

/** The sort property of a sort key from a whitelist (default `email`): `constructor` or `__proto__` never reach Object.prototype. */
export function sortOf(sorts: Record<string, string>, sort: string | undefined): string {
  return sort !== undefined && Object.hasOwn(sorts, sort) ? sorts[sort]! : sorts.email!;
}

/**
 * The queries of users, memberships, profile images and access restrictions (docs/users.md). Company-scoped calls
 * take the entity manager of the caller's unit of work bound to the company (`uow.forCompany`), whose tenant filter
 * narrows memberships, invitations and restrictions; query builders do not apply it, so theirs name the company.
 * Entities are created and removed by the services through the unit of work.
 */
@Injectable()
export class UsersRepository {
  user(em: EntityManager, userId: number): Promise<User | null> {
    return em.findOne(User, userId);
  }

  /** The user, or MikroORM's not-found error (for ids the caller's session or membership vouches for). */
  userOrFail(em: EntityManager, userId: number): Promise<User> {
    return em.findOneOrFail(User, userId);
  }

  /** The account of a normalized e-mail address. */
  userByEmail(em: EntityManager, email: string): Promise<User | null> {
    return em.findOne(User, { email });
  }

  async emailTaken(em: EntityManager, email: string): Promise<boolean> {
    return (await em.count(User, { email })) > 0;
  }

  /** Locks the user's row until the transaction ends (two image uploads at once: the second waits). */
  async lockUser(em: EntityManager, userId: number): Promise<void> {
    await em.execute('select 1 from "identity"."user" where id = ? for update', [userId]);
  }

  imagesOfUser(em: EntityManager, userId: number): Promise<UserImage[]> {
    return em.find(UserImage, { userId });
  }

  async deleteImages(em: EntityManager, ids: number[]): Promise<void> {
    if (ids.length > 0) await em.nativeDelete(UserImage, { id: { $in: ids } });
  }

  async deleteImagesOfUser(em: EntityManager, userId: number): Promise<void> {
    await em.nativeDelete(UserImage, { userId });
  }

  /** All companies of a user, across tenants (for the token claims, app use and the company chooser). */
  membershipsOfUser(em: EntityManager, userId: number): Promise<Membership[]> {
    return em.find(Membership, { user: userId }, { filters: { tenant: false }, orderBy: { companyId: 'asc' } });
  }

  /** The user's membership in the bound company, with the user. */
  membership(em: EntityManager, userId: number): Promise<Membership | null> {
    return em.findOne(Membership, { user: userId }, { populate: ['user'] });
  }

  /** The user's membership in a company (without the user). */
  membershipOf(em: EntityManager, companyId: number, userId: number): Promise<Membership | null> {
    return em.findOne(Membership, { companyId, user: userId });
  }

  /** Whether the user is a member of the bound company. */
  async isMember(em: EntityManager, user: User): Promise<boolean> {
    return (await em.count(Membership, { user })) > 0;
  }

  /** In how many companies the user is a member (across tenants). */
  membershipCount(em: EntityManager, userId: number): Promise<number> {
    return em.count(Membership, { user: userId }, { filters: { tenant: false } });
  }

  /** Members of the bound company among the given users, with the user. */
  membersAmong(em: EntityManager, userIds: number[]): Promise<Membership[]> {
    return em.find(Membership, { user: { $in: userIds } }, { populate: ['user'] });
  }

  /** Locks the user's membership row until the transaction ends (two restriction changes for one user: the second waits). */
  async lockMembership(em: EntityManager, companyId: number, userId: number): Promise<void> {
    await em.execute('select 1 from identity.membership where company_id = ? and user_id = ? for update', [companyId, userId]);
  }

  /** Seats used per kind in the bound company, plus app users. */
  async seatCounts(em: EntityManager): Promise<Record<SeatKind | 'app', number>> {
    const rows = await em.find(Membership, {}, { fields: ['role', 'app'] });
    const counts: Record<SeatKind | 'app', number> = { user: 0, customer: 0, supplier: 0, readonly: 0, app: 0 };
    for (const m of rows) {
      const kind = seatKindOf(m.role);
      if (kind) counts[kind]++;
      if (m.app) counts.app++;
    }
    return counts;
  }

  /**
   * A page of the company's members with their users and images: `q` in the address or name, a role, only users with
   * restrictions; sorted by a whitelisted property (`sort`), then id. Answers the page and the number of all matches.
   */
  list(em: EntityManager, companyId: number, query: CompanyUserListQuery, page: number, perPage: number): Promise<[Membership[], number]> {
    const qb = em.createQueryBuilder(Membership, 'm').select('m.*').joinAndSelect('m.user', 'user').leftJoinAndSelect('user.image', 'image').where({ companyId });
    if (query.q) {
      const like = containsPattern(query.q);
      qb.andWhere({ $or: [{ user: { email: { $ilike: like } } }, { user: { firstName: { $ilike: like } } }, { user: { lastName: { $ilike: like } } }] });
    }
    if (query.role !== undefined && query.role !== null) qb.andWhere({ role: query.role });
    if (query.restricted) qb.andWhere(userRestrictedCondition('identity', { company: 'm.company_id', user: 'm.user_id' }));
    return qb
      .orderBy({ [sortOf(USER_SORTS, query.sort)]: query.order === 'desc' ? 'desc' : 'asc', id: 'asc' })
      .limit(perPage)
      .offset((page - 1) * perPage)
      .getResultAndCount();
  }

  /** Restrictions per user in one company. */
  async restrictionCounts(em: EntityManager, companyId: number, userIds: number[]): Promise<Map<number, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await em
      .createQueryBuilder(AccessRestriction, 'r')
      .select(['r.userId', raw('count(*) as n')])
      .where({ companyId, userId: { $in: userIds } })
      .groupBy('r.userId')
      .execute<{ userId: number; n: string }[]>();
    return new Map(rows.map((r) => [Number(r.userId), Number(r.n)]));
  }

  /** The user's restrictions in the bound company (optionally of one kind), oldest first. */
  restrictionsOfUser(em: EntityManager, userId: number, kind?: RestrictionKind): Promise<AccessRestriction[]> {
    const where: Record<string, unknown> = { userId };
    if (kind) where[`${kind}Id`] = { $ne: null };
    return em.find(AccessRestriction, where, { orderBy: { id: 'asc' } });
  }

  /** Whether the user already has this restriction in the bound company. */
  async restrictionExists(em: EntityManager, userId: number, target: { customerId: number | null; locationId: number | null; supplierId: number | null }): Promise<boolean> {
    return (await em.count(AccessRestriction, { userId, ...target })) > 0;
  }

  restriction(em: EntityManager, id: number): Promise<AccessRestriction | null> {
    return em.findOne(AccessRestriction, id);
  }

  async deleteRestrictionsOfUser(em: EntityManager, userId: number): Promise<void> {
    await em.nativeDelete(AccessRestriction, { userId });
  }
}
