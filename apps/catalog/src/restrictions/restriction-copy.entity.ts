import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity, TenantOwned } from '@kanban/persistence';

/**
 * The catalog's copy of identity's access restrictions (identity owns them): one row per restriction of a
 * user in a company, exactly one of customer, location or supplier set. Fed by
 * `evt.identity.restrictions_changed`, which replaces the user's whole set.
 */
@Entity({ tableName: 'access_restriction' })
@TenantOwned()
@Index({ properties: ['companyId', 'userId'] })
export class RestrictionCopy extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @Property({ fieldName: 'user_id', type: 'int' })
  userId!: number;

  @Property({ fieldName: 'customer_id', type: 'int', nullable: true })
  customerId: number | null = null;

  @Property({ fieldName: 'location_id', type: 'int', nullable: true })
  locationId: number | null = null;

  @Property({ fieldName: 'supplier_id', type: 'int', nullable: true })
  supplierId: number | null = null;
}
