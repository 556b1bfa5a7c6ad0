import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Backorders (docs/replenishment.md "Backorders"). A line of a customer with `use_backorder` that was confirmed
 * (the supplier said OK) but is still not delivered after its shipping day is a backorder of its whole quantity,
 * from the day after the shipping day. Backorder type `days`: 7 days after the shipping day the run cancels the
 * line (its backorder closes) and makes the rule due, so the same run's requisition statement orders it anew
 * (reason `backorder`) net of everything else on order: the cancelled line no longer counts, the new line is
 * the rule's one open line. Type `scanner`: never reordered; the backorder quantity is on the rule's decision
 * (`backorder`), which the scan answer carries, so the scanner shows it.
 *
 * Every change of a line's open backorder quantity (new, reordered, closed by a delivery or cancellation,
 * closed because the customer stopped using backorders) writes `evt.orders.backorder_changed` into the outbox
 * in the same statement. The runs call this under the company's lock; `closeDeliveredBackorders` is the same
 * closing for other writers (the supplies consumer after it marks lines delivered) within their transaction.
 */
export interface BackorderInput {
  companyId: number;
  /** the company's local day */
  today: string;
  now: Date;
  runId: number | null;
  /** false: only close backorders of lines no longer confirmed (no new backorders, no reorders) */
  sweep: boolean;
}

export interface BackorderResult {
  /** rules whose backorder line the statement cancelled (type days): the run orders them anew */
  reorderRuleIds: number[];
  /** backorder_changed events written */
  events: number;
}

export function backorderStatement(input: BackorderInput): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const v = (value: unknown) => {
    params.push(value);
    return '?';
  };
  const company = () => `cast(${v(input.companyId)} as int)`;
  const today = () => `cast(${v(input.today)} as date)`;
  const now = () => `cast(${v(input.now.toISOString())} as timestamptz)`;
  const run = () => `cast(${v(input.runId)} as int)`;
  const sql = `
with overdue as (
  select ol.id as line_id, ol.order_id, ol.pos, ol.rule_id, ol.item_id, ol.quantity, ol.shipping, o.customer_id, o.location_id,
         (c.backorder_type = 'days' and ol.rule_id is not null and ol.shipping + 7 <= ${today()}) as reorder
    from orders.purchase_order_line ol
    join orders.purchase_order o on o.id = ol.order_id and o.company_id = ol.company_id
    join orders.customer_copy c on c.id = o.customer_id and c.company_id = ol.company_id
   where ${input.sweep ? 'true' : 'false'} and ol.company_id = ${company()} and ol.status = 'confirmed' and ol.shipping < ${today()}
     and c.use_backorder and not c.deleted
),
closed as (
  select b.line_id
    from orders.line_backorder b
    join orders.purchase_order_line ol on ol.id = b.line_id
    left join orders.customer_copy c on c.id = b.customer_id and c.company_id = b.company_id
   where b.company_id = ${company()} and b.quantity > 0
     and (ol.status <> 'confirmed' or not coalesce(c.use_backorder, false) or coalesce(c.deleted, false))
),
upserted as (
  insert into orders.line_backorder as b (line_id, company_id, order_id, pos, rule_id, item_id, customer_id, location_id, quantity, since, state, run_id, updated_at)
  select v.line_id, ${company()}, v.order_id, v.pos, v.rule_id, v.item_id, v.customer_id, v.location_id,
         case when v.reorder then 0 else v.quantity end, v.shipping + 1, case when v.reorder then 'reordered' else 'open' end, ${run()}, ${now()}
    from overdue v
  on conflict (line_id) do update set quantity = excluded.quantity, state = excluded.state, run_id = excluded.run_id, updated_at = excluded.updated_at
   where b.quantity is distinct from excluded.quantity or b.state is distinct from excluded.state
  returning b.line_id, b.order_id, b.pos, b.customer_id, b.location_id, b.item_id, b.quantity, (xmax = 0) as inserted
),
closed_rows as (
  update orders.line_backorder b set quantity = 0, state = 'closed', run_id = ${run()}, updated_at = ${now()}
    from closed x
   where b.line_id = x.line_id
  returning b.line_id, b.order_id, b.pos, b.customer_id, b.location_id, b.item_id, b.quantity
),
cancelled as (
  update orders.purchase_order_line ol set status = 'cancelled'
    from overdue v
   where ol.id = v.line_id and v.reorder
  returning ol.id, ol.order_id, ol.pos, ol.rule_id, ol.shipping
),
order_events as (
  insert into orders.purchase_order_event (company_id, order_id, type, code, params, text, user_id, created_at)
  select ${company()}, x.order_id, 'R', 'backorder_reordered', jsonb_build_object('pos', x.pos, 'shipping', x.shipping, 'run_id', ${run()}),
         'backorder: line ' || x.pos || ' not delivered 7 days after its shipping day, cancelled and ordered anew'
         || coalesce(' (requisition run ' || ${run()} || ')', ''), null, ${now()}
    from cancelled x
  returning id
),
changes as (
  select line_id, order_id, pos, customer_id, location_id, item_id, quantity from upserted where not (inserted and quantity = 0)
  union all
  select line_id, order_id, pos, customer_id, location_id, item_id, quantity from closed_rows
),
outbox as (
  insert into orders.outbox (id, subject, payload, created_at, attempts)
  select x.event_id, 'evt.orders.backorder_changed',
         jsonb_build_object('id', x.event_id, 'subject', 'evt.orders.backorder_changed', 'occurredAt', cast(${v(input.now.toISOString())} as text),
           'data', jsonb_build_object('company_id', ${company()}, 'order_id', x.order_id, 'pos', x.pos, 'customer_id', x.customer_id,
                                      'location_id', x.location_id, 'item_id', x.item_id, 'quantity', x.quantity,
                                      'changed_at', cast(${v(input.now.toISOString())} as text))),
         ${now()}, 0
    from (select gen_random_uuid() as event_id, c.* from changes c) x
  returning id
)
select coalesce((select array_agg(distinct rule_id order by rule_id) from cancelled), '{}') as reorder_rule_ids,
       (select count(*) from outbox)::int as events,
       (select count(*) from order_events)::int as order_events`;
  return { sql, params };
}

function intArray(value: unknown): number[] {
  if (Array.isArray(value)) return value.map(Number);
  const text = String(value ?? '').replace(/[{}]/g, '');
  return text ? text.split(',').map(Number) : [];
}

/** Runs the backorder statement in the caller's transaction (see above). */
export async function applyBackorders(em: EntityManager, input: BackorderInput): Promise<BackorderResult> {
  const statement = backorderStatement(input);
  const [row] = await em.execute<{ reorder_rule_ids: unknown; events: number }[]>(statement.sql, statement.params);
  return { reorderRuleIds: intArray(row?.reorder_rule_ids), events: Number(row?.events ?? 0) };
}

/**
 * For writers that deliver or cancel lines (the supplies consumer): closes the open backorders of lines that are
 * no longer confirmed and writes their `evt.orders.backorder_changed` (quantity 0) in the caller's transaction.
 * Safe to call always (nothing open: nothing written); the next requisition run would close them too.
 */
export function closeDeliveredBackorders(em: EntityManager, companyId: number, now: Date = new Date()): Promise<BackorderResult> {
  return applyBackorders(em, { companyId, today: now.toISOString().slice(0, 10), now, runId: null, sweep: false });
}
