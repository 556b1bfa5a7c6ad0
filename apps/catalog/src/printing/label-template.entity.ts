import { DecimalType, Entity, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { LabelFormInputDto, LabelTemplateKind } from '@kanban/contracts';
import { TenantEntity, TenantOwned } from '@kanban/persistence';

/**
 * A label template of a company (docs/label-printing.md): its own, or one of the built-ins of libs/labels
 * (`builtinKey` set, read-only), created for each company on its first access.
 */
@Entity({ tableName: 'label_template' })
@TenantOwned()
@Unique({ properties: ['companyId', 'name'] })
@Unique({ properties: ['companyId', 'builtinKey'] })
export class LabelTemplate extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text', default: '' })
  description: string = '';

  @Property({ type: 'text' })
  type!: LabelTemplateKind;

  /** mm, as the XML's root says */
  @Property({ type: new DecimalType('number'), precision: 9, scale: 3 })
  width!: number;

  @Property({ type: new DecimalType('number'), precision: 9, scale: 3 })
  height!: number;

  /** the XML (docs/label-templates.md) */
  @Property({ type: 'text' })
  template!: string;

  /** the template's <input> declarations, parsed when it was saved */
  @Property({ fieldName: 'form_inputs', type: 'json' })
  formInputs: LabelFormInputDto[] = [];

  @Property({ fieldName: 'builtin_key', type: 'text', nullable: true })
  builtinKey: string | null = null;

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt: Date = new Date();

  @Property({ fieldName: 'updated_at', type: 'datetime', length: 6 })
  updatedAt: Date = new Date();
}
