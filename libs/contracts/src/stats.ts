import type { CompanyCaller, Page } from './identity';
import type { DecisionReason, RequisitionDecisionDto } from './orders';

/**
 * Statistics and reports of the orders service (issue 5 item 10; docs/statistics.md): order statistics,
 * rule statistics (rulescheck), the service analysis and the location report.
 */
export const StatsSubjects = {
  orders: 'orders.stats.orders',
  orderDetails: 'orders.stats.order_details',
  rulesCheck: 'orders.stats.rules_check',
  service: 'orders.stats.service',
  serviceDetails: 'orders.stats.service_details',
  locationReport: 'orders.stats.location_report',
} as const;

/**
 * Company level (no customer) or one customer (`customer/{id}/...`); the service analysis also of one supplier
 * (`supplier/{id}/report/service`: that supplier's lines, all customers).
 */
export interface StatsScope {
  customerId?: number;
  supplierId?: number;
}

/** The body of `stats/orders` and `stats/orders/details`: a period of order days (company's local days) and filters. */
export interface OrderStatsQuery {
  /** first day (YYYY-MM-DD); default: 29 days before `to` (the last 30 days) */
  from?: string;
  /** last day (YYYY-MM-DD); default: today */
  to?: string;
  customer_id?: number;
  location_id?: number;
  supplier_id?: number;
  source?: string;
  /** details only */
  page?: number;
  per_page?: number;
}

/** Counts of one group: orders, their lines and the lines' quantity (order units, summed as they are). */
export interface OrderFigures {
  orders: number;
  lines: number;
  quantity: number;
}

export interface OrderStatsDto {
  from: string;
  to: string;
  totals: OrderFigures;
  /** every day of the period, days without orders as 0 */
  per_day: (OrderFigures & { day: string })[];
  per_source: (OrderFigures & { source: string })[];
  per_supplier: (OrderFigures & { supplier_id: number | null; supplier: string })[];
  per_location: (OrderFigures & { location_id: number; location: string; customer_id: number; customer: string })[];
  /** lines by their status (open, confirmed, delivered, cancelled) */
  per_status: { status: string; lines: number; quantity: number }[];
}

/** One order line behind the statistics (`stats/orders/details`). */
export interface OrderStatsLineDto {
  order_id: number;
  pos: number;
  date: string;
  source: string;
  customer_id: number;
  customer: string;
  location_id: number;
  location: string;
  supplier_id: number | null;
  supplier: string;
  rule_id: number | null;
  item_id: number;
  sku: string;
  name: string;
  quantity: number;
  unit: string;
  shipping: string;
  status: string;
}

/** `stats/rulescheck?locations=&items=&days=`: rules of those locations/items (none = all visible). */
export interface RulesCheckQuery {
  locations?: number[];
  items?: number[];
  customer_id?: number;
  /** the period of decision and order counts, days back from now (default 30, 1..3650) */
  days?: number;
  page?: number;
  per_page?: number;
}

export interface RuleCheckDto {
  rule_id: number;
  active: boolean;
  customer_id: number;
  customer: string;
  location_id: number;
  location: string;
  item_id: number;
  sku: string;
  name: string;
  item_unit: string;
  /** null for a customer user whose customer has show_stock_in_app off (docs/ordering-flags.md), with fill and below_threshold */
  stock: number | null;
  threshold: number;
  capacity: number;
  /** open and confirmed lines, order units */
  on_order: number;
  /** stock at or below the threshold (null: stock hidden) */
  below_threshold: boolean | null;
  /** stock / capacity, 0..1 and more (null: stock hidden) */
  fill: number | null;
  /** true when stock, fill and the last decision's stock are hidden from the caller */
  stock_hidden: boolean;
  last_decision: RequisitionDecisionDto | null;
  /** decisions made in the period by reason (a repeated equal decision counts once: docs/statistics.md) */
  reasons: Partial<Record<DecisionReason, number>>;
  /** order lines of the rule created in the period and their quantity */
  ordered_lines: number;
  ordered_quantity: number;
  last_ordered_at: string | null;
}

