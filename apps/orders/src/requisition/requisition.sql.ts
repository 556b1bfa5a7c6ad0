import type { RunTrigger, Weekday } from '@kanban/contracts';
import type { RequisitionSlot } from '@kanban/contracts';
import { requestNoticesCte } from '../orders/order-notice.sql';
import { QUEUE_COLUMNS, queueValues } from '../queue/queue.sql';

/**
 * The settings of a run's transaction (requisition.service.ts; the benchmark's plain statement takes the same):
 * - jit off: the statement's estimated cost passes the JIT threshold with some thousand rules, and compiling its
 *   expressions (~0.2 s) costs more than it saves;
 * - work_mem 64MB: a run over 100,000 rules sorts and hashes some 10-30 MB per step (rules per location and
 *   supplier, lines per order), which the default 4MB spills to temporary files. Only what a step needs is taken,
 *   so small runs use little; runs of one company never overlap (its advisory lock).
 */
export const RUN_SETTINGS = `set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`;

/** Which rules a run evaluates (all of them active rules of the run's company). */
export type DueRules =
  /** `rules/{id}/execute`: that rule */
  | { kind: 'rule'; ruleId: number }
  /** a stock event: every rule whose stock changed since its last evaluation */
  | { kind: 'pending' }
  /** a scheduled slot: rules at locations checked at this weekday and slot, or at locations without a schedule */
  | { kind: 'slot'; weekday: Weekday; slot: RequisitionSlot };

export interface RunStatementInput {
  companyId: number;
  runId: number;
  trigger: RunTrigger;
  due: DueRules;
  /** the company's local day (YYYY-MM-DD): pauses, contract ends, the order day and the delivery day */
  today: string;
  now: Date;
  userId: number | null;
  /** rules whose backorder (type days) the run's backorder statement cancelled: due too, and ordered anew (`backorder`) */
  backorderRuleIds?: number[];
}

/** What the statement answers: how many rules it evaluated, orders and lines it created, decisions it recorded. */
export interface RunCounts {
  evaluated: number;
  orders: number;
  lines: number;
  decisions: number;
  /** orders created as requests (customers with the request workflow): no evt.orders.created until confirmed */
  requests: number;
  /** journal entries of rules the run could not order for (2001 config missing, 2002 config invalid) */
  journal: number;
}

/**
 * The requisition run of one company as ONE statement (docs/replenishment.md): data-modifying CTEs read the
 * due rules with the read model of their items, locations and customers, net what is on order, decide and
 * compute the quantity per rule (the algorithm of `algorithm.ts`, in the same double arithmetic), group the ordered
 * rules per location and supplier into orders with lines, record the decisions that differ from each rule's last
 * one, delete the evaluated stock changes from `rule_pending` (the rule rows stay as they are), write an R history event per order and put `evt.orders.created`
 * into the outbox. One snapshot, one round trip, never a query per rule.
 *
 * The caller holds the company's advisory lock, so no other run sees the same open lines in between; the
 * partial unique index on open lines per rule makes the database refuse a second pending line regardless.
 */
