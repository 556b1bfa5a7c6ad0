import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode } from '@kanban/access';
import { SettingsEvents, type StorageTypeDto, type StorageTypeInput } from '@kanban/contracts';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { SettingsHooks } from './settings-hooks';
import { toStorageTypeDto } from './settings.mapper';
import { normalizeStorageTypeInput, storageTypeSortProperty } from './settings.rules';
import { SettingsRecordsService } from './settings-records.service';
import { StorageType } from './storage-type.entity';

/** Storage (rack) types (spec 3); one in use by storages (a registered dependency check) cannot be deleted (1007). */
@Injectable()
export class StorageTypesService extends SettingsRecordsService<StorageType, StorageTypeDto, StorageTypeInput> {
  constructor(@Inject(unitOfWorkToken('catalog')) uow: UnitOfWork, hooks: SettingsHooks) {
    super(uow, {
      entity: StorageType,
      kind: 'storage_type',
      searchFields: ['name', 'description'],
      sortProperty: storageTypeSortProperty,
      normalize: normalizeStorageTypeInput,
      apply: (type, input) => {
        if (input.name !== undefined) type.name = input.name;
        if (input.description !== undefined) type.description = input.description;
      },
      toDto: toStorageTypeDto,
      beforeRemove: async (em, type) => {
        const found = await hooks.dependents('storage_type', em, { companyId: type.companyId, id: type.id });
        if (found.length > 0)
          throw new AppError(
            ErrorCode.HasDependencies,
            `data cannot be deleted, dependencies exist: ${found.map((d) => `${d.count} ${d.name}`).join(', ')}`,
          );
      },
      event: SettingsEvents.storageTypeChanged,
      changed: (t) => ({ id: t.id, company_id: t.companyId, name: t.name }),
    });
  }
}
