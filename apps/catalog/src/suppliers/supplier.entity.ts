import { Entity, Property, Unique } from '@mikro-orm/core';
import { TenantOwned } from '@kanban/persistence';
import { AddressedRecord } from '../shared/addressed-record.entity';

/**
 * A supplier of a company (spec 3). `nr` (the catalog id) is unique within the company when set; an empty
 * number is stored as null.
 */
@Entity({ tableName: 'supplier' })
@TenantOwned()
@Unique({ properties: ['companyId', 'nr'] })
export class Supplier extends AddressedRecord {
  @Property({ fieldName: 'ext_nr', type: 'text', default: '' })
  extNr: string = '';

  @Property({ type: 'boolean', default: true })
  active: boolean = true;
}
