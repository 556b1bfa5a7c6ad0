import type { ListQuery } from './identity';

/** Request/reply subjects of the catalog service for the storages (racks) of a location. */
export const StorageSubjects = {
  list: 'catalog.storage.list',
  get: 'catalog.storage.get',
  create: 'catalog.storage.create',
  update: 'catalog.storage.update',
  delete: 'catalog.storage.delete',
} as const;

/** Durable events about storages (JetStream stream EVT_catalog). */
export const StorageEvents = {
  storageChanged: 'evt.catalog.storage_changed',
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
  /** the sensor of the rack; null: none (sensors come with the sensor slice, docs/storages.md) */
  sensor_id: number | null;
  /** the unit code readings are given in (one of the company's units); '' none */
  unit: string;
  /** what the sensor's values mean (free text until sensors are built, e.g. "grams per bin") */
  sensor_values: string;
  /** spec 3 "stocked or will be ordered": true: the rack's items are kept in stock or will be ordered (it takes part in replenishment); false: a rack for information only */
  stocked_or_ordered: boolean;
  created_at: string;
  updated_at: string;
}

/** The writable fields of a storage (create needs name; PATCH changes what it names). */
export type StorageInput = Partial<Omit<StorageDto, 'id' | 'customer_id' | 'location_id' | 'created_at' | 'updated_at'>>;

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
