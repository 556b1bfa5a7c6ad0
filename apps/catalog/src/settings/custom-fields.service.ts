import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AccessGroup, AppError, ErrorCode, type FieldError, hasRole, ProtocolCode } from '@kanban/access';
import {
  CUSTOM_FIELD_ENTITIES,
  type CompanyCaller,
  type CustomFieldDto,
  type CustomFieldEntity,
  type CustomFieldInput,
  type CustomValuesDto,
  type CustomValuesInput,
  SettingsEvents,
} from '@kanban/contracts';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { mayAccess } from '../restrictions/restriction-scope';
import { CustomField, CustomFieldValueRow } from './custom-field.entity';
import { CustomFieldsRepository } from './custom-fields.repository';
import { SettingsHooks } from './settings-hooks';
import { toCustomFieldDto } from './settings.mapper';
import { checkCustomValue, customFieldSortProperty, fitsDefinition, normalizeCustomFieldInput } from './settings.rules';
import { SettingsRecordsService } from './settings-records.service';

function dataLoss(count: number): AppError {
  return new AppError(ErrorCode.EntityHasData, `${count} stored value(s) would be lost; confirm to go on`);
}

/**
 * Custom field definitions per company and kind of record (key unique per kind, 1059), and the records'
 * values in a table of their own, checked against the definitions. Changing a definition so that stored
 * values no longer fit, or deleting one that has values, answers 1002 unless confirmed (then those values
 * are deleted in the same transaction).
 */
@Injectable()
export class CustomFieldsService extends SettingsRecordsService<CustomField, CustomFieldDto, CustomFieldInput> {
  constructor(
    @Inject(unitOfWorkToken('catalog')) uow: UnitOfWork,
    private readonly hooks: SettingsHooks,
    private readonly fields: CustomFieldsRepository = new CustomFieldsRepository(),
  ) {
    super(uow, {
      entity: CustomField,
      kind: 'custom_field',
      searchFields: ['key', 'label'],
      sortProperty: customFieldSortProperty,
      filter: (query) => (typeof query.entity === 'string' ? { entity: query.entity as CustomFieldEntity } : undefined),
      normalize: (input, mode, current) => normalizeCustomFieldInput(input, mode, current),
      key: (input, current) =>
        current || input.key === undefined || input.entity === undefined
          ? null
          : { field: 'key', where: { entity: input.entity, key: input.key } },
      apply: (field, input) => {
        if (input.entity !== undefined) field.entity = input.entity;
        if (input.key !== undefined) field.key = input.key;
        if (input.label !== undefined) field.label = input.label;
        if (input.type !== undefined) field.type = input.type;
        if (input.options !== undefined) field.options = input.options;
        if (input.required !== undefined) field.required = input.required;
        if (input.sort !== undefined) field.sort = input.sort;
      },
      toDto: toCustomFieldDto,
      beforeUpdate: async (em, field, input, { confirm }) => {
        const next = { type: input.type ?? field.type, options: input.options ?? field.options };
        const values = await fields.valuesOfField(em, field.id);
        const misfits = values.filter((v) => !fitsDefinition(next, v.value));
        if (misfits.length === 0) return;
        if (!confirm) throw dataLoss(misfits.length);
        misfits.forEach((v) => em.remove(v));
      },
      beforeRemove: async (em, field, { confirm }) => {
        const count = await fields.countValuesOfField(em, field.id);
        if (count > 0 && !confirm) throw dataLoss(count);
        await fields.deleteValuesOfField(em, field.id);
      },
      event: SettingsEvents.customFieldChanged,
      changed: (f) => ({ id: f.id, company_id: f.companyId, entity: f.entity, key: f.key }),
    });
    // mayAccess is false for unknown ids and other companies' rows, and applies the access restrictions.
    hooks.records('customer', (em, caller, id) => mayAccess(em, 'customer', caller, id));
    hooks.records('location', (em, caller, id) => mayAccess(em, 'location', caller, id));
    hooks.records('supplier', (em, caller, id) => mayAccess(em, 'supplier', caller, id));
  }

