import type { HistoryResolution, ReadingPoint } from './ingest';
import type { OrderStatus, StockEventKind } from './orders';
import type { SensorType, SensorUnit } from './sensors';
import type { StorageBinCalibration } from './storages';

/**
 * A bin's fill-level history (issue 17 "History"; docs/storages.md "Fill level"): what the rule's stock was over a
 * period, from its stock changes and, when its bin has a sensor, the sensor's readings in pieces, with the
 * threshold, capacity and the orders placed for it. One answer of `GET rules/{id}/fill` for the chart.
 */

/** The periods the chart offers; the server picks the readings' resolution from the span (`fillResolution`). */
export const FILL_PERIODS = ['24h', '7d', '30d', '90d'] as const;
export type FillPeriod = (typeof FILL_PERIODS)[number];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The span of a period in milliseconds. */
export const FILL_PERIOD_MS: Readonly<Record<FillPeriod, number>> = { '24h': DAY, '7d': 7 * DAY, '30d': 30 * DAY, '90d': 90 * DAY };

/** The longest span one request answers (the daily aggregates of the ingestion reach 400 days). */
export const FILL_MAX_SPAN_MS = 400 * DAY;

/**
 * The readings' resolution for a span: raw readings up to two days (a day's curve shows each reading), hourly
 * aggregates up to 31 days (a week or a month: 168 to 744 points), daily beyond. Within the ingestion's limits
 * (raw a week, hourly 93 days, daily 400 days).
 */
export function fillResolution(spanMs: number): HistoryResolution {
  if (spanMs <= 2 * DAY) return 'raw';
  if (spanMs <= 31 * DAY) return 'hour';
  return 'day';
}

/** How many of the sensor's base unit (grams, millimetres, counts) one of its units is. */
const UNIT_FACTOR: Readonly<Record<SensorUnit, number>> = { g: 1, kg: 1000, mm: 1, cm: 10, count: 1 };

/** A value of a sensor in `unit` in the calibration's unit (grams, millimetres, counts): kg → g, cm → mm. */
export function inCalibrationUnit(value: number, unit: SensorUnit): number {
  return value * UNIT_FACTOR[unit];
}

/** The calibration fields a conversion needs (a bin's, docs/storages.md "Bins"). */
export type FillCalibration = Pick<StorageBinCalibration, 'measured' | 'tare' | 'piece_weight' | 'empty_distance' | 'full_distance' | 'pieces_per_bin'>;

/**
 * Whether the calibration of the measured kind is complete for a sensor in `unit`: the kind fits the unit (grams or
 * kilograms for weight_g, millimetres or centimetres for distance_mm, counts for count) and its fields are set (a
 * piece weight; both distances, the empty one the farther; the pieces per counted bin).
 */
export function calibrationComplete(calibration: FillCalibration, unit: SensorUnit): boolean {
  switch (calibration.measured) {
    case 'weight_g':
      return (unit === 'g' || unit === 'kg') && calibration.piece_weight !== null && calibration.piece_weight > 0;
    case 'distance_mm':
      return (unit === 'mm' || unit === 'cm') && calibration.empty_distance !== null && calibration.full_distance !== null && calibration.empty_distance > calibration.full_distance;
    case 'count':
      return unit === 'count' && calibration.pieces_per_bin !== null && calibration.pieces_per_bin > 0;
    case null:
      return false;
  }
}

/**
 * Whether readings of a sensor in `unit` can become pieces with this calibration: complete (`calibrationComplete`),
 * and for a distance the rule's capacity known (the full bin holds it).
 */
export function canConvert(calibration: FillCalibration, unit: SensorUnit, capacity: number | null): boolean {
  return calibrationComplete(calibration, unit) && (calibration.measured !== 'distance_mm' || (capacity !== null && capacity > 0));
}

/**
 * A value in the calibration's unit (`inCalibrationUnit`) as the bin's level, not rounded and not bounded: weight →
 * pieces (grams − tare) / piece weight; count → counted bins × pieces per bin; distance → the fill fraction
 * (empty − distance) / (empty − full), 1 for the full bin. For a complete calibration (`calibrationComplete`).
 */
