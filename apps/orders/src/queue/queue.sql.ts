import type { EntityManager } from '@mikro-orm/postgresql';
import { JournalCode } from '@kanban/access';

/**
 * The order queue's set-based statements (docs/replenishment.md "Order queue"). The requisition run and the
 * subscription statement add their entries in their own statements (a CTE over their new orders, with the
 * texts below); orders by hand and confirmed requests call `enqueueOrders`.
 *
 * No semicolon anywhere in these texts, SQL comments included: the embedded run's driver then answers a list of
 * result sets instead of the rows (the run's counts came back undefined that way).
 */

/** The error of an order without a supplier: it cannot be transmitted (journal 2001). */
export const NO_SUPPLIER_CODE = JournalCode.ConfigMissing;
export const NO_SUPPLIER_MESSAGE = 'the order has no supplier (its items have no catalog of a supplier): it cannot be transmitted';

/** The error of an entry not confirmed by the supply side in time (journal 2005). */
export const TIMEOUT_CODE = JournalCode.RetrieveData;

/**
 * The columns of a new entry for an order row (with `id, customer_id, location_id, supplier_id`): waiting, or in
 * error at once without a supplier. For `insert into orders.order_queue (QUEUE_COLUMNS) select queueValues(..)`.
 */
export const QUEUE_COLUMNS =
  'company_id, order_id, customer_id, location_id, supplier_id, user_id, state, error_code, error_message, attempts, queued_at, created_at, updated_at';

/**
 * The select list matching QUEUE_COLUMNS for order rows aliased `alias`. `company`, `user` and `now` give SQL
 * expressions; each is called where its value stands (statements that collect `?` parameters in text order).
 */
export function queueValues(alias: string, company: () => string, user: () => string, now: () => string): string {
  return `${company()}, ${alias}.id, ${alias}.customer_id, ${alias}.location_id, ${alias}.supplier_id, ${user()},
         case when ${alias}.supplier_id is null then 'error' else 'waiting' end,
         case when ${alias}.supplier_id is null then ${NO_SUPPLIER_CODE} end,
         case when ${alias}.supplier_id is null then '${NO_SUPPLIER_MESSAGE}' end,
         1, ${now()}, ${now()}, ${now()}`;
}

/**
 * Queues orders that just became transmittable (open, not waiting as requests), in the caller's transaction:
 * one statement for all of them; an order that has an entry keeps it. An order without a supplier gets its
 * journal entry 2001 unless it has one (a run writes it for its own orders, requests included).
 */
export async function enqueueOrders(em: EntityManager, companyId: number, orderIds: number[], userId: number | null, now: Date): Promise<number> {
  if (orderIds.length === 0) return 0;
  const params: unknown[] = [];
  const v = (sql: string, value: unknown) => () => {
    params.push(value);
    return sql;
  };
  const values = queueValues('o', () => 'o.company_id', v('cast(? as int)', userId), v('cast(? as timestamptz)', now));
  const [row] = await em.execute<{ queued: number }[]>(
    `with queued as (
       insert into orders.order_queue (${QUEUE_COLUMNS})
       select ${values}
         from orders.purchase_order o
        where o.company_id = cast(? as int) and o.id = any(cast(? as int[])) and o.status <> 'request'
       on conflict (order_id) do nothing
       returning company_id, order_id, customer_id, location_id, state
     ),
     journal as (
       insert into orders.journal_entry (company_id, code, message, message_key, params, run_id, rule_id, order_id, customer_id, location_id, created_at)
       select q.company_id, ${NO_SUPPLIER_CODE}, 'order ' || q.order_id || ': ${NO_SUPPLIER_MESSAGE}',
              'order_no_supplier', jsonb_build_object('order_id', q.order_id), null, null, q.order_id, q.customer_id, q.location_id,
              cast(? as timestamptz)
         from queued q
        where q.state = 'error'
          and not exists (select 1 from orders.journal_entry j where j.company_id = q.company_id and j.order_id = q.order_id and j.code = ${NO_SUPPLIER_CODE})
       returning id
     )
     select (select count(*) from queued)::int as queued, (select count(*) from journal)::int as journal`,
    [...params, companyId, `{${orderIds.join(',')}}`, now],
  );
  return Number(row?.queued ?? 0);
}

/**
 * The supply service confirmed it has the order (evt.supply.created, also a repeated one): the entry is
 * transmitted, whatever it was (an entry marked error by the timeout was received late after all).
 */
export async function markTransmitted(em: EntityManager, companyId: number, orderId: number, at: Date): Promise<number> {
  const rows = await em.execute<{ id: number }[]>(
    `update orders.order_queue set state = 'transmitted', transmitted_at = ?, error_code = null, error_message = null, updated_at = ?
      where company_id = ? and order_id = ?
      returning id`,
    [at, at, companyId, orderId],
  );
  return rows.length;
}

/**
 * Entries waiting since `cutoff` or longer become errors (2005), each with one journal entry: one statement over
 * every company (the scheduler's sweep). An entry is marked once per attempt (only waiting entries match).
 */
