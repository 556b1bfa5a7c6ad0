import { Filter, Property } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

export const TENANT_FILTER = 'tenant';

/**
 * Marks an entity as owned by a company (tenant). Every query on it must carry the company id: the
 * `tenant` filter is on by default and MikroORM refuses a query on such an entity without its argument
 * ("No arguments provided for filter 'tenant'"). Use {@link tenantEm} to get an entity manager bound to a
 * company.
 */
export function TenantOwned(): ClassDecorator {
  return Filter({
    name: TENANT_FILTER,
    cond: (args: { companyId: number }) => ({ companyId: args.companyId }),
    default: true,
  }) as ClassDecorator;
}

/** Base class for tenant-owned rows: the company id is a column of every one of them. */
export abstract class TenantEntity {
  @Property({ fieldName: 'company_id', index: true })
  companyId!: number;
}

/** An entity manager (fork) whose tenant filter is bound to one company. */
export function tenantEm<T extends EntityManager>(em: T, companyId: number): T {
  if (!Number.isInteger(companyId) || companyId <= 0) throw new Error(`invalid company id ${companyId}`);
  em.setFilterParams(TENANT_FILTER, { companyId });
  return em;
}
