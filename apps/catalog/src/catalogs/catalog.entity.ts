import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity, TenantOwned } from '@kanban/persistence';

/** A catalog of a supplier (spec 3): name, contract name, description, external system id. Names are unique per supplier. */
@Entity({ tableName: 'catalog' })
@TenantOwned()
@Index({ properties: ['companyId', 'supplierId'] })
export class Catalog extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @Property({ fieldName: 'supplier_id', type: 'int' })
  supplierId!: number;

  @Property({ type: 'text' })
  name!: string;

  @Property({ fieldName: 'contract_name', type: 'text', default: '' })
  contractName: string = '';

  @Property({ type: 'text', default: '' })
  description: string = '';

  @Property({ fieldName: 'ext_system_id', type: 'text', default: '' })
  extSystemId: string = '';

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt: Date = new Date();

  @Property({ fieldName: 'updated_at', type: 'datetime', length: 6 })
  updatedAt: Date = new Date();
}
