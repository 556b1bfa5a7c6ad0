import { Payload } from '@nestjs/microservices';
import type { EntityManager } from '@mikro-orm/postgresql';
import { JournalCode } from '@kanban/access';
import { type DeliveryChanged, NotificationDeliveryEvents, orderEventMessage, type OrderEventMessage } from '@kanban/contracts';
import { BusController, DeadLetters, type EventEnvelope, type EventOutcomes, OnEvents } from '@kanban/messaging';
import { JournalRepository } from './journal.repository';

/** The journal code of a failed attempt (issue 18): 2004 the login was refused, 2003 the answer was unreadable, 2000 otherwise. */
export function journalCodeOf(kind: DeliveryChanged['kind']): number {
  if (kind === 'auth') return JournalCode.ExternalAuth;
  if (kind === 'unreadable') return JournalCode.ExternalResponse;
  return JournalCode.Unexpected;
}

/** The history message of a planned delivery or an attempt. */
function messageOf(d: DeliveryChanged): OrderEventMessage {
  const common = { rule_id: d.rule_id, rule: d.rule_name, channel: d.channel, key: d.key, attempt: d.attempt, answer: d.answer.slice(0, 500) };
  switch (d.status) {
    case 'sent':
      return orderEventMessage('notification_sent', common);
    case 'retrying':
      return orderEventMessage('notification_retrying', { ...common, kind: d.kind ?? 'other', next_attempt_at: d.next_attempt_at ?? d.at });
    case 'failed':
      return orderEventMessage('notification_failed', { ...common, kind: d.kind ?? 'other' });
    case 'pending':
      return orderEventMessage('notification_queued', { rule_id: d.rule_id, rule: d.rule_name, channel: d.channel, key: d.key });
  }
}

/**
 * The orders service's side of the notifications' delivery (docs/notifications.md "Delivery"): each
 * evt.notifications.delivery_changed writes a history event (type O for customer and location rules, S for supplier
 * rules: notification_queued, _sent, _retrying, _failed) at the time of the attempt, sets the order's
 * `notification_status` from the latest such event of each rule (by that time, so events processed out of order
 * count as they happened: -1 if one rule's latest failed, else 1 if one is queued or retrying, else 2 if one was sent;
 * recomputed over the order's events only when an event can change it: `statusUnchanged`),
 * and writes a journal entry (`notification_failed`; 2004, 2003 or 2000 by the failure's kind) for a failed attempt.
 * Claimed once in the inbox. A batch consumer: the events that came together are recorded in one transaction per
 * company (`recordDeliveries`); a batch that fails is handled event by event (`DeadLetters.batchOnce`).
 */
@BusController()
export class NotificationDeliveryConsumer {
  private readonly on;

  constructor(
    private readonly entries: JournalRepository,
    deadLetters: DeadLetters,
  ) {
    this.on = {
      changed: deadLetters.batchOnce<DeliveryChanged>('orders.notification_delivery', (em, events) =>
        recordDeliveries(
          em,
          this.entries,
          events.map((e) => e.data),
        ),
      ),
    };
  }

  @OnEvents(NotificationDeliveryEvents.deliveryChanged)
  changed(@Payload() events: EventEnvelope<DeliveryChanged>[]): Promise<EventOutcomes> {
    return this.on.changed(events);
  }
}

/**
 * Delivery events of one company, in their order, in the caller's transaction: their history events in one statement
 * (the orders' rows locked in id order, so the events of one order are recorded one batch after the other), then the
 * notification status of each order whose status one of its events may change (`statusUnchanged` against the status
 * before the batch: when every event of an order leaves it as it is, so does the batch; otherwise it is recomputed once
 * over all its events, as the last of a recomputation one by one would), then the journal entries of failed attempts.
 */
