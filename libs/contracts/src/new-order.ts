/**
 * The item search of a new order by hand (`GET [customer/{c}/]location/{l}/order/items?q=`, docs/replenishment.md
 * "Orders by hand"): the customer's items matching a SKU or name, each with what the order needs (supplier,
 * catalog, units, constraints) and whether it can be ordered at the location, and if not why.
 */
export const NewOrderSubjects = {
  orderableItems: 'orders.order.orderable_items',
} as const;

/**
 * Why an item cannot be ordered at the location (null: it can):
 * - `no_rule` / `rule_inactive`: no (active) kanban rule of the item at the location (a line answers 1040)
 * - `disabled`, `paused`, `not_purchaseable`: the item's state (1000)
 * - `no_service_fee`: a service item while neither the location nor the customer has a service fee item (1032)
 *
 * At a location with `adhoc` on, an item without a rule there is orderable (`adhoc: true`, docs/ordering-flags.md).
 */
export const NOT_ORDERABLE_REASONS = ['no_rule', 'rule_inactive', 'disabled', 'paused', 'not_purchaseable', 'no_service_fee'] as const;
export type NotOrderableReason = (typeof NOT_ORDERABLE_REASONS)[number];

export interface OrderableItemsQuery {
  /** part of the SKU or name (case-insensitive); at least 2 characters */
  q?: string;
  /** at most this many (default 20, at most 50) */
  limit?: number;
}

/** An item found for a new order: orderable ones first (then by SKU). */
export interface OrderableItemDto {
  id: number;
  sku: string;
  name: string;
  supplier_id: number | null;
  supplier_name: string;
  catalog_id: number | null;
  catalog_name: string;
  order_unit: string;
  item_unit: string;
  quantity_per_order_unit: number;
  min_order_quantity: number;
  /** 0 = no maximum */
  max_order_quantity: number;
  /** the usual order quantity (the line's default) */
  order_quantity: number;
  order_quantity_increment: number;
  /** the kanban rule of the item at the location (null: none; services need none) */
  rule_id: number | null;
  /** a time-tracking or service fee item: ordered without a rule */
  service: boolean;
  /** ad-hoc demand: no kanban rule of the item here, orderable because the location allows it (`adhoc`) */
  adhoc: boolean;
  orderable: boolean;
  reason: NotOrderableReason | null;
  /** the order holding an open line of the item's rule: a new line would answer 1059 */
  open_order_id: number | null;
}

export interface OrderableItemsReply {
  items: OrderableItemDto[];
}
