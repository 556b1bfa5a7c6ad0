import { Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type BusRequest, type RuleBinRecord, StorageSubjects } from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { binFields } from './storage-bin.rules';
import { StorageBinsRepository } from './storage-bins.repository';
import { binLabel } from './storage.rules';

/**
 * `catalog.storage.bins.of_rule`: the bin of the company that holds a kanban rule, with its rack, sensor and
 * calibration, for the rule's fill-level chart (docs/storages.md "Fill level"); null when no bin holds it. The
 * gateway asks after the orders service answered the rule to the caller (which decides who may see it), so only
 * the company is checked here.
 */
@BusController()
export class BinOfRuleHandler {
  constructor(
    @Inject(unitOfWorkToken('catalog')) private readonly uow: UnitOfWork,
    private readonly bins: StorageBinsRepository,
  ) {}

  @Handles(StorageSubjects.binOfRule)
  binOfRule(@Payload() p: BusRequest<'catalog.storage.bins.of_rule'>): Promise<RuleBinRecord | null> {
    return this.uow.forCompany(p.caller.companyId).read(async (em) => {
      const held = await this.bins.binOfRule(em, p.ruleId);
      if (!held) return null;
      const { bin, storage } = held;
      const [sensor] = bin.sensorId === null ? [] : await this.bins.sensors(em, [bin.sensorId]);
      const fields = binFields(bin);
      return {
        storage_id: storage.id,
        storage_name: storage.name,
        label: binLabel(storage, bin.row, bin.column),
        row: bin.row,
        column: bin.column,
        sensor: sensor ? { id: sensor.id, name: sensor.name, type: sensor.type, unit: sensor.unit } : null,
        calibration: {
          measured: fields.measured,
          tare: fields.tare,
          piece_weight: fields.piece_weight,
          empty_distance: fields.empty_distance,
          full_distance: fields.full_distance,
          pieces_per_bin: fields.pieces_per_bin,
        },
      };
    });
  }
}
