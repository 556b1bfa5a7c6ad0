import type { ListQuery } from './identity';
import type { LocationSchedule } from './locations';
import type { SensorAlarmKind } from './sensors';

/** Request/reply subjects of the catalog service for the storages (racks) of a location. */
export const StorageSubjects = {
  list: 'catalog.storage.list',
  get: 'catalog.storage.get',
  create: 'catalog.storage.create',
  update: 'catalog.storage.update',
  delete: 'catalog.storage.delete',
  /** every bin of the rack's grid in layout order (the gateway adds the rules' stock) */
  listBins: 'catalog.storage.bins.list',
  /** assign a rule, a sensor and its calibration to one bin */
  putBin: 'catalog.storage.bins.put',
  /** empty one bin (rule, sensor and calibration) */
  clearBin: 'catalog.storage.bins.clear',
  /** the first (selected) image of each named item, for the bins' tiles */
  binImages: 'catalog.storage.bins.images',
  /** the bin of the company holding a kanban rule, with its sensor and calibration (the fill-level chart) */
  binOfRule: 'catalog.storage.bins.of_rule',
} as const;

/** Durable events about storages (JetStream stream EVT_catalog). */
export const StorageEvents = {
  storageChanged: 'evt.catalog.storage_changed',
  binChanged: 'evt.catalog.storage_bin_changed',
} as const;

/** The direction in which a rack's bins are numbered (spec 3: layout left, right, up, down). */
export const STORAGE_LAYOUTS = ['left', 'right', 'up', 'down'] as const;
export type StorageLayout = (typeof STORAGE_LAYOUTS)[number];

/** Rows and columns of a rack: 1 to this many. */
export const STORAGE_MAX_GRID = 50;

export const STORAGE_SORTS = ['name', 'rows', 'columns', 'created_at'] as const;
export type StorageSort = (typeof STORAGE_SORTS)[number];

/** A storage (rack) at a location (spec 3), as returned by the API. See docs/storages.md for each field. */
export interface StorageDto {
  id: number;
  customer_id: number;
  location_id: number;
  name: string;
  description: string;
  /** the kind of bin (container) the rack holds, e.g. "KLT 3147" */
  bin: string;
  /** put before every bin label, e.g. "R1-" */
  prefix: string;
  /** how a bin label is built from {prefix}, {row} and {column} */
  format: string;
  /** one of the company's storage types (settings/storage_types); null: none */
  storage_type_id: number | null;
  rows: number;
  columns: number;
  /** the direction in which bins are numbered */
  layout: StorageLayout;
  /** the empty bin's weight (or reading) in `unit`, subtracted from a reading */
  tare: number;
  /** a reading below this is treated as empty (noise) */
  min_value: number;
  /** minutes between readings or counts; 0: not read on a schedule */
  interval: number;
  /** the sensor of the rack, one of the company's (docs/sensors.md); null: none */
  sensor_id: number | null;
  /** the unit code readings are given in (one of the company's units); '' none */
  unit: string;
  /** what the sensor's values mean (free text until sensors are built, e.g. "grams per bin") */
  sensor_values: string;
  /** spec 3 "stocked or will be ordered": true: the rack's items are kept in stock or will be ordered (it takes part in replenishment); false: a rack for information only */
  stocked_or_ordered: boolean;
  /** when the rack is read or counted: requisition slots per weekday and for business days, as the location's schedule */
  schedule: LocationSchedule;
  created_at: string;
  updated_at: string;
}

/** The writable fields of a storage (create needs name; PATCH changes what it names; a schedule sent replaces the whole one). */
export type StorageInput = Partial<Omit<StorageDto, 'id' | 'customer_id' | 'location_id' | 'schedule' | 'created_at' | 'updated_at'>> & {
  schedule?: Partial<LocationSchedule>;
};

export type StorageListQuery = ListQuery;

/** evt.catalog.storage_changed: a storage was created, changed or deleted. */
export interface StorageChanged {
  id: number;
  company_id: number;
  customer_id: number;
  location_id: number;
  name: string;
  deleted?: boolean;
}

/** What a bin's sensor measures (spec 5 "what it currently measures"): grams, millimetres of distance, or a count (light barrier, RFID, button). */
export const BIN_MEASURES = ['weight_g', 'distance_mm', 'count'] as const;
export type BinMeasure = (typeof BIN_MEASURES)[number];

/** What should be measured from it (spec 5 "what should be measured"): pieces. */
export const BIN_WANTED = ['pieces'] as const;
export type BinWanted = (typeof BIN_WANTED)[number];

/** The calibration of a bin's sensor: which fields count depends on `measured` (docs/storages.md "Bins"). Null: not set. */
export interface StorageBinCalibration {
  measured: BinMeasure | null;
  wanted: BinWanted | null;
  /** weight_g: the empty bin's weight in grams */
  tare: number | null;
  /** weight_g: the weight of one piece in grams (> 0) */
  piece_weight: number | null;
  /** distance_mm: the distance read over the empty bin */
  empty_distance: number | null;
  /** distance_mm: the distance read over the full bin (less than empty_distance) */
  full_distance: number | null;
  /** count: the pieces one counted bin holds */
  pieces_per_bin: number | null;
  /** readings outside min..max are implausible (refused later by the ingestion) */
  plausibility_min: number | null;
  plausibility_max: number | null;
  /** seconds readings are ignored after a movement */
  dead_time_seconds: number | null;
  /**
   * pieces the level may move from the one applied last without changing the stock (0..NOISE_BAND_MAX); null: the
   * sensor type's default (NOISE_BAND_DEFAULTS: weight and distance half a piece, counts none)
   */
  noise_band: number | null;
}

