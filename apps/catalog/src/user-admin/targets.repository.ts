import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CompanyCaller } from '@kanban/contracts';
import { type RestrictedKind, visibleCondition } from '../restrictions/restriction-scope';

/** The names of customers, locations and suppliers for the users administration, narrowed by the caller's restrictions. */
@Injectable()
export class TargetsRepository {
  /** The rows of the kind among `ids` the caller may see, by id (locations with their customer). */
  named(em: EntityManager, caller: CompanyCaller, kind: RestrictedKind, ids: number[]): Promise<{ id: number; name: string; customer_id?: number }[]> {
    const [visible, params] = visibleCondition(kind, 'x', caller);
    const customerColumn = kind === 'location' ? ', x.customer_id' : '';
    return em.execute<{ id: number; name: string; customer_id?: number }[]>(
      `select x.id, x.name${customerColumn} from catalog.${kind} x where x.company_id = ? and x.id in (${ids.map(() => '?').join(', ')}) and ${visible} order by x.id`,
      [caller.companyId, ...ids, ...params],
    );
  }

  /** The ids of a customer's locations. */
  async locationIdsOf(em: EntityManager, companyId: number, customerId: number): Promise<number[]> {
    const rows = await em.execute<{ id: number }[]>('select id from catalog.location where company_id = ? and customer_id = ? order by id', [companyId, customerId]);
    return rows.map((r) => Number(r.id));
  }
}
