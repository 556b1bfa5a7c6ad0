import { Inject, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { JournalCode } from '@kanban/access';
import { BinReadingEvents, type BinsMeasured, IngestEvents, type ReadingsStoreFailed } from '@kanban/contracts';
import { BusController, DeadLetters, type EventEnvelope, handleOnce, OnEvent } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { JournalRepository } from '../journal/journal.repository';
import { type Clock, ORDERS_CLOCK } from '../requisition/company-time';
import { RequisitionService } from '../requisition/requisition.service';
import { applySensorStock, companiesToSettle, settleHeld } from './sensor-stock';

/** How often held readings whose dead time has passed are looked for. */
const SETTLE_EVERY_MS = 5_000;

/**
 * The bins' sensor levels as stock (docs/storages.md "Readings become stock"): each `evt.catalog.bins_measured` once
 * (a dead letter after EVENT_MAX_FAILURES failures: journal 2006), then the stock run of the company as after any other
 * stock change. Every few seconds it applies held readings whose dead time has passed without a later reading. The
 * ingestion's `evt.ingest.store_failed` (a batch the database refused) becomes journal 2006 `sensor_store_failed`.
 */
@BusController()
export class SensorStockConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('SensorStock');
  private readonly apply: (event: EventEnvelope<BinsMeasured>) => Promise<void>;
  private readonly failed: (event: EventEnvelope<ReadingsStoreFailed>) => Promise<void>;
  private timer: NodeJS.Timeout | null = null;
  private settling: Promise<void> | null = null;

  constructor(
    deadLetters: DeadLetters,
    @Inject(unitOfWorkToken('orders')) private readonly uow: UnitOfWork,
    private readonly requisition: RequisitionService,
    @Inject(ORDERS_CLOCK) private readonly clock: Clock,
  ) {
    // the stock run follows the commit, also when staff retry a dead letter of it from the journal
    this.apply = deadLetters.consumer<BinsMeasured>('orders.sensor_stock', async (event) => {
      let changed = false;
      await handleOnce(this.uow, 'orders.sensor_stock', event, async (em) => {
        changed = await applySensorStock(em, event.data, this.clock.now());
      });
      if (changed) await this.stockRun(event.data.company_id);
    });
    const journal = new JournalRepository();
    this.failed = deadLetters.once<ReadingsStoreFailed>('orders.sensor_store_failed', (em, event) => {
      const d = event.data;
      return journal.insert(em, {
        companyId: d.company_id,
        code: JournalCode.SaveMeasurement,
        message: `${d.readings} sensor reading(s) could not be saved: the database refused them (${d.error_code}: ${d.error}); they are kept and saving is tried again`.slice(0, 2000),
        messageKey: 'sensor_store_failed',
        params: { stage: 'ingest', readings: d.readings, sensor_ids: d.sensor_ids, error_code: d.error_code, error: d.error },
        createdAt: this.clock.now(),
      });
    });
  }

  /** Journal 2006 of a batch of readings the ingestion's writer could not store (docs/ingestion.md). */
  @OnEvent(IngestEvents.storeFailed)
  storeFailed(@Payload() event: EventEnvelope<ReadingsStoreFailed>): Promise<void> {
    return this.failed(event);
  }

  @OnEvent(BinReadingEvents.binsMeasured)
  measured(@Payload() event: EventEnvelope<BinsMeasured>): Promise<void> {
    return this.apply(event);
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.settling ??= this.settle()
        .catch((e: unknown) => this.log.warn(`settling held readings failed: ${(e as Error).message}`))
        .finally(() => (this.settling = null));
    }, SETTLE_EVERY_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.settling;
  }

  /** Held readings whose dead time passed, company by company, each followed by its stock run when stock changed. */
  async settle(): Promise<void> {
    const now = this.clock.now();
    const companies = await this.uow.read((em) => companiesToSettle(em, now));
    for (const companyId of companies) {
      if (await this.uow.forCompany(companyId).write((em) => settleHeld(em, companyId, now))) await this.stockRun(companyId);
    }
  }

  /** As after a stock entry: a failed run leaves the rules pending for the scheduler's retry (and journals it). */
  private async stockRun(companyId: number): Promise<void> {
    try {
      await this.requisition.run(companyId, 'stock');
    } catch (error) {
      this.log.warn(`stock run of company ${companyId} failed, retried later: ${(error as Error).message}`);
    }
  }
}
