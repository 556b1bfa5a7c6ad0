import { Inject, Injectable } from '@nestjs/common';
import { AppError, ProtocolCode } from '@kanban/access';
import type {
  CompanyCaller,
  DecisionReason,
  LocationReportDto,
  LocationReportQuery,
  OrderStatsDto,
  OrderStatsLineDto,
  OrderStatsQuery,
  Page,
  RuleCheckDto,
  RulesCheckDto,
  RulesCheckQuery,
  ServiceFigures,
  ServiceLineDto,
  ServiceReportDto,
  ServiceReportQuery,
  StatsScope,
} from '@kanban/contracts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { supplierVisible, unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { type Clock, CompanyTimeZones, ORDERS_CLOCK } from '../requisition/company-time';
import { LAST_DECISION_COLUMNS, lastDecisionJoin, lastDecisionOf } from '../requisition/last-decision';
import { localTime } from '../requisition/schedule';
import { pageOf, raw, visibleCondition } from '../shared/access';
import { LINES_FROM, SERVICE_AGGREGATES, SERVICE_FROM, toFigures } from './service.measures';
import { daysOf, idOf, orderPeriod, servicePeriod, weeksOf } from './stats.period';

type Row = Record<string, unknown>;

/** A location the caller may see: customer and location restrictions as in `visibleCondition` (suppliers do not hide locations). */
function locationVisible(caller: CompanyCaller): [string, unknown[]] {
  const own = 'x.company_id = ? and x.user_id = ?';
  const ids = [caller.companyId, caller.userId];
  return [
    `(not exists (select 1 from orders.access_restriction x where ${own} and (x.customer_id is not null or x.location_id is not null))` +
      ` or lc.customer_id in (select x.customer_id from orders.access_restriction x where ${own} and x.customer_id is not null)` +
      ` or lc.id in (select x.location_id from orders.access_restriction x where ${own} and x.location_id is not null))`,
    [...ids, ...ids, ...ids],
  ];
}

const LINE_COLUMNS = `o.id as order_id, l.pos, o.order_date::text as order_date, o.source, o.customer_id, o.customer_name, o.location_id, o.location_name,
  l.supplier_id, l.supplier_name, l.rule_id, l.item_id, l.sku, l.name, l.quantity, l.unit, l.shipping::text as shipping, l.status`;

function toLine(row: Row): OrderStatsLineDto {
  return {
    order_id: raw.num(row.order_id),
    pos: raw.num(row.pos),
    date: raw.day(row.order_date)!,
    source: String(row.source),
    customer_id: raw.num(row.customer_id),
    customer: String(row.customer_name),
    location_id: raw.num(row.location_id),
    location: String(row.location_name),
    supplier_id: raw.numOrNull(row.supplier_id),
    supplier: String(row.supplier_name),
    rule_id: raw.numOrNull(row.rule_id),
    item_id: raw.num(row.item_id),
    sku: String(row.sku),
    name: String(row.name),
    quantity: raw.num(row.quantity),
    unit: String(row.unit),
    shipping: raw.day(row.shipping)!,
    status: String(row.status),
  };
}

/** Counts per reason as an object (numbers), from `json_object_agg` or nothing. */
function reasonCounts(value: unknown): Partial<Record<DecisionReason, number>> {
  const counts = value ? raw.json<Record<string, unknown>>(value) : {};
  return Object.fromEntries(Object.entries(counts ?? {}).map(([k, v]) => [k, Number(v)])) as Partial<Record<DecisionReason, number>>;
}

/**
 * Statistics and reports over orders, lines, rules and decisions (docs/statistics.md). Every answer is a few
 * set-based statements (grouped in SQL), never a query per rule or order; every statement names the company
 * and applies the caller's access restrictions.
 */
@Injectable()
export class StatsService {
  constructor(
    @Inject(unitOfWorkToken('orders')) private readonly uow: UnitOfWork,
    private readonly zones: CompanyTimeZones,
    @Inject(ORDERS_CLOCK) private readonly clock: Clock,
  ) {}

