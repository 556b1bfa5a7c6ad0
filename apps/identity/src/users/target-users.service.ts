import { Inject, Injectable } from '@nestjs/common';
import type { Page, TargetUserDto, UsersOfTargetRequest } from '@kanban/contracts';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { TargetUsersRepository } from './target-users.repository';
import { toCompanyUserDto } from './user.mapper';
import { UsersRepository } from './users.repository';
import { toRestrictionDto } from './users.service';

/**
 * The users who may see one customer, location or supplier (the customer-, location- and supplier-level
 * `user` pages). By default only users whose access restrictions grant it (spec: "may keep only those with
 * access_restrictions above 0"); with restricted=false also the users without a restriction of that side
 * whose role reads it (customer group for customers and locations, supplier group for suppliers).
 */
@Injectable()
export class TargetUsersService {
  constructor(
    @Inject(unitOfWorkToken('identity')) private readonly uow: UnitOfWork,
    private readonly repository: TargetUsersRepository,
    private readonly users: UsersRepository,
  ) {}

  async list(request: UsersOfTargetRequest): Promise<Page<TargetUserDto>> {
    const { caller, scope, query } = request;
    const page = Math.max(1, Math.floor(query.page ?? 1));
    const perPage = Math.min(200, Math.max(1, Math.floor(query.per_page ?? 50)));
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const [rows, total] = await this.repository.list(em, request, page, perPage);
      const userIds = rows.map((m) => m.user.id);
      const counts = await this.users.restrictionCounts(em, caller.companyId, userIds);
      const grants = await this.repository.grants(em, userIds, scope);
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