export async function markTimedOut(em: EntityManager, cutoff: Date, now: Date, timeoutMs: number): Promise<number> {
  const minutes = Math.max(1, Math.round(timeoutMs / 60_000));
  const message = `not confirmed by the supply side within ${timeoutMs < 60_000 ? `${Math.round(timeoutMs / 1000)} s` : `${minutes} min`}: unable to retrieve the confirmation`;
  const [row] = await em.execute<{ marked: number }[]>(
    `with timed_out as (
       update orders.order_queue q
          set state = 'error', error_code = ${TIMEOUT_CODE}, error_message = cast(? as text), updated_at = cast(? as timestamptz)
        where q.state = 'waiting' and q.queued_at <= cast(? as timestamptz)
       returning q.company_id, q.order_id, q.customer_id, q.location_id
     ),
     journal as (
       insert into orders.journal_entry (company_id, code, message, message_key, params, run_id, rule_id, order_id, customer_id, location_id, created_at)
       select t.company_id, ${TIMEOUT_CODE}, 'order ' || t.order_id || ': ' || cast(? as text),
              'order_not_confirmed', jsonb_build_object('order_id', t.order_id, 'timeout_s', cast(? as int)), null, null, t.order_id, t.customer_id, t.location_id,
              cast(? as timestamptz)
         from timed_out t
       returning id
     )
     select (select count(*) from timed_out)::int as marked, (select count(*) from journal)::int as journal`,
    [message, now, cutoff, message, Math.round(timeoutMs / 1000), now],
  );
  return Number(row?.marked ?? 0);
}

/**
 * Requeue: the entries back to waiting (or straight to error 2001 when the order still has no supplier),
 * attempts + 1, the caller as user; a U history event per order and, for those with a supplier, a new
 * `evt.orders.created` (the order's lines that are not cancelled) into the outbox. One statement.
 */
export async function requeueEntries(em: EntityManager, companyId: number, ids: number[], userId: number, now: Date): Promise<{ requeued: number; events: number }> {
  const [row] = await em.execute<{ requeued: number; events: number }[]>(
    `with requeued as (
       update orders.order_queue q
          set state = case when q.supplier_id is null then 'error' else 'waiting' end,
              error_code = case when q.supplier_id is null then ${NO_SUPPLIER_CODE} end,
              error_message = case when q.supplier_id is null then '${NO_SUPPLIER_MESSAGE}' end,
              attempts = q.attempts + 1, user_id = cast(? as int), queued_at = cast(? as timestamptz), transmitted_at = null,
              updated_at = cast(? as timestamptz)
        where q.company_id = cast(? as int) and q.id = any(cast(? as int[]))
       returning q.order_id, q.supplier_id, q.attempts
     ),
     history as (
       insert into orders.purchase_order_event (company_id, order_id, type, code, params, text, user_id, created_at)
       select cast(? as int), r.order_id, 'U', 'queue_requeued', jsonb_build_object('attempt', r.attempts),
              'requeued in the order queue (attempt ' || r.attempts || ')', cast(? as int), cast(? as timestamptz)
         from requeued r
       returning id
     ),
     sent as (
       select gen_random_uuid() as event_id, o.id, o.customer_id, o.location_id, o.supplier_id, o.run_id, o.trigger, o.order_date
         from requeued r
         join orders.purchase_order o on o.id = r.order_id and o.company_id = cast(? as int)
        where r.supplier_id is not null
     ),
     line_groups as (
       select l.order_id, jsonb_agg(jsonb_build_object('pos', l.pos, 'rule_id', l.rule_id, 'item_id', l.item_id, 'sku', l.sku, 'name', l.name,
                                                      'quantity', l.quantity, 'unit', l.unit, 'shipping', l.shipping) order by l.pos) as lines
         from orders.purchase_order_line l
        where l.company_id = cast(? as int) and l.order_id in (select id from sent) and l.status <> 'cancelled'
        group by l.order_id
     ),
     outbox as (
       insert into orders.outbox (id, subject, payload, created_at, attempts)
       select s.event_id, 'evt.orders.created',
              jsonb_build_object(
                'id', s.event_id, 'subject', 'evt.orders.created', 'occurredAt', cast(? as text),
                'data', jsonb_build_object(
                  'id', s.id, 'company_id', cast(? as int), 'customer_id', s.customer_id, 'location_id', s.location_id,
                  'supplier_id', s.supplier_id, 'run_id', s.run_id, 'trigger', s.trigger, 'date', s.order_date,
                  'lines', coalesce(lg.lines, '[]'::jsonb))),
              cast(? as timestamptz), 0
         from sent s
         left join line_groups lg on lg.order_id = s.id
       returning id
     )
     select (select count(*) from requeued)::int as requeued, (select count(*) from history)::int as history, (select count(*) from outbox)::int as events`,
    [userId, now, now, companyId, `{${ids.join(',')}}`, companyId, userId, now, companyId, companyId, now.toISOString(), companyId, now],
  );
  return { requeued: Number(row?.requeued ?? 0), events: Number(row?.events ?? 0) };
}

/** Delete: the entries go, their orders stay with a U history event saying they were taken out of the queue. */
export async function deleteEntries(em: EntityManager, companyId: number, ids: number[], userId: number, now: Date): Promise<number> {
  const [row] = await em.execute<{ deleted: number }[]>(
    `with removed as (
       delete from orders.order_queue q where q.company_id = cast(? as int) and q.id = any(cast(? as int[]))
       returning q.order_id
     ),
     history as (
       insert into orders.purchase_order_event (company_id, order_id, type, code, params, text, user_id, created_at)
       select cast(? as int), r.order_id, 'U', 'queue_removed', '{}'::jsonb, 'taken out of the order queue', cast(? as int), cast(? as timestamptz)
         from removed r
       returning id
     )
     select (select count(*) from removed)::int as deleted, (select count(*) from history)::int as history`,
    [companyId, `{${ids.join(',')}}`, companyId, userId, now],
  );
  return Number(row?.deleted ?? 0);
}
