import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CompanyCaller, DecisionHistoryDto, KanbanRuleDto, RuleListQuery, StockEventDto, StockEventKind, Weekday } from '@kanban/contracts';
import { containsPattern, raw, visibleCondition } from '../shared/access';
import { clearPending, decisionOf, LAST_DECISION_COLUMNS, lastDecisionJoin, lastDecisionOf, markPending } from '../requisition/last-decision';
import { KanbanRule, StockEvent } from './rule.entity';
import { mayHideStock } from './stock-visibility';

const SORTS: Record<string, string> = {
  sku: 'i.sku',
  name: 'i.name',
  location: 'l.name',
  stock: 'r.stock',
  threshold: 'r.threshold',
  capacity: 'r.capacity',
  created_at: 'r.created_at',
  updated_at: 'r.updated_at',
};

/** The columns of a rule answer: the rule, its item, location and customer from the read model, what is on order. */
const SELECT = `
  select r.id, r.customer_id, r.location_id, r.item_id, r.threshold, r.capacity, r.stock, r.stock_updated_at, r.scan_code, r.active,
         ${LAST_DECISION_COLUMNS}, r.created_at, r.updated_at,
         coalesce(i.sku, '') as sku, coalesce(i.name, '') as item_name, coalesce(i.item_unit, '') as item_unit, coalesce(i.order_unit, '') as order_unit,
         coalesce(i.quantity_per_order_unit, 1) as quantity_per_order_unit, coalesce(i.min_order_quantity, 0) as min_order_quantity,
         coalesce(i.max_order_quantity, 0) as max_order_quantity, coalesce(i.order_quantity_increment, 1) as order_quantity_increment,
         coalesce(i.lead_time_days, 0) as lead_time_days, coalesce(i.transit_days, 0) as transit_days, i.supplier_id, i.catalog_id,
         coalesce(i.disabled, false) or (i.contract_end_date is not null and i.contract_end_date <= current_date) as item_disabled,
         i.paused_until::text as paused_until, (i.id is null or i.deleted) as item_deleted,
         coalesce(l.name, '') as location_name, coalesce(l.inactive, false) as location_inactive, (l.id is null or l.deleted) as location_deleted,
         coalesce(l.delivery_days, '[]'::jsonb) as delivery_days,
         coalesce(c.name, '') as customer_name, coalesce(c.inactive or c.deleted, false) as customer_inactive,
         coalesce((select sum(ol.quantity) from orders.purchase_order_line ol
                    where ol.company_id = r.company_id and ol.rule_id = r.id and ol.status in ('open', 'confirmed')), 0) as on_order
    from orders.kanban_rule r
    left join orders.item_copy i on i.id = r.item_id and i.company_id = r.company_id
    left join orders.location_copy l on l.id = r.location_id and l.company_id = r.company_id
    left join orders.customer_copy c on c.id = r.customer_id and c.company_id = r.company_id
    ${lastDecisionJoin('r')}`;

export function toRuleDto(row: Record<string, unknown>): KanbanRuleDto {
  return {
    id: raw.num(row.id),
    customer_id: raw.num(row.customer_id),
    location_id: raw.num(row.location_id),
    item_id: raw.num(row.item_id),
    threshold: raw.num(row.threshold),
    capacity: raw.num(row.capacity),
    stock: raw.num(row.stock),
    stock_updated_at: raw.iso(row.stock_updated_at),
    scan_code: String(row.scan_code),
    active: row.active === true,
    on_order: raw.num(row.on_order),
    item: {
      sku: String(row.sku),
      name: String(row.item_name),
      item_unit: String(row.item_unit),
      order_unit: String(row.order_unit),
      quantity_per_order_unit: raw.num(row.quantity_per_order_unit),
      min_order_quantity: raw.num(row.min_order_quantity),
      max_order_quantity: raw.num(row.max_order_quantity),
      order_quantity_increment: raw.num(row.order_quantity_increment),
      lead_time_days: raw.num(row.lead_time_days),
      transit_days: raw.num(row.transit_days),
      supplier_id: raw.numOrNull(row.supplier_id),
      catalog_id: raw.numOrNull(row.catalog_id),
      disabled: row.item_disabled === true,
      paused_until: raw.day(row.paused_until),
      deleted: row.item_deleted === true,
    },
    location: {
      name: String(row.location_name),
      inactive: row.location_inactive === true,
      deleted: row.location_deleted === true,
      delivery_days: raw.json<Weekday[]>(row.delivery_days),
    },
    customer: { name: String(row.customer_name), inactive: row.customer_inactive === true },
    last_decision: lastDecisionOf(row),
    created_at: raw.iso(row.created_at)!,
    updated_at: raw.iso(row.updated_at)!,
  };
}

/** The rules' SQL: every statement names the company; reads apply the caller's access restrictions. */
@Injectable()
export class RulesRepository {
  private visible(caller: CompanyCaller): [string, unknown[]] {
    return visibleCondition(caller, { customer: 'r.customer_id', location: 'r.location_id', supplier: 'i.supplier_id' });
  }

