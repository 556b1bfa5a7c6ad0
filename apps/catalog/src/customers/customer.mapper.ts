import type { CustomerDto } from '@kanban/contracts';
import { addressDto } from '../shared/addressed-record.rules';
import type { Customer } from './customer.entity';

export function toCustomerDto(customer: Customer): CustomerDto {
  return {
    id: customer.id,
    name: customer.name,
    nr: customer.nr ?? '',
    extended: customer.extended,
    description: customer.description,
    ...addressDto(customer),
    vat_id: customer.vatId,
    auftragsnr: customer.auftragsnr,
    bediener: customer.bediener,
    scan_id_prefix: customer.scanIdPrefix,
    service_fee_item_id: customer.serviceFeeItemId,
    time_tracking_item_id: customer.timeTrackingItemId,
    use_subscription: customer.useSubscription,
    use_backorder: customer.useBackorder,
    backorder_type: customer.backorderType,
    use_request_workflow: customer.useRequestWorkflow,
    show_stock_in_app: customer.showStockInApp,
    automatic_restock_days: customer.automaticRestockDays,
    inactive: customer.inactive,
    images: [],
    created_at: customer.createdAt.toISOString(),
    updated_at: customer.updatedAt.toISOString(),
  };
}
