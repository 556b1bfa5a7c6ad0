import type { ListQuery } from './identity';
import type { ImageRef } from './images';

/** Request/reply subjects of the catalog service for catalogs and items. */
export const ItemSubjects = {
  listCatalogs: 'catalog.catalog.list',
  getCatalog: 'catalog.catalog.get',
  createCatalog: 'catalog.catalog.create',
  updateCatalog: 'catalog.catalog.update',
  deleteCatalog: 'catalog.catalog.delete',
  listItems: 'catalog.item.list',
  getItem: 'catalog.item.get',
  createItem: 'catalog.item.create',
  updateItem: 'catalog.item.update',
  deleteItem: 'catalog.item.delete',
  backorders: 'catalog.item.backorders',
  toggleSubscription: 'catalog.item.toggle_subscription',
} as const;

/** Durable events about catalogs and items. */
export const ItemEvents = {
  catalogChanged: 'evt.catalog.catalog_changed',
  itemChanged: 'evt.catalog.item_changed',
  subscriptionChanged: 'evt.catalog.item_subscription_changed',
  /** Published by the orders service (issue 5); the catalog keeps a read model of open backorders. */
  backorderChanged: 'evt.orders.backorder_changed',
} as const;

export const CATALOG_SORTS = ['name', 'contract_name', 'ext_system_id', 'created_at'] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];

/** A catalog of a supplier (spec 3). */
export interface CatalogDto {
  id: number;
  supplier_id: number;
  name: string;
  contract_name: string;
  description: string;
  ext_system_id: string;
  created_at: string;
  updated_at: string;
}

export type CatalogInput = Partial<Omit<CatalogDto, 'id' | 'supplier_id' | 'created_at' | 'updated_at'>>;

/** evt.catalog.catalog_changed */
export interface CatalogChanged {
  id: number;
  company_id: number;
  supplier_id: number;
  name: string;
  /** the catalog's external system id (supplies show it) */
  ext_system_id?: string;
  deleted?: boolean;
}

export const ITEM_SORTS = ['sku', 'name', 'customer_sku', 'material_number', 'lead_time_days', 'contract_end_date', 'paused_until', 'created_at'] as const;
export type ItemSort = (typeof ITEM_SORTS)[number];

/**
 * An item of a customer, optionally from a catalog (so from that catalog's supplier) (spec 3). Threshold,
 * capacity and stock belong to the kanban rule (item x location, issue 5). Dates are YYYY-MM-DD.
 */
export interface ItemDto {
  id: number;
  customer_id: number;
  catalog_id: number | null;
  /** the catalog's supplier (read-only) */
  supplier_id: number | null;
  sku: string;
  name: string;
  description: string;
  item_unit: string;
  order_unit: string;
  quantity_per_order_unit: number;
  min_order_quantity: number;
  /** 0 = no maximum */
  max_order_quantity: number;
  order_quantity: number;
  order_quantity_increment: number;
  lead_time_days: number;
  transit_days: number;
  material_number: string;
  material_group: string;
  unspsc: string;
  /** the item is disabled automatically from this day on */
  contract_end_date: string | null;
  /** days between subscription deliveries, 0 = none */
  subscription_interval: number;
  /** paused up to and including this day; null = not paused */
  paused_until: string | null;
  /** true also once the contract end date is reached */
  disabled: boolean;
  /** paused_until is today or later */
  paused: boolean;
  instant_delivery: boolean;
  purchaseable: boolean;
  customer_sku: string;
  /** the item's latest order (read-only; set by the orders service) */
  latest_order: string | null;
  created_at: string;
  updated_at: string;
  /** the images, the selected one first (spec 3; url: GET /api/image/{key}?size=) */
  images: ImageRef[];
  /** location item lists only: whether the item is subscribed at the location */
  subscribed?: boolean;
}

/** evt.catalog.item_subscription_changed */
export interface SubscriptionChanged {
  company_id: number;
  location_id: number;
  item_id: number;
  active: boolean;
}

/** The writable fields of an item (create and update); `disabled` and `paused_until` also disable/enable and pause/unpause. */
export type ItemInput = Partial<Omit<ItemDto, 'id' | 'customer_id' | 'supplier_id' | 'paused' | 'latest_order' | 'created_at' | 'updated_at' | 'subscribed' | 'images'>>;

export interface ItemListQuery extends ListQuery {
  /** false (default): only enabled items */
  all?: boolean;
  /** only paused items */
  paused?: boolean;
  /** how q matches: prefix of SKU, name or customer SKU; part of the name (3+ characters); any (default): both */
  match?: ItemMatch;
}

export const ITEM_MATCHES = ['any', 'prefix', 'part'] as const;
export type ItemMatch = (typeof ITEM_MATCHES)[number];

/** Where an item list is taken from. */
export interface ItemScope {
  customerId?: number;
  locationId?: number;
  supplierId?: number;
}

/** evt.catalog.item_changed */
export interface ItemChanged {
  id: number;
  company_id: number;
  customer_id: number;
  catalog_id: number | null;
  sku: string;
  name: string;
  disabled: boolean;
  paused_until: string | null;
  deleted?: boolean;
}

/**
 * evt.orders.backorder_changed (orders service, issue 5): the open backorder quantity of one order line.
 * Quantity 0 closes it. Events carry `changed_at`; an older event never overwrites a newer state.
 */
export interface BackorderChanged {
  company_id: number;
  order_id: number;
  pos: number;
  customer_id: number;
  location_id: number | null;
  item_id: number;
  quantity: number;
  changed_at: string;
}

/** An open backorder as the catalog answers it. */
export interface BackorderDto {
  order_id: number;
  pos: number;
  customer_id: number;
  location_id: number | null;
  item_id: number;
  sku: string;
  name: string;
  supplier_id: number | null;
  quantity: number;
  since: string;
}
