import { CustomField, CustomFieldValueRow } from './custom-field.entity';
import { CustomFieldsRepository } from './custom-fields.repository';
import { CustomFieldsService } from './custom-fields.service';
import { SettingsHooks } from './settings-hooks';
import { SettingsLinks } from './settings-links';
import { SettingsHandler } from './settings.handler';
import { StorageTypesService } from './storage-types.service';
import { StorageType } from './storage-type.entity';
import { Unit } from './unit.entity';
import { UnitsService } from './units.service';

/** The settings part of the catalog, as the module and the schema list it. */
export const SETTINGS_ENTITIES = [Unit, StorageType, CustomField, CustomFieldValueRow];
export const SETTINGS_HANDLERS = [SettingsHandler];
export const SETTINGS_PROVIDERS = [SettingsHooks, SettingsLinks, UnitsService, StorageTypesService, CustomFieldsService, CustomFieldsRepository];
