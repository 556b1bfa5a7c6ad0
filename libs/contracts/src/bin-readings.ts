/**
 * Sensor readings as stock (issue 17, docs/storages.md "Readings become stock"): the catalog turns the latest reading
 * of each sensor that sits in a bin holding a kanban rule into pieces through the bin's calibration and announces
 * them; the orders service applies them to the rule's stock (stock event kind `sensor`) and journals the faults.
 */
import type { SensorType } from './sensors';

export const BinReadingEvents = {
  /** the bins' measured levels of one `evt.ingest.readings_stored` of a company (BinsMeasured) */
  binsMeasured: 'evt.catalog.bins_measured',
} as const;

/** A reading the catalog did not turn into stock: below the empty bin after calibration (2007), or outside the bin's bounds. */
export const BIN_FAULTS = ['negative', 'implausible'] as const;
export type BinFault = (typeof BIN_FAULTS)[number];

/**
 * The noise band (docs/storages.md "Noise band"): a stock level moves only when it differs from the level the sensor
 * last applied to the rule by more than this many pieces. A bin sets its own (`noise_band` of the bin, 0 to
 * NOISE_BAND_MAX pieces); unset (null), its sensor's type decides: half a piece for a scale and a distance sensor
 * (a scale's wobble around a piece boundary stays out of the stock, while taking or adding one piece always counts),
 * none for what counts (light barrier, RFID, button: a count does not jitter, every change counts).
 */
export const NOISE_BAND_DEFAULTS: Readonly<Record<SensorType, number>> = {
  weight: 0.5,
  distance: 0.5,
  light_barrier: 0,
  rfid: 0,
  button: 0,
};

/** The widest noise band a bin may set, in pieces (wider is no band but a sensor that is not used). */
export const NOISE_BAND_MAX = 100_000;

/** The band of a measurement that names none (announced before bins had their own): what every bin had then. */
export const NOISE_BAND_LEGACY = 0.5;

/** The noise band that applies to a bin: its own when set, else its sensor type's default (NOISE_BAND_DEFAULTS). */
export function noiseBandOf(band: number | null | undefined, type: SensorType | null | undefined): number {
  if (band !== null && band !== undefined && Number.isFinite(band) && band >= 0) return band;
  return type ? NOISE_BAND_DEFAULTS[type] : NOISE_BAND_LEGACY;
}

/** One bin's latest reading of the event, calibrated. */
export interface BinMeasurement {
  bin_id: number;
  storage_id: number;
  location_id: number;
  rule_id: number;
  sensor_id: number;
  sensor_name: string;
  storage_name: string;
  /** the bin's label (R1-2-3) */
  bin: string;
  /** the reading's time (ISO) */
  read_at: string;
  /** the reading as the sensor reports it, in its unit */
  value: number;
  /**
   * the level in pieces, not rounded (weight: (grams − tare) / piece weight; count: counted bins × pieces per bin),
   * clamped at 0; null for a distance, which needs the rule's capacity (`fill`) and for a fault
   */
  pieces: number | null;
  /** distance: how full the bin is, (empty − distance) / (empty − full), 0..1 (above 1 when fuller than "full"); else null */
  fill: number | null;
  /** seconds after an applied change during which readings wait (the bin's dead time; 0: none) */
  dead_time_seconds: number;
  /**
   * the bin's noise band in pieces (noiseBandOf: its own, else its sensor type's default): a level within it of the one
   * applied last changes nothing. Left out by a catalog from before the setting: NOISE_BAND_LEGACY
   */
  noise_band?: number;
  /** null: a good reading; else why it was not turned into stock */
  fault: BinFault | null;
  /** a fault that is new for the bin (the last reading was fine or had another fault): the journal gets an entry (2007 negative, 2000 implausible) */
  journal: boolean;
}

/** evt.catalog.bins_measured: per company, the bins whose sensors reported in one stored batch. */
export interface BinsMeasured {
  company_id: number;
  bins: BinMeasurement[];
}
