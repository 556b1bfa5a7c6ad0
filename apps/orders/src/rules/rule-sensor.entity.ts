import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity, TenantOwned } from '@kanban/persistence';

/**
 * What the orders service keeps of the sensor in a rule's bin (docs/storages.md "Readings become stock"): the newest
 * reading seen (readings older than it change nothing), the level the sensor last applied (the noise band is around
 * it), and a movement waiting for its dead time (the newest reading of it, applied once the dead time passed). A row
 * of its own beside the rule: readings arrive far more often than anything else changes a rule.
 */
@Entity({ tableName: 'rule_sensor' })
@TenantOwned()
export class RuleSensor extends TenantEntity {
  @PrimaryKey({ fieldName: 'company_id', type: 'int', autoincrement: false })
  override companyId!: number;

  @PrimaryKey({ fieldName: 'rule_id', type: 'int', autoincrement: false })
  ruleId!: number;

  /** the sensor the state belongs to: another sensor in the bin starts afresh */
  @Property({ fieldName: 'sensor_id', type: 'int' })
  sensorId!: number;

  @Property({ fieldName: 'read_at', type: 'datetime', length: 6 })
  readAt!: Date;

  @Property({ type: 'double' })
  level!: number;

  @Property({ fieldName: 'moved_at', type: 'datetime', length: 6, nullable: true })
  movedAt: Date | null = null;

  @Property({ type: 'double', nullable: true })
  held: number | null = null;

  @Property({ fieldName: 'held_at', type: 'datetime', length: 6, nullable: true })
  heldAt: Date | null = null;

  /** the bin's dead time and whether it measures a distance, as the last reading said (for settling a held reading) */
  @Property({ fieldName: 'dead_time_seconds', type: 'int', default: 0 })
  deadTimeSeconds: number = 0;

  @Property({ type: 'boolean', default: false })
  distance: boolean = false;

  /** the bin's noise band in pieces as the last reading said (for dropping a held reading that came back within it) */
  @Property({ fieldName: 'noise_band', type: 'double', default: 0.5 })
  noiseBand: number = 0.5;
}
