import { DecimalType, Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import type { LocationSchedule, StorageLayout } from '@kanban/contracts';
import { TenantEntity, TenantOwned } from '@kanban/persistence';

/**
 * A storage (rack) at a location (spec 3): a grid of rows × columns of bins, numbered in the layout's
 * direction. `sensorId` names one of the company's sensors (checked by StoragesService, docs/sensors.md); the
 * storage type and the unit refer to the company's settings (a storage type or unit in use cannot be deleted).
 */
@Entity({ tableName: 'storage' })
@TenantOwned()
@Index({ properties: ['companyId', 'locationId'] })
export class Storage extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @Property({ fieldName: 'customer_id', type: 'int' })
  customerId!: number;

  @Property({ fieldName: 'location_id', type: 'int' })
  locationId!: number;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text', default: '' })
  description: string = '';

  @Property({ type: 'text', default: '' })
  bin: string = '';

  @Property({ type: 'text', default: '' })
  prefix: string = '';

  @Property({ type: 'text', default: '' })
  format: string = '';

  @Property({ fieldName: 'storage_type_id', type: 'int', nullable: true })
  storageTypeId: number | null = null;

  @Property({ type: 'smallint', default: 1 })
  rows: number = 1;

  @Property({ type: 'smallint', default: 1 })
  columns: number = 1;

  @Property({ type: 'text', default: 'right' })
  layout: StorageLayout = 'right';

  @Property({ type: new DecimalType('number'), precision: 14, scale: 3, default: 0 })
  tare: number = 0;

  @Property({ fieldName: 'min_value', type: new DecimalType('number'), precision: 14, scale: 3, default: 0 })
  minValue: number = 0;

  @Property({ type: 'int', default: 0 })
  interval: number = 0;

  @Property({ fieldName: 'sensor_id', type: 'int', nullable: true })
  sensorId: number | null = null;

  @Property({ type: 'text', default: '' })
  unit: string = '';

  @Property({ fieldName: 'sensor_values', type: 'text', default: '' })
  sensorValues: string = '';

  @Property({ fieldName: 'stocked_or_ordered', type: 'boolean', default: true })
  stockedOrOrdered: boolean = true;

  /** when the rack is read or counted: the location's schedule structure (docs/storages.md "Times") */
  @Property({ type: 'json', default: '{}' })
  schedule: Partial<LocationSchedule> = {};

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt: Date = new Date();

  @Property({ fieldName: 'updated_at', type: 'datetime', length: 6 })
  updatedAt: Date = new Date();
}
