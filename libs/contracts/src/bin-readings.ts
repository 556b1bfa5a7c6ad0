/**
 * Sensor readings as stock (issue 17, docs/storages.md "Readings become stock"): the catalog turns the latest reading
 * of each sensor that sits in a bin holding a kanban rule into pieces through the bin's calibration and announces
 * them; the orders service applies them to the rule's stock (stock event kind `sensor`) and journals the faults.
 */
export const BinReadingEvents = {
  /** the bins' measured levels of one `evt.ingest.readings_stored` of a company (BinsMeasured) */
  binsMeasured: 'evt.catalog.bins_measured',
} as const;

/** A reading the catalog did not turn into stock: below the empty bin after calibration (2007), or outside the bin's bounds. */
export const BIN_FAULTS = ['negative', 'implausible'] as const;
export type BinFault = (typeof BIN_FAULTS)[number];

/**
 * A stock level moves only when it differs from the level the sensor last applied to the rule by more than this
 * many pieces (docs/storages.md): half a piece keeps a scale's wobble around a piece boundary out of the stock, while
 * taking or adding one piece (a change of about one piece) always counts.
 */
export const BIN_NOISE_PIECES = 0.5;

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