export interface RulesCheckDto extends Page<RuleCheckDto> {
  days: number;
  /** decisions of the period by reason over all rules of the selection */
  reasons: Partial<Record<DecisionReason, number>>;
  /** rules whose last decision has each reason */
  last_reasons: Partial<Record<DecisionReason, number>>;
}

/** The analysis periods of spec 9: the last 3, 6 or 12 months, or the last calendar year. */
export const SERVICE_PERIODS = ['3m', '6m', '12m', 'last_year'] as const;
export type ServicePeriod = (typeof SERVICE_PERIODS)[number];

export interface ServiceReportQuery {
  period?: ServicePeriod;
  location_id?: number;
  /** details only */
  page?: number;
  per_page?: number;
}

/** Service measures of a group of order lines (docs/statistics.md "Service analysis"). */
export interface ServiceFigures {
  /** lines ordered in the period, cancelled ones not counted */
  lines: number;
  quantity: number;
  /** lines whose shipping day has come (shipping <= today) */
  due: number;
  delivered: number;
  /** delivered lines with a delivery day on or before the shipping day (when the delivery day is known) */
  on_time: number;
  /** delivered lines whose delivery day is known (`delivered_at`) */
  delivered_dated: number;
  /** delivered lines whose delivery day is after the shipping day (delivered_dated - on_time) */
  delivered_late: number;
  /** due lines not delivered */
  late: number;
  cancelled: number;
  /** delivered / due (null without due lines) */
  service_level: number | null;
  /** on_time / delivered_dated (null without dated deliveries) */
  on_time_rate: number | null;
  /** the average days after the shipping day of the late deliveries (null without late deliveries) */
  avg_delay_days: number | null;
}

export interface ServiceReportDto {
  period: ServicePeriod;
  from: string;
  to: string;
  totals: ServiceFigures;
  per_location: (ServiceFigures & { location_id: number; location: string; customer_id: number; customer: string })[];
  per_supplier: (ServiceFigures & { supplier_id: number | null; supplier: string })[];
  per_item: (ServiceFigures & { item_id: number; sku: string; name: string })[];
  /** every week (Monday, YYYY-MM-DD) from the week of `from` to the week of `to` by order day; weeks without lines as 0 */
  per_week: (ServiceFigures & { week: string })[];
}

export interface ServiceLineDto extends OrderStatsLineDto {
  delivered_at: string | null;
  /** due and not delivered */
  late: boolean;
  /** delivered on or before the shipping day; null when unknown */
  on_time: boolean | null;
  /** days from the shipping day to the delivery day (negative: early); null when not delivered or the day is unknown */
  delay_days: number | null;
}

export interface LocationReportQuery {
  location_id?: number;
  /** recent orders of the last `days` days (default 30, 1..3650) */
  days?: number;
}

/** What the location report PDF shows (the gateway renders it). */
export interface LocationReportDto {
  company_id: number;
  customer_id: number;
  customer: string;
  location_id: number;
  location: string;
  generated_at: string;
  days: number;
  rules: {
    rule_id: number;
    active: boolean;
    sku: string;
    name: string;
    item_unit: string;
    /** null for a customer user whose customer has show_stock_in_app off (the report says so) */
    stock: number | null;
    threshold: number;
    capacity: number;
    on_order: number;
    last_decision: RequisitionDecisionDto | null;
  }[];
  /** true when the report's stock is hidden from the caller (a customer user, show_stock_in_app off) */
  stock_hidden: boolean;
  orders: { order_id: number; date: string; source: string; status: string; supplier: string; lines: number; quantity: number }[];
}

export interface StatsRequest<Q> {
  caller: CompanyCaller;
  scope: StatsScope;
  query: Q;
}
