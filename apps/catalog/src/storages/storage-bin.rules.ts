import { AppError } from '@kanban/access';
import {
  BIN_MEASURES,
  BIN_WANTED,
  binNumber,
  NOISE_BAND_MAX,
  binsInLayoutOrder,
  type BinMeasure,
  type StorageBinCalibration,
  type StorageBinDto,
  type StorageBinInput,
  type StorageLayout,
} from '@kanban/contracts';
import type { StorageBin } from './storage-bin.entity';
import { binLabel } from './storage.rules';

/** A bin's input after the checks: every field set (null: none). */
export type CleanBinInput = Required<StorageBinInput>;

/** The calibration fields that count for each measured kind; the others are stored as null. */
export const CALIBRATION_OF: Readonly<Record<BinMeasure, readonly (keyof StorageBinCalibration)[]>> = {
  weight_g: ['tare', 'piece_weight'],
  distance_mm: ['empty_distance', 'full_distance'],
  count: ['pieces_per_bin'],
};

const AMOUNTS = ['tare', 'piece_weight', 'empty_distance', 'full_distance', 'pieces_per_bin'] as const;
const BOUNDS = ['plausibility_min', 'plausibility_max'] as const;
const LIMIT = 1_000_000_000;
/** the longest dead time after a movement: a day */
export const DEAD_TIME_MAX = 86_400;

const NONE: StorageBinCalibration = {
  measured: null,
  wanted: null,
  tare: null,
  piece_weight: null,
  empty_distance: null,
  full_distance: null,
  pieces_per_bin: null,
  plausibility_min: null,
  plausibility_max: null,
  dead_time_seconds: null,
  noise_band: null,
};

function id(field: 'kanban_rule_id' | 'sensor_id', value: unknown): number | null {
  if (value === undefined || value === null || value === 0) return null;
  if (Number.isInteger(value) && (value as number) > 0) return value as number;
  throw AppError.validation(field, 'must be an id or null');
}

function decimal(field: string, value: unknown, min: number, max = LIMIT): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw AppError.validation(field, `must be a number from ${min} to ${max} or null`);
  }
  return Math.round(value * 1000) / 1000;
}

/**
 * The service's check of a bin's input (PUT replaces the whole bin; the gateway validated the DTO first):
 * ids positive or null (0 is none); `measured` one of weight_g, distance_mm, count and `wanted` pieces.
 * A sensor needs both (spec 5: what it measures and what should be measured; 1000 naming the missing one);
 * without a sensor the calibration is not kept. Of the calibration only the fields of the measured kind are kept
 * (weight: tare ≥ 0 and piece weight > 0; distance: empty > full ≥ 0; count: pieces per bin > 0), with the
 * plausibility bounds (min ≤ max), the dead time (0..86400 s) and the noise band (0..NOISE_BAND_MAX pieces; null: the
 * sensor type's default). Throws 1000 naming the field.
 */
export function normalizeBinInput(input: StorageBinInput): CleanBinInput {
  const sent = (input ?? {}) as Record<string, unknown>;
  const kanbanRuleId = id('kanban_rule_id', sent.kanban_rule_id);
  const sensorId = id('sensor_id', sent.sensor_id);
  if (sent.measured !== undefined && sent.measured !== null && !(BIN_MEASURES as readonly unknown[]).includes(sent.measured)) {
    throw AppError.validation('measured', `must be one of ${BIN_MEASURES.join(', ')}`);
  }
  if (sent.wanted !== undefined && sent.wanted !== null && !(BIN_WANTED as readonly unknown[]).includes(sent.wanted)) {
    throw AppError.validation('wanted', `must be one of ${BIN_WANTED.join(', ')}`);
  }
  const out: CleanBinInput = { kanban_rule_id: kanbanRuleId, sensor_id: sensorId, ...NONE };
  if (sensorId === null) return out;
  if (sent.measured === undefined || sent.measured === null) throw AppError.validation('measured', 'is required with a sensor: what the sensor measures');
  if (sent.wanted === undefined || sent.wanted === null) throw AppError.validation('wanted', 'is required with a sensor: what should be measured');
  out.measured = sent.measured as BinMeasure;
  out.wanted = sent.wanted as CleanBinInput['wanted'];
  const kept = CALIBRATION_OF[out.measured];
  for (const field of AMOUNTS) {
    if (!kept.includes(field)) continue;
    const value = decimal(field, sent[field], 0);
    if ((field === 'piece_weight' || field === 'pieces_per_bin') && value === 0) throw AppError.validation(field, 'must be more than 0');
    out[field] = value;
  }
  if (out.empty_distance !== null && out.full_distance !== null && out.full_distance >= out.empty_distance) {
    throw AppError.validation('full_distance', 'must be less than the empty distance (the sensor sees the filling come closer)');
  }
  for (const field of BOUNDS) out[field] = decimal(field, sent[field], -LIMIT);
  if (out.plausibility_min !== null && out.plausibility_max !== null && out.plausibility_min > out.plausibility_max) {
    throw AppError.validation('plausibility_max', 'must not be less than the minimum');
  }
  const dead = sent.dead_time_seconds;
  if (dead !== undefined && dead !== null) {
    if (!Number.isInteger(dead) || (dead as number) < 0 || (dead as number) > DEAD_TIME_MAX) {
      throw AppError.validation('dead_time_seconds', `must be a whole number of seconds from 0 to ${DEAD_TIME_MAX} or null`);
    }
    out.dead_time_seconds = dead as number;
  }
  out.noise_band = decimal('noise_band', sent.noise_band, 0, NOISE_BAND_MAX);
  return out;
}

