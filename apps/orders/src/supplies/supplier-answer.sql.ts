import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The supplier's purchase-order number received for an order: `po_number` and `po_status` 1 (received). One writer for
 * both ways a supplier answers: the supplier API's acknowledgement (docs/supplier-api.md) and an answer file read by a
 * notification rule (docs/notifications.md "Order responses").
 */
export async function setPoNumber(em: EntityManager, companyId: number, orderId: number, poNumber: string, at: Date): Promise<void> {
  await em.execute('update orders.purchase_order set po_number = ?, po_status = 1, updated_at = ? where id = ? and company_id = ?', [poNumber, at, orderId, companyId]);
}
