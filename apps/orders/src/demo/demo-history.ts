import {
  type DecisionReason,
  type OrderEventMessage,
  orderEventMessage,
  REQUISITION_SLOTS,
  type ReplenishmentSnapshot,
  type RequisitionSlot,
  WEEKDAYS,
  type Weekday,
} from '@kanban/contracts';
import { decide, type ItemFacts } from '../requisition/algorithm';
import { isoWeekdays, localTime, resolveSchedule } from '../requisition/schedule';

/**
 * The demo company's replenishment history (README "Demo data", docs/replenishment.md "Demo data"): kanban rules
 * for most items at the active locations, simulated day by day over the last months up to `now`, with the same
 * rules the service applies:
 *
 * - each bin is consumed on working days (less on Saturdays, a seasonal wave per customer, noise); it is scanned
 *   when it reaches its threshold (a count, or empty at 0), counted by hand every six weeks or so, and counted again
 *   when goods are put away;
 * - every requisition slot of every day is a scheduled run that evaluates the rules of the locations whose schedule
 *   names it, with the service's own decision (`decide`, `orderQuantity`: MOQ, MXOQ, increment, netting of what is
 *   on order, automatic restock days) and shipping day (the first delivery day on or after today + lead + transit
 *   days); a decision is recorded when it differs from the rule's previous one, orders group per location and
 *   supplier, customers with the request workflow get requests;
 * - now and then an order by hand; requests are confirmed (a few rejected) within hours, orders updated to OK,
 *   supplies delivered on the shipping day or a little later (a few early, some late); what is not due yet, or due
 *   in the future, stays open; requests and orders of the last three days still wait (for approval, for the OK);
 * - a few journal entries: failed runs (the older ones acknowledged) and a rule configured with its threshold at
 *   its capacity (journal 2002);
 * - an inactive supplier (its framework contract paused) was active until `INACTIVE_SUPPLIER_DAYS` ago: its rules
 *   were ordered before, since then the runs skip them (`supplier_inactive`, one journal 2001 naming them) and no
 *   order by hand goes to it, so it has no fresh orders.
 *
 * Pure and deterministic for its input (a fixed pseudo-random sequence): the seed (`orders.seed.ts`) gives the
 * objects their database ids and writes them set-based.
 */

export interface DemoHistoryInput {
  companyId: number;
  now: Date;
  /** the company's time zone: order days, slots and working hours are local */
  timeZone: string;
  /** every item and location of the company with their customers, suppliers and catalogs */
  snapshot: ReplenishmentSnapshot;
  users: DemoUsers;
  /** how many days back the history starts (default 183, about six months) */
  days?: number;
}

/** Who does what in the demo history (identity's demo users). */
export interface DemoUsers {
  /** updates orders to OK, confirms requests, acknowledges journal entries */
  admin: number;
  /** counts stock, puts goods away, orders by hand */
  writer: number;
  /** the customer user (scanner app) and the customer it is restricted to */
  customer: { userId: number; customerId: number } | null;
  /** the supplier user and the supplier it is restricted to: marks that supplier's supplies delivered */
  supplier: { userId: number; supplierId: number } | null;
}

type SnapshotItem = ReplenishmentSnapshot['items'][number];
type SnapshotLocation = ReplenishmentSnapshot['locations'][number];
type SnapshotCustomer = ReplenishmentSnapshot['customers'][number];

export type LineStatus = 'open' | 'confirmed' | 'delivered' | 'cancelled';

export interface SimRule {
  id: number;
  item: SnapshotItem;
  location: SnapshotLocation;
  customer: SnapshotCustomer;
  threshold: number;
  capacity: number;
  /** recorded stock (what the service knows) */
  stock: number;
  stockUpdatedAt: Date | null;
  pendingAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  last: DecisionRecord | null;
  /** the last decision with an order (automatic restock days count from it) */
  lastOrderAt: Date | null;
  /** its lines on order (open or confirmed): dropped when delivered or cancelled */
  onOrder: SimLine[];
  facts: ItemFacts;
  // simulation state
  actual: number;
  rate: number;
  countOffset: number;
}

export interface DecisionRecord {
  run: SimRun;
  reason: DecisionReason;
  quantity: number;
  stock: number;
  threshold: number;
  capacity: number;
  onOrder: number;
  order: SimOrder | null;
  at: Date;
}

export interface SimRun {
  id: number;
  slotKey: string;
  date: string;
  startedAt: Date;
  evaluated: number;
  orders: number;
  lines: number;
}