/** A cell of the grid: 1..rows and 1..columns (1000 naming row or column otherwise). */
export function assertCell(storage: { rows: number; columns: number }, row: number, column: number): void {
  if (!Number.isInteger(row) || row < 1 || row > storage.rows) throw AppError.validation('row', `must be a row of the rack, 1 to ${storage.rows}`);
  if (!Number.isInteger(column) || column < 1 || column > storage.columns) {
    throw AppError.validation('column', `must be a column of the rack, 1 to ${storage.columns}`);
  }
}

/**
 * Writes a checked input onto a bin. The newest reading's fault goes (the plan's settings were looked at: the next
 * reading says again, and a fault that persists is journalled again); another sensor starts without a newest reading.
 */
export function applyBinInput(bin: StorageBin, input: CleanBinInput): void {
  if (bin.sensorId !== input.sensor_id) bin.lastReadingAt = null;
  bin.lastFault = null;
  bin.lastFaultAt = null;
  bin.lastFaultValue = null;
  bin.kanbanRuleId = input.kanban_rule_id;
  bin.sensorId = input.sensor_id;
  bin.measured = input.measured;
  bin.wanted = input.wanted;
  bin.tare = input.tare;
  bin.pieceWeight = input.piece_weight;
  bin.emptyDistance = input.empty_distance;
  bin.fullDistance = input.full_distance;
  bin.piecesPerBin = input.pieces_per_bin;
  bin.plausibilityMin = input.plausibility_min;
  bin.plausibilityMax = input.plausibility_max;
  bin.deadTimeSeconds = input.dead_time_seconds;
  bin.noiseBand = input.noise_band;
  bin.updatedAt = new Date();
}

const num = (value: number | string | null): number | null => (value === null ? null : Number(value));

/** A stored bin's fields as the API names them (the change log compares these). */
export function binFields(bin: StorageBin): Omit<StorageBinDto, 'row' | 'column' | 'number' | 'label' | 'rule' | 'sensor' | 'below_threshold' | 'fault'> {
  return {
    kanban_rule_id: bin.kanbanRuleId,
    sensor_id: bin.sensorId,
    measured: bin.measured,
    wanted: bin.wanted,
    tare: num(bin.tare),
    piece_weight: num(bin.pieceWeight),
    empty_distance: num(bin.emptyDistance),
    full_distance: num(bin.fullDistance),
    pieces_per_bin: num(bin.piecesPerBin),
    plausibility_min: num(bin.plausibilityMin),
    plausibility_max: num(bin.plausibilityMax),
    dead_time_seconds: bin.deadTimeSeconds,
    noise_band: num(bin.noiseBand),
    updated_at: bin.updatedAt.toISOString(),
  };
}

/** The fault of the bin's newest reading (set by the readings, docs/storages.md "Readings become stock"), or null. */
export function binFault(bin: Pick<StorageBin, 'lastFault' | 'lastFaultAt' | 'lastFaultValue'>): StorageBinDto['fault'] {
  if (bin.lastFault === null || bin.lastFaultAt === null) return null;
  return { kind: bin.lastFault, at: bin.lastFaultAt.toISOString(), value: num(bin.lastFaultValue) };
}

export interface GridOf {
  layout: StorageLayout;
  rows: number;
  columns: number;
  prefix: string;
  format: string;
}

/**
 * Every cell of a rack's grid in layout order (bin 1 first) with its number and label; a stored bin fills its
 * cell, the others are empty (no rule, no sensor, no calibration). Bins outside the grid are left out.
 */
export function gridBins(
  storage: GridOf,
  bins: StorageBin[],
  sensorOf: (bin: StorageBin) => StorageBinDto['sensor'] = () => null,
): Omit<StorageBinDto, 'rule' | 'below_threshold'>[] {
  const byCell = new Map(bins.map((b) => [`${b.row}:${b.column}`, b]));
  return binsInLayoutOrder(storage.layout, storage.rows, storage.columns).map(({ row, column }) => {
    const bin = byCell.get(`${row}:${column}`);
    const cell = { row, column, number: binNumber(storage.layout, storage.rows, storage.columns, row, column), label: binLabel(storage, row, column) };
    if (!bin) return { ...cell, kanban_rule_id: null, sensor_id: null, ...NONE, sensor: null, fault: null, updated_at: null };
    return { ...cell, ...binFields(bin), sensor: sensorOf(bin), fault: binFault(bin) };
  });
}

/** The bins of a rack outside a new size (shrinking a rack must not hide bins that hold something). */
export function binsOutside(bins: Pick<StorageBin, 'row' | 'column'>[], rows: number, columns: number): Pick<StorageBin, 'row' | 'column'>[] {
  return bins.filter((b) => b.row > rows || b.column > columns);
}
