import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CompanyCaller, TargetName, TargetsReply, TargetsRequest } from '@kanban/contracts';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import type { RestrictedKind } from '../restrictions/restriction-scope';
import { TargetsRepository } from './targets.repository';

/**
 * Names of the customers, locations and suppliers that access restrictions point to, for the users
 * administration (identity keeps only ids). Company-scoped and narrowed by the caller's own restrictions
 * (the shared restriction scope): ids that do not exist in the company, or that the caller may not see,
 * are left out of the answer.
 */
@Injectable()
export class TargetsService {
  constructor(
    @Inject(unitOfWorkToken('catalog')) private readonly uow: UnitOfWork,
    private readonly targets: TargetsRepository,
  ) {}

  async lookup(request: TargetsRequest): Promise<TargetsReply> {
    const { caller } = request;
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const customers = await named(this.targets, em, caller, 'customer', ids(request.customer_ids));
      const suppliers = await named(this.targets, em, caller, 'supplier', ids(request.supplier_ids));
      const locations = await named(this.targets, em, caller, 'location', ids(request.location_ids));
      const locationIds = request.locations_of ? await this.targets.locationIdsOf(em, caller.companyId, request.locations_of) : [];
      return { customers, suppliers, locations, location_ids: locationIds };
    });
  }
}

async function named(
  targets: TargetsRepository,
  em: EntityManager,
  caller: CompanyCaller,
  kind: RestrictedKind,
  list: number[],
): Promise<TargetName[]> {
  if (list.length === 0) return [];
  const rows = await targets.named(em, caller, kind, list);
  return rows.map((r) =>
    kind === 'location'
      ? { id: Number(r.id), name: r.name, customer_id: Number(r.customer_id) }
      : { id: Number(r.id), name: r.name },
  );
}

function ids(list: number[] | undefined): number[] {
  return [...new Set((list ?? []).filter((id) => Number.isInteger(id) && id > 0))];
}
