import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type CompanyCaller,
  type CustomFieldInput,
  type CustomFieldListQuery,
  type CustomValuesInput,
  type SettingsListQuery,
  SettingsSubjects,
  type StorageTypeInput,
  type UnitInput,
} from '@kanban/contracts';
import { BusController } from '@kanban/messaging';
import { CustomFieldsService } from './custom-fields.service';
import { StorageTypesService } from './storage-types.service';
import { UnitsService } from './units.service';

type Caller = { caller: CompanyCaller };

/** Units, storage types and custom fields of a company. */
@BusController()
export class SettingsHandler {
  constructor(
    private readonly units: UnitsService,
    private readonly storageTypes: StorageTypesService,
    private readonly customFields: CustomFieldsService,
  ) {}

  @MessagePattern(SettingsSubjects.listUnits)
  listUnits(@Payload() p: Caller & { query: SettingsListQuery }) {
    return this.units.list(p.caller, p.query);
  }

  @MessagePattern(SettingsSubjects.getUnit)
  getUnit(@Payload() p: Caller & { id: number }) {
    return this.units.get(p.caller, p.id);
  }

  @MessagePattern(SettingsSubjects.createUnit)
  createUnit(@Payload() p: Caller & { input: UnitInput }) {
    return this.units.create(p.caller, p.input);
  }

  @MessagePattern(SettingsSubjects.updateUnit)
  updateUnit(@Payload() p: Caller & { id: number; input: UnitInput }) {
    return this.units.update(p.caller, p.id, p.input);
  }

  @MessagePattern(SettingsSubjects.deleteUnit)
  async deleteUnit(@Payload() p: Caller & { id: number }): Promise<null> {
    await this.units.remove(p.caller, p.id);
    return null;
  }

  @MessagePattern(SettingsSubjects.listStorageTypes)
  listStorageTypes(@Payload() p: Caller & { query: SettingsListQuery }) {
    return this.storageTypes.list(p.caller, p.query);
  }

  @MessagePattern(SettingsSubjects.getStorageType)
  getStorageType(@Payload() p: Caller & { id: number }) {
    return this.storageTypes.get(p.caller, p.id);
  }

  @MessagePattern(SettingsSubjects.createStorageType)
  createStorageType(@Payload() p: Caller & { input: StorageTypeInput }) {
    return this.storageTypes.create(p.caller, p.input);
  }

  @MessagePattern(SettingsSubjects.updateStorageType)
  updateStorageType(@Payload() p: Caller & { id: number; input: StorageTypeInput }) {
    return this.storageTypes.update(p.caller, p.id, p.input);
  }

  @MessagePattern(SettingsSubjects.deleteStorageType)
  async deleteStorageType(@Payload() p: Caller & { id: number }): Promise<null> {
    await this.storageTypes.remove(p.caller, p.id);
    return null;
  }

  @MessagePattern(SettingsSubjects.listCustomFields)
  listCustomFields(@Payload() p: Caller & { query: CustomFieldListQuery }) {
    return this.customFields.list(p.caller, p.query);
  }

  @MessagePattern(SettingsSubjects.getCustomField)
  getCustomField(@Payload() p: Caller & { id: number }) {
    return this.customFields.get(p.caller, p.id);
  }

  @MessagePattern(SettingsSubjects.createCustomField)
  createCustomField(@Payload() p: Caller & { input: CustomFieldInput }) {
    return this.customFields.create(p.caller, p.input);
  }

  @MessagePattern(SettingsSubjects.updateCustomField)
  updateCustomField(@Payload() p: Caller & { id: number; input: CustomFieldInput; confirm: boolean }) {
    return this.customFields.update(p.caller, p.id, p.input, { confirm: p.confirm === true });
  }

  @MessagePattern(SettingsSubjects.deleteCustomField)
  async deleteCustomField(@Payload() p: Caller & { id: number; confirm: boolean }): Promise<null> {
    await this.customFields.remove(p.caller, p.id, { confirm: p.confirm === true });
    return null;
  }

  @MessagePattern(SettingsSubjects.getCustomValues)
  getCustomValues(@Payload() p: Caller & { entity: string; entityId: number }) {
    return this.customFields.values(p.caller, p.entity, p.entityId);
  }

  @MessagePattern(SettingsSubjects.putCustomValues)
  putCustomValues(@Payload() p: Caller & { entity: string; entityId: number; input: CustomValuesInput }) {
    return this.customFields.putValues(p.caller, p.entity, p.entityId, p.input);
  }
}
