import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import type { ChangeAction } from '@kanban/contracts';
import { TenantEntity, TenantOwned } from '@kanban/persistence';

/**
 * One entry of the generic change log (spec 3): written by MasterDataService (and contacts) in the
 * transaction of the change. `customer_id`/`supplier_id` name the customer or supplier the entity belongs to
 * (the entity itself for customers and suppliers) so `customer/{id}/changes/` finds everything under it.
 * No foreign keys: the log outlives the entities it describes.
 */
@Entity({ tableName: 'change_log' })
@TenantOwned()
@Index({ properties: ['companyId', 'customerId', 'at'] })
@Index({ properties: ['companyId', 'supplierId', 'at'] })
export class ChangeLogEntry extends TenantEntity {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @Property({ fieldName: 'entity_kind', type: 'text' })
  entityKind!: string;

  @Property({ fieldName: 'entity_id', type: 'int' })
  entityId!: number;

  @Property({ fieldName: 'customer_id', type: 'int', nullable: true })
  customerId: number | null = null;

  @Property({ fieldName: 'supplier_id', type: 'int', nullable: true })
  supplierId: number | null = null;

  @Property({ type: 'character(1)' })
  action!: ChangeAction;

  @Property({ type: 'text', nullable: true })
  field: string | null = null;

  @Property({ fieldName: 'old_value', type: 'text', nullable: true })
  oldValue: string | null = null;

  @Property({ fieldName: 'new_value', type: 'text', nullable: true })
  newValue: string | null = null;

  @Property({ fieldName: 'user_id', type: 'int' })
  userId!: number;

  @Property({ type: 'datetime', length: 6 })
  at: Date = new Date();
}
