import { Injectable } from '@nestjs/common';
import type { CompanyCaller } from '@kanban/contracts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { supplierVisible } from '@kanban/persistence';
import { LAST_DECISION_COLUMNS, lastDecisionJoin } from '../requisition/last-decision';
import { visibleCondition } from '../shared/access';
import { LINES_FROM, SERVICE_AGGREGATES, SERVICE_FROM } from './service.measures';

export type Row = Record<string, unknown>;

/** Which order lines a statistic covers: the company's, ordered in the period, narrowed by the (checked) filters. */
export interface LineFilter {
  from: string;
  to: string;
  customerId?: number;
  locationId?: number;
  supplierId?: number;
  source?: string;
}

/** Which rules the rules check covers (ids checked by the service). */
export interface RuleFilter {
  customerId?: number;
  locationIds?: number[];
  itemIds?: number[];
}

export const LINE_COLUMNS = `o.id as order_id, l.pos, o.order_date::text as order_date, o.source, o.customer_id, o.customer_name, o.location_id, o.location_name,
  l.supplier_id, l.supplier_name, l.rule_id, l.item_id, l.sku, l.name, l.quantity, l.unit, l.shipping::text as shipping, l.status`;

/**
 * The statements of the statistics and reports (docs/statistics.md) over orders, lines, rules and decisions: each a
 * few set-based statements (grouped in SQL), never one per rule or order; each names the company and applies the
 * caller's access restrictions (`visibleCondition`, libs/persistence). Answers rows as the driver gives them; the
 * service checks the input and shapes the answers.
 */
@Injectable()
export class StatsRepository {
  /** Conditions on `o` (order) and `l` (line) for the filter and the caller's restrictions. */
  private lineWhere(caller: CompanyCaller, filter: LineFilter): [string, unknown[]] {
    // Requests waiting for approval are not orders (docs/replenishment.md "Requests"): left out until confirmed.
    const where = ['o.company_id = ?', 'o.order_date between ?::date and ?::date', "o.status <> 'request'"];
    const params: unknown[] = [caller.companyId, filter.from, filter.to];
    for (const [value, column] of [
      [filter.customerId, 'o.customer_id'],
      [filter.locationId, 'o.location_id'],
      [filter.supplierId, 'l.supplier_id'],
    ] as const) {
      if (value !== undefined) {
        where.push(`${column} = ?`);
        params.push(value);
      }
    }
    if (filter.source !== undefined) {
      where.push('o.source = ?');
      params.push(filter.source);
    }
    const [visible, visibleParams] = visibleCondition(caller, { customer: 'o.customer_id', location: 'o.location_id', supplier: 'o.supplier_id' });
    where.push(visible);
    params.push(...visibleParams);
    return [where.join(' and '), params];
  }

