/** The positional parameters of a statement being written: each call binds one value and answers its `?`. */
export interface SqlBinders {
  v: (value: unknown) => string;
  company: () => string;
  user: () => string;
  now: () => string;
}

/**
 * The CTE `request_notices` of the statements that write orders in bulk (the requisition run, the subscriptions): for
 * each new order that waits for approval, `evt.orders.order_notice` with the event request_waiting goes into the
 * outbox in the same statement (the notification rules of that event, docs/notifications.md "Delivery"). The statement
 * must have a CTE `new_orders` with the orders' id, status, customer, location and supplier. Parameters are bound in
 * the order the text names them, so call it where the CTE stands in the statement.
 */
export function requestNoticesCte(b: SqlBinders, nowIso: string): string {
  return `request_notices as (
  -- requests waiting for approval: evt.orders.order_notice request_waiting (notification rules of that event)
  insert into orders.outbox (id, subject, payload, created_at, attempts)
  select x.event_id, 'evt.orders.order_notice',
         jsonb_build_object(
           'id', x.event_id, 'subject', 'evt.orders.order_notice', 'occurredAt', cast(${b.v(nowIso)} as text),
           'data', jsonb_build_object(
             'company_id', ${b.company()}, 'order_id', x.id, 'customer_id', x.customer_id, 'location_id', x.location_id,
             'supplier_id', x.supplier_id, 'event', 'request_waiting', 'at', cast(${b.v(nowIso)} as text), 'user_id', ${b.user()})),
         ${b.now()}, 0
    from (select gen_random_uuid() as event_id, n.* from new_orders n where n.status = 'request') x
  returning id
)`;
}
