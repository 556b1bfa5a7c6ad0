// The plain set-based statement the requisition benchmark compares the service's run with (requisition-bench.mjs,
// requisition-explain.mjs); $1 is the company id.

import { createRequire } from 'node:module';

// The settings the service's run takes for its transaction (RUN_SETTINGS of requisition.sql.ts, built to dist/), so
// both are timed alike.
const { RUN_SETTINGS } = createRequire(import.meta.url)('../dist/apps/orders/src/requisition/requisition.sql.js');
export const SAME_SETTINGS = `select ${RUN_SETTINGS}`;

/**
 * The plain statement: what a hand-written set-based requisition would do, no more (no decisions, no history,
 * no outbox, no run row, no lock): due rules with their item and location, on order, quantity, shipping day,
 * orders per location and supplier, their lines.
 */
export const PLAIN = `
with due as (
  select r.id as rule_id, r.customer_id, r.location_id, r.item_id, r.stock, r.threshold, r.capacity,
         coalesce(nullif(i.quantity_per_order_unit, 0), 1) as per_unit, i.min_order_quantity as moq, i.max_order_quantity as mxoq,
         coalesce(nullif(i.order_quantity_increment, 0), 1) as increment, i.lead_time_days + i.transit_days as days,
         i.sku, i.name, i.order_unit, i.item_unit, i.supplier_id
    from orders.kanban_rule r
    join orders.rule_pending p on p.company_id = r.company_id and p.rule_id = r.id
    join orders.item_copy i on i.id = r.item_id
   where r.company_id = $1 and r.active
),
on_order as (
  select ol.rule_id, sum(ol.quantity) as quantity from orders.purchase_order_line ol
   where ol.company_id = $1 and ol.status in ('open', 'confirmed') and ol.rule_id in (select rule_id from due) group by ol.rule_id
),
q as (
  select d.*, d.capacity - d.stock - coalesce(o.quantity, 0) * d.per_unit as shortfall
    from due d left join on_order o on o.rule_id = d.rule_id
   where d.stock + coalesce(o.quantity, 0) * d.per_unit <= d.threshold
),
shipping as materialized (
  select k.location_id, k.days,
         (select min(g)::date from generate_series((current_date + k.days)::timestamp, (current_date + k.days + 6)::timestamp, interval '1 day') g
           where jsonb_array_length(l.delivery_isodow) = 0 or l.delivery_isodow @> to_jsonb(extract(isodow from g)::int)) as shipping
    from (select distinct location_id, days from due) k join orders.location_copy l on l.id = k.location_id
),
fill as (
  select q.*, s.shipping,
         floor(least(greatest(ceil(q.shortfall / q.per_unit / q.increment - 1e-9) * q.increment, q.moq), case when q.mxoq > 0 then q.mxoq end) * 1e6 + 0.5) / 1e6 as quantity,
         row_number() over (partition by q.location_id, q.supplier_id order by q.sku, q.rule_id) as pos
    from q join shipping s on s.location_id = q.location_id and s.days = q.days
   where q.shortfall > 1e-9
),
orders as (
  insert into orders.purchase_order (company_id, customer_id, location_id, supplier_id, order_date, created_at, status, source, ext_status, updated_at)
  select $1, min(customer_id), location_id, supplier_id, current_date, now(), 'open', 'requisition', 0, now() from fill group by location_id, supplier_id
  returning id, location_id, supplier_id
)
insert into orders.purchase_order_line (company_id, order_id, pos, rule_id, item_id, supplier_id, sku, name, quantity, unit, item_unit, quantity_per_order_unit, shipping, status, ext_status, created_at)
select $1, o.id, f.pos, f.rule_id, f.item_id, f.supplier_id, f.sku, f.name, f.quantity, f.order_unit, f.item_unit, f.per_unit, f.shipping, 'open', 0, now()
  from fill f join orders o on o.location_id = f.location_id and o.supplier_id = f.supplier_id`;

/** The tables a run writes (VACUUM ANALYZE after a reset or a rolled-back run). */
export const RUN_TABLES =
  'orders.kanban_rule, orders.rule_pending, orders.purchase_order, orders.purchase_order_line, orders.requisition_decision, orders.outbox, orders.purchase_order_event, orders.journal_entry, orders.order_queue';

/**
 * Puts a company's rules back as the benchmark seeded them (committed): no orders, lines, decisions, events, queue
 * entries or runs of the company, every rule pending. `db` is a pg client on the benchmark's database.
 */
export async function resetRules(db, company) {
  await db.query('begin');
  for (const table of ['purchase_order_line', 'purchase_order', 'requisition_decision', 'purchase_order_event', 'journal_entry', 'line_backorder', 'requisition_run', 'order_queue']) {
    await db.query(`delete from orders.${table} where company_id = $1`, [company]);
  }
  await db.query(`delete from orders.outbox where payload -> 'data' ->> 'company_id' = $1`, [String(company)]);
  await db.query('delete from orders.rule_pending where company_id = $1', [company]);
  await db.query('insert into orders.rule_pending (company_id, rule_id, changed_at) select company_id, id, now() from orders.kanban_rule where company_id = $1', [company]);
  await db.query('commit');
  await db.query(`vacuum analyze ${RUN_TABLES}`);
}