export function runStatement(input: RunStatementInput): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const v = (value: unknown) => {
    params.push(value);
    return '?';
  };
  const company = () => `cast(${v(input.companyId)} as int)`;
  const today = () => `cast(${v(input.today)} as date)`;
  const now = () => `cast(${v(input.now.toISOString())} as timestamptz)`;
  const trigger = () => `cast(${v(input.trigger)} as text)`;
  const run = () => `cast(${v(input.runId)} as int)`;
  const user = () => `cast(${v(input.userId)} as int)`;

  // Parameters are collected in the order the text names them: conditions are built where they stand.
  const backorders = input.backorderRuleIds ?? [];
  const dueCondition = (): string => {
    const due = input.due;
    if (backorders.length > 0) return `(${dueKind(due)} or r.id = any(cast(${v(`{${backorders.join(',')}}`)} as int[])))`;
    return dueKind(due);
  };
  const dueKind = (due: DueRules): string => {
    switch (due.kind) {
      case 'rule':
        return `r.id = ${v(due.ruleId)}`;
      case 'pending':
        return 'p.rule_id is not null';
      case 'slot':
        return `(l.id is null or not l.scheduled or (l.slots -> cast(${v(due.weekday)} as text)) @> to_jsonb(cast(${v(due.slot)} as text)))`;
    }
  };

  // No semicolon anywhere in the text, comments included: the embedded (PGlite) driver runs a text with one as
  // several statements and answers no rows.
  const sql = `
with due as (
  select r.id as rule_id, r.company_id, r.customer_id, r.location_id, r.item_id, r.stock, r.threshold, r.capacity, p.changed_at as pending_at,
         r.created_at as rule_created_at,
         (i.id is null or i.deleted) as item_deleted,
         (coalesce(i.disabled, false) or (i.contract_end_date is not null and i.contract_end_date <= ${today()})) as item_disabled,
         (i.paused_until is not null and i.paused_until >= ${today()}) as item_paused,
         coalesce(nullif(i.quantity_per_order_unit, 0), 1) as per_unit,
         coalesce(i.min_order_quantity, 0) as moq,
         coalesce(i.max_order_quantity, 0) as mxoq,
         coalesce(nullif(i.order_quantity_increment, 0), 1) as increment,
         coalesce(i.lead_time_days, 0) + coalesce(i.transit_days, 0) as days,
         i.sku, i.name, i.order_unit, i.item_unit, i.catalog_id, i.supplier_id,
         (l.id is null or l.deleted or l.inactive) as location_off,
         coalesce(l.scheduled, false) as scheduled,
         -- deltakanban off: classic kanban, the item's fixed order quantity (docs/ordering-flags.md)
         coalesce(l.deltakanban, true) as deltakanban, coalesce(i.order_quantity, 1) as fixed_quantity,
         coalesce(c.inactive or c.deleted, false) as customer_off,
         coalesce(c.use_request_workflow, false) as request_workflow,
         coalesce(c.automatic_restock_days, 0) as restock_days,
         -- an item without a supplier (or whose supplier is not known here yet) is not held back: 2001 below
         coalesce(not s.active or s.deleted, false) as supplier_off, s.name as supplier_name,
         (r.capacity <= r.threshold or coalesce(i.quantity_per_order_unit, 1) < 0 or coalesce(i.order_quantity_increment, 1) < 0
          or coalesce(i.min_order_quantity, 0) < 0
          or (coalesce(i.max_order_quantity, 0) > 0 and i.max_order_quantity < coalesce(i.min_order_quantity, 0))) as config_invalid
    from orders.kanban_rule r
    left join orders.rule_pending p on p.company_id = r.company_id and p.rule_id = r.id
    left join orders.item_copy i on i.id = r.item_id and i.company_id = r.company_id
    left join orders.location_copy l on l.id = r.location_id and l.company_id = r.company_id
    left join orders.customer_copy c on c.id = r.customer_id and c.company_id = r.company_id
    left join orders.supplier_copy s on s.id = i.supplier_id and s.company_id = r.company_id
   where r.company_id = ${company()} and r.active and ${dueCondition()}
),
on_order as (
  select ol.rule_id, sum(ol.quantity) as quantity, bool_or(ol.status = 'open') as pending
    from orders.purchase_order_line ol
   where ol.company_id = ${company()} and ol.status in ('open', 'confirmed') and ol.rule_id in (select rule_id from due)
   group by ol.rule_id
),
open_backorders as (
  select b.rule_id, sum(b.quantity) as quantity
    from orders.line_backorder b
   where b.company_id = ${company()} and b.quantity > 0 and b.rule_id in (select rule_id from due)
   group by b.rule_id
),
evaluated as (
  -- to_order: a plain boolean column, so the planner's estimate of the ordered rules is not that of a text filter
  -- on a CTE (1.5 %), which made it join the big CTEs below in nested loops
  select x.*, x.reason in ('ordered', 'backorder', 'restock') as to_order
    from (
  select d.*, coalesce(o.quantity, 0) as on_order, coalesce(o.pending, false) as pending, q.fill,
         coalesce(b.quantity, 0)::float8 as backorder,
         case
           when d.location_off then 'location_inactive'
           when d.customer_off then 'customer_inactive'
           when d.item_deleted then 'item_deleted'
           when d.supplier_off then 'supplier_inactive'
           when d.item_disabled then 'item_disabled'
           when d.item_paused then 'item_paused'
           when d.config_invalid then 'config_invalid'
           when d.stock > d.threshold then
             case when ${trigger()} = 'schedule' and d.restock_days > 0 and o.rule_id is null and q.fill > 0
                       and d.stock < d.capacity
                       and coalesce((select x.created_at from orders.requisition_decision x
                                      where x.company_id = d.company_id and x.rule_id = d.rule_id and x.order_id is not null
                                      order by x.id desc limit 1), d.rule_created_at)
                           <= ${now()} - d.restock_days * interval '1 day'
                  then 'restock' else 'above_threshold' end
           when coalesce(o.pending, false) then 'already_on_order'
           when d.stock + coalesce(o.quantity, 0) * d.per_unit > d.threshold then 'already_on_order'
           when q.fill <= 0 then 'nothing_to_order'
           when d.rule_id = any(cast(${v(`{${backorders.join(',')}}`)} as int[])) then 'backorder'
           when ${trigger()} = 'stock' and d.scheduled then 'outside_schedule'
           else 'ordered'
         end as reason
    from due d
    left join on_order o on o.rule_id = d.rule_id
    left join open_backorders b on b.rule_id = d.rule_id
    -- orderQuantity() of algorithm.ts in the same double arithmetic: 1e-9 tolerance, rounded to 6 decimals
    -- (floor(x + 0.5) is Math.round). Numeric would cost a float-to-decimal conversion per operand (~8 us a rule)
    -- classicOrderQuantity() for deltakanban off: the fixed quantity in item units as the target, stock not counted
    cross join lateral (
      select case when d.deltakanban then d.capacity - d.stock - coalesce(o.quantity, 0) * d.per_unit
                  else d.fixed_quantity * d.per_unit - coalesce(o.quantity, 0) * d.per_unit end as shortfall
    ) s
    cross join lateral (
      select case when s.shortfall <= 1e-9 then 0::float8
                  else floor(ceil(s.shortfall / d.per_unit / d.increment - 1e-9) * d.increment * 1e6 + 0.5) / 1e6 end as raw
    ) r
    cross join lateral (
      select case when r.raw <= 0 then 0::float8
                  else floor((case when d.mxoq > 0 then least(greatest(r.raw, d.moq), d.mxoq) else greatest(r.raw, d.moq) end) * 1e6 + 0.5) / 1e6
             end as fill
    ) q
    ) x
),
shipping_days as materialized (
  -- the shipping day per location and lead time (days), once per pair instead of once per rule: the first delivery
  -- day on or after today + days (any day when the location has no delivery days)
  select k.location_id, k.days,
         (select min(g)::date
            from generate_series((${today()} + k.days)::timestamp, (${today()} + k.days + 6)::timestamp, interval '1 day') g
           where jsonb_array_length(k.delivery_isodow) = 0 or k.delivery_isodow @> to_jsonb(extract(isodow from g)::int)) as shipping
    from (select e.location_id, e.days, coalesce(l.delivery_isodow, '[]'::jsonb) as delivery_isodow
            from (select distinct location_id, days from evaluated where to_order) e
            left join orders.location_copy l on l.id = e.location_id and l.company_id = ${company()}) k
),
ordered as (
  select e.*,
         row_number() over (partition by e.location_id, e.supplier_id order by e.sku, e.rule_id) as pos,
         sd.shipping
    from evaluated e
    join shipping_days sd on sd.location_id = e.location_id and sd.days = e.days
   where e.to_order
),
groups as (
  select location_id, supplier_id, min(company_id) as company_id, min(customer_id) as customer_id, bool_or(request_workflow) as request
    from ordered
   group by location_id, supplier_id
),
new_orders as (
  insert into orders.purchase_order (company_id, customer_id, location_id, supplier_id, customer_name, location_name, supplier_name,
                                     order_date, created_at, created_by, status, source, run_id, trigger, comment, ext_status,
                                     po_status, notification_status, updated_at)
  select g.company_id, g.customer_id, g.location_id, g.supplier_id, coalesce(c.name, ''), coalesce(l.name, ''), coalesce(s.name, ''),
         ${today()}, ${now()}, ${user()}, case when g.request then 'request' else 'open' end, 'requisition', ${run()}, ${trigger()}, '', 0, 0, 0, ${now()}
    from groups g
    -- the names once per order, not carried along with every rule
    left join orders.customer_copy c on c.id = g.customer_id and c.company_id = g.company_id
    left join orders.location_copy l on l.id = g.location_id and l.company_id = g.company_id
    left join orders.supplier_copy s on s.id = g.supplier_id and s.company_id = g.company_id
   order by g.location_id, g.supplier_id nulls first
  returning id, customer_id, location_id, supplier_id, supplier_name, status
),
new_lines as (
  insert into orders.purchase_order_line (company_id, order_id, pos, rule_id, item_id, catalog_id, catalog_name, supplier_id, supplier_name,
                                          sku, name, quantity, unit, item_unit, quantity_per_order_unit, shipping, status, ext_status, created_at)
  select o.company_id, n.id, o.pos, o.rule_id, o.item_id, o.catalog_id, coalesce(k.name, ''), o.supplier_id, n.supplier_name,
         o.sku, o.name, o.fill, coalesce(o.order_unit, ''), coalesce(o.item_unit, ''), o.per_unit, o.shipping, 'open', 0, ${now()}
    from ordered o
    -- coalesce, not "is not distinct from": an equality the planner can hash (items without a supplier: 0, no supplier id)
    join new_orders n on n.location_id = o.location_id and coalesce(n.supplier_id, 0) = coalesce(o.supplier_id, 0)
    left join orders.catalog_copy k on k.id = o.catalog_id and k.company_id = o.company_id
  union all
  -- the location's service fee (service_fee_quantity above 0): one line of the location's fee item, else the
  -- customer's, after the goods of each order, unless the order holds that item already (docs/ordering-flags.md).
  -- Without a fee item (or with one deleted) the run orders without the line: a run cannot refuse as an order by hand does
  select ${company()}, n.id, g.pos + 1, cast(null as int), fi.id, fi.catalog_id, coalesce(fk.name, ''), fi.supplier_id, coalesce(fs.name, ''),
         fi.sku, fi.name, fl.service_fee_quantity, coalesce(fi.order_unit, ''), coalesce(fi.item_unit, ''), coalesce(fi.quantity_per_order_unit, 1),
         g.shipping, 'open', 0, ${now()}
    from new_orders n
    join (select location_id, coalesce(supplier_id, 0) as supplier_key, max(pos) as pos, min(shipping) as shipping, array_agg(item_id) as items
            from ordered
           group by location_id, coalesce(supplier_id, 0)) g on g.location_id = n.location_id and g.supplier_key = coalesce(n.supplier_id, 0)
    join orders.location_copy fl on fl.id = n.location_id and fl.company_id = ${company()} and fl.service_fee_quantity > 0
    left join orders.customer_copy fc on fc.id = n.customer_id and fc.company_id = ${company()}
    join orders.item_copy fi on fi.id = coalesce(fl.service_fee_item_id, fc.service_fee_item_id) and fi.company_id = ${company()} and not fi.deleted
    left join orders.catalog_copy fk on fk.id = fi.catalog_id and fk.company_id = ${company()}
    left join orders.supplier_copy fs on fs.id = fi.supplier_id and fs.company_id = ${company()}
   where not (fi.id = any(g.items))
  returning id, order_id, pos, rule_id, item_id, sku, name, quantity, unit, shipping
),
decided as (
  select e.rule_id, e.reason, e.pending_at, e.customer_id, e.location_id, e.sku, e.supplier_id, e.supplier_name,
         (case when e.reason in ('ordered', 'outside_schedule', 'backorder', 'restock') then e.fill else 0 end)::float8 as quantity,
         e.stock, e.threshold, e.capacity, e.on_order::float8 as on_order, l.order_id, e.backorder
    from evaluated e
    -- the order of the rule's new line, by a hash join that keeps the rules in their (physical) order, so the update
    -- below visits the rule table's pages in turn
    left join new_lines l on l.rule_id = e.rule_id
),
changes as (
  -- a decision is recorded when it differs from the rule's last one (its latest row in requisition_decision)
  select d.*, ld.reason as last_reason,
         (d.order_id is not null
          or ld.reason is null
          or ld.reason is distinct from d.reason
          or ld.quantity is distinct from d.quantity
          or ld.stock is distinct from d.stock
          or ld.threshold is distinct from d.threshold
          or ld.capacity is distinct from d.capacity
          or ld.on_order is distinct from d.on_order
          or ld.backorder is distinct from d.backorder) as changed
    from decided d
    left join lateral (
      select x.reason, x.quantity, x.stock, x.threshold, x.capacity, x.on_order, x.backorder
        from orders.requisition_decision x
       where x.company_id = ${company()} and x.rule_id = d.rule_id
       order by x.id desc limit 1) ld on true
),
cleared as (
  -- the evaluated stock changes: a change after the run's snapshot has another time and stays pending
  delete from orders.rule_pending p
   using changes c
   where p.company_id = ${company()} and p.rule_id = c.rule_id and p.changed_at = c.pending_at
  returning p.rule_id
),
decisions as (
  insert into orders.requisition_decision (company_id, run_id, rule_id, reason, quantity, stock, threshold, capacity, on_order, order_id, backorder, created_at)
  select ${company()}, ${run()}, c.rule_id, c.reason, c.quantity, c.stock, c.threshold, c.capacity, c.on_order, c.order_id, c.backorder, ${now()}
    from changes c
   where c.changed
   -- sorted: every last decision is read before the first row goes in (a probe of requisition_decision must not
   -- meet the rows this statement inserts: with an empty table planned as a scan, that is a scan per rule over them
   -- all), and the rows go into the index (company_id, rule_id, id) in its order
   order by c.rule_id
  returning id
),
order_events as (
  insert into orders.purchase_order_event (company_id, order_id, type, code, params, text, user_id, created_at)
  select ${company()}, n.id, 'R', 'requisition_run', jsonb_build_object('run_id', ${run()}, 'trigger', ${trigger()}),
         'requisition run ' || ${run()} || ' (' || ${trigger()} || ')', ${user()}, ${now()}
    from new_orders n
  returning id
),
journal as (
  -- 2002: a rule the run cannot order with its configuration (once, when its decision becomes config_invalid)
  -- message: in English for the API, message_key and params: the same as a code, translated by the web
  insert into orders.journal_entry (company_id, code, message, message_key, params, run_id, rule_id, order_id, customer_id, location_id, created_at)
  select ${company()}, 2002,
         'rule ' || c.rule_id || ' (' || coalesce(c.sku, '') || '): capacity not above the threshold, or contradicting order constraints of the item',
         'rule_config_invalid', jsonb_build_object('rule_id', c.rule_id, 'sku', coalesce(c.sku, '')),
         ${run()}, c.rule_id, null, c.customer_id, c.location_id, ${now()}
    from changes c
   where c.reason = 'config_invalid' and c.last_reason is distinct from c.reason
  union all
  -- 2001: rules the run did not order because their supplier is inactive: one entry per run naming the rules whose
  -- decision became supplier_inactive in it (a steady state writes no more), grouped by supplier
  select ${company()}, 2001,
         left('not ordered automatically, supplier inactive: '
              || string_agg(g.supplier_name || ' (' || g.n || ' rule' || case when g.n = 1 then '' else 's' end || ': ' || g.rules || ')', ', ' order by g.supplier_name), 2000),
         'supplier_inactive',
         jsonb_build_object('suppliers', jsonb_agg(jsonb_build_object('supplier_id', g.supplier_id, 'name', g.supplier_name, 'rules', g.rule_list) order by g.supplier_name)),
         ${run()}, case when sum(g.n) = 1 then min(g.rule_id) end, cast(null as int),
         case when count(distinct g.customer_id) = 1 and max(g.customers) = 1 then min(g.customer_id) end,
         case when sum(g.n) = 1 then min(g.location_id) end, ${now()}
    from (select c.supplier_id, coalesce(c.supplier_name, '') as supplier_name, count(*)::int as n, min(c.rule_id) as rule_id,
                 jsonb_agg(jsonb_build_object('rule_id', c.rule_id, 'sku', coalesce(c.sku, '')) order by c.rule_id) as rule_list,
                 min(c.customer_id) as customer_id, count(distinct c.customer_id) as customers, min(c.location_id) as location_id,
                 string_agg('rule ' || c.rule_id || ' (' || coalesce(c.sku, '') || ')', ', ' order by c.rule_id) as rules
            from changes c
           where c.reason = 'supplier_inactive' and c.last_reason is distinct from c.reason
           group by c.supplier_id, c.supplier_name) g
  having count(*) > 0
  union all
  -- 2001: an order of items without a supplier (no catalog of a supplier): it cannot be transmitted until they have one
  select ${company()}, 2001,
         'order ' || n.id || ': ' || (select string_agg(l.sku, ', ' order by l.pos) from new_lines l where l.order_id = n.id)
           || ' without a supplier (no catalog of a supplier): the order cannot be transmitted',
         'order_no_supplier',
         jsonb_build_object('order_id', n.id, 'skus', (select string_agg(l.sku, ', ' order by l.pos) from new_lines l where l.order_id = n.id)),
         ${run()}, (select min(l.rule_id) from new_lines l where l.order_id = n.id having count(*) = 1), n.id, n.customer_id, n.location_id, ${now()}
    from new_orders n
   where n.supplier_id is null
  returning id
),
line_groups as materialized (
  -- each order's lines for its event, aggregated once (not one scan of all new lines per order), as json (text):
  -- the outbox keeps its payload as written (json, not jsonb), so nothing is parsed into jsonb and printed again.
  -- json_agg of the row x writes each line as {"pos":..,"rule_id":..,...} (its columns in this order): a third of
  -- the cost of building the objects key by key
  select l.order_id, json_agg(x order by x.pos) as lines
    from new_lines l
   cross join lateral (select l.pos, l.rule_id, l.item_id, l.sku, l.name, l.quantity, l.unit, l.shipping) x
   group by l.order_id
),
event_ids as (
  -- requests wait for their confirmation (the ordering side writes evt.orders.created then)
  select gen_random_uuid() as event_id, n.* from new_orders n where n.status = 'open'
),
outbox as (
  insert into orders.outbox (id, subject, payload, created_at, attempts)
  select x.event_id, 'evt.orders.created',
         json_build_object(
           'id', x.event_id, 'subject', 'evt.orders.created', 'occurredAt', cast(${v(input.now.toISOString())} as text),
           'data', json_build_object(
             'id', x.id, 'company_id', ${company()}, 'customer_id', x.customer_id, 'location_id', x.location_id,
             'supplier_id', x.supplier_id, 'run_id', ${run()}, 'trigger', ${trigger()}, 'date', ${today()},
             'lines', lg.lines)),
         ${now()}, 0
    from event_ids x
    join line_groups lg on lg.order_id = x.id
  returning id
),
${requestNoticesCte({ v, company, user, now }, input.now.toISOString())},
queued as (
  -- the order queue (docs/replenishment.md "Order queue"): each open order waits for its transmission, one
  -- without a supplier is in error at once (2001). Requests are queued when confirmed.
  insert into orders.order_queue (${QUEUE_COLUMNS})
  select ${queueValues('n', company, user, now)}
    from new_orders n
   where n.status = 'open'
  returning id
)
select (select count(*) from evaluated)::int as evaluated,
       (select count(*) from new_orders)::int as orders,
       (select count(*) from new_lines)::int as lines,
       (select count(*) from decisions)::int as decisions,
       (select count(*) from new_orders where status = 'request')::int as requests,
       (select count(*) from journal)::int as journal,
       (select count(*) from cleared)::int as pending_cleared,
       (select count(*) from order_events)::int as order_events,
       (select count(*) from outbox)::int as events,
       (select count(*) from queued)::int as queued`;
  return { sql, params };
}
