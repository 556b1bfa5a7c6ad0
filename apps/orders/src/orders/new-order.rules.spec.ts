import { AppError, ErrorCode } from '@kanban/access';
import { checkLine, type LineItem, normalizeNewOrder, problem, refusal, shippingDay, unitsOf } from './new-order.rules';

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
  const codes = (line: Parameters<typeof checkLine>[0], of: LineItem = item, index = 0) =>
    checkLine(line, of, index).problems.map((p) => ({ code: p.code, field: p.field, params: p.params }));

  it('checks SKU and unit (1017), MOQ (1014), MXOQ (1015) and the increment (1016), naming the line, with the words\' parameters', () => {
    expect(codes({ item_id: 1, quantity: 4, sku: 'B' }, item, 2)).toEqual([{ code: 1017, field: 'lines[2].sku', params: { sku: 'A-1' } }]);
    expect(codes({ item_id: 1, quantity: 4, unit: 'STK' })).toEqual([{ code: 1017, field: 'lines[0].unit', params: { unit: 'PAK', units: 'PAK' } }]);
    expect(codes({ item_id: 1, quantity: 1.5 })).toEqual([{ code: 1014, field: 'lines[0].quantity', params: { moq: 2, unit: 'PAK' } }]);
    expect(codes({ item_id: 1, quantity: 10.5 }, item, 1)).toEqual([{ code: 1015, field: 'lines[1].quantity', params: { mxoq: 10, unit: 'PAK' } }]);
    expect(codes({ item_id: 1, quantity: 2.25 })).toEqual([{ code: 1016, field: 'lines[0].quantity', params: { increment: 0.5, unit: 'PAK' } }]);
    expect(codes({ item_id: 1, quantity: 2.5, unit: 'PAK', sku: 'A-1' })).toEqual([]);
    expect(codes({ item_id: 1, quantity: 0.3 }, { ...item, min_order_quantity: 0, order_quantity_increment: 0.1 })).toEqual([]);
    expect(codes({ item_id: 1, quantity: 1000 }, { ...item, max_order_quantity: 0 })).toEqual([]);
  });

  it('names every problem of a line: a wrong SKU and a quantity below the MOQ both', () => {
    expect(codes({ item_id: 1, quantity: 1, sku: 'B' }).map((p) => p.code)).toEqual([1017, 1014]);
  });

  it('takes a quantity in the item unit, converted to order units before the checks', () => {
    const box: LineItem = { ...item, item_unit: 'STK', quantity_per_order_unit: 10 };
    expect(unitsOf(box)).toEqual(['PAK', 'STK']);
    expect(unitsOf(item)).toEqual(['PAK']);
    expect(unitsOf({ ...box, item_unit: 'PAK' })).toEqual(['PAK']);
    expect(checkLine({ item_id: 1, quantity: 25, unit: 'STK' }, box, 0)).toEqual({ problems: [], quantity: 2.5 });
    expect(codes({ item_id: 1, quantity: 10, unit: 'STK' }, box)).toEqual([{ code: 1014, field: 'lines[0].quantity', params: { moq: 2, unit: 'PAK' } }]);
    expect(codes({ item_id: 1, quantity: 22, unit: 'STK' }, box).map((p) => p.code)).toEqual([1016]);
    expect(codes({ item_id: 1, quantity: 4, unit: 'KG' }, box)).toEqual([{ code: 1017, field: 'lines[0].unit', params: { unit: 'PAK', units: 'PAK, STK' } }]);
  });

  it('checks the shape: lines present and the comment at once; per line positive ids and quantities, no item twice', () => {
    expect(failure(() => normalizeNewOrder({ lines: [] }))).toMatchObject({ code: 1000, field: 'lines' });
    expect(failure(() => normalizeNewOrder({ lines: [{ item_id: 1, quantity: 1 }], comment: 'x'.repeat(2001) }))).toMatchObject({ code: 1000, field: 'comment' });
    const shaped = normalizeNewOrder({
      lines: [{ item_id: 0, quantity: 1 }, { item_id: 1, quantity: -1 }, { item_id: 2, quantity: 1 }, { item_id: 2, quantity: 2 }, { item_id: 3, quantity: 2, unit: ' PAK ', sku: '' }],
    });
    expect(shaped.problems.map((p) => [p.code, p.field, p.params.reason])).toEqual([
      [1000, 'lines[0].item_id', 'item_id'],
      [1000, 'lines[1].quantity', 'positive'],
      [1000, 'lines[3].item_id', 'twice'],
    ]);
    expect(shaped.lines).toEqual([
      { index: 2, item_id: 2, quantity: 1, unit: undefined, sku: undefined },
      { index: 4, item_id: 3, quantity: 2, unit: 'PAK', sku: undefined },
    ]);
  });
});

describe('the refusal of a new order', () => {
  it('answers a single problem with its own code, several with 1000 listing each with field, code and params in line order', () => {
    const moq = problem(ErrorCode.MoqNotReached, 'lines[2].quantity', 'the minimum order quantity is 2', { moq: 2, unit: 'PAK' });
    const held = problem(ErrorCode.Duplicate, 'lines[0].item_id', 'already on order in order 1048', { order_id: 1048 });
    const one = refusal([moq]);
    expect(one).toMatchObject({ code: 1014, field: 'lines[2].quantity', message: 'lines[2].quantity: the minimum order quantity is 2' });
    expect(one.errors).toEqual([{ field: 'lines[2].quantity', code: 1014, message: 'the minimum order quantity is 2', params: { moq: 2, unit: 'PAK' } }]);
    const several = refusal([moq, held]);
    expect(several.code).toBe(1000);
    expect(several.field).toBe('lines[0].item_id');
    expect(several.message).toBe('2 lines cannot be ordered as given (2 problems)');
    expect(several.errors?.map((e) => [e.field, e.code, e.params])).toEqual([
      ['lines[0].item_id', 1059, { order_id: 1048 }],
      ['lines[2].quantity', 1014, { moq: 2, unit: 'PAK' }],
    ]);
  });
});

describe('shipping', () => {
  it('ships on the first delivery day on or after today + lead and transit days', () => {
    // 2026-11-23 is a Monday
    expect(shippingDay('2026-11-23', 0, [])).toBe('2026-11-23');
    expect(shippingDay('2026-11-23', 3, [])).toBe('2026-11-26');
    expect(shippingDay('2026-11-23', 1, [2])).toBe('2026-11-24');
    expect(shippingDay('2026-11-23', 2, [2])).toBe('2026-12-01');
    expect(shippingDay('2026-11-28', 0, [1, 4])).toBe('2026-11-30');
  });
});
