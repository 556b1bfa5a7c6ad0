import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import type { ContactGender } from '@kanban/contracts';
import { TenantEntity, TenantOwned } from '@kanban/persistence';
import { Customer } from '../customers/customer.entity';
import { Supplier } from '../suppliers/supplier.entity';

/**
 * A contact person of a customer or of a supplier (spec 3): exactly one of `customerId`/`supplierId` is set.
 * Deleting the customer/supplier deletes its contacts (on delete cascade). At most one contact per
 * customer/supplier is the main contact (partial unique indexes; the service clears the old one first).
 */
@Entity({ tableName: 'contact' })
@TenantOwned()
@Index({
  name: 'contact_one_main_per_customer',
  expression:
    'create unique index "contact_one_main_per_customer" on "catalog"."contact" ("customer_id") where "main"',
})
@Index({
  name: 'contact_one_main_per_supplier',
  expression:
    'create unique index "contact_one_main_per_supplier" on "catalog"."contact" ("supplier_id") where "main"',
})
export class Contact extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @ManyToOne(() => Customer, {
    fieldName: 'customer_id',
    mapToPk: true,
    nullable: true,
    deleteRule: 'cascade',
    index: true,
  })
  customerId: number | null = null;

  @ManyToOne(() => Supplier, {
    fieldName: 'supplier_id',
    mapToPk: true,
    nullable: true,
    deleteRule: 'cascade',
    index: true,
  })
  supplierId: number | null = null;

  @Property({ fieldName: 'first_name', type: 'text', default: '' })
  firstName: string = '';

  /** last name */
  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text', default: '' })
  gender: ContactGender = '';

  @Property({ fieldName: 'job_title', type: 'text', default: '' })
  jobTitle: string = '';

  @Property({ type: 'text', default: '' })
  email: string = '';

  @Property({ fieldName: 'tel_mobile', type: 'text', default: '' })
  telMobile: string = '';

  @Property({ fieldName: 'tel_office', type: 'text', default: '' })
  telOffice: string = '';

  @Property({ fieldName: 'salutation_line', type: 'text', default: '' })
  salutationLine: string = '';

  @Property({ fieldName: 'ext_system_id', type: 'text', default: '' })
  extSystemId: string = '';

  @Property({ type: 'boolean', default: false })
  main: boolean = false;

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt: Date = new Date();

  @Property({ fieldName: 'updated_at', type: 'datetime', length: 6 })
  updatedAt: Date = new Date();
}