  /** `stats/orders`: totals and per day, source, supplier, location and line status as JSON columns, in one statement. */
  async orderFigures(em: EntityManager, caller: CompanyCaller, filter: LineFilter): Promise<Row> {
    const [where, params] = this.lineWhere(caller, filter);
    const figures = `count(distinct order_id) as orders, count(*) as lines, coalesce(sum(quantity), 0) as quantity`;
    const json = (keys: string) => `json_build_object(${keys}, 'orders', orders, 'lines', lines, 'quantity', quantity)`;
    const sql = `
      with x as (
        select o.id as order_id, o.order_date, o.source, o.customer_id, o.customer_name, o.location_id, o.location_name,
               l.supplier_id, l.supplier_name, l.quantity, l.status
          from ${LINES_FROM} where ${where}
      )
      select
        (select ${json(`'day', 'total'`)} from (select ${figures} from x) t) as totals,
        (select coalesce(json_agg(json_build_object('day', d.day::date::text, 'orders', coalesce(g.orders, 0), 'lines', coalesce(g.lines, 0),
                  'quantity', coalesce(g.quantity, 0)) order by d.day), '[]'::json)
           from generate_series(?::date, ?::date, interval '1 day') as d(day)
           left join (select order_date, ${figures} from x group by order_date) g on g.order_date = d.day::date) as per_day,
        (select coalesce(json_agg(${json(`'source', source`)} order by lines desc, source), '[]'::json)
           from (select source, ${figures} from x group by source) g) as per_source,
        (select coalesce(json_agg(${json(`'supplier_id', supplier_id, 'supplier', supplier_name`)} order by lines desc, supplier_name), '[]'::json)
           from (select supplier_id, max(supplier_name) as supplier_name, ${figures} from x group by supplier_id) g) as per_supplier,
        (select coalesce(json_agg(${json(`'location_id', location_id, 'location', location_name, 'customer_id', customer_id, 'customer', customer_name`)}
                  order by lines desc, location_name), '[]'::json)
           from (select location_id, max(location_name) as location_name, max(customer_id) as customer_id, max(customer_name) as customer_name, ${figures}
                   from x group by location_id) g) as per_location,
        (select coalesce(json_agg(json_build_object('status', status, 'lines', lines, 'quantity', quantity) order by status), '[]'::json)
           from (select status, count(*) as lines, coalesce(sum(quantity), 0) as quantity from x group by status) g) as per_status`;
    const [row] = await em.execute<Row[]>(sql, [...params, filter.from, filter.to]);
    return row!;
  }

  /** `stats/orders/details`: a page of the lines (LINE_COLUMNS), newest order first, and their number. */
  async orderLines(em: EntityManager, caller: CompanyCaller, filter: LineFilter, page: number, perPage: number): Promise<{ rows: Row[]; total: number }> {
    const [where, params] = this.lineWhere(caller, filter);
    const rows = await em.execute<Row[]>(
      `select ${LINE_COLUMNS} from ${LINES_FROM} where ${where} order by o.order_date desc, o.id desc, l.pos limit ? offset ?`,
      [...params, perPage, (page - 1) * perPage],
    );
    const [count] = await em.execute<{ n: string }[]>(`select count(*) as n from ${LINES_FROM} where ${where}`, params);
    return { rows, total: Number(count?.n ?? 0) };
  }

