import { AppError } from '@kanban/access';
import { SERVICE_PERIODS, type ServicePeriod } from '@kanban/contracts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MS_PER_DAY = 86_400_000;
/** The longest period of the order statistics (ten years and a leap day or two). */
export const MAX_PERIOD_DAYS = 3660;

/** A calendar day `YYYY-MM-DD` moved by `days`. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * MS_PER_DAY).toISOString().slice(0, 10);
}

function validDay(value: unknown, field: string): string {
  if (typeof value !== 'string' || !DAY.test(value)) throw AppError.validation(field, 'must be a day YYYY-MM-DD');
  const parsed = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== value) throw AppError.validation(field, 'must be a day YYYY-MM-DD');
  return value;
}

/**
 * The period of the order statistics: `to` defaults to today (the company's local day), `from` to 29 days
 * before `to` (the last 30 days, spec 9); from after to, or more than MAX_PERIOD_DAYS days, is 1000 `from`.
 */
export function orderPeriod(query: { from?: unknown; to?: unknown }, today: string): { from: string; to: string } {
  const to = query.to === undefined || query.to === null || query.to === '' ? today : validDay(query.to, 'to');
  const from = query.from === undefined || query.from === null || query.from === '' ? addDays(to, -29) : validDay(query.from, 'from');
  if (from > to) throw AppError.validation('from', 'must not be after to');
  const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / MS_PER_DAY + 1;
  if (span > MAX_PERIOD_DAYS) throw AppError.validation('from', `the period may span at most ${MAX_PERIOD_DAYS} days`);
  return { from, to };
}

/**
 * The analysis periods (spec 9): `3m`, `6m`, `12m` = the last 3, 6, 12 months up to today (from the same day of
 * the month 3/6/12 months back, plus one day); `last_year` = January 1 to December 31 of the previous year.
 */
export function servicePeriod(value: unknown, today: string): { period: ServicePeriod; from: string; to: string } {
  const period = (value === undefined || value === null || value === '' ? '3m' : value) as ServicePeriod;
  if (!SERVICE_PERIODS.includes(period)) throw AppError.validation('period', `must be one of ${SERVICE_PERIODS.join(', ')}`);
  const year = Number(today.slice(0, 4));
  if (period === 'last_year') return { period, from: `${year - 1}-01-01`, to: `${year - 1}-12-31` };
  const months = Number(period.slice(0, -1));
  const date = new Date(`${today}T00:00:00Z`);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() - months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return { period, from: addDays(date.toISOString().slice(0, 10), 1), to: today };
}

/** The Monday of a day's week (ISO weeks: PostgreSQL's `date_trunc('week', day)`). */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The Mondays of every week from the week of `from` to the week of `to` (the service analysis's `per_week`). */
export function weeksOf(from: string, to: string): string[] {
  const weeks: string[] = [];
  for (let week = mondayOf(from); week <= to; week = addDays(week, 7)) weeks.push(week);
  return weeks;
}

/** `days` of rulescheck and the location report: a whole number 1..3650, default 30. */
export function daysOf(value: unknown): number {
  if (value === undefined || value === null || value === '') return 30;
  const days = Number(value);
  if (!Number.isInteger(days) || days < 1 || days > 3650) throw AppError.validation('days', 'must be a whole number from 1 to 3650');
  return days;
}

/** An optional id filter: a whole number of at least 1. */
export function idOf(value: unknown, field: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const id = Number(value);
  if (!Number.isInteger(id) || id < 1) throw AppError.validation(field, 'must be an id');
  return id;
}
