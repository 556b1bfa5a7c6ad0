import { Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '@kanban/access';
import {
  type BusRequest,
  FILL_MAX_EVENTS,
  FILL_MAX_SPAN_MS,
  type FillHistoryRecord,
  type FillOrder,
  type FillStockEvent,
  OrdersSubjects,
  type OrderStatus,
  type StockEventKind,
} from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { raw } from '../shared/access';
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
      startStock: hidden ? null : await stockBefore(em, companyId, rule.id, from),
      events: hidden ? [] : await stockEvents(em, companyId, rule.id, from, to),
      orders: await orderLines(em, companyId, rule.id, from, to),
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
      stock_hidden: hidden,
      stock: hidden ? null : rule.stock,
      start_stock: startStock,
      events,
      orders,
    };
  }
}

/** The stock after the last change before `from`; null when the rule had none. */
async function stockBefore(em: EntityManager, companyId: number, ruleId: number, from: Date): Promise<number | null> {
  const rows = await em.execute<{ stock: unknown }[]>(
    `select stock from orders.stock_event where company_id = ? and rule_id = ? and created_at < ? order by created_at desc, id desc limit 1`,
    [companyId, ruleId, from.toISOString()],
  );
  return rows[0] ? raw.num(rows[0].stock) : null;
}

/** The stock changes within the period, oldest first; of more than FILL_MAX_EVENTS the newest. */
async function stockEvents(em: EntityManager, companyId: number, ruleId: number, from: Date, to: Date): Promise<FillStockEvent[]> {
  const rows = await em.execute<Record<string, unknown>[]>(
    `select * from (select id, kind, stock_before, stock, created_at from orders.stock_event
        where company_id = ? and rule_id = ? and created_at >= ? and created_at < ? order by created_at desc, id desc limit ?) e
      order by created_at, id`,
    [companyId, ruleId, from.toISOString(), to.toISOString(), FILL_MAX_EVENTS],
  );
  return rows.map((r) => ({ at: raw.iso(r.created_at)!, kind: String(r.kind) as StockEventKind, stock_before: raw.num(r.stock_before), stock: raw.num(r.stock) }));
}

/** The rule's order lines ordered or delivered within the period (not requests), oldest first. */
async function orderLines(em: EntityManager, companyId: number, ruleId: number, from: Date, to: Date): Promise<FillOrder[]> {
  const rows = await em.execute<Record<string, unknown>[]>(
    `select o.id as order_id, l.quantity, l.status, o.created_at, l.delivered_at
       from orders.purchase_order_line l
       join orders.purchase_order o on o.id = l.order_id and o.company_id = l.company_id
      where l.company_id = ? and l.rule_id = ? and o.status <> 'request'
        and ((o.created_at >= ? and o.created_at < ?) or (l.delivered_at >= ? and l.delivered_at < ?))
      order by o.created_at, o.id, l.id limit ?`,
    [companyId, ruleId, from.toISOString(), to.toISOString(), from.toISOString(), to.toISOString(), FILL_MAX_EVENTS],
  );
  return rows.map((r) => ({
    order_id: raw.num(r.order_id),
    quantity: raw.num(r.quantity),
    status: String(r.status) as OrderStatus,
    ordered_at: raw.iso(r.created_at)!,
    delivered_at: raw.iso(r.delivered_at),
  }));
}
