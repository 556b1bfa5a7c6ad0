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
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { type Clock, CompanyTimeZones, ORDERS_CLOCK } from '../requisition/company-time';
import { lastDecisionOf } from '../requisition/last-decision';
import { stockHiddenCustomers } from '../rules/stock-visibility';
import { localTime } from '../requisition/schedule';
import { pageOf, raw } from '../shared/access';
import { toFigures } from './service.measures';
import { type LineFilter, type RuleFilter, StatsRepository } from './stats.repository';
import { daysOf, idOf, orderPeriod, servicePeriod, weeksOf } from './stats.period';

type Row = Record<string, unknown>;

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
    private readonly repository: StatsRepository,
  ) {}

  private async today(companyId: number): Promise<string> {
    return (await this.zoneAndToday(companyId)).today;
  }

  /** The company's time zone and its local day today. */
  private async zoneAndToday(companyId: number): Promise<{ zone: string; today: string }> {
    const zone = await this.zones.zoneOf(companyId);
    return { zone, today: localTime(this.clock.now(), zone).date };
  }

  /** The lines of the scope, the (checked) filters and the period. */
  private lineFilter(scope: StatsScope, query: OrderStatsQuery, period: { from: string; to: string }): LineFilter {
    // Checked in this order (the first bad filter answers).
    const customerId = scope.customerId ?? idOf(query.customer_id, 'customer_id');
    const supplierId = scope.supplierId ?? idOf(query.supplier_id, 'supplier_id');
    const filter: LineFilter = { from: period.from, to: period.to, customerId, locationId: idOf(query.location_id, 'location_id'), supplierId };
    if (query.source !== undefined && query.source !== null && (query.source as unknown) !== '') {
      if (typeof query.source !== 'string' || !/^[a-z_]{1,30}$/.test(query.source)) throw AppError.validation('source', 'must be an order source such as requisition or manual');
      filter.source = query.source;
    }
    return filter;
  }

  /** `stats/orders`: orders, lines and quantities per day, source, supplier, location and line status, in one statement. */
  async orders(caller: CompanyCaller, scope: StatsScope, query: OrderStatsQuery = {}): Promise<OrderStatsDto> {
    const period = orderPeriod(query, await this.today(caller.companyId));
    const filter = this.lineFilter(scope, query, period);
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const row = await this.repository.orderFigures(em, caller, filter);
      const num = <T extends Row>(items: T[]) => items.map((i) => ({ ...i, orders: Number(i.orders), lines: Number(i.lines), quantity: Number(i.quantity) }));
      const totals = raw.json<Row>(row.totals);
      return {
        from: period.from,
        to: period.to,
        totals: { orders: Number(totals.orders), lines: Number(totals.lines), quantity: Number(totals.quantity) },
        per_day: num(raw.json<Row[]>(row.per_day)) as unknown as OrderStatsDto['per_day'],
        per_source: num(raw.json<Row[]>(row.per_source)) as unknown as OrderStatsDto['per_source'],
        per_supplier: num(raw.json<Row[]>(row.per_supplier)) as unknown as OrderStatsDto['per_supplier'],
        per_location: num(raw.json<Row[]>(row.per_location)) as unknown as OrderStatsDto['per_location'],
        per_status: raw.json<Row[]>(row.per_status).map((s) => ({ status: String(s.status), lines: Number(s.lines), quantity: Number(s.quantity) })),
      };
    });
  }

  /** `stats/orders/details`: the lines behind the statistics, newest order first, paged. */
  async orderDetails(caller: CompanyCaller, scope: StatsScope, query: OrderStatsQuery = {}): Promise<Page<OrderStatsLineDto> & { from: string; to: string }> {
    const period = orderPeriod(query, await this.today(caller.companyId));
    const { page, perPage } = pageOf(query);
    const filter = this.lineFilter(scope, query, period);
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const { rows, total } = await this.repository.orderLines(em, caller, filter, page, perPage);
      return { from: period.from, to: period.to, items: rows.map(toLine), total, page, per_page: perPage };
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
    const filter: RuleFilter = { customerId: scope.customerId ?? idOf(query.customer_id, 'customer_id') };
    for (const [ids, key, field] of [
      [query.locations, 'locationIds', 'locations'],
      [query.items, 'itemIds', 'items'],
    ] as const) {
      if (ids === undefined || ids === null) continue;
      const list = Array.isArray(ids) ? ids : [ids];
      if (list.length === 0) continue;
      if (list.length > 500 || !list.every((id) => Number.isInteger(Number(id)) && Number(id) >= 1)) throw AppError.validation(field, 'must be a list of at most 500 ids');
      filter[key] = list.map(Number);
    }
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const { rows, summary } = await this.repository.ruleChecks(em, caller, filter, since, page, perPage);
      const hidden = await stockHiddenCustomers(em, caller, rows.map((row) => raw.num(row.customer_id)));
      const items = rows.map((row): RuleCheckDto => {
        const stock = raw.num(row.stock);
        const capacity = raw.num(row.capacity);
        const check: RuleCheckDto = {
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
          stock_hidden: false,
          last_decision: lastDecisionOf(row),
          reasons: reasonCounts(row.reasons),
          ordered_lines: raw.num(row.ordered_lines),
          ordered_quantity: raw.num(row.ordered_quantity),
          last_ordered_at: raw.iso(row.last_ordered_at),
        };
        return hidden.has(check.customer_id) ? hideCheckStock(check) : check;
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
  private async serviceFilter(em: EntityManager, caller: CompanyCaller, scope: StatsScope, query: ServiceReportQuery, from: string, to: string): Promise<LineFilter> {
    if (scope.supplierId !== undefined && !(await this.repository.supplierVisible(em, caller, scope.supplierId))) {
      throw new AppError(ProtocolCode.NotFound, 'supplier not found');
    }
    return this.lineFilter(scope, { location_id: query.location_id }, { from, to });
  }

  /**
   * `report/service` (customer or supplier): the service measures (docs/statistics.md) in total, per location, supplier,
   * item and week of the order day, in one statement (grouping sets).
   */
  async service(caller: CompanyCaller, scope: StatsScope, query: ServiceReportQuery = {}): Promise<ServiceReportDto> {
    const { zone, today } = await this.zoneAndToday(caller.companyId);
    const { period, from, to } = servicePeriod(query.period, today);
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const filter = await this.serviceFilter(em, caller, scope, query, from, to);
      const rows = await this.repository.serviceFigures(em, caller, filter, today, zone);
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
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const filter = await this.serviceFilter(em, caller, scope, query, from, to);
      const { rows, total } = await this.repository.serviceLines(em, caller, filter, today, zone, page, perPage);
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
      return { from, to, items, total, page, per_page: perPage };
    });
  }

  /** `report/location`: the location's rules with stock, threshold, capacity, on order and last decision, and its recent orders. */
  async locationReport(caller: CompanyCaller, scope: StatsScope, query: LocationReportQuery = {}): Promise<LocationReportDto> {
    const locationId = idOf(query.location_id, 'location_id');
    if (locationId === undefined) throw AppError.validation('location_id', 'is required');
    const days = daysOf(query.days);
    const customerId = scope.customerId;
    const now = this.clock.now();
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      // The location must be the customer's and visible (a supplier restriction alone does not hide a location).
      const location = await this.repository.location(em, caller, locationId, customerId);
      if (!location) throw new AppError(ProtocolCode.NotFound, 'location not found');
      const rules = await this.repository.locationRules(em, caller, locationId);
      const orders = await this.repository.locationOrders(em, caller, locationId, new Date(now.getTime() - days * 86_400_000));
      const customer = raw.num(location.customer_id);
      const hidden = (await stockHiddenCustomers(em, caller, [customer])).has(customer);
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
          stock: hidden ? null : raw.num(r.stock),
          threshold: raw.num(r.threshold),
          capacity: raw.num(r.capacity),
          on_order: raw.num(r.on_order),
          last_decision: hiddenDecision(lastDecisionOf(r), hidden),
        })),
        stock_hidden: hidden,
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

/** A rule check without what show_stock_in_app hides from a customer user: stock, fill, below threshold, the decision's stock. */
function hideCheckStock(check: RuleCheckDto): RuleCheckDto {
  return { ...check, stock: null, fill: null, below_threshold: null, stock_hidden: true, last_decision: hiddenDecision(check.last_decision, true) };
}

function hiddenDecision<T extends { stock: number | null } | null>(decision: T, hidden: boolean): T {
  return hidden && decision ? { ...decision, stock: null } : decision;
}
