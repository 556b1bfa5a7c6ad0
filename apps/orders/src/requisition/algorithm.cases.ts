import type { DecisionReason } from '@kanban/contracts';

/**
 * Quantity cases of the requisition, checked against the TypeScript algorithm (algorithm.spec.ts) and against
 * the run's SQL on a real database (tests/e2e/orders-requisition.e2e.ts), so both stay the same algorithm.
 * Stock, threshold, capacity in item units; on_order, moq, mxoq, increment and the expected quantity in
 * order units. `confirmed`: on_order is in confirmed (not pending) lines.
 */
export interface QuantityCase {
  name: string;
  stock: number;
  threshold: number;
  capacity: number;
  perOrderUnit: number;
  moq: number;
  mxoq: number;
  increment: number;
  onOrder: number;
  reason: DecisionReason;
  quantity: number;
  /** the location's deltakanban (default on: fill up to capacity); off: classic kanban */
  deltakanban?: boolean;
  /** the item's fixed order quantity (order units; default 1) */
  orderQuantity?: number;
}

export const QUANTITY_CASES: QuantityCase[] = [
  { name: 'fills up to capacity', stock: 3, threshold: 5, capacity: 20, perOrderUnit: 1, moq: 1, mxoq: 0, increment: 1, onOrder: 0, reason: 'ordered', quantity: 17 },
  { name: 'an empty bin at threshold 0 orders', stock: 0, threshold: 0, capacity: 12, perOrderUnit: 1, moq: 1, mxoq: 0, increment: 1, onOrder: 0, reason: 'ordered', quantity: 12 },
  { name: 'stock at the threshold orders', stock: 5, threshold: 5, capacity: 20, perOrderUnit: 1, moq: 1, mxoq: 0, increment: 1, onOrder: 0, reason: 'ordered', quantity: 15 },
  { name: 'stock above the threshold does not order', stock: 6, threshold: 5, capacity: 20, perOrderUnit: 1, moq: 1, mxoq: 0, increment: 1, onOrder: 0, reason: 'above_threshold', quantity: 0 },
  { name: 'rounds up to the increment', stock: 3, threshold: 5, capacity: 20, perOrderUnit: 1, moq: 1, mxoq: 0, increment: 5, onOrder: 0, reason: 'ordered', quantity: 20 },
  { name: 'an exact multiple of the increment stays', stock: 0, threshold: 5, capacity: 20, perOrderUnit: 1, moq: 1, mxoq: 0, increment: 5, onOrder: 0, reason: 'ordered', quantity: 20 },
  { name: 'converts item units to order units, rounding up', stock: 130, threshold: 200, capacity: 1000, perOrderUnit: 100, moq: 1, mxoq: 0, increment: 1, onOrder: 0, reason: 'ordered', quantity: 9 },
  { name: 'fractional increments without rounding errors', stock: 0.1, threshold: 0.2, capacity: 0.4, perOrderUnit: 1, moq: 0, mxoq: 0, increment: 0.1, onOrder: 0, reason: 'ordered', quantity: 0.3 },
  { name: 'raised to the minimum order quantity', stock: 18, threshold: 18, capacity: 20, perOrderUnit: 1, moq: 10, mxoq: 0, increment: 1, onOrder: 0, reason: 'ordered', quantity: 10 },
  { name: 'cut to the maximum order quantity', stock: 0, threshold: 10, capacity: 500, perOrderUnit: 1, moq: 1, mxoq: 120, increment: 1, onOrder: 0, reason: 'ordered', quantity: 120 },
  { name: 'increment first, then the maximum', stock: 0, threshold: 10, capacity: 98, perOrderUnit: 1, moq: 1, mxoq: 97, increment: 10, onOrder: 0, reason: 'ordered', quantity: 97 },
  { name: 'increment first, then the minimum', stock: 9, threshold: 10, capacity: 12, perOrderUnit: 1, moq: 7, mxoq: 0, increment: 2, onOrder: 0, reason: 'ordered', quantity: 7 },
  { name: 'nets what is on order (confirmed)', stock: 0, threshold: 30, capacity: 100, perOrderUnit: 1, moq: 1, mxoq: 0, increment: 1, onOrder: 25, reason: 'ordered', quantity: 75 },
  { name: 'nets on-order in order units', stock: 100, threshold: 500, capacity: 1000, perOrderUnit: 100, moq: 1, mxoq: 0, increment: 1, onOrder: 3, reason: 'ordered', quantity: 6 },
  { name: 'enough on order: no new order', stock: 0, threshold: 30, capacity: 100, perOrderUnit: 1, moq: 1, mxoq: 0, increment: 1, onOrder: 40, reason: 'already_on_order', quantity: 0 },
  // classic kanban (deltakanban off): the item's fixed order quantity, not the fill-up
  { name: 'classic: the fixed order quantity, not the fill-up', stock: 3, threshold: 5, capacity: 20, perOrderUnit: 1, moq: 1, mxoq: 0, increment: 1, onOrder: 0, reason: 'ordered', quantity: 8, deltakanban: false, orderQuantity: 8 },
  { name: 'classic: an empty bin orders the same', stock: 0, threshold: 5, capacity: 20, perOrderUnit: 1, moq: 1, mxoq: 0, increment: 1, onOrder: 0, reason: 'ordered', quantity: 8, deltakanban: false, orderQuantity: 8 },
  { name: 'classic: net of what is on order', stock: 0, threshold: 30, capacity: 100, perOrderUnit: 1, moq: 1, mxoq: 0, increment: 1, onOrder: 25, reason: 'ordered', quantity: 15, deltakanban: false, orderQuantity: 40 },
  { name: 'classic: on order covers it', stock: 0, threshold: 30, capacity: 100, perOrderUnit: 1, moq: 1, mxoq: 0, increment: 1, onOrder: 25, reason: 'nothing_to_order', quantity: 0, deltakanban: false, orderQuantity: 20 },
  { name: 'classic: rounded up to the increment, raised to the minimum', stock: 0, threshold: 5, capacity: 500, perOrderUnit: 10, moq: 12, mxoq: 0, increment: 4, onOrder: 0, reason: 'ordered', quantity: 12, deltakanban: false, orderQuantity: 7 },
  { name: 'classic: cut to the maximum', stock: 0, threshold: 5, capacity: 500, perOrderUnit: 1, moq: 1, mxoq: 50, increment: 1, onOrder: 0, reason: 'ordered', quantity: 50, deltakanban: false, orderQuantity: 80 },
  { name: 'classic: above the threshold does not order', stock: 6, threshold: 5, capacity: 20, perOrderUnit: 1, moq: 1, mxoq: 0, increment: 1, onOrder: 0, reason: 'above_threshold', quantity: 0, deltakanban: false, orderQuantity: 8 },
];
