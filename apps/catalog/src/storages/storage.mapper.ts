import type { StorageChanged, StorageDto } from '@kanban/contracts';
import { fullSchedule } from '../locations/location.rules';
import type { Storage } from './storage.entity';

export function toStorageDto(storage: Storage): StorageDto {
  return {
    id: storage.id,
    customer_id: storage.customerId,
    location_id: storage.locationId,
    name: storage.name,
    description: storage.description,
    bin: storage.bin,
    prefix: storage.prefix,
    format: storage.format,
    storage_type_id: storage.storageTypeId,
    rows: storage.rows,
    columns: storage.columns,
    layout: storage.layout,
    tare: Number(storage.tare),
    min_value: Number(storage.minValue),
    interval: storage.interval,
    sensor_id: storage.sensorId,
    unit: storage.unit,
    sensor_values: storage.sensorValues,
    stocked_or_ordered: storage.stockedOrOrdered,
    schedule: fullSchedule(storage.schedule),
    created_at: storage.createdAt.toISOString(),
    updated_at: storage.updatedAt.toISOString(),
  };
}

export function storageChanged(storage: Storage): StorageChanged & Record<string, unknown> {
  return { id: storage.id, company_id: storage.companyId, customer_id: storage.customerId, location_id: storage.locationId, name: storage.name };
}
