import type { ListQuery } from './identity';
import type { ImageRef } from './images';

/** Request/reply subjects served by the catalog service. */
export const CatalogSubjects = {
  health: 'catalog.health',
  listCustomers: 'catalog.customer.list',
  getCustomer: 'catalog.customer.get',
  createCustomer: 'catalog.customer.create',
  updateCustomer: 'catalog.customer.update',
  deleteCustomer: 'catalog.customer.delete',
  toggleCustomer: 'catalog.customer.toggle_active',
  listSuppliers: 'catalog.supplier.list',
  getSupplier: 'catalog.supplier.get',
  createSupplier: 'catalog.supplier.create',
  updateSupplier: 'catalog.supplier.update',
  deleteSupplier: 'catalog.supplier.delete',
  toggleSupplier: 'catalog.supplier.toggle_active',
} as const;

/** Durable events published by the catalog service (JetStream stream EVT_catalog). */
export const CatalogEvents = {
  customerChanged: 'evt.catalog.customer_changed',
  supplierChanged: 'evt.catalog.supplier_changed',
} as const;

/** Countries a customer address may name (empty: not set). */
export const CUSTOMER_COUNTRIES = ['AT', 'BE', 'CH', 'CZ', 'DE', 'DK', 'FR', 'LU', 'NL', 'PL'] as const;

export type BackorderType = 'days' | 'scanner';

export const CUSTOMER_SORTS = ['name', 'nr', 'city', 'created_at'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

/** A customer of the company (spec 3), as returned by the API. */
export interface CustomerDto {
  id: number;
  name: string;
  nr: string;
  extended: string;
  description: string;
  street: string;
  postal: string;
  city: string;
  state: string;
  country_iso: string;
  vat_id: string;
  auftragsnr: string;
  bediener: string;
  scan_id_prefix: string;
  service_fee_item_id: number | null;
  time_tracking_item_id: number | null;
  use_subscription: boolean;
  use_backorder: boolean;
  /** days: back order after 7 days; scanner: only notify the scanner */
  backorder_type: BackorderType;
  use_request_workflow: boolean;
  show_stock_in_app: boolean;
  /** 0 = off */
  automatic_restock_days: number;
  inactive: boolean;
  /** the images, the selected one first (spec 3; url: GET /api/image/{key}?size=) */
  images: ImageRef[];
  created_at: string;
  updated_at: string;
}

/** The writable fields of a customer (create and update). */
export type CustomerInput = Partial<Omit<CustomerDto, 'id' | 'images' | 'created_at' | 'updated_at'>>;

export interface CustomerListQuery extends ListQuery {
  /** false (default): only active customers */
  all?: boolean;
}

/** evt.catalog.customer_changed: a customer was created, changed, (de)activated or deleted. */
export interface CustomerChanged {
  id: number;
  company_id: number;
  name: string;
  inactive: boolean;
  deleted?: boolean;
}

export const SUPPLIER_SORTS = ['name', 'nr', 'city', 'created_at'] as const;
export type SupplierSort = (typeof SUPPLIER_SORTS)[number];

/** A supplier of the company (spec 3), as returned by the API. */
export interface SupplierDto {
  id: number;
  name: string;
  /** catalog id; unique in the company when set */
  nr: string;
  /** the supplier's number in an external system */
  ext_nr: string;
  description: string;
  street: string;
  postal: string;
  city: string;
  state: string;
  country_iso: string;
  active: boolean;
  /** the images, the selected one first (spec 3; url: GET /api/image/{key}?size=) */
  images: ImageRef[];
  created_at: string;
  updated_at: string;
}

/** The writable fields of a supplier (create and update). */
export type SupplierInput = Partial<Omit<SupplierDto, 'id' | 'images' | 'created_at' | 'updated_at'>>;

export interface SupplierListQuery extends ListQuery {
  /** false (default): only active suppliers */
  all?: boolean;
}

/** evt.catalog.supplier_changed: a supplier was created, changed, (de)activated or deleted. */
export interface SupplierChanged {
  id: number;
  company_id: number;
  name: string;
  active: boolean;
  deleted?: boolean;
}