  /**
   * `stats/rulescheck`: a page of rules with stock, on order, last decision, decisions since `since` by reason (`reasons`)
   * and lines ordered since then; and the summary over the whole selection (`total`, `reasons`, `last_reasons`).
   */
  async ruleChecks(
    em: EntityManager,
    caller: CompanyCaller,
    filter: RuleFilter,
    since: Date,
    page: number,
    perPage: number,
  ): Promise<{ rows: Row[]; summary: Row | undefined }> {
    const where = ['r.company_id = ?'];
    const params: unknown[] = [caller.companyId];
    if (filter.customerId !== undefined) {
      where.push('r.customer_id = ?');
      params.push(filter.customerId);
    }
    for (const [ids, column] of [
      [filter.locationIds, 'r.location_id'],
      [filter.itemIds, 'r.item_id'],
    ] as const) {
      if (ids === undefined || ids.length === 0) continue;
      where.push(`${column} in (${ids.map(() => '?').join(', ')})`);
      params.push(...ids);
    }
    const [visible, visibleParams] = visibleCondition(caller, { customer: 'r.customer_id', location: 'r.location_id', supplier: 'i.supplier_id' });
    where.push(visible);
    params.push(...visibleParams);
    const selection = `
      select r.id, r.company_id, r.active, r.customer_id, r.location_id, r.item_id, r.stock, r.threshold, r.capacity,
             coalesce(c.name, '') as customer_name, coalesce(lc.name, '') as location_name, coalesce(i.sku, '') as sku,
             coalesce(i.name, '') as item_name, coalesce(i.item_unit, '') as item_unit
        from orders.kanban_rule r
        left join orders.item_copy i on i.id = r.item_id and i.company_id = r.company_id
        left join orders.location_copy lc on lc.id = r.location_id and lc.company_id = r.company_id
        left join orders.customer_copy c on c.id = r.customer_id and c.company_id = r.company_id
       where ${where.join(' and ')}`;
    const rows = await em.execute<Row[]>(
      `with s as (${selection}),
            p as (select * from s order by location_name, sku, id limit ? offset ?),
            d as (select d.rule_id, d.reason, count(*) as n from orders.requisition_decision d
                   where d.company_id = ? and d.rule_id in (select id from p) and d.created_at >= ? group by d.rule_id, d.reason),
            o as (select ol.rule_id,
                         count(*) filter (where ol.created_at >= ?) as lines,
                         coalesce(sum(ol.quantity) filter (where ol.created_at >= ?), 0) as quantity,
                         coalesce(sum(ol.quantity) filter (where ol.status in ('open', 'confirmed')), 0) as on_order,
                         max(ol.created_at) as last_ordered_at
                    from orders.purchase_order_line ol where ol.company_id = ? and ol.rule_id in (select id from p) group by ol.rule_id)
       select p.*, ${LAST_DECISION_COLUMNS}, coalesce(o.lines, 0) as ordered_lines, coalesce(o.quantity, 0) as ordered_quantity, coalesce(o.on_order, 0) as on_order,
              o.last_ordered_at, (select json_object_agg(d.reason, d.n) from d where d.rule_id = p.id) as reasons
         from p left join o on o.rule_id = p.id
         ${lastDecisionJoin('p')}
        order by p.location_name, p.sku, p.id`,
      [...params, perPage, (page - 1) * perPage, caller.companyId, since, since, since, caller.companyId],
    );
    const [summary] = await em.execute<Row[]>(
      `with s as (${selection})
       select (select count(*) from s) as total,
              (select json_object_agg(reason, n) from (select d.reason, count(*) as n from orders.requisition_decision d
                  where d.company_id = ? and d.created_at >= ? and d.rule_id in (select id from s) group by d.reason) g) as reasons,
              (select json_object_agg(reason, n) from (select ld.reason, count(*) as n from s ${lastDecisionJoin('s')}
                  where ld.reason is not null group by 1) g) as last_reasons`,
      [...params, caller.companyId, since],
    );
    return { rows, summary };
  }

  /** Whether the caller's supplier restrictions let them see the supplier (libs/persistence). */
  supplierVisible(em: EntityManager, caller: CompanyCaller, supplierId: number): Promise<boolean> {
    return supplierVisible(em, 'orders', caller, supplierId);
  }

  /**
   * `report/service`: the service measures (SERVICE_AGGREGATES) in total, per location, supplier, item and week of the
   * order day, in one statement (grouping sets; `g_*` say which grouping a row is). `today` and `zone` are the company's.
   */
  async serviceFigures(em: EntityManager, caller: CompanyCaller, filter: LineFilter, today: string, zone: string): Promise<Row[]> {
    const [where, params] = this.lineWhere(caller, filter);
    const week = `(date_trunc('week', o.order_date)::date)`;
    return em.execute<Row[]>(
      `select grouping(o.location_id) as g_location, grouping(l.supplier_id) as g_supplier, grouping(l.item_id) as g_item, grouping(${week}) as g_week,
              o.location_id, max(o.location_name) as location_name, max(o.customer_id) as customer_id, max(o.customer_name) as customer_name,
              l.supplier_id, max(l.supplier_name) as supplier_name, l.item_id, max(l.sku) as sku, max(l.name) as item_name,
              ${week}::text as week, ${SERVICE_AGGREGATES}
         from ${SERVICE_FROM} where ${where}
        group by grouping sets ((), (o.location_id), (l.supplier_id), (l.item_id), (${week}))`,
      [today, today, zone, ...params],
    );
  }