/** PUT …/storage/{s}/bins/{row}/{column}: replaces the bin's rule, sensor and calibration (fields left out are null). */
export interface StorageBinInput extends Partial<StorageBinCalibration> {
  kanban_rule_id?: number | null;
  sensor_id?: number | null;
}

/** The rule of a bin as the plan shows it (from the orders service); stock figures are null when the caller may not see stock. */
export interface StorageBinRule {
  id: number;
  item_id: number;
  sku: string;
  name: string;
  item_unit: string;
  active: boolean;
  stock: number | null;
  threshold: number | null;
  capacity: number | null;
  /** stock / capacity in percent (0..100, rounded); null without capacity or when stock is hidden */
  fill_percent: number | null;
  stock_updated_at: string | null;
  /** the item's selected (else first) image; null: none */
  image_url: string | null;
}

/** The sensor of a bin as the plan shows it (from the catalog's sensors). */
export interface StorageBinSensor {
  id: number;
  name: string;
  external_id: string;
  /** minutes between readings the sensor is expected to report at; 0: unknown */
  interval_minutes: number;
  last_seen_at: string | null;
  battery: number | null;
  /** the alarms by the shared rule (sensorAlarms, as the sensor list): offline also for a sensor that never reported within 3 intervals of its creation */
  alarms: SensorAlarmKind[];
  /** no reading for more than 3 × the interval (alarms has 'offline') */
  offline: boolean;
  /** the reported battery below 20 % (alarms has 'battery_low') */
  battery_low: boolean;
}

/** One cell of a rack's grid. `row` and `column` count from bin 1's corner (see binPlace); `number` is its place in layout order. */
export interface StorageBinDto extends StorageBinCalibration {
  row: number;
  column: number;
  number: number;
  label: string;
  kanban_rule_id: number | null;
  sensor_id: number | null;
  /** null: no rule, or the rule is gone or hidden from the caller (kanban_rule_id still says which) */
  rule: StorageBinRule | null;
  sensor: StorageBinSensor | null;
  /** below threshold: stock at or below the rule's threshold (never when stock is hidden) */
  below_threshold: boolean;
  /**
   * the sensor's newest reading was not turned into stock (docs/storages.md "Readings become stock"): `negative` (below
   * the empty bin; journal 2007) or `implausible` (outside the plausibility bounds), since `at`, with the value in the
   * sensor's unit; null: the newest reading was good (or none came)
   */
  fault: { kind: 'negative' | 'implausible'; at: string; value: number | null } | null;
  updated_at: string | null;
}

/** GET …/storage/{s}/bins: the rack and every bin of its grid in layout order. */
export interface StorageBinsDto {
  storage: StorageDto;
  /** whether stock and fill levels are shown: staff always, customer users when their customer's show_stock_in_app is on */
  show_stock: boolean;
  bins: StorageBinDto[];
}

/** The catalog's part of a bins answer (the gateway adds the rules from the orders service). */
export interface StorageBinsRecord {
  storage: StorageDto;
  /** the customer's show_stock_in_app */
  show_stock_in_app: boolean;
  bins: Omit<StorageBinDto, 'rule' | 'below_threshold'>[];
}

/** evt.catalog.storage_bin_changed: a bin got or lost a rule or sensor, or its calibration changed. */
export interface StorageBinChanged {
  id: number;
  company_id: number;
  storage_id: number;
  location_id: number;
  row: number;
  column: number;
  kanban_rule_id: number | null;
  sensor_id: number | null;
  deleted?: boolean;
}

/**
 * A bin's number in layout order (1-based). `row` and `column` count from the corner where bin 1 sits:
 * `right` (bin 1 top left, numbers run right along a row, then the next row down), `left` (top right, run left),
 * `down` (top left, numbers run down a column, then the next column to the right), `up` (bottom left, run up).
 */
export function binNumber(layout: StorageLayout, rows: number, columns: number, row: number, column: number): number {
  return layout === 'right' || layout === 'left' ? (row - 1) * columns + column : (column - 1) * rows + row;
}

/** Where a bin is drawn: its 1-based grid row (top down) and grid column (left to right) in the rack's front view. */
export function binPlace(layout: StorageLayout, rows: number, columns: number, row: number, column: number): { gridRow: number; gridColumn: number } {
  return {
    gridRow: layout === 'up' ? rows - row + 1 : row,
    gridColumn: layout === 'left' ? columns - column + 1 : column,
  };
}

/** Every (row, column) of a grid in layout order (bin 1 first). */
export function binsInLayoutOrder(layout: StorageLayout, rows: number, columns: number): { row: number; column: number }[] {
  const out: { row: number; column: number }[] = [];
  if (layout === 'right' || layout === 'left') {
    for (let row = 1; row <= rows; row++) for (let column = 1; column <= columns; column++) out.push({ row, column });
  } else {
    for (let column = 1; column <= columns; column++) for (let row = 1; row <= rows; row++) out.push({ row, column });
  }
  return out;
}
