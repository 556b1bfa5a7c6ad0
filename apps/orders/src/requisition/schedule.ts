import { BUSINESS_DAYS, type LocationSchedule, REQUISITION_SLOTS, type RequisitionSlot, WEEKDAYS, type Weekday } from '@kanban/contracts';

/** A company's local calendar day and time. */
export interface LocalTime {
  /** YYYY-MM-DD */
  date: string;
  weekday: Weekday;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'long',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The local day, weekday and time of an instant in a time zone. */
export function localTime(now: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(now).map((p) => [p.type, p.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: parts.weekday!.toLowerCase() as Weekday,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

/** The day before a YYYY-MM-DD day, and its weekday. */
function dayBefore(date: string, weekday: Weekday): { date: string; weekday: Weekday } {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return { date: d.toISOString().slice(0, 10), weekday: WEEKDAYS[(WEEKDAYS.indexOf(weekday) + 6) % 7]! };
}

/** A requisition slot of a company: the local day it belongs to, its weekday and time, and its key. */
export interface Slot {
  date: string;
  weekday: Weekday;
  slot: RequisitionSlot;
  /** unique per company and slot: `2026-11-23T06:00` (the 24:00 slot keeps the day it closes) */
  key: string;
}

/**
 * The slot whose two hours are running (spec 9, clarifications): runs are at 06:00, 08:00, ... 22:00 and
 * 24:00 local time, where 24:00 is 00:00 of the next day and belongs to the day it closes. From a slot's
 * time until the next one (two hours) it is the current slot, so a scheduler that was down or slow still
 * runs it late within that window; between 02:00 and 06:00 there is none.
 */
export function currentSlot(now: Date, timeZone: string): Slot | null {
  const local = localTime(now, timeZone);
  if (local.hour >= 6) {
    const hour = local.hour - (local.hour % 2);
    const slot = `${String(hour).padStart(2, '0')}:00` as RequisitionSlot;
    return { date: local.date, weekday: local.weekday, slot, key: `${local.date}T${slot}` };
  }
  if (local.hour < 2) {
    const previous = dayBefore(local.date, local.weekday);
    return { ...previous, slot: '24:00', key: `${previous.date}T24:00` };
  }
  return null;
}

/**
 * The slots at which a location is checked on each weekday: its own slots plus, Monday to Friday, the
 * business-day slots (docs/locations.md). `scheduled` is false when the schedule names no slot at all:
 * such a location is checked at every slot and ordered at once on stock events.
 */
export function resolveSchedule(schedule: Partial<LocationSchedule> | null | undefined): { slots: Record<Weekday, RequisitionSlot[]>; scheduled: boolean } {
  const slots = {} as Record<Weekday, RequisitionSlot[]>;
  let scheduled = false;
  for (const day of WEEKDAYS) {
    const own = schedule?.[day] ?? [];
    const business = BUSINESS_DAYS.includes(day) ? (schedule?.business_days ?? []) : [];
    const set = new Set<RequisitionSlot>([...own, ...business].filter((s): s is RequisitionSlot => (REQUISITION_SLOTS as readonly string[]).includes(s)));
    slots[day] = REQUISITION_SLOTS.filter((s) => set.has(s));
    if (slots[day].length > 0) scheduled = true;
  }
  return { slots, scheduled };
}

/** ISO weekday numbers (Monday 1 ... Sunday 7) of delivery days. */
export function isoWeekdays(days: readonly string[]): number[] {
  return [...new Set(days.map((d) => WEEKDAYS.indexOf(d as Weekday) + 1).filter((n) => n > 0))].sort((a, b) => a - b);
}
