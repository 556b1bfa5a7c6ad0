import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CompanyCaller, OrderQueueScope } from '@kanban/contracts';
import { containsPattern, visibleCondition } from '../shared/access';
import { deleteEntries, enqueueOrders, markTimedOut, requeueEntries } from './queue.sql';

export type Row = Record<string, unknown>;

const ENTRY_COLUMNS = `q.id, q.order_id, o.order_date::text as order_date, o.status as order_status, q.customer_id, o.customer_name, q.location_id,
  o.location_name, q.supplier_id, o.supplier_name, q.user_id, q.state, q.error_code, q.error_message, q.attempts, q.created_at, q.updated_at,
  q.queued_at, q.transmitted_at`;

const FROM = 'orders.order_queue q join orders.purchase_order o on o.id = q.order_id and o.company_id = q.company_id';

/**
 * The order queue's statements (docs/replenishment.md "Order queue"): the lists and entries the caller may see, and
 * the set-based changes of its private SQL module `queue.sql.ts` (enqueue, requeue, delete, the timeout sweep).
 */
@Injectable()
export class QueueRepository {
  private scoped(caller: CompanyCaller, scope: OrderQueueScope): { where: string[]; params: unknown[] } {
    const where = ['q.company_id = ?'];
    const params: unknown[] = [caller.companyId];
    if (scope.customerId !== undefined) {
      where.push('q.customer_id = ?');
      params.push(scope.customerId);
    }
    const [visible, visibleParams] = visibleCondition(caller, { customer: 'q.customer_id', location: 'q.location_id', supplier: 'q.supplier_id' });
    where.push(visible);
    params.push(...visibleParams);
    return { where, params };
  }

  /** A page of entries in the states, matching `q` (customer, location, supplier name or the order id), in the plan's order; and their number. */
  async list(
    em: EntityManager,
    caller: CompanyCaller,
    scope: OrderQueueScope,
    plan: { states: readonly string[]; orderBy: string },
    q: string | undefined,
    page: number,
    perPage: number,
  ): Promise<{ rows: Row[]; total: number }> {
    const { where, params } = this.scoped(caller, scope);
    where.push(`q.state in (${plan.states.map(() => '?').join(', ')})`);
    params.push(...plan.states);
    if (q) {
      const pattern = containsPattern(q);
      where.push(`(o.customer_name ilike ? or o.location_name ilike ? or o.supplier_name ilike ? or cast(q.order_id as text) = ?)`);
      params.push(pattern, pattern, pattern, q);
    }
    const rows = await em.execute<Row[]>(`select ${ENTRY_COLUMNS} from ${FROM} where ${where.join(' and ')} order by ${plan.orderBy} limit ? offset ?`, [
      ...params,
      perPage,
      (page - 1) * perPage,
    ]);
    const [count] = await em.execute<{ n: string }[]>(`select count(*) as n from ${FROM} where ${where.join(' and ')}`, params);
    return { rows, total: Number(count?.n ?? 0) };
  }

  /** The named entries the caller may see, by id (locked for a change with `forUpdate`). */
  visible(em: EntityManager, caller: CompanyCaller, ids: number[], forUpdate = false): Promise<Row[]> {
    const { where, params } = this.scoped(caller, {});
    return em.execute<Row[]>(
      `select ${ENTRY_COLUMNS}
         from ${FROM}
        where ${where.join(' and ')} and q.id = any(cast(? as int[]))
        order by q.id${forUpdate ? ' for update of q' : ''}`,
      [...params, `{${ids.join(',')}}`],
    );
  }

  /** Open orders wait in the queue for their transmission (queue.sql.ts). */
  enqueue(em: EntityManager, companyId: number, orderIds: number[], userId: number | null, now: Date): Promise<number> {
    return enqueueOrders(em, companyId, orderIds, userId, now);
  }

  requeue(em: EntityManager, companyId: number, ids: number[], userId: number, now: Date): Promise<{ requeued: number; events: number }> {
    return requeueEntries(em, companyId, ids, userId, now);
  }

  delete(em: EntityManager, companyId: number, ids: number[], userId: number, now: Date): Promise<number> {
    return deleteEntries(em, companyId, ids, userId, now);
  }

  /** Entries waiting since before `cutoff` become errors with a journal entry each; answers how many. */
  markTimedOut(em: EntityManager, cutoff: Date, now: Date, timeoutMs: number): Promise<number> {
    return markTimedOut(em, cutoff, now, timeoutMs);
  }
}