export function calibratedLevel(calibration: FillCalibration, base: number): { pieces: number; fill: null } | { pieces: null; fill: number } {
  if (calibration.measured === 'weight_g') return { pieces: (base - (calibration.tare ?? 0)) / calibration.piece_weight!, fill: null };
  if (calibration.measured === 'count') return { pieces: base * calibration.pieces_per_bin!, fill: null };
  const empty = calibration.empty_distance!;
  return { pieces: null, fill: (empty - base) / (empty - calibration.full_distance!) };
}

/**
 * One reading (in the sensor's `unit`) as pieces, rounded to three decimals: the level (`calibratedLevel`), a
 * distance's fill fraction times the rule's capacity. Never below 0: a reading below the empty bin is a fault
 * (journal 2007), not a level — as the stock the readings become (apps/catalog storages/bin-readings.rules.ts).
 * Null when the calibration does not allow it (`canConvert`).
 */
export function readingToPieces(value: number, calibration: FillCalibration, unit: SensorUnit, capacity: number | null): number | null {
  if (!canConvert(calibration, unit, capacity)) return null;
  const level = calibratedLevel(calibration, inCalibrationUnit(value, unit));
  const pieces = level.pieces ?? capacity! * level.fill!;
  return Math.max(0, Math.round(pieces * 1000) / 1000);
}

/**
 * A reading point (raw or aggregate) in pieces. A distance grows as the bin empties, so its smallest reading is the
 * most pieces: min and max swap.
 */
export function pointToPieces(point: ReadingPoint, calibration: FillCalibration, unit: SensorUnit, capacity: number | null): ReadingPoint | null {
  const at = (v: number) => readingToPieces(v, calibration, unit, capacity);
  const min = at(point.min);
  const max = at(point.max);
  const avg = at(point.avg);
  const last = at(point.last);
  if (min === null || max === null || avg === null || last === null) return null;
  return { at: point.at, count: point.count, min: Math.min(min, max), max: Math.max(min, max), avg, last };
}

/** A stock change of the rule within the period. */
export interface FillStockEvent {
  at: string;
  kind: StockEventKind;
  stock_before: number;
  stock: number;
}

/** An order line placed for the rule: when it was ordered and, once delivered, when. */
export interface FillOrder {
  order_id: number;
  quantity: number;
  status: OrderStatus;
  /** when the order was created */
  ordered_at: string;
  /** the line's delivery; null: not delivered (yet) */
  delivered_at: string | null;
}

/** The bin that holds the rule, and its sensor. */
export interface FillBin {
  storage_id: number;
  storage_name: string;
  label: string;
  row: number;
  column: number;
  sensor: { id: number; name: string; type: SensorType; unit: SensorUnit } | null;
}

/** The sensor's readings over the period: in pieces when the bin's calibration allows it, else raw in the sensor's unit. */
export interface FillReadings {
  /** 'pieces', or the sensor's unit when the calibration does not allow converting */
  unit: 'pieces' | SensorUnit;
  resolution: HistoryResolution;
  points: ReadingPoint[];
}

/** GET rules/{id}/fill. */
export interface FillHistoryDto {
  rule_id: number;
  from: string;
  to: string;
  item_unit: string;
  threshold: number;
  capacity: number;
  /** show_stock_in_app off for a customer user: stock, events and readings are left out (null, []) */
  stock_hidden: boolean;
  /** when the rule was made: the curve starts there when that is within the period */
  rule_created_at: string;
  /** the stock now */
  stock: number | null;
  /** the stock at `from`: the last change before the period; null when none or hidden */
  start_stock: number | null;
  /** stock changes within the period, oldest first (at most FILL_MAX_EVENTS, the newest kept) */
  events: FillStockEvent[];
  /** order lines of the rule ordered or delivered within the period, oldest first */
  orders: FillOrder[];
  bin: FillBin | null;
  /** null without a sensor in the bin, or when stock is hidden */
  readings: FillReadings | null;
}

/** The most stock changes one answer carries. */
export const FILL_MAX_EVENTS = 2000;

/** What the orders service answers for `orders.rule.fill_history` (the gateway adds bin and readings). */
export type FillHistoryRecord = Omit<FillHistoryDto, 'bin' | 'readings'> & { customer_id: number; location_id: number };

/** `catalog.storage.bins.of_rule`: the bin holding a rule with its sensor and calibration, or null. */
export interface RuleBinRecord extends FillBin {
  calibration: FillCalibration;
}
