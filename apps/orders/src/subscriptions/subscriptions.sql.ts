import type { EntityManager } from '@mikro-orm/postgresql';
import { requestNoticesCte } from '../orders/order-notice.sql';
import { QUEUE_COLUMNS, queueValues } from '../queue/queue.sql';

/**
 * Subscriptions (docs/replenishment.md "Subscriptions"): an active item subscription at a location orders the
 * item's `order_quantity` (order units, raised to the minimum order quantity and capped by the maximum) every
 * `subscription_interval` days, when the customer uses subscriptions. Part of the scheduled runs (in the run's
 * transaction, under the company's lock): a subscription is due when it never ordered or its last order day plus
 * the interval is today or earlier; the statement sets `last_ordered_on` to today with the orders it creates,
 * so a second slot of the same day, a second replica or a re-run after a crash never orders it twice.
 *
 * Subscription lines carry no rule (`rule_id` null): they are deliveries on a calendar, not a bin's refill, so
 * they neither block nor count towards a rule's netting. Orders per location and supplier as in the run, as
 * requests for customers with the request workflow (no evt.orders.created then).
 */
export interface SubscriptionInput {
  companyId: number;
  runId: number;
  today: string;
  now: Date;
  userId: number | null;
}

export interface SubscriptionCounts {
  subscriptions: number;
  orders: number;
  lines: number;
  requests: number;
}