  private async today(companyId: number): Promise<string> {
    return (await this.zoneAndToday(companyId)).today;
  }

  /** The company's time zone and its local day today. */
  private async zoneAndToday(companyId: number): Promise<{ zone: string; today: string }> {
    const zone = await this.zones.zoneOf(companyId);
    return { zone, today: localTime(this.clock.now(), zone).date };
  }

  /** Conditions on `o` (order) and `l` (line) for the scope, the filters and the caller's restrictions. */
  private lineFilter(caller: CompanyCaller, scope: StatsScope, query: OrderStatsQuery, period: { from: string; to: string }): [string, unknown[]] {
    // Requests waiting for approval are not orders (docs/replenishment.md "Requests"): left out until confirmed.
    const where = ['o.company_id = ?', 'o.order_date between ?::date and ?::date', "o.status <> 'request'"];
    const params: unknown[] = [caller.companyId, period.from, period.to];
    const customerId = scope.customerId ?? idOf(query.customer_id, 'customer_id');
    const supplierId = scope.supplierId ?? idOf(query.supplier_id, 'supplier_id');
    for (const [value, column] of [
      [customerId, 'o.customer_id'],
      [idOf(query.location_id, 'location_id'), 'o.location_id'],
      [supplierId, 'l.supplier_id'],
    ] as const) {
      if (value !== undefined) {
        where.push(`${column} = ?`);
        params.push(value);
      }
    }
    if (query.source !== undefined && query.source !== null && (query.source as unknown) !== '') {
      if (typeof query.source !== 'string' || !/^[a-z_]{1,30}$/.test(query.source)) throw AppError.validation('source', 'must be an order source such as requisition or manual');
      where.push('o.source = ?');
      params.push(query.source);
    }
    const [visible, visibleParams] = visibleCondition(caller, { customer: 'o.customer_id', location: 'o.location_id', supplier: 'o.supplier_id' });
    where.push(visible);
    params.push(...visibleParams);
    return [where.join(' and '), params];
  }

