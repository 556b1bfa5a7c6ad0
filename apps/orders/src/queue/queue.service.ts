import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AccessGroup, AppError, ErrorCode, hasRole, ProtocolCode } from '@kanban/access';
import type {
  CompanyCaller,
  OrderQueueDeleteResult,
  OrderQueueEntryDto,
  OrderQueueListQuery,
  OrderQueueRequeueResult,
  OrderQueueScope,
  OrderQueueState,
  OrderStatus,
  Page,
} from '@kanban/contracts';
import { OutboxRelay } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { ORDERS_CONFIG, type OrdersConfig } from '../config';
import { type Clock, ORDERS_CLOCK } from '../requisition/company-time';
import { pageOf, raw } from '../shared/access';
import { QueueRepository } from './queue.repository';
import { parseQueueIds, planQueueList } from './queue.rules';

function toDto(row: Record<string, unknown>): OrderQueueEntryDto {
  const code = raw.numOrNull(row.error_code);
  return {
    id: raw.num(row.id),
    order_id: raw.num(row.order_id),
    date: raw.day(row.order_date)!,
    order_status: String(row.order_status) as OrderStatus,
    customer_id: raw.num(row.customer_id),
    customer: String(row.customer_name ?? ''),
    location_id: raw.num(row.location_id),
    location: String(row.location_name ?? ''),
    supplier_id: raw.numOrNull(row.supplier_id),
    supplier: String(row.supplier_name ?? ''),
    user_id: raw.numOrNull(row.user_id),
    state: String(row.state) as OrderQueueState,
    error: code === null ? null : { code, message: String(row.error_message ?? '') },
    attempts: raw.num(row.attempts),
    created_at: raw.iso(row.created_at)!,
    updated_at: raw.iso(row.updated_at)!,
    queued_at: raw.iso(row.queued_at)!,
    transmitted_at: raw.iso(row.transmitted_at),
  };
}

/** Requeue and delete change data: staff who may (2, 3, 6); read-only, customer and supplier users get 1020. */
function assertMayChange(caller: CompanyCaller): void {
  if (!hasRole(caller.role, AccessGroup.user)) throw new AppError(ErrorCode.NoPermission, 'only users who may change data requeue or delete queue entries');
}

/**
 * The order queue (docs/replenishment.md "Order queue"): lists and entries narrowed by the caller's access
 * restrictions (a hidden entry is 404 like an unknown one); requeue and delete of several entries at once,
 * all or nothing: one unknown, other company's or hidden id answers 404 and changes nothing. The timeout sweep
 * the scheduler calls.
 */
@Injectable()
export class OrderQueueService {
  private readonly log = new Logger('OrderQueue');

  constructor(
    @Inject(unitOfWorkToken('orders')) private readonly uow: UnitOfWork,
    @Inject(ORDERS_CLOCK) private readonly clock: Clock,
    @Inject(ORDERS_CONFIG) private readonly config: OrdersConfig,
    @Optional() private readonly relay?: OutboxRelay,
    private readonly queue: QueueRepository = new QueueRepository(),
  ) {}

  async list(caller: CompanyCaller, scope: OrderQueueScope, query: OrderQueueListQuery): Promise<Page<OrderQueueEntryDto>> {
    const plan = planQueueList(query);
    const { page, perPage } = pageOf(query);
    const q = query.q?.trim();
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const { rows, total } = await this.queue.list(em, caller, scope, plan, q, page, perPage);
      return { items: rows.map(toDto), total, page, per_page: perPage };
    });
  }

  async get(caller: CompanyCaller, id: number): Promise<OrderQueueEntryDto> {
    if (!Number.isInteger(id) || id < 1) throw new AppError(ProtocolCode.NotFound, 'queue entry not found');
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const [row] = await this.queue.visible(em, caller, [id]);
      if (!row) throw new AppError(ProtocolCode.NotFound, 'queue entry not found');
      return toDto(row);
    });
  }

  async requeue(caller: CompanyCaller, rawIds: unknown): Promise<OrderQueueRequeueResult> {
    assertMayChange(caller);
    const ids = parseQueueIds(rawIds);
    const result = await this.uow.forCompany(caller.companyId).write(async (em) => {
      await this.lockAll(em, caller, ids);
      return this.queue.requeue(em, caller.companyId, ids, caller.userId, this.clock.now());
    });
    // The statement wrote the outbox rows itself (not through the ORM): the relay is told directly.
    if (result.events > 0 && this.config.outbox.immediate !== false) this.relay?.kick();
    return { requeued: result.requeued };
  }

  async remove(caller: CompanyCaller, rawIds: unknown): Promise<OrderQueueDeleteResult> {
    assertMayChange(caller);
    const ids = parseQueueIds(rawIds);
    const deleted = await this.uow.forCompany(caller.companyId).write(async (em) => {
      await this.lockAll(em, caller, ids);
      return this.queue.delete(em, caller.companyId, ids, caller.userId, this.clock.now());
    });
    return { deleted };
  }

  /**
   * The scheduler's sweep: entries waiting longer than ORDERS_QUEUE_TIMEOUT_MS become errors (2005) with a
   * journal entry each; answers how many.
   */
  async markTimedOut(): Promise<number> {
    const now = this.clock.now();
    const timeout = this.config.queue.timeoutMs;
    const marked = await this.uow.write((em) => this.queue.markTimedOut(em, new Date(now.getTime() - timeout), now, timeout));
    if (marked > 0) this.log.warn(`${marked} order queue entr${marked === 1 ? 'y' : 'ies'} not transmitted in time: marked error (2005)`);
    return marked;
  }

  /** Every named entry the caller may see, locked; one missing (unknown, other company, hidden) is 404 for the whole call. */
  private async lockAll(em: EntityManager, caller: CompanyCaller, ids: number[]): Promise<void> {
    const rows = await this.queue.visible(em, caller, ids, true);
    if (rows.length !== ids.length) {
      const found = new Set(rows.map((r) => raw.num(r.id)));
      const missing = ids.filter((id) => !found.has(id));
      throw new AppError(ProtocolCode.NotFound, `queue entr${missing.length === 1 ? 'y' : 'ies'} not found: ${missing.slice(0, 10).join(', ')}`);
    }
  }
}
