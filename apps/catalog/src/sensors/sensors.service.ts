import { Inject, Injectable, Optional } from '@nestjs/common';
import { AppError, ErrorCode } from '@kanban/access';
import { SENSOR_TYPES, SensorEvents, type SensorDto, type SensorInput, type SensorListQuery } from '@kanban/contracts';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { CATALOG_CONFIG, type CatalogConfig } from '../config';
import { SettingsHooks } from '../settings/settings-hooks';
import { SettingsRecordsService } from '../settings/settings-records.service';
import { Sensor } from './sensor.entity';
import { applySensorInput, checkSensorUnit, normalizeSensorInput, sensorChanged, sensorSortProperty, toSensorDto } from './sensor.rules';
import { SensorsRepository } from './sensors.repository';

/** The most device ids one by_external_id call may ask for. */
export const BY_EXTERNAL_ID_MAX = 1000;

/**
 * Sensors of a company (issue 17, docs/sensors.md) on the shared settings behaviour: list (q over name and
 * external id, type filter, sort, pages), read, create, update, delete, each change announced through the outbox
 * and written to the change log (kind `sensor`). The external id is unique in the company (1059 at
 * `external_id`); the unit must fit the type (1000 at `unit`); a sensor that racks name cannot be deleted (1007
 * naming them, and any other dependents registered with SettingsHooks as `sensor`).
 */
@Injectable()
export class SensorsService extends SettingsRecordsService<Sensor, SensorDto, SensorInput> {
  constructor(
    @Inject(unitOfWorkToken('catalog')) uow: UnitOfWork,
    private readonly sensors: SensorsRepository,
    hooks: SettingsHooks,
    /** SENSOR_INTERVAL_UNIT_MS for the alarms (absent where a test builds the service by hand: a minute) */
    @Optional() @Inject(CATALOG_CONFIG) private readonly config?: CatalogConfig,
  ) {
    const minuteMs = config?.sensorAlarms?.intervalUnitMs ?? 60_000;
    super(uow, {
      entity: Sensor,
      kind: 'sensor',
      searchFields: ['name', 'externalId'],
      sortProperty: sensorSortProperty,
      filter: (query) => {
        const type = (query as SensorListQuery).type;
        return type !== undefined && (SENSOR_TYPES as readonly string[]).includes(type) ? { type } : undefined;
      },
      normalize: normalizeSensorInput,
      key: (input) => (input.external_id === undefined ? null : { field: 'external_id', where: { externalId: input.external_id } }),
      apply: applySensorInput,
      validate: async (_em, sensor) => checkSensorUnit(sensor),
      toDto: (sensor) => toSensorDto(sensor, Date.now(), minuteMs),
      beforeRemove: async (em, sensor) => {
        const racks = await sensors.storagesUsing(em, sensor.id);
        const found = racks.length > 0 ? [`${racks.length} storages (${racks.map((name) => `"${name}"`).join(', ')})`] : [];
        for (const other of await hooks.dependents('sensor', em, { companyId: sensor.companyId, id: sensor.id })) found.push(`${other.count} ${other.name}`);
        if (found.length > 0) throw new AppError(ErrorCode.HasDependencies, `data cannot be deleted, dependencies exist: ${found.join(', ')}`);
      },
      event: SensorEvents.sensorChanged,
      changed: sensorChanged,
      changeTarget: (sensor) => ({ kind: 'sensor', entityId: sensor.id, customerId: null, supplierId: null }),
    });
  }

  /** The company's sensors with these device ids (unknown ids are left out), for the ingestion. */
  async byExternalIds(companyId: number, externalIds: string[]): Promise<SensorDto[]> {
    if (!Number.isInteger(companyId) || companyId <= 0) throw AppError.validation('company_id', 'must be a company id');
    if (!Array.isArray(externalIds) || externalIds.length > BY_EXTERNAL_ID_MAX || externalIds.some((id) => typeof id !== 'string')) {
      throw AppError.validation('external_ids', `must be a list of at most ${BY_EXTERNAL_ID_MAX} texts`);
    }
    if (externalIds.length === 0) return [];
    return this.uow.forCompany(companyId).read(async (em) => (await this.sensors.byExternalIds(em, [...new Set(externalIds)])).map((s) => toSensorDto(s, Date.now(), this.config?.sensorAlarms?.intervalUnitMs)));
  }
}
