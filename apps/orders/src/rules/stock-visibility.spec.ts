import { Role } from '@kanban/access';
import type { CompanyCaller, KanbanRuleDto } from '@kanban/contracts';
import { hideDecision, hideRuleStock, hideStockEvent, mayHideStock } from './stock-visibility';

const decision = { run_id: 1, trigger: 'stock' as const, reason: 'ordered' as const, quantity: 5, stock: 2, threshold: 3, capacity: 10, on_order: 0, order_id: 9, decided_at: '2026-11-27T08:00:00.000Z' };
const rule = {
  id: 1,
  customer_id: 2,
  location_id: 3,
  item_id: 4,
  threshold: 3,
  capacity: 10,
  stock: 2,
  stock_updated_at: '2026-11-27T08:00:00.000Z',
  scan_code: 'KR1',
  active: true,
  on_order: 5,
  last_decision: decision,
} as unknown as KanbanRuleDto;

describe('show_stock_in_app: what customer users get', () => {
  it('only customer users may have stock hidden; staff, read-only and supplier users see it', () => {
    expect(mayHideStock({ role: Role.Customer } as CompanyCaller)).toBe(true);
    for (const role of [Role.Readonly, Role.Writer, Role.Admin, Role.Owner, Role.Supplier]) expect(mayHideStock({ role } as CompanyCaller)).toBe(false);
  });

  it('hides the stock, its time and the last decision\'s stock, keeps the settings and what is on order', () => {
    expect(hideRuleStock(rule)).toMatchObject({ stock: null, stock_updated_at: null, stock_hidden: true, threshold: 3, capacity: 10, on_order: 5, last_decision: { ...decision, stock: null } });
    expect(hideRuleStock({ ...rule, last_decision: null }).last_decision).toBeNull();
    expect(hideStockEvent({ id: 1, rule_id: 1, kind: 'manual', stock_before: 4, stock: 2, user_id: 5, created_at: 'x' })).toMatchObject({ stock_before: null, stock: null, kind: 'manual' });
    expect(hideDecision({ ...decision, id: 3, rule_id: 1 })).toMatchObject({ stock: null, quantity: 5, on_order: 0 });
  });
});
