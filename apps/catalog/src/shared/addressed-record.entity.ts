import { PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity } from '@kanban/persistence';

/**
 * The columns customers, suppliers and locations share: id, name, a number (null when not set, so only set
 * numbers are unique), description, the postal address (spec 3 "address fields") and the timestamps. Each
 * entity adds its own columns and its own unique index on `nr` (per company, or per customer for locations).
 * The column definitions are the ones the tables were created with: moving them here changed no column.
 */
export abstract class AddressedRecord extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text', nullable: true })
  nr: string | null = null;

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

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt: Date = new Date();

  @Property({ fieldName: 'updated_at', type: 'datetime', length: 6 })
  updatedAt: Date = new Date();
}
