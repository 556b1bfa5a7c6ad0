import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantEntity, TenantOwned } from '@kanban/persistence';

/**
 * A supplier of a company (spec 3). `nr` (the catalog id) is unique within the company when set; an empty
 * number is stored as null.
 */
@Entity({ tableName: 'supplier' })
@TenantOwned()
@Unique({ properties: ['companyId', 'nr'] })
export class Supplier extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text', nullable: true })
  nr: string | null = null;

  @Property({ fieldName: 'ext_nr', type: 'text', default: '' })
  extNr: string = '';

  @Property({ type: 'text', default: '' })
  description: string = '';

  @Property({ type: 'text', default: '' })
  street: string = '';

  @Property({ type: 'text', default: '' })
  postal: string = '';

  @Property({ type: 'text', default: '' })
  city: string = '';

  @Property({ type: 'text', default: '' })
  state: string = '';

  @Property({ fieldName: 'country_iso', type: 'text', default: '' })
  countryIso: string = '';

  @Property({ type: 'boolean', default: true })
  active: boolean = true;

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt: Date = new Date();

  @Property({ fieldName: 'updated_at', type: 'datetime', length: 6 })
  updatedAt: Date = new Date();
}
