import { Check, Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantEntity, TenantOwned } from '@kanban/persistence';

/**
 * Narrows what a user sees in a company to explicit customers, locations or suppliers (exactly one per
 * row). The services owning those entities enforce it.
 */
@Entity({ tableName: 'access_restriction' })
@TenantOwned()
@Unique({ properties: ['companyId', 'userId', 'customerId', 'locationId', 'supplierId'] })
@Index({ properties: ['companyId', 'userId'] })
@Check({
  name: 'access_restriction_one_target',
  expression: 'num_nonnulls(customer_id, location_id, supplier_id) = 1',
})
export class AccessRestriction extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @Property({ fieldName: 'user_id', type: 'int' })
  userId!: number;

  @Property({ fieldName: 'customer_id', type: 'int', nullable: true })
  customerId?: number | null;

  @Property({ fieldName: 'location_id', type: 'int', nullable: true })
  locationId?: number | null;

  @Property({ fieldName: 'supplier_id', type: 'int', nullable: true })
  supplierId?: number | null;

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt: Date = new Date();
}
