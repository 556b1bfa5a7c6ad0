import { Inject, Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ProtocolCode } from '@kanban/access';
import {
  OrdersSubjects,
  sensorAlarms,
  STORAGE_MAX_GRID,
  StorageEvents,
  type CompanyCaller,
  type StorageBinChanged,
  type StorageBinInput,
  type StorageBinSensor,
  type StorageBinsRecord,
} from '@kanban/contracts';
import { addToOutbox, ServiceBus } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { recordChanges } from '../changes/change-log';
import { imagesOf } from '../images/entity-images';
import { CATALOG_CONFIG, type CatalogConfig } from '../config';
import type { Sensor } from '../sensors/sensor.entity';
import { alarmFacts } from '../sensors/sensor.rules';
import { SettingsHooks } from '../settings/settings-hooks';
import { StorageBin } from './storage-bin.entity';
import { applyBinInput, assertCell, binFields, gridBins, normalizeBinInput } from './storage-bin.rules';
import { StorageBinsRepository } from './storage-bins.repository';
import type { Storage } from './storage.entity';
import { toStorageDto } from './storage.mapper';
import { binLabel } from './storage.rules';
import { checkLocation, type StorageParent } from './storages.service';
import { StoragesRepository } from './storages.repository';

/**
 * The bins of a rack (docs/storages.md "Bins"): every cell of its grid, a cell holding one of the location's
 * kanban rules (at most one bin of the company per rule) and optionally a sensor with its calibration. Reading
 * needs what reading the rack needs; the rule is checked with the orders service before the transaction (no bus
 * call inside one): unknown or hidden answers 1000 at `kanban_rule_id`, as does a rule of another location.
 */
@Injectable()
export class StorageBinsService {
  constructor(
    @Inject(unitOfWorkToken('catalog')) private readonly uow: UnitOfWork,
    private readonly bins: StorageBinsRepository,
    private readonly storages: StoragesRepository,
    private readonly bus: ServiceBus,
    hooks: SettingsHooks,
    @Inject(CATALOG_CONFIG) private readonly config: CatalogConfig,
  ) {
    // a sensor that sits in a bin cannot be deleted (1007 naming the bins)
    hooks.dependsOn('sensor', 'bins', (em, sensor) => bins.countWithSensor(em, sensor.id));
  }

