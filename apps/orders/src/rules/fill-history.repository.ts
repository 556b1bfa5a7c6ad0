import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { FILL_MAX_EVENTS, type FillOrder, type FillStockEvent, type OrderStatus, type StockEventKind } from '@kanban/contracts';
import { raw } from '../shared/access';

/** The fill-level chart's queries (fill-history.handler.ts); every statement names the company. */
@Injectable()
export class FillHistoryRepository {
  /** The stock after the last change before `from`; null when the rule had none. */
  async stockBefore(em: EntityManager, companyId: number, ruleId: number, from: Date): Promise<number | null> {
    const rows = await em.execute<{ stock: unknown }[]>(
      `select stock from orders.stock_event where company_id = ? and rule_id = ? and created_at < ? order by created_at desc, id desc limit 1`,
      [companyId, ruleId, from.toISOString()],
    );
    return rows[0] ? raw.num(rows[0].stock) : null;
  }

  /** The stock changes within the period, oldest first; of more than FILL_MAX_EVENTS the newest. */
  async stockEvents(em: EntityManager, companyId: number, ruleId: number, from: Date, to: Date): Promise<FillStockEvent[]> {
    const rows = await em.execute<Record<string, unknown>[]>(
      `select * from (select id, kind, stock_before, stock, created_at from orders.stock_event
          where company_id = ? and rule_id = ? and created_at >= ? and created_at < ? order by created_at desc, id desc limit ?) e
        order by created_at, id`,
      [companyId, ruleId, from.toISOString(), to.toISOString(), FILL_MAX_EVENTS],
    );
    return rows.map((r) => ({ at: raw.iso(r.created_at)!, kind: String(r.kind) as StockEventKind, stock_before: raw.num(r.stock_before), stock: raw.num(r.stock) }));
  }

  /** The rule's order lines ordered or delivered within the period (not requests), oldest first. */
  async orderLines(em: EntityManager, companyId: number, ruleId: number, from: Date, to: Date): Promise<FillOrder[]> {
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
}
