import { AppError } from '@kanban/access';
import { checkLine, type LineItem, normalizeNewOrder, shippingDay } from './new-order.rules';

const item: LineItem = { sku: 'A-1', order_unit: 'PAK', min_order_quantity: 2, max_order_quantity: 10, order_quantity_increment: 0.5 };

function failure(work: () => unknown): { code: number; field?: string } {
  try {
    work();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, field: error.field };
    throw error;
  }
  throw new Error('expected an error');
}

describe('new order lines', () => {
  it('checks SKU and unit (1017), MOQ (1014), MXOQ (1015) and the increment (1016), naming the line', () => {
    expect(failure(() => checkLine({ item_id: 1, quantity: 4, sku: 'B' }, item, 2))).toEqual({ code: 1017, field: 'lines[2].sku' });
    expect(failure(() => checkLine({ item_id: 1, quantity: 4, unit: 'STK' }, item, 0))).toEqual({ code: 1017, field: 'lines[0].unit' });
    expect(failure(() => checkLine({ item_id: 1, quantity: 1.5 }, item, 0))).toEqual({ code: 1014, field: 'lines[0].quantity' });
    expect(failure(() => checkLine({ item_id: 1, quantity: 10.5 }, item, 1))).toEqual({ code: 1015, field: 'lines[1].quantity' });
    expect(failure(() => checkLine({ item_id: 1, quantity: 2.25 }, item, 0))).toEqual({ code: 1016, field: 'lines[0].quantity' });
    expect(() => checkLine({ item_id: 1, quantity: 2.5, unit: 'PAK', sku: 'A-1' }, item, 0)).not.toThrow();
    expect(() => checkLine({ item_id: 1, quantity: 0.3 }, { ...item, min_order_quantity: 0, order_quantity_increment: 0.1 }, 0)).not.toThrow();
    expect(() => checkLine({ item_id: 1, quantity: 1000 }, { ...item, max_order_quantity: 0 }, 0)).not.toThrow();
  });

  it('checks the shape: lines present, positive ids and quantities, no item twice, comment length', () => {
    expect(failure(() => normalizeNewOrder({ lines: [] }))).toMatchObject({ code: 1000, field: 'lines' });
    expect(failure(() => normalizeNewOrder({ lines: [{ item_id: 0, quantity: 1 }] }))).toMatchObject({ code: 1000, field: 'lines[0].item_id' });
    expect(failure(() => normalizeNewOrder({ lines: [{ item_id: 1, quantity: -1 }] }))).toMatchObject({ code: 1000, field: 'lines[0].quantity' });
    expect(failure(() => normalizeNewOrder({ lines: [{ item_id: 1, quantity: 1 }, { item_id: 1, quantity: 2 }] }))).toMatchObject({ code: 1000, field: 'lines[1].item_id' });
    expect(failure(() => normalizeNewOrder({ lines: [{ item_id: 1, quantity: 1 }], comment: 'x'.repeat(2001) }))).toMatchObject({ code: 1000, field: 'comment' });
    expect(normalizeNewOrder({ lines: [{ item_id: 1, quantity: 1, unit: ' PAK ', sku: '' }] })).toEqual({ lines: [{ item_id: 1, quantity: 1, unit: 'PAK', sku: undefined }], comment: '' });
  });

  it('ships on the first delivery day on or after today + lead and transit days', () => {
    // 2026-11-23 is a Monday
    expect(shippingDay('2026-11-23', 0, [])).toBe('2026-11-23');
    expect(shippingDay('2026-11-23', 3, [])).toBe('2026-11-26');
    expect(shippingDay('2026-11-23', 1, [2])).toBe('2026-11-24');
    expect(shippingDay('2026-11-23', 2, [2])).toBe('2026-12-01');
    expect(shippingDay('2026-11-28', 0, [1, 4])).toBe('2026-11-30');
  });
});
