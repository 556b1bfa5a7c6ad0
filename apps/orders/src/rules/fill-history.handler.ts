import { Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { AppError } from '@kanban/access';
import { type BusRequest, FILL_MAX_SPAN_MS, type FillHistoryRecord, OrdersSubjects } from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { FillHistoryRepository } from './fill-history.repository';
import { RulesService } from './rules.service';

/**
 * `orders.rule.fill_history`: the orders service's part of a bin's fill-level chart (docs/storages.md "Fill level"):
 * the rule's stock changes within from..to with the stock before them, its order lines ordered or delivered in the
 * period, threshold and capacity. The rule is read as the caller (404 when hidden); a customer user whose customer
 * has show_stock_in_app off gets no stock (null, no events), but threshold, capacity and the orders, as in the
 * rule's other histories (stock-visibility.ts).
 */
@BusController()
export class FillHistoryHandler {
  constructor(
    @Inject(unitOfWorkToken('orders')) private readonly uow: UnitOfWork,
    private readonly rules: RulesService,
    private readonly history: FillHistoryRepository,
  ) {}

  @Handles(OrdersSubjects.fillHistory)
  async fillHistory(@Payload() p: BusRequest<'orders.rule.fill_history'>): Promise<FillHistoryRecord> {
    const from = new Date(p.from);
    const to = new Date(p.to);
    if (Number.isNaN(from.getTime())) throw AppError.validation('from', 'must be an ISO time');
    if (Number.isNaN(to.getTime()) || to <= from) throw AppError.validation('to', 'must be an ISO time after from');
    if (to.getTime() - from.getTime() > FILL_MAX_SPAN_MS) throw AppError.validation('to', `at most ${FILL_MAX_SPAN_MS / 86_400_000} days at once`);
    const rule = await this.rules.get(p.caller, p.ruleId);
    const hidden = rule.stock_hidden === true;
    const companyId = p.caller.companyId;
    const { startStock, events, orders } = await this.uow.forCompany(companyId).read(async (em) => ({
      startStock: hidden ? null : await this.history.stockBefore(em, companyId, rule.id, from),
      events: hidden ? [] : await this.history.stockEvents(em, companyId, rule.id, from, to),
      orders: await this.history.orderLines(em, companyId, rule.id, from, to),
    }));
    return {
      rule_id: rule.id,
      customer_id: rule.customer_id,
      location_id: rule.location_id,
      from: from.toISOString(),
      to: to.toISOString(),
      item_unit: rule.item.item_unit,
      threshold: rule.threshold,
      capacity: rule.capacity,
      rule_created_at: rule.created_at,
      stock_hidden: hidden,
      stock: hidden ? null : rule.stock,
      start_stock: startStock,
      events,
      orders,
    };
  }
}