  /** `stats/orders`: orders, lines and quantities per day, source, supplier, location and line status, in one statement. */
  async orders(caller: CompanyCaller, scope: StatsScope, query: OrderStatsQuery = {}): Promise<OrderStatsDto> {
    const period = orderPeriod(query, await this.today(caller.companyId));
    const [where, params] = this.lineFilter(caller, scope, query, period);
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
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const [row] = await em.execute<Row[]>(sql, [...params, period.from, period.to]);
      const num = <T extends Row>(items: T[]) => items.map((i) => ({ ...i, orders: Number(i.orders), lines: Number(i.lines), quantity: Number(i.quantity) }));
      const totals = raw.json<Row>(row!.totals);
      return {
        from: period.from,
        to: period.to,
        totals: { orders: Number(totals.orders), lines: Number(totals.lines), quantity: Number(totals.quantity) },
        per_day: num(raw.json<Row[]>(row!.per_day)) as unknown as OrderStatsDto['per_day'],
        per_source: num(raw.json<Row[]>(row!.per_source)) as unknown as OrderStatsDto['per_source'],
        per_supplier: num(raw.json<Row[]>(row!.per_supplier)) as unknown as OrderStatsDto['per_supplier'],
        per_location: num(raw.json<Row[]>(row!.per_location)) as unknown as OrderStatsDto['per_location'],
        per_status: raw.json<Row[]>(row!.per_status).map((s) => ({ status: String(s.status), lines: Number(s.lines), quantity: Number(s.quantity) })),
      };
    });
  }

  /** `stats/orders/details`: the lines behind the statistics, newest order first, paged. */
  async orderDetails(caller: CompanyCaller, scope: StatsScope, query: OrderStatsQuery = {}): Promise<Page<OrderStatsLineDto> & { from: string; to: string }> {
    const period = orderPeriod(query, await this.today(caller.companyId));
    const { page, perPage } = pageOf(query);
    const [where, params] = this.lineFilter(caller, scope, query, period);
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const rows = await em.execute<Row[]>(
        `select ${LINE_COLUMNS} from ${LINES_FROM} where ${where} order by o.order_date desc, o.id desc, l.pos limit ? offset ?`,
        [...params, perPage, (page - 1) * perPage],
      );
      const [count] = await em.execute<{ n: string }[]>(`select count(*) as n from ${LINES_FROM} where ${where}`, params);
      return { from: period.from, to: period.to, items: rows.map(toLine), total: Number(count?.n ?? 0), page, per_page: perPage };
    });
  }

  /**
   * `stats/rulescheck`: per rule its stock against threshold and capacity, what is on order, the last decision,
   * the decisions of the period by reason and the lines it ordered; plus the reasons over the whole selection.
   */
  async rulesCheck(caller: CompanyCaller, scope: StatsScope, query: RulesCheckQuery = {}): Promise<RulesCheckDto> {
    const days = daysOf(query.days);
    const { page, perPage } = pageOf(query);
    const since = new Date(this.clock.now().getTime() - days * 86_400_000);
    const where = ['r.company_id = ?'];
    const params: unknown[] = [caller.companyId];
    const customerId = scope.customerId ?? idOf(query.customer_id, 'customer_id');
    if (customerId !== undefined) {
      where.push('r.customer_id = ?');
      params.push(customerId);
    }
    for (const [ids, column, field] of [
      [query.locations, 'r.location_id', 'locations'],
      [query.items, 'r.item_id', 'items'],
    ] as const) {
      if (ids === undefined || ids === null) continue;
      const list = Array.isArray(ids) ? ids : [ids];
      if (list.length === 0) continue;
      if (list.length > 500 || !list.every((id) => Number.isInteger(Number(id)) && Number(id) >= 1)) throw AppError.validation(field, 'must be a list of at most 500 ids');
      where.push(`${column} in (${list.map(() => '?').join(', ')})`);
      params.push(...list.map(Number));
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
    return this.uow.forCompany(caller.companyId).read(async (em) => {
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
      const items = rows.map((row): RuleCheckDto => {
        const stock = raw.num(row.stock);
        const capacity = raw.num(row.capacity);
        return {
          rule_id: raw.num(row.id),
          active: row.active === true,
          customer_id: raw.num(row.customer_id),
          customer: String(row.customer_name),
          location_id: raw.num(row.location_id),
          location: String(row.location_name),
          item_id: raw.num(row.item_id),
          sku: String(row.sku),
          name: String(row.item_name),
          item_unit: String(row.item_unit),
          stock,
          threshold: raw.num(row.threshold),
          capacity,
          on_order: raw.num(row.on_order),
          below_threshold: stock <= raw.num(row.threshold),
          fill: capacity > 0 ? stock / capacity : 0,
          last_decision: lastDecisionOf(row),
          reasons: reasonCounts(row.reasons),
          ordered_lines: raw.num(row.ordered_lines),
          ordered_quantity: raw.num(row.ordered_quantity),
          last_ordered_at: raw.iso(row.last_ordered_at),
        };
      });
      return {
        days,
        items,
        total: raw.num(summary?.total ?? 0),
        page,
        per_page: perPage,
        reasons: reasonCounts(summary?.reasons),
        last_reasons: reasonCounts(summary?.last_reasons),
      };
    });
  }

  /**
   * The lines of the service analysis: the scope's (customer, or supplier), of orders whose order day is in the period,
   * narrowed to a location. A supplier outside the caller's supplier restrictions is unknown (404), as in the supplies.
   */
  private async serviceFilter(em: EntityManager, caller: CompanyCaller, scope: StatsScope, query: ServiceReportQuery, from: string, to: string): Promise<[string, unknown[]]> {
    if (scope.supplierId !== undefined && !(await supplierVisible(em, 'orders', caller, scope.supplierId))) {
      throw new AppError(ProtocolCode.NotFound, 'supplier not found');
    }
    return this.lineFilter(caller, scope, { location_id: query.location_id }, { from, to });
  }

  /**
   * `report/service` (customer or supplier): the service measures (docs/statistics.md) in total, per location, supplier,
   * item and week of the order day, in one statement (grouping sets).
   */
  async service(caller: CompanyCaller, scope: StatsScope, query: ServiceReportQuery = {}): Promise<ServiceReportDto> {
    const { zone, today } = await this.zoneAndToday(caller.companyId);
    const { period, from, to } = servicePeriod(query.period, today);
    const week = `(date_trunc('week', o.order_date)::date)`;
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const [where, params] = await this.serviceFilter(em, caller, scope, query, from, to);
      const rows = await em.execute<Row[]>(
        `select grouping(o.location_id) as g_location, grouping(l.supplier_id) as g_supplier, grouping(l.item_id) as g_item, grouping(${week}) as g_week,
                o.location_id, max(o.location_name) as location_name, max(o.customer_id) as customer_id, max(o.customer_name) as customer_name,
                l.supplier_id, max(l.supplier_name) as supplier_name, l.item_id, max(l.sku) as sku, max(l.name) as item_name,
                ${week}::text as week, ${SERVICE_AGGREGATES}
           from ${SERVICE_FROM} where ${where}
          group by grouping sets ((), (o.location_id), (l.supplier_id), (l.item_id), (${week}))`,
        [today, today, zone, ...params],
      );
      const only = (key: 'g_location' | 'g_supplier' | 'g_item' | 'g_week') => rows.filter((r) => Number(r[key]) === 0);
      const totals = rows.find((r) => ['g_location', 'g_supplier', 'g_item', 'g_week'].every((g) => Number(r[g]) === 1));
      const byLines = (a: ServiceFigures, b: ServiceFigures) => b.lines - a.lines;
      const weeks = new Map(only('g_week').map((r) => [raw.day(r.week)!, toFigures(r)]));
      return {
        period,
        from,
        to,
        totals: toFigures(totals ?? {}),
        per_location: only('g_location')
          .map((r) => ({
            location_id: raw.num(r.location_id),
            location: String(r.location_name),
            customer_id: raw.num(r.customer_id),
            customer: String(r.customer_name),
            ...toFigures(r),
          }))
          .sort((a, b) => byLines(a, b) || a.location.localeCompare(b.location)),
        per_supplier: only('g_supplier')
          .map((r) => ({ supplier_id: raw.numOrNull(r.supplier_id), supplier: String(r.supplier_name ?? ''), ...toFigures(r) }))
          .sort((a, b) => byLines(a, b) || a.supplier.localeCompare(b.supplier)),
        per_item: only('g_item')
          .map((r) => ({ item_id: raw.num(r.item_id), sku: String(r.sku), name: String(r.item_name), ...toFigures(r) }))
          .sort((a, b) => byLines(a, b) || a.sku.localeCompare(b.sku)),
        per_week: weeksOf(from, to).map((w) => ({ week: w, ...(weeks.get(w) ?? toFigures({})) })),
      };
    });
  }

  /** `report/service/details`: the lines of the analysis with their measures (late, on time, delay), late ones first. */
  async serviceDetails(caller: CompanyCaller, scope: StatsScope, query: ServiceReportQuery = {}): Promise<Page<ServiceLineDto> & { from: string; to: string }> {
    const { zone, today } = await this.zoneAndToday(caller.companyId);
    const { from, to } = servicePeriod(query.period, today);
    const { page, perPage } = pageOf(query);
    const late = `(l.status in ('open', 'confirmed') and l.shipping < ?::date)`;
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const [where, params] = await this.serviceFilter(em, caller, scope, query, from, to);
      const rows = await em.execute<Row[]>(
        `select ${LINE_COLUMNS}, l.delivered_at, dd.delivered_day - l.shipping as delay_days, ${late} as late
           from ${SERVICE_FROM} where ${where} order by ${late} desc, o.order_date desc, o.id desc, l.pos limit ? offset ?`,
        [today, zone, ...params, today, perPage, (page - 1) * perPage],
      );
      const [count] = await em.execute<{ n: string }[]>(`select count(*) as n from ${LINES_FROM} where ${where}`, params);
      const items = rows.map((row): ServiceLineDto => {
        const delay = raw.numOrNull(row.delay_days);
        return {
          ...toLine(row),
          delivered_at: raw.iso(row.delivered_at),
          late: row.late === true,
          on_time: delay === null ? null : delay <= 0,
          delay_days: delay,
        };
      });
      return { from, to, items, total: Number(count?.n ?? 0), page, per_page: perPage };
    });
  }

  /** `report/location`: the location's rules with stock, threshold, capacity, on order and last decision, and its recent orders. */
  async locationReport(caller: CompanyCaller, scope: StatsScope, query: LocationReportQuery = {}): Promise<LocationReportDto> {
    const locationId = idOf(query.location_id, 'location_id');
    if (locationId === undefined) throw AppError.validation('location_id', 'is required');
    const days = daysOf(query.days);
    const customerId = scope.customerId;
    const now = this.clock.now();
    const [visible, visibleParams] = locationVisible(caller);
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      // The location must be the customer's and visible (a supplier restriction alone does not hide a location).
      const [location] = await em.execute<Row[]>(
        `select lc.id, lc.name, lc.customer_id, coalesce(c.name, '') as customer_name
           from orders.location_copy lc left join orders.customer_copy c on c.id = lc.customer_id and c.company_id = lc.company_id
          where lc.company_id = ? and lc.id = ? and not lc.deleted ${customerId !== undefined ? 'and lc.customer_id = ?' : ''}
            and ${visible}`,
        [caller.companyId, locationId, ...(customerId !== undefined ? [customerId] : []), ...visibleParams],
      );
      if (!location) throw new AppError(ProtocolCode.NotFound, 'location not found');
      const [ruleVisible, ruleParams] = visibleCondition(caller, { customer: 'r.customer_id', location: 'r.location_id', supplier: 'i.supplier_id' });
      const rules = await em.execute<Row[]>(
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
      const [orderVisible, orderParams] = visibleCondition(caller, { customer: 'o.customer_id', location: 'o.location_id', supplier: 'o.supplier_id' });
      const orders = await em.execute<Row[]>(
        `select o.id, o.order_date::text as order_date, o.source, o.status, o.supplier_name, count(l.id) as lines, coalesce(sum(l.quantity), 0) as quantity
           from orders.purchase_order o left join orders.purchase_order_line l on l.order_id = o.id and l.company_id = o.company_id
          where o.company_id = ? and o.location_id = ? and o.created_at >= ? and o.status <> 'request' and ${orderVisible}
          group by o.id order by o.created_at desc, o.id desc limit 200`,
        [caller.companyId, locationId, new Date(now.getTime() - days * 86_400_000), ...orderParams],
      );
      return {
        company_id: caller.companyId,
        customer_id: raw.num(location.customer_id),
        customer: String(location.customer_name),
        location_id: raw.num(location.id),
        location: String(location.name),
        generated_at: now.toISOString(),
        days,
        rules: rules.map((r) => ({
          rule_id: raw.num(r.id),
          active: r.active === true,
          sku: String(r.sku),
          name: String(r.item_name),
          item_unit: String(r.item_unit),
          stock: raw.num(r.stock),
          threshold: raw.num(r.threshold),
          capacity: raw.num(r.capacity),
          on_order: raw.num(r.on_order),
          last_decision: lastDecisionOf(r),
        })),
        orders: orders.map((o) => ({
          order_id: raw.num(o.id),
          date: raw.day(o.order_date)!,
          source: String(o.source),
          status: String(o.status),
          supplier: String(o.supplier_name),
          lines: raw.num(o.lines),
          quantity: raw.num(o.quantity),
        })),
      };
    });
  }
}

