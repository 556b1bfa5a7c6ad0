import type { ListQuery } from './identity';

/** Request/reply subjects of the company settings kept by the catalog service: units, storage types, custom fields. */
export const SettingsSubjects = {
  listUnits: 'catalog.unit.list',
  getUnit: 'catalog.unit.get',
  createUnit: 'catalog.unit.create',
  updateUnit: 'catalog.unit.update',
  deleteUnit: 'catalog.unit.delete',
  listStorageTypes: 'catalog.storage_type.list',
  getStorageType: 'catalog.storage_type.get',
  createStorageType: 'catalog.storage_type.create',
  updateStorageType: 'catalog.storage_type.update',
  deleteStorageType: 'catalog.storage_type.delete',
  listCustomFields: 'catalog.custom_field.list',
  getCustomField: 'catalog.custom_field.get',
  createCustomField: 'catalog.custom_field.create',
  updateCustomField: 'catalog.custom_field.update',
  deleteCustomField: 'catalog.custom_field.delete',
  getCustomValues: 'catalog.custom_field.values.get',
  putCustomValues: 'catalog.custom_field.values.put',
} as const;

/** Durable events of the settings (JetStream stream EVT_catalog). */
export const SettingsEvents = {
  unitChanged: 'evt.catalog.unit_changed',
  storageTypeChanged: 'evt.catalog.storage_type_changed',
  customFieldChanged: 'evt.catalog.custom_field_changed',
} as const;

/** A unit of measure (spec 3): items name their item and order unit by `code`, unique in the company. */
export interface UnitDto {
  id: number;
  code: string;
  name: string;
  description: string;
  created_at: string;
  updated_at: string;
}
export type UnitInput = Partial<Pick<UnitDto, 'code' | 'name' | 'description'>>;
export const UNIT_SORTS = ['code', 'name', 'created_at'] as const;
export type UnitSort = (typeof UNIT_SORTS)[number];

/** A storage (rack) type (spec 3). */
export interface StorageTypeDto {
  id: number;
  name: string;
  description: string;
  created_at: string;
  updated_at: string;
}
export type StorageTypeInput = Partial<Pick<StorageTypeDto, 'name' | 'description'>>;
export const STORAGE_TYPE_SORTS = ['name', 'created_at'] as const;
export type StorageTypeSort = (typeof STORAGE_TYPE_SORTS)[number];

export type SettingsListQuery = ListQuery;

/** The kinds of record a custom field can extend. */
export const CUSTOM_FIELD_ENTITIES = ['customer', 'location', 'supplier', 'item', 'contact'] as const;
export type CustomFieldEntity = (typeof CUSTOM_FIELD_ENTITIES)[number];
export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'boolean', 'select'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];
export const CUSTOM_FIELD_SORTS = ['sort', 'key', 'label', 'entity', 'type', 'created_at'] as const;
export type CustomFieldSort = (typeof CUSTOM_FIELD_SORTS)[number];
/** A key: lower-case letter first, then lower-case letters, digits and underscores. */
export const CUSTOM_FIELD_KEY_PATTERN = /^[a-z][a-z0-9_]*$/;

/** The definition of an extra field of one kind of record in one company. */
export interface CustomFieldDto {
  id: number;
  entity: CustomFieldEntity;
  key: string;
  label: string;
  type: CustomFieldType;
  /** the choices of a select field (empty for the other types) */
  options: string[];
  required: boolean;
  sort: number;
  created_at: string;
  updated_at: string;
}
export type CustomFieldInput = Partial<Pick<CustomFieldDto, 'entity' | 'key' | 'label' | 'type' | 'options' | 'required' | 'sort'>>;

export interface CustomFieldListQuery extends ListQuery {
  entity?: CustomFieldEntity;
}

/** A stored value: text, date (YYYY-MM-DD) and select as strings, number as number, boolean as boolean. */
export type CustomFieldValue = string | number | boolean;

/** The custom fields of one record: every definition of its kind (in sort order) with the record's value or null. */
export interface CustomValuesDto {
  entity: CustomFieldEntity;
  entity_id: number;
  fields: (Pick<CustomFieldDto, 'key' | 'label' | 'type' | 'options' | 'required' | 'sort'> & {
    field_id: number;
    value: CustomFieldValue | null;
  })[];
}

/** PUT body: the record's values by key; a key left out, null or '' clears the value. */
export interface CustomValuesInput {
  values: Record<string, CustomFieldValue | null>;
}

/** evt.catalog.unit_changed: a unit was created, changed or deleted. */
export interface UnitChanged {
  id: number;
  company_id: number;
  code: string;
  name: string;
  deleted?: boolean;
}

/** evt.catalog.storage_type_changed */
export interface StorageTypeChanged {
  id: number;
  company_id: number;
  name: string;
  deleted?: boolean;
}

/** evt.catalog.custom_field_changed */
export interface CustomFieldChanged {
  id: number;
  company_id: number;
  entity: CustomFieldEntity;
  key: string;
  deleted?: boolean;
}
