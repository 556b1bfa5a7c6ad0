import { decide, type ItemFacts, type LocationFacts, orderQuantity, type RuleFacts } from './algorithm';
import { QUANTITY_CASES } from './algorithm.cases';

const item = (over: Partial<ItemFacts> = {}): ItemFacts => ({
  perOrderUnit: 1,
  moq: 1,
  mxoq: 0,
  increment: 1,
  deleted: false,
  disabled: false,
  pausedUntil: null,
  contractEndDate: null,
  ...over,
});
const location = (over: Partial<LocationFacts> = {}): LocationFacts => ({ deleted: false, inactive: false, scheduled: false, ...over });
const rule = (over: Partial<RuleFacts> = {}): RuleFacts => ({ stock: 2, threshold: 5, capacity: 20, onOrder: 0, pendingLine: false, ...over });
const TODAY = '2026-11-23';

describe('requisition quantity (the shared cases)', () => {
  it.each(QUANTITY_CASES)('$name', (c) => {
    const decision = decide(
      { stock: c.stock, threshold: c.threshold, capacity: c.capacity, onOrder: c.onOrder, pendingLine: false },
      item({ perOrderUnit: c.perOrderUnit, moq: c.moq, mxoq: c.mxoq, increment: c.increment, orderQuantity: c.orderQuantity }),
      location({ deltakanban: c.deltakanban }),
      false,
      'execute',
      TODAY,
    );
    expect(decision).toEqual({ reason: c.reason, quantity: c.quantity });
  });
});

describe('orderQuantity', () => {
  const constraints = { perOrderUnit: 1, moq: 0, mxoq: 0, increment: 1 };
  it('is 0 when stock and what is on order reach capacity', () => {
    expect(orderQuantity(10, 10, 0, constraints)).toBe(0);
    expect(orderQuantity(10, 4, 6, constraints)).toBe(0);
    expect(orderQuantity(10, 12, 0, constraints)).toBe(0);
  });
  it('never applies the minimum to nothing', () => {
    expect(orderQuantity(10, 10, 0, { ...constraints, moq: 5 })).toBe(0);
  });
  it('rounds a shortfall of a fraction of an order unit up to one', () => {
    expect(orderQuantity(101, 100, 0, { ...constraints, perOrderUnit: 50 })).toBe(1);
  });
});

