import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CompanyCaller, TargetName, TargetsReply, TargetsRequest } from '@kanban/contracts';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';

const OWN = 'r.company_id = ? and r.user_id = ?';
/** the caller has no customer-side restriction, or one that names this customer */
const CUSTOMER_VISIBLE = (customerColumn: string) =>
  `(not exists (select 1 from catalog.access_restriction r where ${OWN} and (r.customer_id is not null or r.location_id is not null))` +
  ` or ${customerColumn} in (select r.customer_id from catalog.access_restriction r where ${OWN} and r.customer_id is not null)`;

/**
 * Names of the customers, locations and suppliers that access restrictions point to, for the users
 * administration (identity keeps only ids). Company-scoped and narrowed by the caller's own restrictions:
 * ids that do not exist in the company, or that the caller may not see, are left out of the answer.
 *
 * Locations are read with SQL on catalog.location (customer_id, name): the table arrives with the
 * locations part; while it does not exist no location is known.
 */
@Injectable()
export class TargetsService {
  constructor(@Inject(unitOfWorkToken('catalog')) private readonly uow: UnitOfWork) {}

  async lookup(request: TargetsRequest): Promise<TargetsReply> {
    const { caller } = request;
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const hasLocations = await locationTableExists(em);
      const customers = await this.customers(em, caller, ids(request.customer_ids));
      const suppliers = await this.suppliers(em, caller, ids(request.supplier_ids));
      const locations = hasLocations ? await this.locations(em, caller, ids(request.location_ids)) : [];
      let locationIds: number[] = [];
      if (hasLocations && request.locations_of) {
        const rows = await em.execute<{ id: number }[]>('select id from catalog.location where company_id = ? and customer_id = ? order by id', [
          caller.companyId,
          request.locations_of,
        ]);
        locationIds = rows.map((r) => Number(r.id));
      }
      return { customers, suppliers, locations, location_ids: locationIds, has_locations: hasLocations };
    });
  }

  private async customers(em: EntityManager, caller: CompanyCaller, list: number[]): Promise<TargetName[]> {
    if (list.length === 0) return [];
    const rows = await em.execute<{ id: number; name: string }[]>(
      `select c.id, c.name from catalog.customer c where c.company_id = ? and c.id in (${marks(list)}) and ${CUSTOMER_VISIBLE('c.id')}) order by c.id`,
      [caller.companyId, ...list, ...own(caller), ...own(caller)],
    );
    return rows.map((r) => ({ id: Number(r.id), name: r.name }));
  }

  private async suppliers(em: EntityManager, caller: CompanyCaller, list: number[]): Promise<TargetName[]> {
    if (list.length === 0) return [];
    const rows = await em.execute<{ id: number; name: string }[]>(
      `select s.id, s.name from catalog.supplier s where s.company_id = ? and s.id in (${marks(list)})` +
        ` and (not exists (select 1 from catalog.access_restriction r where ${OWN} and r.supplier_id is not null)` +
        ` or s.id in (select r.supplier_id from catalog.access_restriction r where ${OWN} and r.supplier_id is not null)) order by s.id`,
      [caller.companyId, ...list, ...own(caller), ...own(caller)],
    );
    return rows.map((r) => ({ id: Number(r.id), name: r.name }));
  }

  private async locations(em: EntityManager, caller: CompanyCaller, list: number[]): Promise<TargetName[]> {
    if (list.length === 0) return [];
    const rows = await em.execute<{ id: number; name: string; customer_id: number }[]>(
      `select l.id, l.name, l.customer_id from catalog.location l where l.company_id = ? and l.id in (${marks(list)})` +
        ` and (${CUSTOMER_VISIBLE('l.customer_id')}` +
        ` or l.id in (select r.location_id from catalog.access_restriction r where ${OWN} and r.location_id is not null))) order by l.id`,
      [caller.companyId, ...list, ...own(caller), ...own(caller), ...own(caller)],
    );
    return rows.map((r) => ({ id: Number(r.id), name: r.name, customer_id: Number(r.customer_id) }));
  }
}

function own(caller: CompanyCaller): number[] {
  return [caller.companyId, caller.userId];
}

function ids(list: number[] | undefined): number[] {
  return [...new Set((list ?? []).filter((id) => Number.isInteger(id) && id > 0))];
}

async function locationTableExists(em: EntityManager): Promise<boolean> {
  const rows = await em.execute<{ ok: boolean }[]>("select to_regclass('catalog.location') is not null as ok");
  return rows[0]?.ok === true;
}

function marks(list: number[]): string {
  return list.map(() => '?').join(', ');
}
