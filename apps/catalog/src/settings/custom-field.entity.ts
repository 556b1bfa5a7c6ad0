import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { CustomFieldEntity, CustomFieldType, CustomFieldValue } from '@kanban/contracts';
import { TenantEntity, TenantOwned } from '@kanban/persistence';

/** The definition of an extra field of one kind of record; `key` is unique per kind in the company. */
@Entity({ tableName: 'custom_field' })
@TenantOwned()
@Unique({ properties: ['companyId', 'entity', 'key'] })
export class CustomField extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @Property({ type: 'text' })
  entity!: CustomFieldEntity;

  @Property({ type: 'text' })
  key!: string;

  @Property({ type: 'text' })
  label!: string;

  @Property({ type: 'text' })
  type!: CustomFieldType;

  @Property({ type: 'json' })
  options: string[] = [];

  @Property({ type: 'boolean', default: false })
  required: boolean = false;

  @Property({ type: 'int', default: 0 })
  sort: number = 0;

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt: Date = new Date();

  @Property({ fieldName: 'updated_at', type: 'datetime', length: 6 })
  updatedAt: Date = new Date();
}

/**
 * The value of a custom field for one record (kind + id), in a table of its own so the records' tables stay
 * untouched. Deleting the definition deletes its values in the same transaction.
 */
@Entity({ tableName: 'custom_field_value' })
@TenantOwned()
@Unique({ properties: ['fieldId', 'entityId'] })
@Index({ properties: ['companyId', 'entity', 'entityId'] })
export class CustomFieldValueRow extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @Property({ type: 'text' })
  entity!: CustomFieldEntity;

  @Property({ fieldName: 'entity_id', type: 'int' })
  entityId!: number;

  @Property({ fieldName: 'field_id', type: 'int' })
  fieldId!: number;

  @Property({ type: 'json' })
  value!: CustomFieldValue;

  @Property({ fieldName: 'updated_at', type: 'datetime', length: 6 })
  updatedAt: Date = new Date();
}
