import { type BinMeasure, inCalibrationUnit, type SensorUnit } from '@kanban/contracts';

/**
 * "Calibrate now" (docs/storages.md "Calibrate now"): calibration values from the sensor's newest readings, in the
 * calibration's unit (grams, millimetres) whatever unit the sensor reports in, rounded to the server's 3 decimals.
 * - weight: the empty bin's reading is the tare; with N pieces in it, (reading − tare) / N the weight per piece
 * - distance: the reading of the empty bin is the empty distance, of the full bin the full distance (less than empty)
 */
export type CalibrationStep = 'empty' | 'pieces' | 'full';

export type CalibrationResult =
  | { ok: true; field: 'tare' | 'piece_weight' | 'empty_distance' | 'full_distance'; value: number }
  | { ok: false; reason: 'noReading' | 'negative' | 'pieces' | 'notHeavier' | 'notCloser' | 'noEmpty' | 'noTare' };

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** The steps a measured kind offers (count needs no reading: pieces per counted bin are typed). */
export function calibrationSteps(measured: BinMeasure | ''): CalibrationStep[] {
  if (measured === 'weight_g') return ['empty', 'pieces'];
  if (measured === 'distance_mm') return ['empty', 'full'];
  return [];
}

/**
 * One step's value from the newest reading (`value` in `unit`, null when the sensor never reported). `tare` and
 * `emptyDistance` are the form's current values (a piece weight needs the tare, a full distance the empty one);
 * `pieces` the count put into the bin for the piece weight.
 */
export function calibrate(
  measured: BinMeasure,
  step: CalibrationStep,
  reading: { value: number | null; unit: SensorUnit },
  form: { tare: number | null; emptyDistance: number | null; pieces?: number | null },
): CalibrationResult {
  if (reading.value === null) return { ok: false, reason: 'noReading' };
  const value = inCalibrationUnit(reading.value, reading.unit);
  if (value < 0) return { ok: false, reason: 'negative' };
  if (measured === 'weight_g') {
    if (step === 'empty') return { ok: true, field: 'tare', value: round3(value) };
    if (form.tare === null) return { ok: false, reason: 'noTare' };
    const pieces = form.pieces ?? null;
    if (pieces === null || !Number.isInteger(pieces) || pieces < 1) return { ok: false, reason: 'pieces' };
    const weight = round3((value - form.tare) / pieces);
    return weight > 0 ? { ok: true, field: 'piece_weight', value: weight } : { ok: false, reason: 'notHeavier' };
  }
  if (step === 'empty') return { ok: true, field: 'empty_distance', value: round3(value) };
  if (form.emptyDistance === null) return { ok: false, reason: 'noEmpty' };
  return value < form.emptyDistance ? { ok: true, field: 'full_distance', value: round3(value) } : { ok: false, reason: 'notCloser' };
}
