import { DecimalType, Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { SensorType, SensorUnit } from '@kanban/contracts';
import { TenantEntity, TenantOwned } from '@kanban/persistence';

/**
 * A sensor of a company (issue 17, docs/sensors.md): master data (name, the vendor's device id, type, unit,
 * version, expected interval, active) and the state the ingestion reports (battery, signal, last reading),
 * which the calls only read. Racks name it by `storage.sensor_id`.
 */
@Entity({ tableName: 'sensor' })
@TenantOwned()
@Unique({ properties: ['companyId', 'externalId'] })
@Index({ properties: ['companyId', 'name'] })
export class Sensor extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @Property({ type: 'text' })
  name!: string;

  @Property({ fieldName: 'external_id', type: 'text' })
  externalId!: string;

  @Property({ type: 'text' })
  type!: SensorType;

  @Property({ type: 'text' })
  unit!: SensorUnit;

  @Property({ type: 'text', default: '' })
  version: string = '';

  @Property({ fieldName: 'interval_minutes', type: 'int', default: 15 })
  intervalMinutes: number = 15;

  @Property({ type: 'boolean', default: true })
  active: boolean = true;

  @Property({ type: 'smallint', nullable: true })
  battery: number | null = null;

  @Property({ type: 'smallint', nullable: true })
  signal: number | null = null;

  @Property({ fieldName: 'last_seen_at', type: 'datetime', length: 6, nullable: true })
  lastSeenAt: Date | null = null;

  @Property({ fieldName: 'last_value', type: new DecimalType('number'), precision: 18, scale: 3, nullable: true })
  lastValue: number | null = null;

  /**
   * When the periodic check raised the offline alarm of the current silence (SensorAlarmsJob); null when none is
   * raised. Set and cleared only by the check's conditional updates, so each silence is announced once.
   */
  @Property({ fieldName: 'offline_since', type: 'datetime', length: 6, nullable: true })
  offlineSince: Date | null = null;

  /** When the periodic check raised the low-battery alarm of the current episode; null when none is raised. */
  @Property({ fieldName: 'battery_low_since', type: 'datetime', length: 6, nullable: true })
  batteryLowSince: Date | null = null;

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt: Date = new Date();

  @Property({ fieldName: 'updated_at', type: 'datetime', length: 6 })
  updatedAt: Date = new Date();
}
