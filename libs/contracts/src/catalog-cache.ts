import { CatalogSubjects } from './catalog';
import { ContactSubjects } from './contacts';
import { ImageSubjects } from './images';
import { ItemSubjects } from './items';
import { LocationSubjects } from './locations';
import { SettingsSubjects } from './settings';
import { SensorSubjects } from './sensors';
import { StorageSubjects } from './storages';

/** Broadcast (not durable) notices of the catalog service: `changed` after every committed write, `{ company_id: number | null }`. */
export const CatalogBroadcasts = {
  changed: 'cache.catalog.changed',
} as const;

export interface CatalogDataChanged {
  /** the company whose catalog data changed; null: any company's (e.g. a job over all companies) */
  company_id: number | null;
}

/**
 * Catalog reads whose answers depend on catalog data alone (the caller's restrictions included: the catalog
 * keeps its copy), so a gateway may keep them until the catalog announces a change for the company.
 */
export const CATALOG_CACHEABLE_READS: readonly string[] = [
  CatalogSubjects.listCustomers,
  CatalogSubjects.getCustomer,
  CatalogSubjects.listSuppliers,
  CatalogSubjects.getSupplier,
  LocationSubjects.list,
  LocationSubjects.get,
  StorageSubjects.list,
  StorageSubjects.get,
  SensorSubjects.list,
  SensorSubjects.get,
  ItemSubjects.listCatalogs,
  ItemSubjects.getCatalog,
  ItemSubjects.listItems,
  ItemSubjects.getItem,
  ItemSubjects.backorders,
  ContactSubjects.list,
  ContactSubjects.get,
  ContactSubjects.changes,
  ImageSubjects.list,
  SettingsSubjects.listUnits,
  SettingsSubjects.getUnit,
  SettingsSubjects.listStorageTypes,
  SettingsSubjects.getStorageType,
  SettingsSubjects.listCustomFields,
  SettingsSubjects.getCustomField,
  SettingsSubjects.getCustomValues,
];
