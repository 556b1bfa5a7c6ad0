import type { ServiceFigures } from '@kanban/contracts';
import { raw } from '../shared/access';

type Row = Record<string, unknown>;

/** The order lines of a scope and period: the base of the order statistics and the service analysis. */
export const LINES_FROM = `orders.purchase_order o join orders.purchase_order_line l on l.order_id = o.id and l.company_id = o.company_id`;

/**
 * The service analysis's lines: those of LINES_FROM with the company's local day each delivered line was delivered
 * (`dd.delivered_day`, from `purchase_order_line.delivered_at` in the time zone given as parameter `?`; null while not
 * delivered or when the time is unknown).
 */
export const SERVICE_FROM = `${LINES_FROM}
  cross join lateral (select case when l.status = 'delivered' then (l.delivered_at at time zone ?)::date end as delivered_day) dd`;

/** The service measures of one group as SQL aggregates over `l` (lines) and `dd` (SERVICE_FROM) with today's day as parameter `?` (twice). */
export const SERVICE_AGGREGATES = `
  count(*) filter (where l.status <> 'cancelled') as lines,
  coalesce(sum(l.quantity) filter (where l.status <> 'cancelled'), 0) as quantity,
  count(*) filter (where l.status <> 'cancelled' and l.shipping <= ?::date) as due,
  count(*) filter (where l.status = 'delivered') as delivered,
  count(dd.delivered_day) as delivered_dated,
  count(*) filter (where dd.delivered_day <= l.shipping) as on_time,
  count(*) filter (where dd.delivered_day > l.shipping) as delivered_late,
  coalesce(sum(dd.delivered_day - l.shipping) filter (where dd.delivered_day > l.shipping), 0) as delay_days,
  count(*) filter (where l.status in ('open', 'confirmed') and l.shipping < ?::date) as late,
  count(*) filter (where l.status = 'cancelled') as cancelled`;

/**
 * The measures of one group from its counts (docs/statistics.md "Service analysis"): service level = delivered / due
 * (at most 1), on-time rate = on time / dated deliveries, average delay = days late / late deliveries.
 */
export function toFigures(row: Row): ServiceFigures {
  const due = raw.num(row.due ?? 0);
  const delivered = raw.num(row.delivered ?? 0);
  const dated = raw.num(row.delivered_dated ?? 0);
  const onTime = raw.num(row.on_time ?? 0);
  const deliveredLate = raw.num(row.delivered_late ?? 0);
  return {
    lines: raw.num(row.lines ?? 0),
    quantity: raw.num(row.quantity ?? 0),
    due,
    delivered,
    on_time: onTime,
    delivered_dated: dated,
    delivered_late: deliveredLate,
    late: raw.num(row.late ?? 0),
    cancelled: raw.num(row.cancelled ?? 0),
    service_level: due > 0 ? Math.min(1, delivered / due) : null,
    on_time_rate: dated > 0 ? onTime / dated : null,
    avg_delay_days: deliveredLate > 0 ? raw.num(row.delay_days ?? 0) / deliveredLate : null,
  };
}
