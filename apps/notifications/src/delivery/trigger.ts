import { Injectable } from '@nestjs/common';
import { type CompanyCaller, type NotificationRuleOwner, type NotificationRuleTriggerResult, ORDER_NOTIFICATION_EVENTS, type OrderDto } from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { RulesService } from '../rules/rules.service';
import { DeliveryPlanner } from './planner';

/** Pages of 100 orders looked through for a supplier's latest order (the orders list has no supplier filter). */
const SUPPLIER_PAGES = 10;

/**
 * `notifications.rule.trigger` (GET `…/notificationrule/{ruleID}/trigger`; docs/notifications.md "Delivery"): runs the
 * rule now on its latest matching order, the newest order (of the last ten years) of its owner the caller may see —
 * the customer's, the location's, or the supplier's — with a new version, so each trigger sends again on purpose
 * (key `r{rule}.o{order}.v{n+1}`); inactive and only-daily rules too. A rule of an event without an order (journal
 * entries, sensors), or an owner without orders, answers `event: null` and sends nothing.
 */
@Injectable()
export class DeliveryTrigger {
  constructor(
    private readonly rules: RulesService,
    private readonly planner: DeliveryPlanner,
    private readonly bus: ServiceBus,
  ) {}

  async trigger(caller: CompanyCaller, owner: NotificationRuleOwner, id: number): Promise<NotificationRuleTriggerResult> {
    const rule = await this.rules.get(caller, owner, id);
    if (!ORDER_NOTIFICATION_EVENTS.includes(rule.event)) return { event: null, queued: 0, keys: [] };
    const order = await this.latestOrder(caller, rule.customer_id, rule.location_id, rule.supplier_id);
    if (!order) return { event: null, queued: 0, keys: [] };
    const planned = await this.planner.plan({ companyId: caller.companyId, event: rule.event, orderId: order.id, at: new Date(), ruleId: rule.id, version: 'next' });
    return { event: { kind: rule.event, order_id: order.id, at: order.created }, queued: planned.queued, keys: planned.keys };
  }

  private async latestOrder(caller: CompanyCaller, customerId: number | null, locationId: number | null, supplierId: number | null): Promise<OrderDto | null> {
    const query = { days: 3650, sort: 'created_at' as const, order: 'desc' as const, per_page: 100 };
    if (supplierId === null) {
      const scope = { ...(customerId !== null ? { customerId } : {}), ...(locationId !== null ? { locationId } : {}) };
      const page = await this.bus.request('orders.order.list', { caller, scope, query: { ...query, page: 1, per_page: 1 } });
      return page.items[0] ?? null;
    }
    for (let page = 1; page <= SUPPLIER_PAGES; page += 1) {
      const answer = await this.bus.request('orders.order.list', { caller, scope: {}, query: { ...query, page } });
      const found = answer.items.find((o) => o.supplier_id === supplierId);
      if (found) return found;
      if (answer.items.length < query.per_page) return null;
    }
    return null;
  }
}