export interface SimLine {
  order: SimOrder;
  pos: number;
  rule: SimRule;
  quantity: number;
  shipping: string;
  status: LineStatus;
  extStatus: number;
  createdAt: Date;
  deliveredAt: Date | null;
  deliveredBy: number | null;
}

export interface SimEvent {
  order: SimOrder;
  type: 'R' | 'U' | 'S';
  /** the event's message (code, parameters, English text); S events get their supply's id */
  message: (supplyId: number | null) => OrderEventMessage;
  userId: number | null;
  at: Date;
}

export interface SimOrder {
  id: number;
  rule0: SimRule;
  supplierId: number;
  supplierName: string;
  date: string;
  createdAt: Date;
  createdBy: number | null;
  status: 'open' | 'confirmed' | 'delivered' | 'cancelled' | 'request';
  source: 'requisition' | 'manual';
  run: SimRun | null;
  extStatus: number;
  updatedAt: Date;
  lines: SimLine[];
  /** when the supply service created its supply (evt.orders.created), null without one */
  supplyAt: Date | null;
  /** when its last line was delivered (null: not all yet) */
  deliveredAt: Date | null;
  /** the supply's delivery changes: the whole supply marked at once, or one line each (the last completes it) */
  deliveries: { at: Date; by: number; positions: number[]; complete: boolean }[];
}

export interface SimStockEvent {
  rule: SimRule;
  kind: 'manual' | 'scan_empty' | 'scan_count';
  before: number;
  stock: number;
  userId: number | null;
  at: Date;
}

export interface SimJournal {
  code: number;
  message: () => string;
  /** the message as a code with params (JournalMessageKey), as the services write it */
  messageKey: string;
  params: () => Record<string, unknown>;
  run: SimRun | null;
  rule: SimRule | null;
  at: Date;
  acknowledgedAt: Date | null;
  acknowledgedBy: number | null;
}

export interface DemoHistory {
  rules: SimRule[];
  runs: SimRun[];
  decisions: DecisionRecord[];
  ruleOf: Map<DecisionRecord, SimRule>;
  orders: SimOrder[];
  events: SimEvent[];
  stockEvents: SimStockEvent[];
  journal: SimJournal[];
}

/** The ordering facts of an item as the algorithm takes them. */
function itemFacts(item: SnapshotItem): ItemFacts {
  return {
    perOrderUnit: item.quantity_per_order_unit > 0 ? item.quantity_per_order_unit : 1,
    moq: item.min_order_quantity,
    mxoq: item.max_order_quantity,
    increment: item.order_quantity_increment > 0 ? item.order_quantity_increment : 1,
    deleted: false,
    disabled: item.disabled,
    pausedUntil: item.paused_until,
    contractEndDate: item.contract_end_date,
    orderQuantity: item.order_quantity,
  };
}

/** mulberry32: a small seeded pseudo-random generator, so the history is the same for the same input. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY_MS = 86_400_000;

/** How many days ago the demo's inactive suppliers stopped receiving orders (their contract paused). */
export const INACTIVE_SUPPLIER_DAYS = 24;

/** A YYYY-MM-DD day moved by n days. */
export function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** ISO weekday (Monday 1) of a YYYY-MM-DD day. */
function isoDay(date: string): number {
  return ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

/** The instant of a local day and minute (may be 1440 and more: the next day) in a time zone. */
export function localInstant(date: string, minutes: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wanted = Date.UTC(y, m - 1, d, 0, minutes);
  const asLocal = (ms: number) => {
    const l = localTime(new Date(ms), timeZone);
    const [ly, lm, ld] = l.date.split('-').map(Number) as [number, number, number];
    return Date.UTC(ly, lm - 1, ld, l.hour, l.minute);
  };
  let at = wanted - (asLocal(wanted) - wanted);
  at += wanted - asLocal(at);
  return new Date(at);
}

const slotMinutes = (slot: RequisitionSlot) => Number(slot.slice(0, 2)) * 60;

interface Timed {
  minute: number;
  order: number;
  run: () => void;
}

/** The journal 2001 text of rules a run skipped for their inactive supplier, as the run's statement writes it. */
function skippedMessage(rules: SimRule[], suppliers: Map<number, { name: string }>): string {
  const bySupplier = new Map<string, SimRule[]>();
  for (const rule of rules) {
    const name = suppliers.get(rule.item.supplier_id!)?.name ?? '';
    bySupplier.set(name, [...(bySupplier.get(name) ?? []), rule]);
  }
  const parts = [...bySupplier.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, list]) => {
      const named = [...list].sort((a, b) => a.id - b.id).map((r) => `rule ${r.id} (${r.item.sku})`);
      return `${name} (${list.length} rule${list.length === 1 ? '' : 's'}: ${named.join(', ')})`;
    });
  return `not ordered automatically, supplier inactive: ${parts.join(', ')}`.slice(0, 2000);
}