  async list(em: EntityManager, caller: CompanyCaller, query: RuleListQuery, page: number, perPage: number): Promise<{ rows: KanbanRuleDto[]; total: number }> {
    const where = ['r.company_id = ?'];
    const params: unknown[] = [caller.companyId];
    if (!query.all) where.push('r.active');
    for (const [field, column] of [
      ['customer_id', 'r.customer_id'],
      ['location_id', 'r.location_id'],
      ['item_id', 'r.item_id'],
      ['supplier_id', 'i.supplier_id'],
    ] as const) {
      if (query[field] !== undefined) {
        where.push(`${column} = ?`);
        params.push(query[field]);
      }
    }
    if (query.reason) {
      where.push(`ld.reason = ?`);
      params.push(query.reason);
    }
    if (query.q) {
      const like = containsPattern(query.q);
      where.push('(i.sku ilike ? or i.name ilike ? or l.name ilike ? or r.scan_code ilike ?)');
      params.push(like, like, like, like);
    }
    const [visible, visibleParams] = this.visible(caller);
    where.push(visible);
    params.push(...visibleParams);
    // A customer user sorting by stock sorts by what it may see: the stock of customers without show_stock_in_app
    // counts as unknown (null), never by the hidden value (docs/ordering-flags.md).
    const sort =
      query.sort === 'stock' && mayHideStock(caller) ? 'case when coalesce(c.show_stock_in_app, false) then r.stock end' : (SORTS[query.sort ?? ''] ?? 'l.name');
    const direction = query.order === 'desc' ? 'desc' : 'asc';
    const tie = sort === 'l.name' ? `, i.sku ${direction}` : '';
    const rows = await em.execute<Record<string, unknown>[]>(
      `${SELECT} where ${where.join(' and ')} order by ${sort} ${direction}${tie}, r.id ${direction} limit ? offset ?`,
      [...params, perPage, (page - 1) * perPage],
    );
    const [count] = await em.execute<{ n: string }[]>(
      `select count(*) as n from orders.kanban_rule r
         left join orders.item_copy i on i.id = r.item_id and i.company_id = r.company_id
         left join orders.location_copy l on l.id = r.location_id and l.company_id = r.company_id
         ${query.reason ? lastDecisionJoin('r') : ''}
        where ${where.join(' and ')}`,
      params,
    );
    return { rows: rows.map(toRuleDto), total: Number(count?.n ?? 0) };
  }

  /** The rule as the caller may see it, or null (unknown, another company's, or hidden by restrictions). */
  async get(em: EntityManager, caller: CompanyCaller, id: number): Promise<KanbanRuleDto | null> {
    const [visible, visibleParams] = this.visible(caller);
    const rows = await em.execute<Record<string, unknown>[]>(`${SELECT} where r.company_id = ? and r.id = ? and ${visible}`, [caller.companyId, id, ...visibleParams]);
    return rows[0] ? toRuleDto(rows[0]) : null;
  }

  /** The visible rule carrying a scan code, or null. */
  async idByScanCode(em: EntityManager, caller: CompanyCaller, code: string): Promise<number | null> {
    const [visible, visibleParams] = this.visible(caller);
    const rows = await em.execute<{ id: number }[]>(
      `select r.id from orders.kanban_rule r left join orders.item_copy i on i.id = r.item_id and i.company_id = r.company_id
        where r.company_id = ? and r.scan_code = ? and ${visible}`,
      [caller.companyId, code, ...visibleParams],
    );
    return rows[0] ? Number(rows[0].id) : null;
  }

  /** Whether the caller's restrictions let them reach a location (with its customer) and a supplier. */
  async mayReach(em: EntityManager, caller: CompanyCaller, customerId: number, locationId: number, supplierId: number | null): Promise<boolean> {
    const [visible, params] = visibleCondition(caller, { customer: 'v.customer_id', location: 'v.location_id', supplier: 'v.supplier_id' });
    const rows = await em.execute<{ ok: boolean }[]>(
      `select ${visible} as ok from (select cast(? as int) as customer_id, cast(? as int) as location_id, cast(? as int) as supplier_id) v`,
      // the condition's placeholders come first in the text, the subquery's after them
      [...params, customerId, locationId, supplierId],
    );
    return rows[0]?.ok === true;
  }

  /** The rule entity to change (tenant filter on), or null. */
  entity(em: EntityManager, id: number): Promise<KanbanRule | null> {
    return em.findOne(KanbanRule, { id });
  }

  /** Records a stock change of a rule and marks it for the next stock run. */
  async recordStock(em: EntityManager, rule: KanbanRule, stock: number, kind: StockEventKind, userId: number | null, now: Date): Promise<void> {
    em.create(StockEvent, { companyId: rule.companyId, ruleId: rule.id, kind, stockBefore: rule.stock, stock, userId, createdAt: now } as StockEvent);
    rule.stock = stock;
    rule.stockUpdatedAt = now;
    rule.updatedAt = now;
    await markPending(em, rule.companyId, [rule.id], now);
  }

