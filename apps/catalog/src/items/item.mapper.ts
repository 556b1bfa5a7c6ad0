import type { ItemChanged } from '@kanban/contracts';
import type { Item } from './item.entity';
import { dateOf } from './item.rules';

/** The payload of evt.catalog.item_changed (without the ordering fields replenishment adds). */
export function itemChanged(item: Pick<Item, 'id' | 'companyId' | 'customerId' | 'catalogId' | 'sku' | 'name' | 'disabled' | 'pausedUntil'>): ItemChanged & Record<string, unknown> {
  return {
    id: item.id,
    company_id: item.companyId,
    customer_id: item.customerId,
    catalog_id: item.catalogId,
    sku: item.sku,
    name: item.name,
    disabled: item.disabled,
    paused_until: dateOf(item.pausedUntil),
  };
}
