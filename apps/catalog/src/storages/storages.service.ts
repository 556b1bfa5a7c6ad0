import { AsyncLocalStorage } from 'node:async_hooks';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode, ProtocolCode } from '@kanban/access';
import { StorageEvents, type CompanyCaller, type ListQuery, type StorageDto, type StorageInput } from '@kanban/contracts';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { checkCustomer } from '../locations/locations.service';
import { LocationsRepository } from '../locations/locations.repository';
import { mayAccess } from '../restrictions/restriction-scope';
import { SettingsHooks } from '../settings/settings-hooks';
import { MasterDataService } from '../shared/master-data.service';
import { binsOutside } from './storage-bin.rules';
import { StorageBinsRepository } from './storage-bins.repository';
import { Storage } from './storage.entity';
import { storageChanged, toStorageDto } from './storage.mapper';
import { applyStorageInput, binLabel, normalizeStorageInput, storageSortProperty } from './storage.rules';
import { StoragesRepository } from './storages.repository';

/** The location a storage call names, under the customer it names. */
export interface StorageParent {
  customerId: number;
  locationId: number;
}

/**
 * The location a storage call names: unknown, of another customer or company, or hidden by the caller's
 * customer or location restrictions answers 404; creating a storage at an inactive location (or of an
 * inactive customer) answers 1039.
 */
export async function checkLocation(
  storages: StoragesRepository,
  em: EntityManager,
  caller: CompanyCaller,
  parent: StorageParent,
  purpose: 'read' | 'write' | 'create' | 'activate',
): Promise<void> {
  await checkCustomer(new LocationsRepository(), em, caller, parent.customerId, purpose);
  const location = await storages.location(em, parent.locationId);
  if (!location || location.customerId !== parent.customerId || !(await mayAccess(em, 'location', caller, parent.locationId))) {
    throw new AppError(ProtocolCode.NotFound, 'location not found');
  }
  if (purpose === 'create' && location.inactiveAt !== null) throw new AppError(ErrorCode.CustomerOrLocationInactive, 'the location is inactive');
}

/**
 * Storages (racks) of a location (spec 3): the shared master-data behaviour under the location. The location
 * (and its customer) decide who sees them: a storage is visible to whoever sees its location. Storage type,
 * unit and sensor must be the company's (1000 at the field); a storage type or unit in use by storages cannot
 * be deleted (1007, registered with the settings), and a location with storages neither (1007, LocationsService).
 */
@Injectable()
export class StoragesService {
  private readonly call = new AsyncLocalStorage<StorageParent>();
  private readonly records: MasterDataService<Storage, StorageDto, StorageInput>;

  constructor(
    @Inject(unitOfWorkToken('catalog')) uow: UnitOfWork,
    hooks: SettingsHooks,
    private readonly storages: StoragesRepository,
    private readonly bins: StorageBinsRepository = new StorageBinsRepository(),
  ) {
    this.records = new MasterDataService<Storage, StorageDto, StorageInput>(uow, {
      entity: Storage,
      kind: 'location',
      alias: 'storage',
      activeOnly: {},
      isActive: () => true,
      markActive: () => undefined,
      sortProperty: storageSortProperty,
      normalize: normalizeStorageInput,
      apply: applyStorageInput,
      toDto: toStorageDto,
      event: StorageEvents.storageChanged,
      changed: storageChanged,
      parent: {
        property: 'locationId',
        check: (em, caller, locationId, purpose) => checkLocation(storages, em, caller, { customerId: this.customerOf(locationId), locationId }, purpose),
      },
      // the parent check covers the restrictions: every storage of a visible location is visible
      visible: () => ['', []],
      mayAccess: async () => true,
      validate: (em, storage) => this.validate(em, storage),
      // a rack's bins go with it (their rules stay at the location)
      removing: (em, storage) => this.bins.removeOf(em, storage.id),
      changeTarget: (storage) => ({ kind: 'storage', entityId: storage.id, customerId: storage.customerId, supplierId: null }),
    });
    hooks.dependsOn('storage_type', 'storages', (em, type) => storages.countOfType(em, type.id));
    hooks.dependsOn('unit', 'storages', (em, unit) => storages.countWithUnit(em, unit.code!));
  }

  list(caller: CompanyCaller, parent: StorageParent, query: ListQuery) {
    return this.call.run(parent, () => this.records.list(caller, query, parent.locationId));
  }

  get(caller: CompanyCaller, parent: StorageParent, id: number) {
    return this.call.run(parent, () => this.records.get(caller, id, parent.locationId));
  }

  create(caller: CompanyCaller, parent: StorageParent, input: StorageInput) {
    return this.call.run(parent, () => this.records.create(caller, input, parent.locationId, { where: { customerId: parent.customerId } }));
  }

  update(caller: CompanyCaller, parent: StorageParent, id: number, input: StorageInput) {
    return this.call.run(parent, () => this.records.update(caller, id, input, parent.locationId));
  }

  async remove(caller: CompanyCaller, parent: StorageParent, id: number): Promise<null> {
    await this.call.run(parent, () => this.records.remove(caller, id, parent.locationId));
    return null;
  }

  /** The whole record after the input: its storage type, unit and sensor must be the company's. */
  private async validate(em: EntityManager, storage: Storage): Promise<void> {
    if (storage.storageTypeId !== null && !(await this.storages.storageTypeExists(em, storage.storageTypeId))) {
      throw AppError.validation('storage_type_id', 'is not a storage type of the company');
    }
    if (storage.unit !== '' && !(await this.storages.unitExists(em, storage.unit))) {
      throw AppError.validation('unit', 'is not a unit of the company');
    }
    if (storage.sensorId !== null && !(await this.storages.sensorExists(em, storage.sensorId))) {
      throw AppError.validation('sensor_id', 'is not a sensor of the company');
    }
    // shrinking the grid must not hide bins that hold a rule or a sensor
    if (storage.id !== undefined) {
      const outside = binsOutside(await this.bins.binsOf(em, storage.id), storage.rows, storage.columns);
      if (outside.length > 0) {
        const field = outside.some((b) => b.row > storage.rows) ? 'rows' : 'columns';
        const labels = outside.map((b) => binLabel(storage, b.row, b.column)).join(', ');
        throw AppError.validation(field, `the bins ${labels} hold a rule or sensor outside the new size; clear them first`);
      }
    }
  }

  /** The customer of the call in flight (the URL names location and customer; the master-data service passes on the location). */
  private customerOf(locationId: number): number {
    const parent = this.call.getStore();
    if (!parent || parent.locationId !== locationId) throw new Error('storage call without its customer');
    return parent.customerId;
  }
}
