import { Payload } from '@nestjs/microservices';
import {
  type BusRequest,
  SettingsSubjects,
} from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { CustomFieldsService } from './custom-fields.service';
import { StorageTypesService } from './storage-types.service';
import { UnitsService } from './units.service';

/** Units, storage types and custom fields of a company. */
@BusController()
export class SettingsHandler {
  constructor(
    private readonly units: UnitsService,
    private readonly storageTypes: StorageTypesService,
    private readonly customFields: CustomFieldsService,
  ) {}

  @Handles(SettingsSubjects.listUnits)
  listUnits(@Payload() p: BusRequest<'catalog.unit.list'>) {
    return this.units.list(p.caller, p.query);
  }

  @Handles(SettingsSubjects.getUnit)
  getUnit(@Payload() p: BusRequest<'catalog.unit.get'>) {
    return this.units.get(p.caller, p.id);
  }

  @Handles(SettingsSubjects.createUnit)
  createUnit(@Payload() p: BusRequest<'catalog.unit.create'>) {
    return this.units.create(p.caller, p.input);
  }

  @Handles(SettingsSubjects.updateUnit)
  updateUnit(@Payload() p: BusRequest<'catalog.unit.update'>) {
    return this.units.update(p.caller, p.id, p.input);
  }

  @Handles(SettingsSubjects.deleteUnit)
  async deleteUnit(@Payload() p: BusRequest<'catalog.unit.delete'>): Promise<null> {
    await this.units.remove(p.caller, p.id);
    return null;
  }

  @Handles(SettingsSubjects.listStorageTypes)
  listStorageTypes(@Payload() p: BusRequest<'catalog.storage_type.list'>) {
    return this.storageTypes.list(p.caller, p.query);
  }

  @Handles(SettingsSubjects.getStorageType)
  getStorageType(@Payload() p: BusRequest<'catalog.storage_type.get'>) {
    return this.storageTypes.get(p.caller, p.id);
  }

  @Handles(SettingsSubjects.createStorageType)
  createStorageType(@Payload() p: BusRequest<'catalog.storage_type.create'>) {
    return this.storageTypes.create(p.caller, p.input);
  }

  @Handles(SettingsSubjects.updateStorageType)
  updateStorageType(@Payload() p: BusRequest<'catalog.storage_type.update'>) {
    return this.storageTypes.update(p.caller, p.id, p.input);
  }

  @Handles(SettingsSubjects.deleteStorageType)
  async deleteStorageType(@Payload() p: BusRequest<'catalog.storage_type.delete'>): Promise<null> {
    await this.storageTypes.remove(p.caller, p.id);
    return null;
  }

  @Handles(SettingsSubjects.listCustomFields)
  listCustomFields(@Payload() p: BusRequest<'catalog.custom_field.list'>) {
    return this.customFields.list(p.caller, p.query);
  }

  @Handles(SettingsSubjects.getCustomField)
  getCustomField(@Payload() p: BusRequest<'catalog.custom_field.get'>) {
    return this.customFields.get(p.caller, p.id);
  }

  @Handles(SettingsSubjects.createCustomField)
  createCustomField(@Payload() p: BusRequest<'catalog.custom_field.create'>) {
    return this.customFields.create(p.caller, p.input);
  }

  @Handles(SettingsSubjects.updateCustomField)
  updateCustomField(@Payload() p: BusRequest<'catalog.custom_field.update'>) {
    return this.customFields.update(p.caller, p.id, p.input, { confirm: p.confirm === true });
  }

  @Handles(SettingsSubjects.deleteCustomField)
  async deleteCustomField(@Payload() p: BusRequest<'catalog.custom_field.delete'>): Promise<null> {
    await this.customFields.remove(p.caller, p.id, { confirm: p.confirm === true });
    return null;
  }

  @Handles(SettingsSubjects.getCustomValues)
  getCustomValues(@Payload() p: BusRequest<'catalog.custom_field.values.get'>) {
    return this.customFields.values(p.caller, p.entity, p.entityId);
  }

  @Handles(SettingsSubjects.putCustomValues)
  putCustomValues(@Payload() p: BusRequest<'catalog.custom_field.values.put'>) {
    return this.customFields.putValues(p.caller, p.entity, p.entityId, p.input);
  }
}
