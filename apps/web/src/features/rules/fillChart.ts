import type { FillHistoryDto } from '@kanban/contracts';

/** A point of a curve: time (ms) and value (pieces). */
export interface TimePoint {
  t: number;
  v: number;
}

/**
 * The stock as a step curve over the period: the stock at the start (the last change before it, else the first
 * change's stock before, else — nothing changed in the period — the stock now), a step at every change, held to the
 * end. It starts when the rule was made if that is within the period (there was no stock to draw before). Empty when
 * stock is hidden.
 */
export function stockSteps(fill: Pick<FillHistoryDto, 'from' | 'to' | 'rule_created_at' | 'stock' | 'start_stock' | 'events' | 'stock_hidden'>): TimePoint[] {
  if (fill.stock_hidden) return [];
  const from = Math.max(Date.parse(fill.from), Math.min(Date.parse(fill.rule_created_at), fill.events[0] ? Date.parse(fill.events[0].at) : Infinity));
  const to = Date.parse(fill.to);
  const start = fill.start_stock ?? fill.events[0]?.stock_before ?? fill.stock;
  if (start === null) return [];
  const out: TimePoint[] = [{ t: from, v: start }];
  let level = start;
  for (const event of fill.events) {
    const t = Date.parse(event.at);
    out.push({ t, v: level }, { t, v: event.stock });
    level = event.stock;
  }
  out.push({ t: to, v: level });
  return out;
}

/** The largest value the chart must show (capacity, threshold, stock, readings), at least 1. */
export function valueMax(fill: FillHistoryDto, steps: TimePoint[]): number {
  const readings = fill.readings?.unit === 'pieces' ? fill.readings.points.map((p) => p.max) : [];
  return Math.max(1, fill.capacity, fill.threshold, ...steps.map((s) => s.v), ...readings);
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Tick distances to choose from: the first that gives at most `max` ticks. */
const STEPS = [HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY, 7 * DAY, 14 * DAY, 30 * DAY];

/**
 * Times for the x axis labels between from and to: whole hours or local midnights, at most `max` of them (fewer on a
 * phone), `minStep` apart at least. `offsetMinutes(t)` is the local time's offset from UTC (Date's getTimezoneOffset, negated), so a day
 * tick falls on the reader's midnight.
 */
export function timeTicks(
  from: number,
  to: number,
  max: number,
  minStep = 0,
  offsetMinutes: (t: number) => number = (t) => -new Date(t).getTimezoneOffset(),
): number[] {
  const step = STEPS.find((s) => s >= minStep && (to - from) / s <= max) ?? STEPS.at(-1)!;
  const unit = step >= DAY ? DAY : HOUR;
  const local = (t: number) => t + offsetMinutes(t) * 60_000;
  // the first whole unit (hour, local midnight) at or after `from`; hours at multiples of the step (0, 3, 6, … o'clock)
  let t = Math.ceil(local(from) / unit) * unit - offsetMinutes(from) * 60_000;
  if (step < DAY) while (Math.round(local(t) / HOUR) % (step / HOUR) !== 0) t += HOUR;
  const out: number[] = [];
  while (t <= to && out.length < max) {
    out.push(t);
    const next = t + step;
    // a day tick stays on the local midnight across a change of summer time
    t = unit === DAY ? next + (offsetMinutes(t) - offsetMinutes(next)) * 60_000 : next;
  }
  return out;
}

/** Whether anything happened in the period: stock changes, readings or orders. */
export function hasHistory(fill: FillHistoryDto): boolean {
  return fill.events.length > 0 || (fill.readings?.points.length ?? 0) > 0 || fill.orders.length > 0;
}
