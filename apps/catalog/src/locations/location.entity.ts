import { DecimalType, Entity, Index, Property, Unique } from '@mikro-orm/core';
import type { LocationSchedule, TakePicture, Weekday } from '@kanban/contracts';
import { TenantOwned } from '@kanban/persistence';
import { AddressedRecord } from '../shared/addressed-record.entity';

/**
 * A location of a customer (spec 3): where goods are kept and delivered. `nr` is unique within the customer
 * when set (empty is stored as null). Active while `inactive_at` is null. The schedule and the delivery
 * days are kept as JSON (see docs/locations.md).
 */
@Entity({ tableName: 'location' })
@TenantOwned()
@Unique({ properties: ['customerId', 'nr'] })
@Index({ properties: ['companyId', 'customerId'] })
export class Location extends AddressedRecord {
  @Property({ fieldName: 'customer_id', type: 'int' })
  customerId!: number;

  @Property({ fieldName: 'extended_name', type: 'text', default: '' })
  extendedName: string = '';

  @Property({ fieldName: 'geo_lat', type: 'double', nullable: true })
  geoLat: number | null = null;

  @Property({ fieldName: 'geo_long', type: 'double', nullable: true })
  geoLong: number | null = null;

  @Property({ fieldName: 'cost_center', type: 'text', default: '' })
  costCenter: string = '';

  @Property({ type: 'text', default: '' })
  building: string = '';

  @Property({ type: 'text', default: '' })
  room: string = '';

  @Property({ type: 'text', default: '' })
  plant: string = '';

  @Property({ fieldName: 'site_code', type: 'text', default: '' })
  siteCode: string = '';

  @Property({ type: 'text', default: '' })
  recipient: string = '';

  @Property({ fieldName: 'trolley_number', type: 'text', default: '' })
  trolleyNumber: string = '';

  @Property({ fieldName: 'r3_plant', type: 'text', default: '' })
  r3Plant: string = '';

  @Property({ fieldName: 'account_assignment_number', type: 'text', default: '' })
  accountAssignmentNumber: string = '';

  @Property({ fieldName: 'account_assignment_type', type: 'text', default: '' })
  accountAssignmentType: string = '';

  @Property({ fieldName: 'ext_system_id', type: 'text', default: '' })
  extSystemId: string = '';

  @Property({ type: 'int', default: 0 })
  sort: number = 0;

  @Property({ fieldName: 'delivery_days', type: 'json', default: '[]' })
  deliveryDays: Weekday[] = [];

  @Property({ fieldName: 'service_fee_quantity', type: new DecimalType('number'), precision: 12, scale: 2, default: 0 })
  serviceFeeQuantity: number = 0;

  @Property({ fieldName: 'service_fee_item_id', type: 'int', nullable: true })
  serviceFeeItemId: number | null = null;

  /** on (default): rules fill up to capacity; off: classic kanban, the item's fixed order quantity (docs/ordering-flags.md) */
  @Property({ type: 'boolean', default: true })
  deltakanban: boolean = true;

  @Property({ type: 'boolean', default: false })
  adhoc: boolean = false;

  @Property({ fieldName: 'take_picture', type: 'smallint', default: 0 })
  takePicture: TakePicture = 0;

  @Property({ fieldName: 'inactive_at', type: 'datetime', length: 6, nullable: true })
  inactiveAt: Date | null = null;

  @Property({ type: 'json', default: '{}' })
  schedule: Partial<LocationSchedule> = {};
}
