import { type BinFault, calibratedLevel, calibrationComplete, inCalibrationUnit, type SensorUnit, type StorageBinCalibration } from '@kanban/contracts';

/** What a bin's calibration needs, as stored (numbers in grams, millimetres or counts): the contract's fields. */
export type BinCalibrationFacts = Omit<StorageBinCalibration, 'wanted' | 'dead_time_seconds' | 'noise_band'>;

/** A sensor's newest reading of a stored batch and the batch's smallest value, in the sensor's unit. */
export interface LatestReading {
  unit: SensorUnit;
  value: number;
  min_value: number;
}

/** What a reading means for the bin: its level (pieces or, for a distance, the fill fraction) and its fault. */
export interface BinLevel {
  /** pieces, not rounded, at least 0; null for a distance and when the newest reading is a fault */
  pieces: number | null;
  /** distance: 0.. (1 = full); null otherwise and when the newest reading is a fault */
  fill: number | null;
  fault: BinFault | null;
  /** the value the fault is about (the sensor's unit), null without a fault */
  fault_value: number | null;
}

/**
 * Below the empty bin after calibration (journal 2007, "check rack plan settings"): a weight under the tare, a distance
 * beyond the empty bin's, a negative count. `base` in grams, millimetres or counts.
 */
function negative(bin: BinCalibrationFacts, base: number): boolean {
  if (bin.measured === 'weight_g') return base - (bin.tare ?? 0) < 0;
  if (bin.measured === 'distance_mm') return base > bin.empty_distance!;
  return base < 0;
}

/**
 * A bin's level from its sensor's newest reading (docs/storages.md "Readings become stock"), or null when the bin is
 * not calibrated for its sensor (nothing to say). The value is converted to the calibration's unit (kg → g, cm → mm).
 * - **implausible**: the newest value outside `plausibility_min`..`plausibility_max` (in grams, millimetres or counts):
 *   no level;
 * - **negative**: the newest value below the empty bin (weight − tare < 0, distance > empty, count < 0): no level; also
 *   when only an earlier reading of the batch (`min_value`, for weight and count) was, while the newest one gives the
 *   level;
 * - weight: (grams − tare) / piece weight; count: counted bins × pieces per bin; distance: fill (empty − distance) /
 *   (empty − full), which the orders service multiplies by the rule's capacity. Never below 0.
 */
export function binLevel(bin: BinCalibrationFacts, reading: LatestReading): BinLevel | null {
  if (!calibrationComplete(bin, reading.unit)) return null;
  const base = inCalibrationUnit(reading.value, reading.unit);
  const none = { pieces: null, fill: null };
  if ((bin.plausibility_min !== null && base < bin.plausibility_min) || (bin.plausibility_max !== null && base > bin.plausibility_max)) {
    return { ...none, fault: 'implausible', fault_value: reading.value };
  }
  if (negative(bin, base)) return { ...none, fault: 'negative', fault_value: reading.value };
  const level = levelOf(bin, base);
  const earlierNegative = bin.measured !== 'distance_mm' && reading.min_value < reading.value && negative(bin, inCalibrationUnit(reading.min_value, reading.unit));
  return { ...level, fault: earlierNegative ? 'negative' : null, fault_value: earlierNegative ? reading.min_value : null };
}

function levelOf(bin: BinCalibrationFacts, base: number): { pieces: number | null; fill: number | null } {
  const round = (n: number) => Math.max(0, Math.round(n * 1_000_000) / 1_000_000);
  const level = calibratedLevel(bin, base);
  return level.pieces !== null ? { pieces: round(level.pieces), fill: null } : { pieces: null, fill: round(level.fill) };
}

/**
 * Whether a fault goes to the journal: only when it is new for the bin (the bin's last reading was good or had
 * another fault), so a sensor stuck below its tare gives one entry, not one per reading.
 */
export function journalFault(fault: BinFault | null, previous: BinFault | null): boolean {
  return fault !== null && fault !== previous;
}
