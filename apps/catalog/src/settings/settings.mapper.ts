import type { CustomFieldDto, StorageTypeDto, UnitDto } from '@kanban/contracts';
import type { CustomField } from './custom-field.entity';
import type { StorageType } from './storage-type.entity';
import type { Unit } from './unit.entity';

export function toUnitDto(unit: Unit): UnitDto {
  return {
    id: unit.id,
    code: unit.code,
    name: unit.name,
    description: unit.description,
    created_at: unit.createdAt.toISOString(),
    updated_at: unit.updatedAt.toISOString(),
  };
}

export function toStorageTypeDto(type: StorageType): StorageTypeDto {
  return {
    id: type.id,
    name: type.name,
    description: type.description,
    created_at: type.createdAt.toISOString(),
    updated_at: type.updatedAt.toISOString(),
  };
}

export function toCustomFieldDto(field: CustomField): CustomFieldDto {
  return {
    id: field.id,
    entity: field.entity,
    key: field.key,
    label: field.label,
    type: field.type,
    options: [...field.options],
    required: field.required,
    sort: field.sort,
    created_at: field.createdAt.toISOString(),
    updated_at: field.updatedAt.toISOString(),
  };
}
