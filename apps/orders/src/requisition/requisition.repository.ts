import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RunTrigger } from '@kanban/contracts';
import { applyBackorders, type BackorderInput, type BackorderResult } from '../backorders/backorders.sql';
import { orderSubscriptions, type SubscriptionCounts, type SubscriptionInput } from '../subscriptions/subscriptions.sql';
import { RUN_SETTINGS, type RunCounts, type RunStatementInput, runStatement } from './requisition.sql';

export type { DueRules, RunCounts } from './requisition.sql';

/**
 * The statements of a requisition run (docs/replenishment.md): the company's lock, the run row, and the set-based
 * statements of the private SQL modules `requisition.sql.ts`, `backorders.sql.ts` and `subscriptions.sql.ts`, all in
 * the run's transaction.
 */
@Injectable()
export class RequisitionRepository {
  /** The company's advisory lock (key space `lockKey`) for the transaction, and the run's settings (RUN_SETTINGS: jit off, work_mem). */
  async lockCompany(em: EntityManager, lockKey: number, companyId: number): Promise<void> {
    await em.execute(`select pg_advisory_xact_lock(?, ?), ${RUN_SETTINGS}`, [lockKey, companyId]);
  }

  /** The run's row; null when a scheduled run's slot (`slotKey`) already has one. */
  async claimRun(
    em: EntityManager,
    run: { companyId: number; trigger: RunTrigger; slotKey: string | null; ruleId: number | null; userId: number | null; today: string; now: Date },
  ): Promise<number | null> {
    const claimed = await em.execute<{ id: number }[]>(
      `insert into orders.requisition_run (company_id, trigger, slot_key, rule_id, user_id, run_date, started_at, evaluated, orders, lines)
       values (?, ?, ?, ?, ?, ?, ?, 0, 0, 0)
       on conflict (company_id, slot_key) do nothing
       returning id`,
      [run.companyId, run.trigger, run.slotKey, run.ruleId, run.userId, run.today, run.now],
    );
    return claimed.length === 0 ? null : Number(claimed[0]!.id);
  }

  /** Backorders of the run (backorders.sql.ts). */
  backorders(em: EntityManager, input: BackorderInput): Promise<BackorderResult> {
    return applyBackorders(em, input);
  }

  /** The run's one statement (requisition.sql.ts): evaluates the due rules, writes decisions, orders, journal and outbox rows. */
  async evaluate(em: EntityManager, input: RunStatementInput): Promise<RunCounts> {
    const statement = runStatement(input);
    const [counts] = await em.execute<RunCounts[]>(statement.sql, statement.params);
    return counts!;
  }

  /** The subscriptions due in a scheduled run (subscriptions.sql.ts). */
  subscriptions(em: EntityManager, input: SubscriptionInput): Promise<SubscriptionCounts> {
    return orderSubscriptions(em, input);
  }

  async finishRun(em: EntityManager, runId: number, counts: { evaluated: number; orders: number; lines: number }): Promise<void> {
    await em.execute('update orders.requisition_run set finished_at = clock_timestamp(), evaluated = ?, orders = ?, lines = ? where id = ?', [
      counts.evaluated,
      counts.orders,
      counts.lines,
      runId,
    ]);
  }
}
