import { applyExpressions, compileExpression, decodeAnswer, extStatusOf, type ResponseOrder, UnreadableAnswer } from './expressions';

const order: ResponseOrder = { order_id: 4711, kanban_order_id: 'r7.o4711.v1', ext_order_id: 'PO-1.2 (A)', positions: [1, 2, 3] };

describe('response expressions (docs/notifications.md "Order responses")', () => {
  it('replaces the placeholders by the order values, regular-expression characters escaped', () => {
    expect(compileExpression('^{order_id};{ext_order_id};{kanban_order_id}$', order, null).source).toBe('^4711;PO\\-1\\.2 \\(A\\);r7\\.o4711\\.v1$');
    // a dot in the value matches only a dot
    expect(compileExpression('{kanban_order_id}', order, null).test('r7xo4711yv1')).toBe(false);
    expect(compileExpression('{kanban_order_id}', order, null).test('r7.o4711.v1')).toBe(true);
    expect(compileExpression('^{order_id};{order_pos}$', order, 2).test('4711;2')).toBe(true);
    // no purchase-order number yet: the expression matches nothing
    expect(compileExpression('^{ext_order_id}', { ...order, ext_order_id: null }, null).test('')).toBe(false);
    expect(compileExpression('^{ext_order_id}', { ...order, ext_order_id: null }, null).test('anything')).toBe(false);
  });

  it('reads ext_status, po_number and line statuses from an answer', () => {
    const text = 'HEAD;4711;OK;AB-9001\r\nPOS;4711;1;BE\r\nPOS;4711;2;wa\r\nPOS;4712;3;RE\r\nPOS;4711;9;BE\r\n';
    const found = applyExpressions(
      text,
      [
        { target: 'ext_status', pattern: '^HEAD;{order_id};(\\w+);' },
        { target: 'po_number', pattern: '^HEAD;{order_id};\\w+;(?<po>[^;\\r\\n]+)' },
        { target: 'line_status', pattern: '^POS;{order_id};(?<pos>\\d+);(?<status>\\w+)' },
      ],
      order,
    );
    expect(found).toEqual({ ext_status: 1, po_number: 'AB-9001', lines: [{ pos: 1, status: 'BE' }, { pos: 2, status: 'WA' }] });
  });

  it('{order_pos} tries the expression once per line; the first expression of a target that finds something wins', () => {
    const found = applyExpressions(
      '4711/2=PO\n4711/3=WB\nstatus -1\nstatus 1',
      [
        { target: 'line_status', pattern: '^{order_id}/{order_pos}=(\\w\\w)$' },
        { target: 'ext_status', pattern: '^status (-?\\d)$' },
        { target: 'ext_status', pattern: 'never (\\d)' },
      ],
      order,
    );
    expect(found).toEqual({ ext_status: -1, po_number: null, lines: [{ pos: 2, status: 'PO' }, { pos: 3, status: 'WB' }] });
    expect(applyExpressions('4712;OK', [{ target: 'ext_status', pattern: '^{order_id};(\\w+)' }], order)).toEqual({ ext_status: null, po_number: null, lines: [] });
  });

  it('an expression without a group, a value that is no status or an invalid expression is unreadable (journal 2003)', () => {
    expect(() => applyExpressions('4711 OK', [{ target: 'ext_status', pattern: '{order_id} OK' }], order)).toThrow(UnreadableAnswer);
    expect(() => applyExpressions('4711 XX', [{ target: 'ext_status', pattern: '{order_id} (\\w+)' }], order)).toThrow(/none of OK, FE, KA/);
    expect(() => applyExpressions('4711;1;ZZ', [{ target: 'line_status', pattern: '{order_id};(\\d);(\\w+)' }], order)).toThrow(/line status "ZZ"/);
    expect(() => applyExpressions('4711;1', [{ target: 'line_status', pattern: '{order_id};(\\d)' }], order)).toThrow(/groups/);
    expect(() => compileExpression('({order_id}', order, null)).toThrow(UnreadableAnswer);
    expect(extStatusOf(' ka ', 'x')).toBe(0);
  });

  it('decodes the answer in the template encoding; bytes that are not UTF-8 are unreadable', () => {
    expect(decodeAnswer(Buffer.from('4711;Größe', 'latin1'), 'ISO-8859-1')).toBe('4711;Größe');
    expect(decodeAnswer(Buffer.from([0x80]), 'Windows-1252')).toBe('€');
    expect(decodeAnswer(Buffer.from('\ufeff4711;Ä', 'utf8'), 'UTF-8')).toBe('4711;Ä');
    expect(() => decodeAnswer(Buffer.from('4711;Gr\xf6\xdfe', 'latin1'), 'UTF-8')).toThrow(UnreadableAnswer);
  });
});
