import { ok, type TestSystem } from './system';

/**
 * What the notification suites (delivery, order responses) set up at the demo company: its customer K-10001 with a
 * new location, its supplier L-100 and that supplier's first catalog; `newOrder` makes an order of the supplier there
 * (an item and a kanban rule whose stock falls below the threshold).
 */
export interface NotificationOrders {
  customerId: number;
  supplierId: number;
  catalogId: number;
  locationId: number;
  supplierRules: string;
  customerRules: string;
  newOrder(name: string): Promise<{ orderId: number; sku: string }>;
  /** every rule of the supplier and the customer inactive (the demo's own rules too) */
  deactivateAll(): Promise<void>;
}

export async function notificationOrders(system: TestSystem, demo: number, tokens: Record<string, string>, options: { location: string; skuPrefix: string }): Promise<NotificationOrders> {
  const api = system.api;
  const c = `/c/${demo}`;
  const customerId = ok(await api.get(`${c}/customer?all=1&per_page=200`, tokens.admin)).items.find((x: { nr: string }) => x.nr === 'K-10001').id;
  const supplierId = ok(await api.get(`${c}/supplier?all=1&per_page=200`, tokens.admin)).items.find((x: { nr: string }) => x.nr === 'L-100').id;
  const catalogId = ok(await api.get(`${c}/supplier/${supplierId}/catalog`, tokens.admin)).items[0].id;
  const locationId = ok(await api.post(`${c}/customer/${customerId}/location/`, { name: options.location }, tokens.writer)).id;
  const supplierRules = `${c}/supplier/${supplierId}/notificationrule`;
  const customerRules = `${c}/customer/${customerId}/notificationrule`;
  let skus = 0;
  return {
    customerId,
    supplierId,
    catalogId,
    locationId,
    supplierRules,
    customerRules,
    async newOrder(name) {
      const sku = `${options.skuPrefix}-${++skus}-Ä`;
      const item = ok(await api.post(`${c}/customer/${customerId}/item`, { sku, name, order_unit: 'PAK', catalog_id: catalogId }, tokens.writer));
      const rule = ok(await api.post(`${c}/rules`, { location_id: locationId, item_id: item.id, threshold: 2, capacity: 8, stock: 8 }, tokens.writer));
      const reply = ok(await api.post(`${c}/rules/${rule.id}/stock`, { stock: 1 }, tokens.writer));
      if (reply.decision.reason !== 'ordered') throw new Error(`no order: ${JSON.stringify(reply.decision)}`);
      return { orderId: reply.decision.order_id as number, sku };
    },
    async deactivateAll() {
      for (const base of [supplierRules, customerRules]) {
        for (const rule of ok(await api.get(`${base}?per_page=100`, tokens.admin)).items) ok(await api.patch(`${base}/${rule.id}`, { active: false }, tokens.admin));
      }
    },
  };
}