export function subscriptionStatement(input: SubscriptionInput): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const v = (value: unknown) => {
    params.push(value);
    return '?';
  };
  const company = () => `cast(${v(input.companyId)} as int)`;
  const today = () => `cast(${v(input.today)} as date)`;
  const now = () => `cast(${v(input.now.toISOString())} as timestamptz)`;
  const run = () => `cast(${v(input.runId)} as int)`;
  const user = () => `cast(${v(input.userId)} as int)`;
  const sql = `
with due as (
  select s.location_id, s.item_id, l.customer_id, i.supplier_id, i.catalog_id, i.sku, i.name, i.order_unit, i.item_unit,
         coalesce(nullif(i.quantity_per_order_unit, 0), 1) as per_unit,
         case when coalesce(i.max_order_quantity, 0) > 0 then least(greatest(i.order_quantity, coalesce(i.min_order_quantity, 0)), i.max_order_quantity)
              else greatest(i.order_quantity, coalesce(i.min_order_quantity, 0)) end as quantity,
         coalesce(i.lead_time_days, 0) + coalesce(i.transit_days, 0) as days,
         coalesce(l.delivery_isodow, '[]'::jsonb) as delivery_isodow, c.use_request_workflow,
         c.name as customer_name, l.name as location_name, coalesce(sp.name, '') as supplier_name, coalesce(k.name, '') as catalog_name
    from orders.subscription_copy s
    join orders.item_copy i on i.id = s.item_id and i.company_id = s.company_id
    join orders.location_copy l on l.id = s.location_id and l.company_id = s.company_id
    join orders.customer_copy c on c.id = l.customer_id and c.company_id = s.company_id
    left join orders.supplier_copy sp on sp.id = i.supplier_id and sp.company_id = s.company_id
    left join orders.catalog_copy k on k.id = i.catalog_id and k.company_id = s.company_id
   where s.company_id = ${company()} and s.active
     and c.use_subscription and not c.inactive and not c.deleted and not l.inactive and not l.deleted
     and not i.deleted and not i.disabled and i.purchaseable and i.supplier_id is not null
     and (i.contract_end_date is null or i.contract_end_date > ${today()})
     and (i.paused_until is null or i.paused_until < ${today()})
     and coalesce(i.subscription_interval, 0) > 0 and i.order_quantity > 0
     and (s.last_ordered_on is null or s.last_ordered_on + i.subscription_interval <= ${today()})
),
ordered as (
  select d.*, row_number() over (partition by d.location_id, d.supplier_id order by d.sku, d.item_id) as pos,
         (select min(g)::date
            from generate_series((${today()} + d.days)::timestamp, (${today()} + d.days + 6)::timestamp, interval '1 day') g
           where jsonb_array_length(d.delivery_isodow) = 0 or d.delivery_isodow @> to_jsonb(extract(isodow from g)::int)) as shipping
    from due d
),
groups as (
  select location_id, supplier_id, min(customer_id) as customer_id, bool_or(use_request_workflow) as request,
         min(customer_name) as customer_name, min(location_name) as location_name, min(supplier_name) as supplier_name
    from ordered
   group by location_id, supplier_id
),
new_orders as (
  insert into orders.purchase_order (company_id, customer_id, location_id, supplier_id, customer_name, location_name, supplier_name,
                                     order_date, created_at, created_by, status, source, run_id, trigger, comment, ext_status,
                                     po_status, notification_status, updated_at)
  select ${company()}, g.customer_id, g.location_id, g.supplier_id, g.customer_name, g.location_name, g.supplier_name,
         ${today()}, ${now()}, ${user()}, case when g.request then 'request' else 'open' end, 'requisition', ${run()}, 'schedule', 'subscription', 0, 0, 0, ${now()}
    from groups g
   order by g.location_id, g.supplier_id
  returning id, customer_id, location_id, supplier_id, status
),
new_lines as (
  insert into orders.purchase_order_line (company_id, order_id, pos, rule_id, item_id, catalog_id, catalog_name, supplier_id, supplier_name,
                                          sku, name, quantity, unit, item_unit, quantity_per_order_unit, shipping, status, ext_status, created_at)
  select ${company()}, n.id, o.pos, null, o.item_id, o.catalog_id, o.catalog_name, o.supplier_id, o.supplier_name,
         o.sku, o.name, o.quantity, coalesce(o.order_unit, ''), coalesce(o.item_unit, ''), o.per_unit, o.shipping, 'open', 0, ${now()}
    from ordered o
    join new_orders n on n.location_id = o.location_id and n.supplier_id = o.supplier_id
  returning id, order_id, pos, rule_id, item_id, sku, name, quantity, unit, shipping
),
marked as (
  update orders.subscription_copy s
     set last_ordered_on = ${today()}, last_run_id = ${run()}, last_order_id = n.id
    from ordered o
    join new_orders n on n.location_id = o.location_id and n.supplier_id = o.supplier_id
   where s.company_id = ${company()} and s.location_id = o.location_id and s.item_id = o.item_id
  returning s.item_id
),
order_events as (
  insert into orders.purchase_order_event (company_id, order_id, type, code, params, text, user_id, created_at)
  select ${company()}, n.id, 'R', 'subscription_run', jsonb_build_object('run_id', ${run()}), 'subscription: requisition run ' || ${run()}, ${user()}, ${now()}
    from new_orders n
  returning id
),
line_groups as materialized (
  select l.order_id, jsonb_agg(jsonb_build_object('pos', l.pos, 'rule_id', l.rule_id, 'item_id', l.item_id, 'sku', l.sku, 'name', l.name,
                                                 'quantity', l.quantity, 'unit', l.unit, 'shipping', l.shipping) order by l.pos) as lines
    from new_lines l
   group by l.order_id
),
outbox as (
  insert into orders.outbox (id, subject, payload, created_at, attempts)
  select x.event_id, 'evt.orders.created',
         jsonb_build_object(
           'id', x.event_id, 'subject', 'evt.orders.created', 'occurredAt', cast(${v(input.now.toISOString())} as text),
           'data', jsonb_build_object(
             'id', x.id, 'company_id', ${company()}, 'customer_id', x.customer_id, 'location_id', x.location_id,
             'supplier_id', x.supplier_id, 'run_id', ${run()}, 'trigger', 'schedule', 'date', ${today()},
             'lines', lg.lines)),
         ${now()}, 0
    from (select gen_random_uuid() as event_id, n.* from new_orders n where n.status = 'open') x
    join line_groups lg on lg.order_id = x.id
  returning id
),
${requestNoticesCte({ v, company, user, now }, input.now.toISOString())},
queued as (
  -- the order queue (docs/replenishment.md "Order queue"): each open order waits for its transmission
  insert into orders.order_queue (${QUEUE_COLUMNS})
  select ${queueValues('n', company, user, now)}
    from new_orders n
   where n.status = 'open'
  returning id
)
select (select count(*) from marked)::int as subscriptions,
       (select count(*) from new_orders)::int as orders,
       (select count(*) from new_lines)::int as lines,
       (select count(*) from new_orders where status = 'request')::int as requests,
       (select count(*) from order_events)::int as order_events,
       (select count(*) from outbox)::int as events,
       (select count(*) from queued)::int as queued`;
  return { sql, params };
}

export async function orderSubscriptions(em: EntityManager, input: SubscriptionInput): Promise<SubscriptionCounts> {
  const statement = subscriptionStatement(input);
  const [row] = await em.execute<SubscriptionCounts[]>(statement.sql, statement.params);
  return { subscriptions: Number(row!.subscriptions), orders: Number(row!.orders), lines: Number(row!.lines), requests: Number(row!.requests) };
}

/** evt.catalog.item_subscription_changed into the copy (newer state wins; the order history of the row stays). */
export async function upsertSubscription(
  em: EntityManager,
  event: { company_id: number; location_id: number; item_id: number; active: boolean },
  version: Date,
): Promise<void> {
  await em.execute(
    `insert into orders.subscription_copy as s (company_id, location_id, item_id, active, version)
     values (?, ?, ?, ?, ?)
     on conflict (location_id, item_id) do update set active = excluded.active, version = excluded.version
     where s.version <= excluded.version and s.company_id = excluded.company_id`,
    [event.company_id, event.location_id, event.item_id, event.active, version],
  );
}
