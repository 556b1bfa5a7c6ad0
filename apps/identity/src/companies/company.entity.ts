import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** A tenant: a distributor company. Its id is the company id every tenant-owned row carries. */
@Entity({ tableName: 'company' })
export class Company {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text', default: '' })
  nr: string = '';

  @Property({ type: 'text', default: '' })
  extended: string = '';

  @Property({ type: 'text', default: '' })
  street: string = '';

  @Property({ type: 'text', default: '' })
  postal: string = '';

  @Property({ type: 'text', default: '' })
  city: string = '';

  @Property({ type: 'text', default: '' })
  state: string = '';

  @Property({ fieldName: 'country_iso', type: 'text', default: 'DE' })
  countryIso: string = 'DE';

  @Property({ type: 'text', default: 'Europe/Berlin' })
  timezone: string = 'Europe/Berlin';

  @Property({ fieldName: 'max_users', type: 'int', default: 25 })
  maxUsers: number = 25;

  @Property({ fieldName: 'max_customers', type: 'int', default: 100 })
  maxCustomers: number = 100;

  @Property({ fieldName: 'max_suppliers', type: 'int', default: 50 })
  maxSuppliers: number = 50;

  @Property({ fieldName: 'max_readonly', type: 'int', default: 25 })
  maxReadonly: number = 25;

  @Property({ fieldName: 'max_app_users', type: 'int', default: 25 })
  maxAppUsers: number = 25;

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt: Date = new Date();
}
