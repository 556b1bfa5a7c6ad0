import { DecimalType, Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { BinFault, BinMeasure, BinWanted } from '@kanban/contracts';
import { TenantEntity, TenantOwned } from '@kanban/persistence';

/**
 * A bin of a rack (docs/storages.md "Bins"): the cell (row, column) of its storage's grid that holds one of the
 * location's kanban rules (a rule sits in at most one bin of the company) and optionally a sensor with its
 * calibration. Only bins that hold something are stored; the other cells of the grid are empty bins.
 * `kanbanRuleId` names a rule of the orders service (checked when set); `sensorId` a sensor of the company.
 */
@Entity({ tableName: 'storage_bin' })
@TenantOwned()
@Unique({ properties: ['storageId', 'row', 'column'] })
@Unique({ properties: ['companyId', 'kanbanRuleId'] })
@Index({ properties: ['companyId', 'sensorId'] })
export class StorageBin extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @Property({ fieldName: 'storage_id', type: 'int' })
  storageId!: number;

  @Property({ type: 'smallint' })
  row!: number;

  @Property({ type: 'smallint' })
  column!: number;

  @Property({ fieldName: 'kanban_rule_id', type: 'int', nullable: true })
  kanbanRuleId: number | null = null;

  @Property({ fieldName: 'sensor_id', type: 'int', nullable: true })
  sensorId: number | null = null;

  @Property({ type: 'text', nullable: true })
  measured: BinMeasure | null = null;

  @Property({ type: 'text', nullable: true })
  wanted: BinWanted | null = null;

  @Property({ type: new DecimalType('number'), precision: 14, scale: 3, nullable: true })
  tare: number | null = null;

  @Property({ fieldName: 'piece_weight', type: new DecimalType('number'), precision: 14, scale: 3, nullable: true })
  pieceWeight: number | null = null;

  @Property({ fieldName: 'empty_distance', type: new DecimalType('number'), precision: 14, scale: 3, nullable: true })
  emptyDistance: number | null = null;

  @Property({ fieldName: 'full_distance', type: new DecimalType('number'), precision: 14, scale: 3, nullable: true })
  fullDistance: number | null = null;

  @Property({ fieldName: 'pieces_per_bin', type: new DecimalType('number'), precision: 14, scale: 3, nullable: true })
  piecesPerBin: number | null = null;

  @Property({ fieldName: 'plausibility_min', type: new DecimalType('number'), precision: 14, scale: 3, nullable: true })
  plausibilityMin: number | null = null;

  @Property({ fieldName: 'plausibility_max', type: new DecimalType('number'), precision: 14, scale: 3, nullable: true })
  plausibilityMax: number | null = null;

  @Property({ fieldName: 'dead_time_seconds', type: 'int', nullable: true })
  deadTimeSeconds: number | null = null;

  /** pieces a level may move without changing the stock (docs/storages.md "Noise band"); null: the sensor type's default */
  @Property({ fieldName: 'noise_band', type: new DecimalType('number'), precision: 14, scale: 3, nullable: true })
  noiseBand: number | null = null;

  /**
   * the newest reading's fault (docs/storages.md "Readings become stock"): `negative` (below the empty bin, journal
   * 2007) or `implausible` (outside the plausibility bounds); null after a good reading. Set by the readings, not by
   * a PUT (no change log).
   */
  @Property({ fieldName: 'last_fault', type: 'text', nullable: true })
  lastFault: BinFault | null = null;

  /** since when the fault has been reported (the first reading with it) */
  @Property({ fieldName: 'last_fault_at', type: 'datetime', length: 6, nullable: true })
  lastFaultAt: Date | null = null;

  /** the faulty value, in the sensor's unit */
  @Property({ fieldName: 'last_fault_value', type: new DecimalType('number'), precision: 14, scale: 3, nullable: true })
  lastFaultValue: number | null = null;

  /** the time of the newest reading the bin was measured with (an older one arriving later changes nothing) */
  @Property({ fieldName: 'last_reading_at', type: 'datetime', length: 6, nullable: true })
  lastReadingAt: Date | null = null;

  @Property({ fieldName: 'updated_at', type: 'datetime', length: 6 })
  updatedAt: Date = new Date();
}
