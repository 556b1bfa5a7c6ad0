import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode } from '@kanban/access';
import { SettingsEvents, type UnitDto, type UnitInput } from '@kanban/contracts';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { SettingsHooks } from './settings-hooks';
import { toUnitDto } from './settings.mapper';
import { normalizeUnitInput, unitSortProperty } from './settings.rules';
import { SettingsRecordsService } from './settings-records.service';
import { Unit } from './unit.entity';

/** 1007 naming the dependents, when any registered check finds records that use the unit. */
async function assertUnused(hooks: SettingsHooks, em: EntityManager, unit: Unit): Promise<void> {
  const found = await hooks.dependents('unit', em, { companyId: unit.companyId, id: unit.id, code: unit.code });
  if (found.length > 0)
    throw new AppError(
      ErrorCode.HasDependencies,
      `data cannot be deleted, dependencies exist: ${found.map((d) => `${d.count} ${d.name}`).join(', ')}`,
    );
}

/**
 * Units of measure (spec 3): code unique in the company (1059). A unit that other records use (registered
 * dependency checks, e.g. items by item_unit/order_unit) cannot be deleted nor change its code (1007).
 */
@Injectable()
export class UnitsService extends SettingsRecordsService<Unit, UnitDto, UnitInput> {
  constructor(@Inject(unitOfWorkToken('catalog')) uow: UnitOfWork, hooks: SettingsHooks) {
    super(uow, {
      entity: Unit,
      kind: 'unit',
      searchFields: ['code', 'name', 'description'],
      sortProperty: unitSortProperty,
      normalize: normalizeUnitInput,
      key: (input) => (input.code === undefined ? null : { field: 'code', where: { code: input.code } }),
      apply: (unit, input) => {
        if (input.code !== undefined) unit.code = input.code;
        if (input.name !== undefined) unit.name = input.name;
        if (input.description !== undefined) unit.description = input.description;
      },
      toDto: toUnitDto,
      beforeUpdate: async (em, unit, input) => {
        if (input.code !== undefined && input.code !== unit.code) await assertUnused(hooks, em, unit);
      },
      beforeRemove: (em, unit) => assertUnused(hooks, em, unit),
      event: SettingsEvents.unitChanged,
      changed: (u) => ({ id: u.id, company_id: u.companyId, code: u.code, name: u.name }),
    });
  }
}
