import type { OrderDto } from '@kanban/contracts';

/**
 * The translation key of an order's ext status in words, the same words as the list's filter (`orders.ext.*`): not
 * yet confirmed (KA), confirmed by the supplier (OK), error (FE). Null for an order that waits for no confirmation
 * (delivered or cancelled with KA, a request): its KA means nothing, so no "not yet confirmed" shows for it.
 */
export function extStatusKey(order: Pick<OrderDto, 'status' | 'ext_status'>): 'orders.ext.0' | 'orders.ext.1' | 'orders.ext.-1' | null {
  if (order.ext_status === 1) return 'orders.ext.1';
  if (order.ext_status === -1) return 'orders.ext.-1';
  return order.status === 'open' || order.status === 'confirmed' ? 'orders.ext.0' : null;
}
