import type { OrderableItemDto } from '@kanban/contracts';
import { constraintsIn, parseQuantity, quantityProblem, searchHitProblem, serverMessagesByLine, unitsOf } from './newOrderCheck';

const item: OrderableItemDto = {
  id: 7,
  sku: 'B-7',
  name: 'Bolt',
  supplier_id: 3,
  supplier_name: 'Schraubenwerk',
  catalog_id: 4,
  catalog_name: 'Normteile',
  order_unit: 'PAK',
  item_unit: 'STK',
  quantity_per_order_unit: 10,
  min_order_quantity: 2,
  max_order_quantity: 40,
  order_quantity: 4,
  order_quantity_increment: 2,
  rule_id: 9,
  service: false,
  adhoc: false,
  orderable: true,
  reason: null,
  open_order_id: null,
};

const problem = (text: string, unit = 'PAK') => {
  const found = quantityProblem(text, item, unit);
  return found ? [found.key, found.params] : null;
};

describe('the checks of a new order line in the page', () => {
  it('offers the order unit and the item unit, with the constraints in the chosen unit', () => {
    expect(unitsOf(item)).toEqual(['PAK', 'STK']);
    expect(unitsOf({ ...item, item_unit: 'PAK' })).toEqual(['PAK']);
    expect(unitsOf({ ...item, item_unit: '' })).toEqual(['PAK']);
    expect(constraintsIn(item, 'PAK')).toEqual({ moq: 2, mxoq: 40, increment: 2, factor: 1 });
    expect(constraintsIn(item, 'STK')).toEqual({ moq: 20, mxoq: 400, increment: 20, factor: 10 });
  });

  it('words every quantity problem, also empty and 0, as the server checks it', () => {
    expect(problem('')).toEqual(['required', { unit: 'PAK' }]);
    expect(problem('  ')).toEqual(['required', { unit: 'PAK' }]);
    expect(problem('abc')).toEqual(['number', { unit: 'PAK' }]);
    expect(problem('0')).toEqual(['positive', { unit: 'PAK' }]);
    expect(problem('1')).toEqual(['moq', { unit: 'PAK', moq: 2 }]);
    expect(problem('42')).toEqual(['mxoq', { unit: 'PAK', mxoq: 40 }]);
    expect(problem('5')).toEqual(['increment', { unit: 'PAK', increment: 2, below: 4, above: 6 }]);
    expect(problem('39')).toEqual(['increment', { unit: 'PAK', increment: 2, below: 38, above: 40 }]);
    expect(problem('4')).toBeNull();
    expect(problem('40')).toBeNull();
    expect(problem('30', 'STK')).toEqual(['increment', { unit: 'STK', increment: 20, below: 20, above: 40 }]);
    expect(problem('60', 'STK')).toBeNull();
    expect(quantityProblem('0,3', { ...item, min_order_quantity: 0, order_quantity_increment: 0.1 }, 'PAK')).toBeNull();
    expect(parseQuantity('2,5')).toBe(2.5);
    expect(parseQuantity('2.5.1')).toBeNaN();
    expect(parseQuantity('-1')).toBeNaN();
  });

  it('puts each problem of the server answer at its line, with the order holding an item', () => {
    const answer: Parameters<typeof serverMessagesByLine>[0] = {
      code: 1000,
      message: '3 lines cannot be ordered as given (4 problems)',
      field: 'lines[0].item_id',
      errors: [
        { field: 'lines[0].item_id', code: 1059, message: 'already on order in order 1048', params: { order_id: 1048 } },
        { field: 'lines[1].quantity', code: 1014, message: 'the minimum order quantity is 2', params: { moq: 2, unit: 'PAK' } },
        { field: 'lines[2].item_id', code: 1040, message: 'no kanban rule', params: { reason: 'no_rule' } },
        { field: 'lines[2].unit', code: 1017, message: 'the item is ordered in PAK', params: { unit: 'PAK', units: 'PAK' } },
        { field: 'lines[3].item_id', code: 1000, message: 'the item is paused', params: { reason: 'paused' } },
        { field: 'lines[4].item_id', code: 1000, message: 'something new', params: {} },
        { field: 'comment', code: 1000, message: 'too long' },
      ],
    };
    const byLine = serverMessagesByLine(answer);
    expect([...byLine.keys()]).toEqual([0, 1, 2, 3, 4]);
    expect(byLine.get(0)).toEqual([{ field: 'item', key: 'onOrder', params: { order_id: 1048 }, orderId: 1048 }]);
    expect(byLine.get(1)).toEqual([{ field: 'quantity', key: 'moq', params: { moq: 2, unit: 'PAK' } }]);
    expect(byLine.get(2)!.map((m) => [m.field, m.key])).toEqual([
      ['item', 'reason.no_rule'],
      ['unit', 'unit'],
    ]);
    expect(byLine.get(3)![0]!.key).toBe('reason.paused');
    expect(byLine.get(4)![0]).toMatchObject({ key: 'server', text: 'something new' });
    // an answer without Data.errors (an older server): Meta.field and the code
    expect(serverMessagesByLine({ code: 1016, message: 'lines[1].quantity: not a multiple', field: 'lines[1].quantity' }).get(1)).toEqual([
      { field: 'quantity', key: 'incrementOnly', params: {} },
    ]);
    expect(serverMessagesByLine({ code: 1038, message: 'no rules', field: 'lines' }).size).toBe(0);
  });

  it('says why a search hit cannot be ordered, and which order holds it', () => {
    expect(searchHitProblem(item)).toBeNull();
    expect(searchHitProblem({ ...item, orderable: false, reason: 'no_rule' })).toMatchObject({ key: 'reason.no_rule' });
    expect(searchHitProblem({ ...item, open_order_id: 1048 })).toMatchObject({ key: 'onOrder', orderId: 1048 });
  });
});
