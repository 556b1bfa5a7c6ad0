import type { DecisionReason, RequisitionDecisionDto, RunTrigger } from '@kanban/contracts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { raw } from '../shared/access';

/**
 * A rule's last decision is its latest row in `requisition_decision` (a run records a decision only when it differs
 * from the one before, docs/replenishment.md): one probe of the index (company_id, rule_id, id) per rule.
 *
 * `lastDecisionJoin('r')` joins it to the rules of alias `r` as alias `ld`, `LAST_DECISION_COLUMNS` selects it
 * (columns `ld_*`), `lastDecisionOf(row)` maps them to the rule's `last_decision`.
 */
export function lastDecisionJoin(rule: string): string {
  return `left join lateral (
      select x.run_id, rr.trigger, x.reason, x.quantity, x.stock, x.threshold, x.capacity, x.on_order, x.order_id, x.backorder, x.created_at
        from orders.requisition_decision x
        join orders.requisition_run rr on rr.id = x.run_id
       where x.company_id = ${rule}.company_id and x.rule_id = ${rule}.id
       order by x.id desc limit 1) ld on true`;
}

export const LAST_DECISION_COLUMNS = `ld.run_id as ld_run_id, ld.trigger as ld_trigger, ld.reason as ld_reason, ld.quantity as ld_quantity,
  ld.stock as ld_stock, ld.threshold as ld_threshold, ld.capacity as ld_capacity, ld.on_order as ld_on_order, ld.order_id as ld_order_id,
  ld.backorder as ld_backorder, ld.created_at as ld_created_at`;

export function lastDecisionOf(row: Record<string, unknown>): RequisitionDecisionDto | null {
  return row.ld_run_id === null || row.ld_run_id === undefined ? null : decisionOf(row, 'ld_');
}

/** A decision from a row of `requisition_decision` with the run's trigger, its columns named `${prefix}column`. */
export function decisionOf(row: Record<string, unknown>, prefix = ''): RequisitionDecisionDto {
  const at = (column: string) => row[prefix + column];
  return {
    run_id: raw.num(at('run_id')),
    trigger: String(at('trigger')) as RunTrigger,
    reason: String(at('reason')) as DecisionReason,
    quantity: raw.num(at('quantity')),
    stock: raw.num(at('stock')),
    threshold: raw.num(at('threshold')),
    capacity: raw.num(at('capacity')),
    on_order: raw.num(at('on_order')),
    order_id: raw.numOrNull(at('order_id')),
    backorder: raw.num(at('backorder')),
    decided_at: raw.iso(at('created_at'))!,
  };
}

/**
 * Marks rules of a company pending (a stock change, a new rule, a rule activated again): the next stock run evaluates
 * them. A later change moves the time on, so a run that saw the earlier one leaves the rule pending. Without a time,
 * the database's clock at this statement (clock_timestamp(), not the transaction's start).
 */
export async function markPending(em: EntityManager, companyId: number, ruleIds: number[], at?: Date): Promise<void> {
  if (ruleIds.length === 0) return;
  await em.execute(
    `insert into orders.rule_pending (company_id, rule_id, changed_at)
     select cast(? as int), id, coalesce(cast(? as timestamptz), clock_timestamp()) from unnest(cast(? as int[])) id
     on conflict (company_id, rule_id) do update set changed_at = excluded.changed_at`,
    [companyId, at ? at.toISOString() : null, `{${ruleIds.join(',')}}`],
  );
}

/** Nothing of the rule waits for a run any more (the rule deactivated or deleted). */
export async function clearPending(em: EntityManager, companyId: number, ruleId: number): Promise<void> {
  await em.execute('delete from orders.rule_pending where company_id = ? and rule_id = ?', [companyId, ruleId]);
}