  /** The rack, its customer's show_stock_in_app and every cell of its grid in layout order. */
  list(caller: CompanyCaller, parent: StorageParent, storageId: number): Promise<StorageBinsRecord> {
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const storage = await this.storageOf(em, caller, parent, storageId, 'read');
      const stored = await this.bins.binsOf(em, storage.id);
      const sensors = new Map((await this.bins.sensors(em, [...new Set(stored.flatMap((b) => (b.sensorId === null ? [] : [b.sensorId])))])).map((s) => [s.id, s]));
      const now = Date.now();
      return {
        storage: toStorageDto(storage),
        show_stock_in_app: await this.bins.showsStock(em, storage.customerId),
        bins: gridBins(storage, stored, (bin) => {
          const sensor = bin.sensorId === null ? undefined : sensors.get(bin.sensorId);
          return sensor ? binSensor(sensor, now, this.config.sensorAlarms?.intervalUnitMs) : null;
        }),
      };
    });
  }

  /**
   * The selected (else first) image of each item a bin's rule names (the gateway knows the items from the rules),
   * for a rack the caller may read; items of other customers answer nothing.
   */
  itemImages(caller: CompanyCaller, parent: StorageParent, storageId: number, itemIds: number[]): Promise<Record<number, string>> {
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      await this.storageOf(em, caller, parent, storageId, 'read');
      const ids = [...new Set(itemIds.filter((id) => Number.isInteger(id) && id > 0))].slice(0, STORAGE_MAX_GRID * STORAGE_MAX_GRID);
      const own = await this.bins.itemsOfCustomer(em, parent.customerId, ids);
      const images = await imagesOf(em, 'item_id', own);
      const out: Record<number, string> = {};
      for (const [itemId, refs] of images) if (refs[0]) out[itemId] = refs[0].url;
      return out;
    });
  }

  /** Puts a rule and/or a sensor with its calibration into a bin (replacing what it held); neither clears it. */
  async put(caller: CompanyCaller, parent: StorageParent, storageId: number, row: number, column: number, raw: StorageBinInput): Promise<null> {
    const input = normalizeBinInput(raw);
    if (input.kanban_rule_id !== null) await this.assertRuleOfLocation(caller, parent.locationId, input.kanban_rule_id);
    try {
      await this.uow.forCompany(caller.companyId).write(async (em) => {
        const storage = await this.storageOf(em, caller, parent, storageId, 'write');
        assertCell(storage, row, column);
        if (input.sensor_id !== null) {
          if (!(await this.storages.sensorExists(em, input.sensor_id))) throw AppError.validation('sensor_id', 'is not a sensor of the company');
          // a sensor watches one bin
          const holder = await this.bins.binOfSensor(em, input.sensor_id);
          if (holder && (holder.bin.storageId !== storage.id || holder.bin.row !== row || holder.bin.column !== column)) {
            throw AppError.validation('sensor_id', `is already in bin ${binLabel(holder.storage, holder.bin.row, holder.bin.column)} of the rack "${holder.storage.name}"`);
          }
        }
        if (input.kanban_rule_id !== null) {
          const holder = await this.bins.binOfRule(em, input.kanban_rule_id);
          if (holder && (holder.bin.storageId !== storage.id || holder.bin.row !== row || holder.bin.column !== column)) {
            throw inOtherBin(holder.storage, holder.bin);
          }
        }
        const existing = await this.bins.bin(em, storage.id, row, column);
        if (input.kanban_rule_id === null && input.sensor_id === null) {
          if (existing) await this.removeBin(em, caller, storage, existing);
          return;
        }
        const before = existing ? binFields(existing) : null;
        const bin = existing ?? em.create(StorageBin, { companyId: caller.companyId, storageId: storage.id, row, column, updatedAt: new Date() });
        applyBinInput(bin, input);
        await em.flush();
        this.announce(em, storage, bin);
        await recordChanges(em, caller, changeTarget(storage, bin), withoutTime(before), withoutTime(binFields(bin)));
      });
    } catch (error) {
      // two calls putting the same rule into two bins at once: the unique index decides
      if (error instanceof UniqueConstraintViolationException) throw AppError.validation('kanban_rule_id', 'is already in another bin');
      throw error;
    }
    return null;
  }

  /** Empties a bin (rule, sensor, calibration); an empty bin stays empty. */
  async clear(caller: CompanyCaller, parent: StorageParent, storageId: number, row: number, column: number): Promise<null> {
    await this.uow.forCompany(caller.companyId).write(async (em) => {
      const storage = await this.storageOf(em, caller, parent, storageId, 'write');
      assertCell(storage, row, column);
      const existing = await this.bins.bin(em, storage.id, row, column);
      if (existing) await this.removeBin(em, caller, storage, existing);
    });
    return null;
  }

  /** The rack the call names, under the location it names (404 otherwise, as the rack's own calls). */
  private async storageOf(em: EntityManager, caller: CompanyCaller, parent: StorageParent, storageId: number, purpose: 'read' | 'write'): Promise<Storage> {
    await checkLocation(this.storages, em, caller, parent, purpose);
    const storage = await this.bins.storage(em, storageId);
    if (!storage || storage.locationId !== parent.locationId || storage.customerId !== parent.customerId) {
      throw new AppError(ProtocolCode.NotFound, 'storage not found');
    }
    return storage;
  }

  /** The rule must be one the caller sees in the orders service, of the rack's location. */
  private async assertRuleOfLocation(caller: CompanyCaller, locationId: number, ruleId: number): Promise<void> {
    let rule;
    try {
      rule = await this.bus.request(OrdersSubjects.getRule, { caller, ruleId });
    } catch (error) {
      if (error instanceof AppError && error.code === ProtocolCode.NotFound) throw AppError.validation('kanban_rule_id', 'is not a kanban rule of the company');
      if (error instanceof AppError && error.code !== ProtocolCode.Unavailable && error.code !== ProtocolCode.Internal) throw error;
      throw new AppError(ProtocolCode.Unavailable, 'the orders service did not answer, so the kanban rule cannot be checked; the bin was not changed, try again later');
    }
    if (rule.location_id !== locationId) throw AppError.validation('kanban_rule_id', "is not a kanban rule of the rack's location");
  }

  private async removeBin(em: EntityManager, caller: CompanyCaller, storage: Storage, bin: StorageBin): Promise<void> {
    const before = binFields(bin);
    this.announce(em, storage, bin, true);
    await recordChanges(em, caller, changeTarget(storage, bin), withoutTime(before), null);
    em.remove(bin);
    await em.flush();
  }

  private announce(em: EntityManager, storage: Storage, bin: StorageBin, deleted = false): void {
    const data: StorageBinChanged = {
      id: bin.id,
      company_id: storage.companyId,
      storage_id: storage.id,
      location_id: storage.locationId,
      row: bin.row,
      column: bin.column,
      kanban_rule_id: deleted ? null : bin.kanbanRuleId,
      sensor_id: deleted ? null : bin.sensorId,
      ...(deleted ? { deleted: true } : {}),
    };
    addToOutbox(em, StorageEvents.binChanged, data);
  }
}

/** A bin's sensor as the plan shows it, with its alarms by the shared rule (sensorAlarms, as the sensor list). */
export function binSensor(sensor: Sensor, now: number, minuteMs = 60_000): StorageBinSensor {
  const alarms = sensorAlarms(alarmFacts(sensor), now, minuteMs);
  return {
    id: sensor.id,
    name: sensor.name,
    external_id: sensor.externalId,
    interval_minutes: sensor.intervalMinutes,
    last_seen_at: sensor.lastSeenAt?.toISOString() ?? null,
    battery: sensor.battery,
    offline: alarms.includes('offline'),
    battery_low: alarms.includes('battery_low'),
    alarms,
  };
}

/** 1000 at kanban_rule_id naming the bin (label and rack) that already holds the rule. */
function inOtherBin(storage: Storage, bin: StorageBin): AppError {
  return AppError.validation('kanban_rule_id', `is already in bin ${binLabel(storage, bin.row, bin.column)} of the rack "${storage.name}"`);
}

/** The change log files a bin's changes under the bin, for the rack's customer. */
function changeTarget(storage: Storage, bin: StorageBin) {
  return { kind: 'storage_bin', entityId: bin.id, customerId: storage.customerId, supplierId: null };
}

function withoutTime<T extends { updated_at: string | null }>(fields: T | null): Omit<T, 'updated_at'> | null {
  if (!fields) return null;
  const { updated_at: _ignored, ...rest } = fields;
  return rest;
}
