import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy, Optional } from '@nestjs/common';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { ORDERS_CONFIG, type OrdersConfig } from '../config';
import { OrderQueueService } from '../queue/queue.service';
import { type Clock, CompanyTimeZones, ORDERS_CLOCK } from './company-time';
import { RequisitionService } from './requisition.service';
import { currentSlot } from './schedule';

export interface TickResult {
  /** company id -> the slot key it ran */
  scheduled: Map<number, string>;
  /** companies whose unevaluated stock changes were run again */
  retried: number[];
  /** order queue entries marked error because they were not transmitted in time */
  timedOut: number;
}

/**
 * Starts the scheduled runs (every 2 hours 06:00-24:00 in each company's time zone), retries stock changes
 * whose own run failed, and marks order queue entries not transmitted in time as errors (2005). Every replica ticks; the run claims its slot in its transaction (unique per company
 * and slot) under the company's advisory lock, so each slot runs once. The clock is injected (tests).
 */
@Injectable()
export class RequisitionScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('RequisitionScheduler');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<TickResult> | null = null;

  constructor(
    @Inject(unitOfWorkToken('orders')) private readonly uow: UnitOfWork,
    private readonly requisition: RequisitionService,
    private readonly zones: CompanyTimeZones,
    @Inject(ORDERS_CLOCK) private readonly clock: Clock,
    @Inject(ORDERS_CONFIG) private readonly config: OrdersConfig,
    @Optional() private readonly queue?: OrderQueueService,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.scheduler.enabled) return;
    this.timer = setInterval(() => void this.tick().catch((e: unknown) => this.log.warn(`tick failed: ${(e as Error).message}`)), this.config.scheduler.intervalMs);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One look at the clock: runs each company's current slot unless it ran, then the overdue stock changes. */
  tick(): Promise<TickResult> {
    this.running ??= this.work().finally(() => (this.running = null));
    return this.running;
  }

  private async work(): Promise<TickResult> {
    const now = this.clock.now();
    const result: TickResult = { scheduled: new Map(), retried: [], timedOut: 0 };
    const companies = await this.uow.read((em) =>
      // companies with active rules, and those with active subscriptions only (subscriptions order in scheduled runs)
      em.execute<{ company_id: number }[]>(
        'select company_id from orders.kanban_rule where active union select company_id from orders.subscription_copy where active order by company_id',
      ),
    );
    for (const { company_id: raw } of companies) {
      const companyId = Number(raw);
      try {
        // Without the company's time zone no slot can be placed: wait for identity rather than guess.
        const zone = await this.zones.known(companyId);
        const slot = zone ? currentSlot(now, zone) : null;
        if (!slot) continue;
        const ran = await this.uow.read((em) =>
          em.execute('select 1 from orders.requisition_run where company_id = ? and slot_key = ? limit 1', [companyId, slot.key]),
        );
        if (ran.length > 0) continue;
        const summary = await this.requisition.run(companyId, 'schedule', { slot });
        if (summary) result.scheduled.set(companyId, slot.key);
      } catch (error) {
        this.log.warn(`scheduled run of company ${companyId} failed: ${(error as Error).message}`);
      }
    }
    const overdue = await this.uow.read((em) =>
      em.execute<{ company_id: number }[]>(
        `select distinct p.company_id from orders.rule_pending p
           join orders.kanban_rule r on r.id = p.rule_id and r.company_id = p.company_id
          where r.active and p.changed_at < ? order by p.company_id`,
        [new Date(now.getTime() - this.config.scheduler.stockRetryMs)],
      ),
    );
    for (const { company_id: raw } of overdue) {
      const companyId = Number(raw);
      try {
        await this.requisition.run(companyId, 'stock');
        result.retried.push(companyId);
      } catch (error) {
        this.log.warn(`stock run of company ${companyId} failed again: ${(error as Error).message}`);
      }
    }
    // Order queue entries the supply side did not confirm in time: one set-based update over all companies.
    try {
      result.timedOut = (await this.queue?.markTimedOut()) ?? 0;
    } catch (error) {
      this.log.warn(`order queue timeout sweep failed: ${(error as Error).message}`);
    }
    return result;
  }
}
