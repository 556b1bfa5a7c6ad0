import type { ListQuery } from './identity';

/** Request/reply subjects served by the supply service (docs/supplies.md). */
export const SupplySubjects = {
  health: 'supply.health',
  list: 'supply.supply.list',
  get: 'supply.supply.get',
  setDelivered: 'supply.supply.set_delivered',
  setLineDelivered: 'supply.supply.set_line_delivered',
  assortment: 'supply.assortment.list',
  assortmentCustomer: 'supply.assortment.customer',
  itemSupplies: 'supply.item.supplies',
} as const;

/** Durable events published by the supply service (JetStream stream EVT_supply). */
export const SupplyEvents = {
  /** a supply was created from an order (the orders service writes an S history event) */
  supplyCreated: 'evt.supply.created',
  /** lines of a supply were marked delivered or taken back (the orders service updates its order lines) */
  deliveryChanged: 'evt.supply.delivery_changed',
} as const;

/** open: nothing delivered yet; partial: some lines delivered; delivered: every line delivered. */
export const SUPPLY_STATUSES = ['open', 'partial', 'delivered'] as const;
export type SupplyStatus = (typeof SUPPLY_STATUSES)[number];

export interface SupplyLineDto {
  pos: number;
  item_id: number;
  sku: string;
  name: string;
  /** in order units */
  quantity: number;
  unit: string;
  /** expected delivery day (YYYY-MM-DD) */
  shipping: string;
  catalog_id: number | null;
  delivered: boolean;
  delivered_at: string | null;
  delivered_by: number | null;
  /** the line's external status set by the supplier API (TR transmitted, PO order number received; spec clarifications); the feed only */
  ext_status?: string | null;
}

/** A supply (spec 3 "Supply"): what one supplier delivers for one order. */
export interface SupplyDto {
  id: number;
  order_id: number;
  supplier_id: number;
  supplier: string;
  customer_id: number;
  customer: string;
  location_id: number;
  location: string;
  /** the external system id of the catalog of the supply's items (the first line's catalog); '' if none */
  catalog_ext_id: string;
  /** the order day (YYYY-MM-DD) */
  date: string;
  /** the earliest expected delivery day of its lines (YYYY-MM-DD) */
  shipping: string;
  status: SupplyStatus;
  delivered: boolean;
  delivered_at: string | null;
  line_count: number;
  delivered_count: number;
  created_at: string;
  updated_at: string;
  /** detail only */
  lines?: SupplyLineDto[];
}

export const SUPPLY_SORTS = ['created_at', 'shipping', 'order_id', 'customer', 'location', 'status'] as const;
export type SupplySort = (typeof SUPPLY_SORTS)[number];
export const SUPPLY_STATES = ['open', 'delivered', 'all'] as const;
export type SupplyState = (typeof SUPPLY_STATES)[number];

export interface SupplyListQuery extends ListQuery {
  /** open (default: not completely delivered), delivered, all */
  state?: SupplyState;
  /** supplies created in the last N days (default: no limit) */
  days?: number;
}

/** PATCH supply/{id} and PATCH supply/{id}/line/{pos}: mark delivered (true) or take back (false). */
export interface SupplyDeliveryInput {
  delivered?: boolean;
}

/** GET assortment: a customer the supplier supplies. */
export interface AssortmentCustomerDto {
  customer_id: number;
  customer: string;
  supplies: number;
  open_supplies: number;
  items: number;
  last_supply_at: string;
  last_delivered_at: string | null;
}

/** GET assortment/{customerID}: an item supplied to the customer. */
export interface AssortmentItemDto {
  item_id: number;
  sku: string;
  name: string;
  unit: string;
  supplies: number;
  quantity: number;
  delivered_quantity: number;
  last_supply_at: string;
  last_delivered_at: string | null;
}

/** GET item/{itemID}/supplies: one supply line of the item. */
export interface ItemSupplyDto {
  supply_id: number;
  order_id: number;
  customer_id: number;
  customer: string;
  location_id: number;
  location: string;
  pos: number;
  quantity: number;
  unit: string;
  shipping: string;
  delivered: boolean;
  delivered_at: string | null;
  created_at: string;
}

export interface SupplyScope {
  supplierId: number;
}

/**
 * evt.supply.created: the supply service received an order (the order queue marks it transmitted). Also sent,
 * with `repeated` true, when an order it already has a supply for arrives again (a requeued order): nothing is
 * created twice, but the sender learns the order arrived.
 */
export interface SupplyCreated {
  id: number;
  company_id: number;
  order_id: number;
  supplier_id: number;
  lines: number;
  repeated?: boolean;
}

/**
 * evt.supply.delivery_changed: the lines whose delivered state changed (`delivered` true: marked delivered,
 * false: taken back) and the supply's state after the change. `version` grows with each change of the supply,
 * so a consumer can ignore an older change arriving late.
 */
export interface SupplyDeliveryChanged {
  id: number;
  company_id: number;
  order_id: number;
  supplier_id: number;
  user_id: number | null;
  version: number;
  delivered: boolean;
  lines: { pos: number; delivered: boolean; delivered_at: string | null }[];
}