  /** Whether the location (and its customer) are known, active and not deleted in the read model. */
  async placeActive(em: EntityManager, companyId: number, locationId: number, customerId: number): Promise<boolean> {
    const rows = await em.execute<{ ok: boolean }[]>(
      `select (l.id is not null and not l.inactive and not l.deleted) and coalesce(not (c.inactive or c.deleted), true) as ok
         from (select 1) x
         left join orders.location_copy l on l.id = ? and l.company_id = ?
         left join orders.customer_copy c on c.id = ? and c.company_id = ?`,
      [locationId, companyId, customerId, companyId],
    );
    return rows[0]?.ok === true;
  }

  async openLines(em: EntityManager, companyId: number, ruleId: number): Promise<number> {
    const [row] = await em.execute<{ n: string }[]>(
      `select count(*) as n from orders.purchase_order_line where company_id = ? and rule_id = ? and status in ('open', 'confirmed')`,
      [companyId, ruleId],
    );
    return Number(row?.n ?? 0);
  }

  async stockEvents(em: EntityManager, companyId: number, ruleId: number): Promise<number> {
    const [row] = await em.execute<{ n: string }[]>('select count(*) as n from orders.stock_event where company_id = ? and rule_id = ?', [companyId, ruleId]);
    return Number(row?.n ?? 0);
  }

  async deleteRule(em: EntityManager, companyId: number, ruleId: number): Promise<void> {
    await em.execute('delete from orders.stock_event where company_id = ? and rule_id = ?', [companyId, ruleId]);
    await em.execute('delete from orders.requisition_decision where company_id = ? and rule_id = ?', [companyId, ruleId]);
    await clearPending(em, companyId, ruleId);
    await em.execute('delete from orders.kanban_rule where company_id = ? and id = ?', [companyId, ruleId]);
  }

  async decisionHistory(em: EntityManager, companyId: number, ruleId: number, page: number, perPage: number): Promise<{ rows: DecisionHistoryDto[]; total: number }> {
    const rows = await em.execute<Record<string, unknown>[]>(
      `select d.id, d.rule_id, d.run_id, r.trigger, d.reason, d.quantity, d.stock, d.threshold, d.capacity, d.on_order, d.order_id,
              d.backorder, d.created_at, count(*) over () as total
         from orders.requisition_decision d
         join orders.requisition_run r on r.id = d.run_id and r.company_id = d.company_id
        where d.company_id = ? and d.rule_id = ? order by d.id desc limit ? offset ?`,
      [companyId, ruleId, perPage, (page - 1) * perPage],
    );
    const total = rows.length > 0 ? raw.num(rows[0]!.total) : await this.decisions(em, companyId, ruleId);
    return {
      total,
      rows: rows.map((r) => ({ id: raw.num(r.id), rule_id: raw.num(r.rule_id), ...decisionOf(r) })),
    };
  }

  /** How many decisions the rule's history holds (a page past the end still tells the total). */
  async decisions(em: EntityManager, companyId: number, ruleId: number): Promise<number> {
    const [row] = await em.execute<{ n: string }[]>('select count(*) as n from orders.requisition_decision where company_id = ? and rule_id = ?', [companyId, ruleId]);
    return Number(row?.n ?? 0);
  }

  async stockHistory(em: EntityManager, companyId: number, ruleId: number, page: number, perPage: number): Promise<{ rows: StockEventDto[]; total: number }> {
    const rows = await em.execute<Record<string, unknown>[]>(
      `select id, rule_id, kind, stock_before, stock, user_id, created_at from orders.stock_event
        where company_id = ? and rule_id = ? order by id desc limit ? offset ?`,
      [companyId, ruleId, perPage, (page - 1) * perPage],
    );
    const total = await this.stockEvents(em, companyId, ruleId);
    return {
      total,
      rows: rows.map((r) => ({
        id: raw.num(r.id),
        rule_id: raw.num(r.rule_id),
        kind: String(r.kind) as StockEventKind,
        stock_before: raw.num(r.stock_before),
        stock: raw.num(r.stock),
        user_id: raw.numOrNull(r.user_id),
        created_at: raw.iso(r.created_at)!,
      })),
    };
  }

  /** Another rule of the company at the location for the item, if any. */
  async ruleAt(em: EntityManager, locationId: number, itemId: number): Promise<boolean> {
    return (await em.findOne(KanbanRule, { locationId, itemId }, { fields: ['id'] })) !== null;
  }

  /** Whether another rule (than `ownId`) has the scan code. */
  async scanCodeTaken(em: EntityManager, code: string, ownId: number | null): Promise<boolean> {
    return (await em.findOne(KanbanRule, ownId === null ? { scanCode: code } : { scanCode: code, id: { $ne: ownId } }, { fields: ['id'] })) !== null;
  }

  /** The rules are due for the next run (requisition/last-decision). */
  markPending(em: EntityManager, companyId: number, ruleIds: number[], now: Date): Promise<void> {
    return markPending(em, companyId, ruleIds, now);
  }

  /** Nothing of the rule waits for a run (an inactive rule). */
  clearPending(em: EntityManager, companyId: number, ruleId: number): Promise<void> {
    return clearPending(em, companyId, ruleId);
  }
}