export async function recordDeliveries(em: EntityManager, entries: JournalRepository, events: DeliveryChanged[]): Promise<void> {
  const withOrder = events.filter((d) => d.order_id !== null);
  if (withOrder.length > 0) {
    const companyId = withOrder[0]!.company_id;
    if (withOrder.some((d) => d.company_id !== companyId)) throw new Error('delivery events of several companies in one batch');
    const rows = withOrder.map((d, ord) => {
      const message = messageOf(d);
      return { ord, order_id: d.order_id, type: d.side, code: message.code, params: message.params, text: message.text, created_at: d.at };
    });
    const orderIds = [...new Set(withOrder.map((d) => d.order_id!))];
    const before = await em.execute<{ id: number; notification_status: number }[]>(
      `with o as (select id, notification_status from orders.purchase_order where company_id = ? and id = any(?::int[]) order by id for update),
            e as (insert into orders.purchase_order_event (company_id, order_id, type, code, params, text, user_id, created_at)
                  select ?, e.order_id, e.type, e.code, e.params, e.text, null, e.created_at
                    from jsonb_to_recordset(cast(? as jsonb)) as e(ord int, order_id int, type text, code text, params jsonb, text text, created_at timestamptz)
                    join o on o.id = e.order_id
                   order by e.ord
                  returning 1)
       select o.id, o.notification_status from o`,
      [companyId, `{${orderIds.join(',')}}`, companyId, JSON.stringify(rows)],
    );
    for (const order of before) {
      const id = Number(order.id);
      const status = Number(order.notification_status);
      if (withOrder.every((d) => d.order_id !== id || statusUnchanged(status, d.status))) continue;
      await em.execute(
        `update orders.purchase_order o
            set notification_status = case when s.failed then -1 when s.pending then 1 when s.sent then 2 else 0 end
           from (select coalesce(bool_or(code = 'notification_failed'), false) as failed,
                        coalesce(bool_or(code in ('notification_queued', 'notification_retrying')), false) as pending,
                        coalesce(bool_or(code = 'notification_sent'), false) as sent
                   from (select distinct on (e.params->>'rule_id') e.code
                           from orders.purchase_order_event e
                          where e.order_id = ? and e.company_id = ? and e.code in ('notification_queued', 'notification_sent', 'notification_retrying', 'notification_failed')
                          order by e.params->>'rule_id', e.created_at desc, (e.params->>'attempt')::int desc nulls last, e.id desc) latest) s
          where o.id = ? and o.company_id = ?`,
        [id, companyId, id, companyId],
      );
    }
  }
  for (const d of events) {
    // an event without an order (journal entry, sensor alarm): no order history, a journal entry for a failed attempt
    await recordFailure(em, entries, d, new Date(d.at), d.order_id === null ? subjectText(d.subject ?? d.key) : `order ${d.order_id}`);
  }
}

/**
 * Whether an event leaves the order's notification status as it is without looking at the other events (the delta):
 * when the event's own status (-1 failed, 1 queued or retrying, 2 sent) is the order's status. Whether it is its
 * rule's latest event or not: if it is, the rule's status is that one, which the order's status (the worst of its
 * rules': -1 before 1 before 2) already is; if it is not, nothing changes anyway. Any other event (one that may make
 * the status better or worse, or the first one) recomputes it from the latest event of every rule.
 */
export function statusUnchanged(current: number, status: DeliveryChanged['status']): boolean {
  const own = status === 'failed' ? -1 : status === 'sent' ? 2 : 1;
  return current === own;
}

/** What a delivery without an order was about, in words: `j42` journal entry 42, `s3.offline.t…` sensor 3 (offline). */
export function subjectText(subject: string): string {
  const journal = /^j(\d+)$/.exec(subject);
  if (journal) return `journal entry ${journal[1]}`;
  const sensor = /^s(\d+)\.([a-z_]+)\./.exec(subject);
  if (sensor) return `sensor ${sensor[1]} (${sensor[2]})`;
  return subject;
}

/**
 * The journal entry of a failed attempt (`notification_failed`; 2004, 2003 or 2000). These entries announce
 * themselves as evt.orders.journal_entry like every entry; `journal_entry` rules leave them out (docs/notifications.md).
 */
async function recordFailure(em: EntityManager, entries: JournalRepository, d: DeliveryChanged, at: Date, about: string): Promise<void> {
  if (d.status !== 'retrying' && d.status !== 'failed') return;
  const retrying = d.status === 'retrying';
  await entries.insert(em, {
    companyId: d.company_id,
    code: journalCodeOf(d.kind),
    message: `notification "${d.rule_name}" for ${about} could not be sent (${d.channel}, attempt ${d.attempt}, ${d.kind ?? 'other'})${retrying ? ', tried again' : ', given up'}: ${d.answer}`.slice(0, 2000),
    messageKey: 'notification_failed',
    params: {
      rule_id: d.rule_id,
      rule: d.rule_name,
      order_id: d.order_id,
      ...(d.subject ? { subject: d.subject } : {}),
      key: d.key,
      channel: d.channel,
      attempt: d.attempt,
      kind: d.kind,
      answer: d.answer.slice(0, 500),
      retrying,
    },
    orderId: d.order_id,
    customerId: d.customer_id,
    locationId: d.location_id,
    createdAt: at,
  });
}
