import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RunTrigger } from '@kanban/contracts';
import { JournalCode } from '@kanban/access';
import { OutboxRelay, safeError } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { ORDERS_CONFIG, type OrdersConfig } from '../config';
import { type Clock, CompanyTimeZones, ORDERS_CLOCK } from './company-time';
import { type DueRules, type RunCounts, RequisitionRepository } from './requisition.repository';
import { localTime, type Slot } from './schedule';
import { JournalService } from '../journal/journal.service';

/** Key space of the per-company advisory lock every run takes (pg_advisory_xact_lock(key, company id)). */
export const REQUISITION_LOCK = 5_505_001;

export interface RunOptions {
  /** `execute`: the rule */
  ruleId?: number;
  /** `schedule`: the slot the run claims */
  slot?: Slot;
  userId?: number | null;
  /** test seam: runs inside the run's transaction after its statements, before the commit */
  beforeCommit?: (em: EntityManager) => Promise<void>;
}

export interface RunSummary extends RunCounts {
  runId: number;
  trigger: RunTrigger;
  /** evt.orders.backorder_changed written (new, reordered, closed backorders) */
  backorderEvents: number;
  /** rules whose backorder (type days) was cancelled and evaluated again */
  backorderReorders: number;
  /** subscription lines ordered (scheduled runs) */
  subscriptionLines: number;
}

/**
 * Requisition runs (docs/replenishment.md). A run is one transaction: the company's advisory lock (runs of a
 * company never overlap, whichever replica or trigger started them), the run row (a scheduled run claims its
 * slot there, once per company and slot), the one set-based statement of `requisition.sql.ts`, the counts.
 * A run that dies before its commit leaves nothing behind, and the next run orders what it would have.
 */
@Injectable()
export class RequisitionService {
  private readonly log = new Logger('Requisition');

  constructor(
    @Inject(unitOfWorkToken('orders')) private readonly uow: UnitOfWork,
    private readonly zones: CompanyTimeZones,
    @Inject(ORDERS_CLOCK) private readonly clock: Clock,
    @Optional() private readonly relay?: OutboxRelay,
    @Optional() @Inject(ORDERS_CONFIG) private readonly config?: OrdersConfig,
    @Optional() private readonly journal?: JournalService,
    private readonly runs: RequisitionRepository = new RequisitionRepository(),
  ) {}

  /** Runs the requisition of a company; null when a scheduled slot had already run. */
  async run(companyId: number, trigger: RunTrigger, options: RunOptions = {}): Promise<RunSummary | null> {
    try {
      return await this.runOnce(companyId, trigger, options);
    } catch (error) {
      // The run rolled back whole; its journal entry is written in a transaction of its own, so it stays. Tenants see
      // an AppError's code and text, or "unknown error": the exception (database text) goes to the log only.
      const safe = safeError(error);
      this.log.error(`company ${companyId}: requisition run (${trigger}) failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
      await this.journal
        ?.record(companyId, {
          code: JournalCode.Unexpected,
          message: `requisition run (${trigger}) failed: ${safe.message} (${safe.code})`.slice(0, 2000),
          messageKey: 'run_failed',
          params: { trigger, error_code: safe.code, error: safe.message.slice(0, 1000) },
          ruleId: options.ruleId ?? null,
        })
        .catch((e: unknown) => this.log.warn(`company ${companyId}: journal entry not written: ${(e as Error).message}`));
      throw error;
    }
  }

  private async runOnce(companyId: number, trigger: RunTrigger, options: RunOptions): Promise<RunSummary | null> {
    const zone = await this.zones.zoneOf(companyId);
    const now = this.clock.now();
    const today = localTime(now, zone).date;
    const due = this.dueRules(trigger, options);
    // how long the parts took (ms), for the run's log line (the benchmark reads it)
    const parts = { backorders: 0, statement: 0, subscriptions: 0, commit: 0 };
    const since = (start: number) => Math.round(performance.now() - start);
    let committing = 0;
    const summary = await this.uow.forCompany(companyId).write(async (em) => {
      // the company's lock, and the run's settings for its transaction (RUN_SETTINGS: jit off, work_mem)
      await this.runs.lockCompany(em, REQUISITION_LOCK, companyId);
      const runId = await this.runs.claimRun(em, {
        companyId,
        trigger,
        slotKey: options.slot?.key ?? null,
        ruleId: options.ruleId ?? null,
        userId: options.userId ?? null,
        today,
        now,
      });
      if (runId === null) return null;
      // Backorders first: a cancelled backorder line (type days) no longer counts as on order, and its rule is due.
      let start = performance.now();
      const backorders = await this.runs.backorders(em, { companyId, today, now, runId, sweep: true });
      parts.backorders = since(start);
      start = performance.now();
      const counts: RunCounts = await this.runs.evaluate(em, { companyId, runId, trigger, due, today, now, userId: options.userId ?? null, backorderRuleIds: backorders.reorderRuleIds });
      parts.statement = since(start);
      start = performance.now();
      // Subscriptions order on their calendar: in scheduled runs only (each at most once per interval).
      const subscriptions =
        trigger === 'schedule' ? await this.runs.subscriptions(em, { companyId, runId, today, now, userId: options.userId ?? null }) : { orders: 0, lines: 0, requests: 0, subscriptions: 0 };
      parts.subscriptions = since(start);
      const result: RunSummary = {
        runId,
        trigger,
        evaluated: Number(counts.evaluated),
        orders: Number(counts.orders) + subscriptions.orders,
        lines: Number(counts.lines) + subscriptions.lines,
        decisions: Number(counts.decisions),
        requests: Number(counts.requests) + subscriptions.requests,
        journal: Number(counts.journal),
        backorderEvents: backorders.events,
        backorderReorders: backorders.reorderRuleIds.length,
        subscriptionLines: subscriptions.lines,
      };
      await this.runs.finishRun(em, runId, result);
      await options.beforeCommit?.(em);
      committing = performance.now();
      return result;
    });
    if (committing) parts.commit = since(committing);
    if (summary && (summary.orders > 0 || summary.backorderEvents > 0)) {
      this.log.log(
        `company ${companyId}: run ${summary.runId} (${trigger}) evaluated ${summary.evaluated} rule(s), ordered ${summary.lines} line(s) in ${summary.orders} order(s) ` +
          `(ms: backorders ${parts.backorders}, statement ${parts.statement}, subscriptions ${parts.subscriptions}, commit ${parts.commit})`,
      );
      // The statement wrote the outbox rows itself (not through the ORM), so the relay is told directly
      // (unless configured to publish only on its interval: OUTBOX_RELAY_IMMEDIATE=false).
      if (this.config?.outbox.immediate !== false) this.relay?.kick();
    }
    return summary;
  }

  private dueRules(trigger: RunTrigger, options: RunOptions): DueRules {
    switch (trigger) {
      case 'execute':
        if (options.ruleId === undefined) throw new Error('an execute run needs the rule');
        return { kind: 'rule', ruleId: options.ruleId };
      case 'stock':
        return { kind: 'pending' };
      case 'schedule':
        if (!options.slot) throw new Error('a scheduled run needs its slot');
        return { kind: 'slot', weekday: options.slot.weekday, slot: options.slot.slot };
    }
  }
}
