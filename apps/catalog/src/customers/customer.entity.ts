import { Entity, Property, Unique } from '@mikro-orm/core';
import type { BackorderType } from '@kanban/contracts';
import { TenantOwned } from '@kanban/persistence';
import { AddressedRecord } from '../shared/addressed-record.entity';

/**
 * A customer of a company (spec 3). `nr` is unique within the company when set; an empty number is stored
 * as null so any number of customers may leave it empty.
 */
@Entity({ tableName: 'customer' })
@TenantOwned()
@Unique({ properties: ['companyId', 'nr'] })
export class Customer extends AddressedRecord {
  @Property({ type: 'text', default: '' })
  extended: string = '';

  @Property({ fieldName: 'vat_id', type: 'text', default: '' })
  vatId: string = '';

  @Property({ type: 'text', default: '' })
  auftragsnr: string = '';

  @Property({ type: 'text', default: '' })
  bediener: string = '';

  @Property({ fieldName: 'scan_id_prefix', type: 'text', default: '' })
  scanIdPrefix: string = '';

  @Property({ fieldName: 'service_fee_item_id', type: 'int', nullable: true })
  serviceFeeItemId: number | null = null;

  @Property({ fieldName: 'time_tracking_item_id', type: 'int', nullable: true })
  timeTrackingItemId: number | null = null;

  @Property({ fieldName: 'use_subscription', type: 'boolean', default: false })
  useSubscription: boolean = false;

  @Property({ fieldName: 'use_backorder', type: 'boolean', default: false })
  useBackorder: boolean = false;

  @Property({ fieldName: 'backorder_type', type: 'text', default: 'days' })
  backorderType: BackorderType = 'days';

  @Property({ fieldName: 'use_request_workflow', type: 'boolean', default: false })
  useRequestWorkflow: boolean = false;

  @Property({ fieldName: 'show_stock_in_app', type: 'boolean', default: false })
  showStockInApp: boolean = false;

  @Property({ fieldName: 'automatic_restock_days', type: 'int', default: 0 })
  automaticRestockDays: number = 0;

  @Property({ type: 'boolean', default: false })
  inactive: boolean = false;
}