/** The journal 2001 params of rules a run skipped for their inactive supplier, as the run's statement writes them. */
function skippedParams(rules: SimRule[], suppliers: Map<number, { name: string }>): Record<string, unknown> {
  const bySupplier = new Map<number, SimRule[]>();
  for (const rule of rules) bySupplier.set(rule.item.supplier_id!, [...(bySupplier.get(rule.item.supplier_id!) ?? []), rule]);
  const list = [...bySupplier.entries()]
    .map(([id, rs]) => ({
      supplier_id: id,
      name: suppliers.get(id)?.name ?? '',
      rules: [...rs].sort((a, b) => a.id - b.id).map((r) => ({ rule_id: r.id, sku: r.item.sku })),
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { suppliers: list };
}

/** Simulates the history; see the file comment. */
export function simulateDemoHistory(input: DemoHistoryInput): DemoHistory {
  const { now, timeZone, snapshot, users } = input;
  const rand = random(0x5eed + input.companyId);
  const between = (low: number, high: number) => low + (high - low) * rand();
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const today = localTime(now, timeZone).date;
  const span = input.days ?? 183;
  const start = addDays(today, -span);
  // The zone's offset per day (taken at noon; exact but for the night hours of the two switch days a year).
  const midnights = new Map<string, number>();
  const at = (date: string, minute: number): Date => {
    let midnight = midnights.get(date);
    if (midnight === undefined) {
      const noon = Date.parse(`${date}T12:00:00Z`);
      midnight = noon - 12 * 3_600_000 - (noon - localInstant(date, 12 * 60, timeZone).getTime());
      midnights.set(date, midnight);
    }
    return new Date(midnight + minute * 60_000);
  };

  const suppliers = new Map(snapshot.suppliers.map((s) => [s.id, s]));
  // an inactive supplier was active until INACTIVE_SUPPLIER_DAYS ago (today's local day minus that many days)
  const pausedFrom = addDays(today, -INACTIVE_SUPPLIER_DAYS);
  const supplierOff = (rule: SimRule, date: string) => date >= pausedFrom && suppliers.get(rule.item.supplier_id!)?.active === false;
  const schedules = new Map(snapshot.locations.map((l) => [l.id, { ...resolveSchedule(l.schedule), isodow: isoWeekdays(l.delivery_days) }]));
  const phase = new Map(snapshot.customers.map((c, i) => [c.id, i * 1.9]));

  // --- rules: most items of the active customers, at one (sometimes two) of their active locations
  const rules: SimRule[] = [];
  for (const customer of [...snapshot.customers].sort((a, b) => a.id - b.id)) {
    if (customer.inactive) continue;
    const locations = snapshot.locations.filter((l) => l.customer_id === customer.id && !l.inactive && !l.deleted).sort((a, b) => a.id - b.id);
    if (locations.length === 0) continue;
    const items = snapshot.items.filter((i) => i.customer_id === customer.id && !i.deleted && i.supplier_id !== null).sort((a, b) => a.id - b.id);
    for (const [index, item] of items.entries()) {
      if (rand() < 0.12) continue;
      const places = [locations[index % locations.length]!];
      if (locations.length > 1 && rand() < 0.2) places.push(locations[(index + 1) % locations.length]!);
      for (const location of places) {
        const perUnit = item.quantity_per_order_unit > 0 ? item.quantity_per_order_unit : 1;
        const increment = item.order_quantity_increment > 0 ? item.order_quantity_increment : 1;
        const units = Math.max(pick([4, 5, 6, 8, 10, 12]), Math.ceil(2 * Math.max(item.min_order_quantity, increment)));
        const capacity = units * perUnit;
        const threshold = Math.max(1, Math.round(capacity * pick([0.25, 0.3, 0.35, 0.4, 0.5])));
        const createdAt = at(addDays(start, -Math.floor(between(3, 20))), Math.floor(between(8 * 60, 16 * 60)));
        const actual = Math.round(between(threshold + 1, capacity));
        rules.push({
          id: 0,
          item,
          location,
          customer,
          threshold,
          capacity,
          stock: actual,
          stockUpdatedAt: createdAt,
          pendingAt: createdAt,
          createdAt,
          updatedAt: createdAt,
          last: null,
          lastOrderAt: null,
          onOrder: [],
          facts: itemFacts(item),
          actual,
          // a cycle from capacity to threshold takes about four to ten weeks
          rate: (capacity - threshold) / between(22, 50),
          countOffset: Math.floor(between(0, 42)),
        });
      }
    }
  }
  // One bin set up wrongly (threshold at its capacity): the runs cannot order it (config_invalid, journal 2002).
  const wrong = rules.find((r) => r.item.min_order_quantity <= 1 && !r.item.disabled && r.item.paused_until === null);
  if (wrong) wrong.threshold = wrong.capacity;

  const runs: SimRun[] = [];
  const decisions: DecisionRecord[] = [];
  const ruleOf = new Map<DecisionRecord, SimRule>();
  const orders: SimOrder[] = [];
  const events: SimEvent[] = [];
  const stockEvents: SimStockEvent[] = [];
  const journal: SimJournal[] = [];
  const byLocation = new Map<number, SimRule[]>();
  for (const rule of rules) byLocation.set(rule.location.id, [...(byLocation.get(rule.location.id) ?? []), rule]);
  const scannerOf = (rule: SimRule) => (users.customer && users.customer.customerId === rule.customer.id ? users.customer.userId : users.admin);

  // Work that happens later (confirmations, deliveries), by day; work for the day being simulated joins its timeline.
  const later = new Map<string, Timed[]>();
  let sequence = 0;
  let current: { date: string; timeline: Timed[]; next: number } | null = null;
  const schedule = (date: string, minute: number, run: () => void) => {
    const step = { minute, order: sequence++, run };
    if (current && current.date === date) {
      const { timeline } = current;
      let position = timeline.length;
      while (position > current.next && timeline[position - 1]!.minute > minute) position--;
      timeline.splice(position, 0, step);
      return;
    }
    later.set(date, [...(later.get(date) ?? []), step]);
  };
  /** A moment within working hours, `hours` after an instant given as day and minute (the next working day when it falls after 18:00). */
  const workingHoursAfter = (date: string, minute: number, hours: number): { date: string; minute: number } => {
    let day = date;
    let m = minute + Math.round(hours * 60);
    while (m >= 24 * 60) {
      m -= 24 * 60;
      day = addDays(day, 1);
    }
    if (m > 18 * 60 || m < 7 * 60) {
      if (m > 18 * 60) day = addDays(day, 1);
      m = Math.floor(between(7 * 60 + 30, 10 * 60));
    }
    while (isoDay(day) >= 6) day = addDays(day, 1);
    return { date: day, minute: m };
  };

  const recordStock = (rule: SimRule, stock: number, kind: SimStockEvent['kind'], userId: number | null, when: Date) => {
    const value = Math.max(0, Math.floor(stock));
    if (value === rule.stock) return;
    stockEvents.push({ rule, kind, before: rule.stock, stock: value, userId, at: when });
    rule.stock = value;
    rule.stockUpdatedAt = when;
    rule.pendingAt = when;
    rule.updatedAt = when;
  };


  /** A line leaves what is on order: delivered or cancelled. */
  const settle = (line: SimLine, status: 'delivered' | 'cancelled') => {
    line.status = status;
    const list = line.rule.onOrder;
    const position = list.indexOf(line);
    if (position >= 0) list.splice(position, 1);
  };

  const shippingOf = (rule: SimRule, date: string): string => {
    const days = rule.item.lead_time_days + rule.item.transit_days;
    const isodow = schedules.get(rule.location.id)?.isodow ?? [];
    for (let n = 0; n <= 6; n++) {
      const day = addDays(date, days + n);
      if (isodow.length === 0 || isodow.includes(isoDay(day))) return day;
    }
    return addDays(date, days);
  };

  /** The next delivery day of the location on or after a day. */
  const deliveryDayFrom = (rule: SimRule, date: string): string => {
    const isodow = schedules.get(rule.location.id)?.isodow ?? [];
    for (let n = 0; n <= 6; n++) {
      const day = addDays(date, n);
      if (isoDay(day) <= 5 && (isodow.length === 0 || isodow.includes(isoDay(day)))) return day;
    }
    return date;
  };

  const newOrder = (
    first: SimRule,
    lines: { rule: SimRule; quantity: number }[],
    date: string,
    minute: number,
    source: SimOrder['source'],
    run: SimRun | null,
    createdBy: number | null,
  ): SimOrder => {
    const createdAt = run ? run.startedAt : at(date, minute);
    const request = first.customer.use_request_workflow;
    const supplierId = first.item.supplier_id!;
    const order: SimOrder = {
      id: 0,
      rule0: first,
      supplierId,
      supplierName: suppliers.get(supplierId)?.name ?? '',
      date,
      createdAt,
      createdBy,
      status: request ? 'request' : 'open',
      source,
      run,
      extStatus: 0,
      updatedAt: createdAt,
      lines: [],
      supplyAt: null,
      deliveredAt: null,
      deliveries: [],
    };
    const sorted = [...lines].sort((a, b) => a.rule.item.sku.localeCompare(b.rule.item.sku) || a.rule.createdAt.getTime() - b.rule.createdAt.getTime());
    for (const [index, l] of sorted.entries()) {
      const line: SimLine = {
        order,
        pos: index + 1,
        rule: l.rule,
        quantity: l.quantity,
        shipping: shippingOf(l.rule, date),
        status: 'open',
        extStatus: 0,
        createdAt,
        deliveredAt: null,
        deliveredBy: null,
      };
      order.lines.push(line);
      l.rule.onOrder.push(line);
    }
    orders.push(order);
    const message = () =>
      run ? orderEventMessage('requisition_run', { run_id: run.id, trigger: 'schedule' }) : orderEventMessage(request ? 'manual_request' : 'manual_order', {});
    events.push({ order, type: 'R', message, userId: createdBy, at: createdAt });
    planLifecycle(order, date, minute);
    return order;
  };

  // The order's life after its creation: the request decided, the update to OK, the delivery.
  const planLifecycle = (order: SimOrder, date: string, minute: number) => {
    // From the moment the order is an order (created, or its request confirmed): its supply, the update to OK, the delivery.
    const asOrder = (since: { date: string; minute: number }, moment: Date) => {
      order.supplyAt = new Date(moment.getTime() + 2_000);
      // Orders of the last three days wait for the supplier's OK.
      if (order.date >= addDays(today, -3)) return;
      const ok = workingHoursAfter(since.date, since.minute, between(1, 26));
      schedule(ok.date, ok.minute, () => {
        const okAt = at(ok.date, ok.minute);
        order.extStatus = 1;
        if (order.status === 'open') order.status = 'confirmed';
        order.updatedAt = okAt;
        for (const line of order.lines) {
          line.extStatus = 1;
          if (line.status === 'open') line.status = 'confirmed';
        }
        events.push({ order, type: 'U', message: () => orderEventMessage('status_ok', {}), userId: pick([users.admin, users.writer]), at: okAt });
        // Each line arrives on its shipping day or a little later (the supplier's delay for this order), on a
        // delivery day of the location after the OK; lines arriving the same day are marked together.
        const roll = rand();
        const delay = roll < 0.06 ? -1 : roll < 0.74 ? 0 : roll < 0.88 ? 1 : roll < 0.95 ? Math.floor(between(2, 4)) : Math.floor(between(4, 6));
        const byDay = new Map<string, SimLine[]>();
        for (const line of order.lines) {
          let day = deliveryDayFrom(order.rule0, addDays(line.shipping, delay));
          if (day <= ok.date) day = deliveryDayFrom(order.rule0, addDays(ok.date, 1));
          byDay.set(day, [...(byDay.get(day) ?? []), line]);
        }
        for (const [day, lines] of byDay) {
          const deliveredMinute = Math.floor(between(9 * 60, 15 * 60));
          schedule(day, deliveredMinute, () => deliver(order, lines, day, deliveredMinute));
        }
      });
    };
    if (order.status !== 'request') {
      asOrder({ date, minute }, order.createdAt);
      return;
    }
    // Requests of the last three days wait for their approval.
    if (date >= addDays(today, -3)) return;
    const decided = workingHoursAfter(date, minute, between(0.5, 20));
    schedule(decided.date, decided.minute, () => {
      const moment = at(decided.date, decided.minute);
      order.updatedAt = moment;
      if (rand() < 0.05) {
        order.status = 'cancelled';
        for (const line of order.lines) settle(line, 'cancelled');
        events.push({ order, type: 'U', message: () => orderEventMessage('request_rejected', { reason: 'derzeit kein Bedarf' }), userId: users.admin, at: moment });
        return;
      }
      order.status = 'open';
      events.push({ order, type: 'U', message: () => orderEventMessage('request_confirmed', {}), userId: users.admin, at: moment });
      asOrder(decided, moment);
    });
  };

  /**
   * Lines of an order delivered: the supplier marks them (the whole supply at once when they are all of it, else
   * line by line: one delivery change each), the order follows, the goods are put away and the bins counted.
   */
  const deliver = (order: SimOrder, lines: SimLine[], date: string, minute: number) => {
    const moment = at(date, minute);
    const by = users.supplier && users.supplier.supplierId === order.supplierId ? users.supplier.userId : users.writer;
    const remaining = order.lines.filter((l) => l.status !== 'delivered' && l.status !== 'cancelled');
    const arriving = lines.filter((l) => remaining.includes(l));
    if (arriving.length === 0) return;
    if (arriving.length === remaining.length && order.deliveries.length === 0) {
      order.deliveries.push({ at: moment, by, positions: arriving.map((l) => l.pos), complete: true });
    } else {
      arriving.forEach((line, i) => {
        order.deliveries.push({ at: new Date(moment.getTime() + i * 20_000), by, positions: [line.pos], complete: i === remaining.length - 1 });
      });
    }
    const putAway = new Date(moment.getTime() + Math.floor(between(10, 90)) * 60_000);
    for (const line of arriving) {
      settle(line, 'delivered');
      line.deliveredAt = order.deliveries.find((d) => d.positions.includes(line.pos))!.at;
      line.deliveredBy = by;
      const rule = line.rule;
      rule.actual += line.quantity * rule.facts.perOrderUnit;
      recordStock(rule, rule.actual, 'manual', users.writer, putAway);
    }
    order.updatedAt = order.deliveries.at(-1)!.at;
    if (order.lines.every((l) => l.status === 'delivered' || l.status === 'cancelled')) {
      order.status = 'delivered';
      order.deliveredAt = order.updatedAt;
    }
  };

  // The rules a slot evaluates (at locations whose schedule names it, or without a schedule), per weekday and slot.
  const dueRules = new Map<string, SimRule[]>();
  const evaluate = (run: SimRun, date: string, weekday: Weekday, slot: RequisitionSlot, runAt: Date) => {
    const key = `${weekday} ${slot}`;
    let due = dueRules.get(key);
    if (!due) {
      due = rules.filter((r) => {
        const s = schedules.get(r.location.id);
        return !s || !s.scheduled || s.slots[weekday].includes(slot);
      });
      dueRules.set(key, due);
    }
    run.evaluated = due.length;
    const ordered: { rule: SimRule; quantity: number; record: DecisionRecord }[] = [];
    const skipped: SimRule[] = [];
    for (const rule of due) {
      let onOrder = 0;
      let pendingLine = false;
      for (const line of rule.onOrder) {
        onOrder += line.quantity;
        if (line.status === 'open') pendingLine = true;
      }
      const restockDays = rule.customer.automatic_restock_days;
      const restockDue = restockDays > 0 && rule.onOrder.length === 0 && (rule.lastOrderAt ?? rule.createdAt).getTime() <= runAt.getTime() - restockDays * DAY_MS;
      const decision = decide(
        { stock: rule.stock, threshold: rule.threshold, capacity: rule.capacity, onOrder, pendingLine },
        supplierOff(rule, date) ? { ...rule.facts, supplierInactive: true } : rule.facts,
        { deleted: false, inactive: false, scheduled: schedules.get(rule.location.id)?.scheduled ?? false, deltakanban: rule.location.deltakanban !== false },
        false,
        'schedule',
        date,
        { restockDue },
      );
      rule.pendingAt = null;
      const orders = decision.reason === 'ordered' || decision.reason === 'restock';
      const last = rule.last;
      const changed =
        orders ||
        !last ||
        last.reason !== decision.reason ||
        last.quantity !== decision.quantity ||
        last.stock !== rule.stock ||
        last.threshold !== rule.threshold ||
        last.capacity !== rule.capacity ||
        last.onOrder !== onOrder;
      if (!changed) continue;
      const record: DecisionRecord = {
        run,
        reason: decision.reason,
        quantity: decision.quantity,
        stock: rule.stock,
        threshold: rule.threshold,
        capacity: rule.capacity,
        onOrder,
        order: null,
        at: runAt,
      };
      if (decision.reason === 'config_invalid' && last?.reason !== 'config_invalid') {
        journal.push({
          code: 2002,
          message: () => `rule ${rule.id} (${rule.item.sku}): capacity not above the threshold, or contradicting order constraints of the item`,
          messageKey: 'rule_config_invalid',
          params: () => ({ rule_id: rule.id, sku: rule.item.sku }),
          run,
          rule,
          at: runAt,
          acknowledgedAt: null,
          acknowledgedBy: null,
        });
      }
      if (decision.reason === 'supplier_inactive' && last?.reason !== 'supplier_inactive') skipped.push(rule);
      rule.last = record;
      decisions.push(record);
      ruleOf.set(record, rule);
      if (orders) ordered.push({ rule, quantity: decision.quantity, record });
    }
    if (skipped.length > 0) {
      // as the run's statement: one entry per run naming the rules whose decision became supplier_inactive
      journal.push({
        code: 2001,
        message: () => skippedMessage(skipped, suppliers),
        messageKey: 'supplier_inactive',
        params: () => skippedParams(skipped, suppliers),
        run,
        rule: skipped.length === 1 ? skipped[0]! : null,
        at: runAt,
        acknowledgedAt: null,
        acknowledgedBy: null,
      });
    }
    const groups = new Map<string, typeof ordered>();
    for (const o of ordered) {
      const key = `${o.rule.location.id}/${o.rule.item.supplier_id}`;
      groups.set(key, [...(groups.get(key) ?? []), o]);
    }
    const minute = Math.floor((runAt.getTime() - at(date, 0).getTime()) / 60_000);
    for (const group of groups.values()) {
      const order = newOrder(group[0]!.rule, group, date, minute, 'requisition', run, null);
      for (const o of group) {
        o.record.order = order;
        o.rule.lastOrderAt = runAt;
      }
      run.orders++;
      run.lines += group.length;
    }
  };

  // --- the days
  const useMinute = new Int32Array(rules.length);
  const used = new Float64Array(rules.length);
  const byMinute = new Int32Array(rules.length);
  const failedRuns = new Set<number>();
  for (const back of [120, 57, 3]) failedRuns.add(span - back);
  for (let index = 0; index <= span; index++) {
    const date = addDays(start, index);
    const iso = isoDay(date);
    const weekday = WEEKDAYS[iso - 1]!;
    const timeline: Timed[] = [...(later.get(date) ?? [])];
    later.delete(date);
    // consumption and the scans it causes: each bin once a working day, at its own minute (kept in arrays, the
    // hot path of the simulation), merged below with the day's other work in time order
    const t = index / span;
    const dayShare = iso <= 5 ? 1 : iso === 6 ? 0.25 : 0;
    let consumers = 0;
    if (dayShare > 0) {
      for (const [i, rule] of rules.entries()) {
        const wave = 1 + 0.4 * Math.sin(2 * Math.PI * t * 2.2 + (phase.get(rule.customer.id) ?? 0)) + 0.25 * t;
        useMinute[i] = Math.floor(between(7 * 60, 17 * 60));
        used[i] = rule.rate * wave * dayShare * between(0.4, 1.6);
        byMinute[consumers++] = i;
      }
    }
    const consumption = byMinute.subarray(0, consumers).sort((a, b) => useMinute[a]! - useMinute[b]! || a - b);
    const consume = (i: number) => {
      const rule = rules[i]!;
      const before = rule.actual;
      rule.actual = Math.max(0, rule.actual - used[i]!);
      const when = at(date, useMinute[i]!);
      if (rule.actual <= 0 && rule.stock > 0) recordStock(rule, 0, 'scan_empty', scannerOf(rule), when);
      else if (Math.floor(rule.actual) <= rule.threshold && rule.stock > rule.threshold && before > rule.actual) {
        recordStock(rule, rule.actual, 'scan_count', scannerOf(rule), when);
      }
    };
    // counted by hand every six weeks or so
    if (iso <= 5) {
      for (const rule of rules) {
        if ((index + rule.countOffset) % 42 !== 0) continue;
        timeline.push({ minute: 15 * 60 + 30, order: sequence++, run: () => recordStock(rule, rule.actual, 'manual', users.writer, at(date, 15 * 60 + 30)) });
      }
    }
    // orders by hand, now and then, of bins that are getting low
    if (iso <= 5) {
      for (const [, atLocation] of byLocation) {
        if (rand() >= 0.035) continue;
        const minute = Math.floor(between(8 * 60, 16 * 60));
        timeline.push({
          minute,
          order: sequence++,
          run: () => {
            const candidates = atLocation.filter((r) => {
              if (r.item.disabled || r.item.paused_until !== null || !r.item.purchaseable || supplierOff(r, date)) return false;
              if (r.onOrder.length > 0) return false;
              return r.threshold < r.capacity && r.stock < r.capacity * 0.7;
            });
            const chosen = candidates.sort(() => rand() - 0.5).slice(0, 1 + Math.floor(rand() * 3));
            const bySupplier = new Map<number, { rule: SimRule; quantity: number }[]>();
            for (const rule of chosen) {
              const quantity = manualQuantity(rule.item);
              if (quantity === null) continue;
              const supplier = rule.item.supplier_id!;
              bySupplier.set(supplier, [...(bySupplier.get(supplier) ?? []), { rule, quantity }]);
            }
            for (const lines of bySupplier.values()) {
              const by = users.customer && users.customer.customerId === lines[0]!.rule.customer.id && rand() < 0.5 ? users.customer.userId : users.writer;
              newOrder(lines[0]!.rule, lines, date, minute, 'manual', null, by);
            }
          },
        });
      }
    }
    // the scheduled runs
    for (const slot of REQUISITION_SLOTS) {
      const minute = slotMinutes(slot);
      timeline.push({
        minute,
        order: sequence++,
        run: () => {
          const failed = failedRuns.has(index) && slot === '06:00';
          const slotAt = at(date, minute);
          const runAt = new Date(slotAt.getTime() + (failed ? 61_000 : 1_000));
          if (failed) {
            journal.push({
              code: 2000,
              message: () => 'requisition run (schedule) failed: unknown error (500)',
              messageKey: 'run_failed',
              params: () => ({ trigger: 'schedule', error_code: 500, error: 'unknown error' }),
              run: null,
              rule: null,
              at: new Date(slotAt.getTime() + 3_000),
              acknowledgedAt: index < span - 7 ? new Date(slotAt.getTime() + between(2, 30) * 3_600_000) : null,
              acknowledgedBy: index < span - 7 ? users.admin : null,
            });
          }
          const run: SimRun = { id: 0, slotKey: `${date}T${slot}`, date, startedAt: runAt, evaluated: 0, orders: 0, lines: 0 };
          runs.push(run);
          evaluate(run, date, weekday, slot, runAt);
        },
      });
    }
    timeline.sort((a, b) => a.minute - b.minute || a.order - b.order);
    current = { date, timeline, next: 0 };
    const end = now.getTime() - 60_000;
    let c = 0;
    for (;;) {
      const step = current.next < timeline.length ? timeline[current.next]! : null;
      const bin = c < consumption.length ? consumption[c]! : -1;
      if (bin >= 0 && (step === null || useMinute[bin]! <= step.minute)) {
        if (at(date, useMinute[bin]!).getTime() > end) break;
        consume(bin);
        c++;
      } else if (step !== null) {
        if (at(date, step.minute).getTime() > end) break;
        current.next++;
        step.run();
      } else break;
    }
    current = null;
  }

  // Bins counted low this morning, after their last run: the next run (or `execute`) orders them.
  const low = rules.filter(
    (r) =>
      r !== wrong &&
      !r.item.disabled &&
      r.item.paused_until === null &&
      (r.item.contract_end_date === null || r.item.contract_end_date > today) &&
      r.stock > r.threshold &&
      r.onOrder.length === 0,
  );
  for (const rule of low.filter(() => rand() < 0.06)) {
    const when = new Date(now.getTime() - Math.floor(between(3, 40)) * 60_000);
    if (rule.stockUpdatedAt && when <= rule.stockUpdatedAt) continue;
    rule.actual = Math.floor(rule.threshold * between(0.3, 0.9));
    recordStock(rule, rule.actual, 'scan_count', scannerOf(rule), when);
  }

  return { rules, runs, decisions, ruleOf, orders, events, stockEvents, journal };
}

/** The quantity of an order by hand: the smallest multiple of the increment that reaches the MOQ (null when the MXOQ forbids it). */
function manualQuantity(item: SnapshotItem): number | null {
  const increment = item.order_quantity_increment > 0 ? item.order_quantity_increment : 1;
  const quantity = Math.max(1, Math.ceil(Math.max(item.min_order_quantity, item.order_quantity) / increment - 1e-9)) * increment;
  if (item.max_order_quantity > 0 && quantity > item.max_order_quantity) return null;
  return Math.round(quantity * 1e6) / 1e6;
}
