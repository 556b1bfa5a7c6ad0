import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CompanyCaller, TargetName, TargetsReply, TargetsRequest } from '@kanban/contracts';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { type RestrictedKind, visibleCondition } from '../restrictions/restriction-scope';

/**
 * Names of the customers, locations and suppliers that access restrictions point to, for the users
 * administration (identity keeps only ids). Company-scoped and narrowed by the caller's own restrictions
 * (the shared restriction scope): ids that do not exist in the company, or that the caller may not see,
 * are left out of the answer.
 */
@Injectable()
export class TargetsService {
  constructor(@Inject(unitOfWorkToken('catalog')) private readonly uow: UnitOfWork) {}

  async lookup(request: TargetsRequest): Promise<TargetsReply> {
    const { caller } = request;
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const customers = await named(em, caller, 'customer', ids(request.customer_ids));
      const suppliers = await named(em, caller, 'supplier', ids(request.supplier_ids));
      const locations = await named(em, caller, 'location', ids(request.location_ids));
      let locationIds: number[] = [];
      if (request.locations_of) {
        const rows = await em.execute<{ id: number }[]>(
          'select id from catalog.location where company_id = ? and customer_id = ? order by id',
          [caller.companyId, request.locations_of],
        );
        locationIds = rows.map((r) => Number(r.id));
      }
      return { customers, suppliers, locations, location_ids: locationIds };
    });
  }
}

async function named(
  em: EntityManager,
  caller: CompanyCaller,
  kind: RestrictedKind,
  list: number[],
): Promise<TargetName[]> {
  if (list.length === 0) return [];
  const [visible, params] = visibleCondition(kind, 'x', caller);
  const customerColumn = kind === 'location' ? ', x.customer_id' : '';
  const rows = await em.execute<{ id: number; name: string; customer_id?: number }[]>(
    `select x.id, x.name${customerColumn} from catalog.${kind} x where x.company_id = ? and x.id in (${list.map(() => '?').join(', ')}) and ${visible} order by x.id`,
    [caller.companyId, ...list, ...params],
  );
  return rows.map((r) =>
    kind === 'location'
      ? { id: Number(r.id), name: r.name, customer_id: Number(r.customer_id) }
      : { id: Number(r.id), name: r.name },
  );
}

function ids(list: number[] | undefined): number[] {
  return [...new Set((list ?? []).filter((id) => Number.isInteger(id) && id > 0))];
}