describe('decide: reasons in order', () => {
  it('orders below the threshold', () => {
    expect(decide(rule(), item(), location(), false, 'schedule', TODAY)).toEqual({ reason: 'ordered', quantity: 18 });
  });
  it('an inactive or deleted location wins over everything', () => {
    expect(decide(rule(), item({ disabled: true }), location({ inactive: true }), true, 'schedule', TODAY).reason).toBe('location_inactive');
    expect(decide(rule(), item(), location({ deleted: true }), false, 'schedule', TODAY).reason).toBe('location_inactive');
    expect(decide(rule(), item(), null, false, 'schedule', TODAY).reason).toBe('location_inactive');
  });
  it('then the customer', () => {
    expect(decide(rule(), item({ disabled: true }), location(), true, 'schedule', TODAY).reason).toBe('customer_inactive');
  });
  it('then the item: deleted, disabled (or contract ended), paused through today', () => {
    expect(decide(rule(), null, location(), false, 'schedule', TODAY).reason).toBe('item_deleted');
    expect(decide(rule(), item({ deleted: true }), location(), false, 'schedule', TODAY).reason).toBe('item_deleted');
    expect(decide(rule(), item({ disabled: true }), location(), false, 'schedule', TODAY).reason).toBe('item_disabled');
    expect(decide(rule(), item({ contractEndDate: TODAY }), location(), false, 'schedule', TODAY).reason).toBe('item_disabled');
    expect(decide(rule(), item({ contractEndDate: '2026-11-24' }), location(), false, 'schedule', TODAY).reason).toBe('ordered');
    expect(decide(rule(), item({ pausedUntil: TODAY }), location(), false, 'schedule', TODAY).reason).toBe('item_paused');
    expect(decide(rule(), item({ pausedUntil: '2026-11-22' }), location(), false, 'schedule', TODAY).reason).toBe('ordered');
  });
  it('then an inactive supplier (after a deleted item, before the item\'s own state): never ordered, whatever the stock', () => {
    expect(decide(rule({ stock: 0 }), item({ supplierInactive: true }), location(), false, 'schedule', TODAY)).toEqual({ reason: 'supplier_inactive', quantity: 0 });
    expect(decide(rule(), item({ supplierInactive: true, disabled: true, pausedUntil: TODAY }), location(), false, 'execute', TODAY).reason).toBe('supplier_inactive');
    expect(decide(rule(), item({ supplierInactive: true }), location({ scheduled: true }), false, 'stock', TODAY).reason).toBe('supplier_inactive');
    expect(decide(rule(), item({ supplierInactive: true }), location(), false, 'schedule', TODAY, { backorderReorder: true, restockDue: true }).reason).toBe('supplier_inactive');
    expect(decide(rule(), item({ supplierInactive: true, deleted: true }), location(), false, 'schedule', TODAY).reason).toBe('item_deleted');
    expect(decide(rule(), item({ supplierInactive: true }), location(), true, 'schedule', TODAY).reason).toBe('customer_inactive');
    expect(decide(rule(), item({ supplierInactive: true }), location({ inactive: true }), false, 'schedule', TODAY).reason).toBe('location_inactive');
    expect(decide(rule(), item({ supplierInactive: false }), location(), false, 'schedule', TODAY).reason).toBe('ordered');
  });
  it('a pending order line blocks a second order even when stock fell further', () => {
    expect(decide(rule({ stock: 0, onOrder: 2, pendingLine: true }), item(), location(), false, 'execute', TODAY)).toEqual({ reason: 'already_on_order', quantity: 0 });
  });
  it('above the threshold is said before a pending line', () => {
    expect(decide(rule({ stock: 9, pendingLine: true }), item(), location(), false, 'execute', TODAY).reason).toBe('above_threshold');
  });
  it('a stock event at a scheduled location waits for the slot, but says what it would order', () => {
    expect(decide(rule(), item(), location({ scheduled: true }), false, 'stock', TODAY)).toEqual({ reason: 'outside_schedule', quantity: 18 });
    expect(decide(rule(), item(), location({ scheduled: true }), false, 'schedule', TODAY).reason).toBe('ordered');
    expect(decide(rule(), item(), location({ scheduled: true }), false, 'execute', TODAY).reason).toBe('ordered');
    expect(decide(rule(), item(), location({ scheduled: false }), false, 'stock', TODAY).reason).toBe('ordered');
  });
  it('a threshold at or above capacity orders nothing: a configuration error (journal 2002)', () => {
    expect(decide(rule({ stock: 20, threshold: 20, capacity: 20 }), item(), location(), false, 'execute', TODAY)).toEqual({ reason: 'config_invalid', quantity: 0 });
  });
});

describe('decide: configuration, backorders, restock days', () => {
  it('capacity not above the threshold or contradicting constraints are config_invalid', () => {
    expect(decide(rule({ threshold: 20, capacity: 20 }), item(), location(), false, 'schedule', TODAY).reason).toBe('config_invalid');
    expect(decide(rule(), item({ moq: 10, mxoq: 5 }), location(), false, 'schedule', TODAY).reason).toBe('config_invalid');
    expect(decide(rule(), item({ moq: 5, mxoq: 5 }), location(), false, 'schedule', TODAY).reason).toBe('ordered');
  });
  it('a cancelled backorder orders anew with reason backorder, net of what else is on order', () => {
    expect(decide(rule({ stock: 2 }), item(), location({ scheduled: true }), false, 'stock', TODAY, { backorderReorder: true })).toEqual({ reason: 'backorder', quantity: 18 });
    expect(decide(rule({ stock: 2, onOrder: 10 }), item(), location(), false, 'schedule', TODAY, { backorderReorder: true })).toEqual({ reason: 'already_on_order', quantity: 0 });
  });
  it('restock days fill up a rule above its threshold in scheduled runs only, with nothing on order', () => {
    expect(decide(rule({ stock: 12 }), item(), location(), false, 'schedule', TODAY, { restockDue: true })).toEqual({ reason: 'restock', quantity: 8 });
    expect(decide(rule({ stock: 12 }), item(), location(), false, 'stock', TODAY, { restockDue: true }).reason).toBe('above_threshold');
    expect(decide(rule({ stock: 12, onOrder: 1 }), item(), location(), false, 'schedule', TODAY, { restockDue: true }).reason).toBe('above_threshold');
    expect(decide(rule({ stock: 20 }), item(), location(), false, 'schedule', TODAY, { restockDue: true }).reason).toBe('above_threshold');
    expect(decide(rule({ stock: 12 }), item(), location(), false, 'schedule', TODAY).reason).toBe('above_threshold');
  });
});
