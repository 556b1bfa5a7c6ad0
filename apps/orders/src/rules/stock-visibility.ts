import type { EntityManager } from '@mikro-orm/postgresql';
import { Role } from '@kanban/access';
import type { CompanyCaller, DecisionHistoryDto, KanbanRuleDto, RequisitionDecisionDto, StockEventDto } from '@kanban/contracts';

/**
 * show_stock_in_app (a customer's flag, docs/ordering-flags.md): customer users (role 4) see stock and fill levels
 * only when their customer has it on; staff always do. The answers they get carry the stock as null and
 * `stock_hidden: true` (thresholds, capacities and what is on order stay: they are the rule's settings and orders).
 * Entering a count stays possible: the answer then hides the stock the count set, too.
 */
export function mayHideStock(caller: CompanyCaller): boolean {
  return caller.role === Role.Customer;
}

function hiddenDecision<T extends RequisitionDecisionDto>(decision: T): T {
  return { ...decision, stock: null };
}

export function hideRuleStock(rule: KanbanRuleDto): KanbanRuleDto {
  return {
    ...rule,
    stock: null,
    stock_updated_at: null,
    stock_hidden: true,
    last_decision: rule.last_decision ? hiddenDecision(rule.last_decision) : null,
  };
}

export function hideStockEvent(event: StockEventDto): StockEventDto {
  return { ...event, stock_before: null, stock: null };
}

export function hideDecision(decision: DecisionHistoryDto): DecisionHistoryDto {
  return hiddenDecision(decision);
}

/** The customers (of `customerIds`) whose users must not see stock: show_stock_in_app off in the read model. */
export async function stockHiddenCustomers(em: EntityManager, caller: CompanyCaller, customerIds: number[]): Promise<Set<number>> {
  const ids = [...new Set(customerIds)];
  if (!mayHideStock(caller) || ids.length === 0) return new Set();
  const rows = await em.execute<{ id: number }[]>(
    `select id from orders.customer_copy where company_id = ? and id in (${ids.map(() => '?').join(', ')}) and not show_stock_in_app`,
    [caller.companyId, ...ids],
  );
  // a customer not in the read model yet shows no stock either (the flag's default is off)
  const known = await em.execute<{ id: number }[]>(`select id from orders.customer_copy where company_id = ? and id in (${ids.map(() => '?').join(', ')})`, [
    caller.companyId,
    ...ids,
  ]);
  const hidden = new Set(rows.map((r) => Number(r.id)));
  const seen = new Set(known.map((r) => Number(r.id)));
  for (const id of ids) if (!seen.has(id)) hidden.add(id);
  return hidden;
}