  /** `report/service/details`: a page of the lines (LINE_COLUMNS) with `delivered_at`, `delay_days` and `late`, late ones first; and their number. */
  async serviceLines(
    em: EntityManager,
    caller: CompanyCaller,
    filter: LineFilter,
    today: string,
    zone: string,
    page: number,
    perPage: number,
  ): Promise<{ rows: Row[]; total: number }> {
    const [where, params] = this.lineWhere(caller, filter);
    const late = `(l.status in ('open', 'confirmed') and l.shipping < ?::date)`;
    const rows = await em.execute<Row[]>(
      `select ${LINE_COLUMNS}, l.delivered_at, dd.delivered_day - l.shipping as delay_days, ${late} as late
         from ${SERVICE_FROM} where ${where} order by ${late} desc, o.order_date desc, o.id desc, l.pos limit ? offset ?`,
      [today, zone, ...params, today, perPage, (page - 1) * perPage],
    );
    const [count] = await em.execute<{ n: string }[]>(`select count(*) as n from ${LINES_FROM} where ${where}`, params);
    return { rows, total: Number(count?.n ?? 0) };
  }

  /**
   * A location of the read model the caller may see (customer and location restrictions; a supplier restriction alone
   * does not hide a location), of the customer when one is given, with its customer's name.
   */
  async location(em: EntityManager, caller: CompanyCaller, locationId: number, customerId: number | undefined): Promise<Row | undefined> {
    const [visible, visibleParams] = visibleCondition(caller, { customer: 'lc.customer_id', location: 'lc.id' });
    const [location] = await em.execute<Row[]>(
      `select lc.id, lc.name, lc.customer_id, coalesce(c.name, '') as customer_name
         from orders.location_copy lc left join orders.customer_copy c on c.id = lc.customer_id and c.company_id = lc.company_id
        where lc.company_id = ? and lc.id = ? and not lc.deleted ${customerId !== undefined ? 'and lc.customer_id = ?' : ''}
          and ${visible}`,
      [caller.companyId, locationId, ...(customerId !== undefined ? [customerId] : []), ...visibleParams],
    );
    return location;
  }

  /** The location's rules the caller may see, with stock, on order and last decision, by SKU. */
  locationRules(em: EntityManager, caller: CompanyCaller, locationId: number): Promise<Row[]> {
    const [ruleVisible, ruleParams] = visibleCondition(caller, { customer: 'r.customer_id', location: 'r.location_id', supplier: 'i.supplier_id' });
    return em.execute<Row[]>(
      `select r.id, r.active, r.stock, r.threshold, r.capacity, ${LAST_DECISION_COLUMNS}, coalesce(i.sku, '') as sku, coalesce(i.name, '') as item_name,
              coalesce(i.item_unit, '') as item_unit, coalesce(oo.on_order, 0) as on_order
         from orders.kanban_rule r
         left join orders.item_copy i on i.id = r.item_id and i.company_id = r.company_id
         left join (select ol.rule_id, sum(ol.quantity) as on_order from orders.purchase_order_line ol
                     where ol.company_id = ? and ol.status in ('open', 'confirmed') and ol.rule_id is not null group by ol.rule_id) oo on oo.rule_id = r.id
         ${lastDecisionJoin('r')}
        where r.company_id = ? and r.location_id = ? and ${ruleVisible}
        order by coalesce(i.sku, ''), r.id`,
      [caller.companyId, caller.companyId, locationId, ...ruleParams],
    );
  }

  /** The location's orders (not requests) the caller may see created since `since`, newest first, at most 200, with line counts and quantities. */
  locationOrders(em: EntityManager, caller: CompanyCaller, locationId: number, since: Date): Promise<Row[]> {
    const [orderVisible, orderParams] = visibleCondition(caller, { customer: 'o.customer_id', location: 'o.location_id', supplier: 'o.supplier_id' });
    return em.execute<Row[]>(
      `select o.id, o.order_date::text as order_date, o.source, o.status, o.supplier_name, count(l.id) as lines, coalesce(sum(l.quantity), 0) as quantity
         from orders.purchase_order o left join orders.purchase_order_line l on l.order_id = o.id and l.company_id = o.company_id
        where o.company_id = ? and o.location_id = ? and o.created_at >= ? and o.status <> 'request' and ${orderVisible}
        group by o.id order by o.created_at desc, o.id desc limit 200`,
      [caller.companyId, locationId, since, ...orderParams],
    );
  }
}