  /** The record's custom fields with their values (reading needs the supplier group for suppliers, else the customer group). */
  async values(caller: CompanyCaller, entity: string, entityId: number): Promise<CustomValuesDto> {
    const kind = this.kindOf(entity);
    const group = kind === 'supplier' ? AccessGroup.supplier : AccessGroup.customer;
    if (!hasRole(caller.role, group)) throw new AppError(ErrorCode.NoPermission);
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      await this.recordOrFail(em, caller, kind, entityId);
      return this.compose(em, kind, entityId);
    });
  }

  /**
   * Replaces the record's values: every key must be a field of its kind; each value must fit its type
   * (and options); required fields need a value. All problems answer together as one 1000 (field
   * `values.<key>`); nothing is written then.
   */
  async putValues(caller: CompanyCaller, entity: string, entityId: number, input: CustomValuesInput): Promise<CustomValuesDto> {
    const kind = this.kindOf(entity);
    if (!input || typeof input.values !== 'object' || input.values === null || Array.isArray(input.values))
      throw AppError.validation('values', 'must be an object of values by key');
    return this.uow.forCompany(caller.companyId).write(async (em) => {
      await this.recordOrFail(em, caller, kind, entityId);
      const fields = await this.fields.fields(em, kind);
      const byKey = new Map(fields.map((f) => [f.key, f]));
      const errors: FieldError[] = [];
      for (const key of Object.keys(input.values))
        if (!byKey.has(key)) errors.push({ field: `values.${key}`, message: 'is not a custom field of this kind' });
      const checked = new Map<number, ReturnType<typeof checkCustomValue>>();
      for (const field of fields) {
        try {
          checked.set(field.id, checkCustomValue(field, Object.hasOwn(input.values, field.key) ? input.values[field.key] : undefined));
        } catch (error) {
          errors.push({ field: `values.${field.key}`, message: (error as Error).message });
        }
      }
      if (errors.length > 0)
        throw new AppError(ErrorCode.Validation, `${errors[0]!.field}: ${errors[0]!.message}`, { errors });
      const stored = await this.fields.valuesOf(em, kind, entityId);
      const storedBy = new Map(stored.map((v) => [v.fieldId, v]));
      for (const field of fields) {
        const value = checked.get(field.id) ?? null;
        const row = storedBy.get(field.id);
        if (value === null) {
          if (row) em.remove(row);
        } else if (row) {
          if (row.value !== value) {
            row.value = value;
            row.updatedAt = new Date();
          }
        } else {
          em.create(CustomFieldValueRow, { companyId: caller.companyId, entity: kind, entityId, fieldId: field.id, value } as CustomFieldValueRow);
        }
      }
      await em.flush();
      return this.compose(em, kind, entityId);
    });
  }

  private kindOf(entity: string): CustomFieldEntity {
    if (!(CUSTOM_FIELD_ENTITIES as readonly string[]).includes(entity))
      throw AppError.validation('entity', `must be one of ${CUSTOM_FIELD_ENTITIES.join(', ')}`);
    return entity as CustomFieldEntity;
  }

  private async recordOrFail(em: EntityManager, caller: CompanyCaller, kind: CustomFieldEntity, id: number): Promise<void> {
    if (!(await this.hooks.visible(kind, em, caller, id))) throw new AppError(ProtocolCode.NotFound, `${kind} not found`);
  }

  private async compose(em: EntityManager, kind: CustomFieldEntity, entityId: number): Promise<CustomValuesDto> {
    const fields = await this.fields.fields(em, kind, true);
    const values = await this.fields.valuesOf(em, kind, entityId);
    const valueOf = new Map(values.map((v) => [v.fieldId, v.value]));
    return {
      entity: kind,
      entity_id: entityId,
      fields: fields.map((f) => ({
        field_id: f.id,
        key: f.key,
        label: f.label,
        type: f.type,
        options: [...f.options],
        required: f.required,
        sort: f.sort,
        value: valueOf.get(f.id) ?? null,
      })),
    };
  }
}
