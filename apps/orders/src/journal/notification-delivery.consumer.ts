import { Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { EntityManager } from '@mikro-orm/postgresql';
import { JournalCode } from '@kanban/access';
import { type DeliveryChanged, NotificationDeliveryEvents, orderEventMessage, type OrderEventMessage } from '@kanban/contracts';
import { BusController, DeadLetters, type EventEnvelope, handleOnce, OnEvent } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { JournalRepository } from './journal.repository';

/** The journal code of a failed attempt (issue 18): 2004 the login was refused, 2003 the answer was unreadable, 2000 otherwise. */
export function journalCodeOf(kind: DeliveryChanged['kind']): number {
  if (kind === 'auth') return JournalCode.ExternalAuth;
  if (kind === 'unreadable') return JournalCode.ExternalResponse;
  return JournalCode.Unexpected;
}

/** The history message of an attempt (none for a planned delivery). */
function messageOf(d: DeliveryChanged): OrderEventMessage | null {
  const common = { rule_id: d.rule_id, rule: d.rule_name, channel: d.channel, key: d.key, attempt: d.attempt, answer: d.answer.slice(0, 500) };
  switch (d.status) {
    case 'sent':
      return orderEventMessage('notification_sent', common);
    case 'retrying':
      return orderEventMessage('notification_retrying', { ...common, kind: d.kind ?? 'other', next_attempt_at: d.next_attempt_at ?? d.at });
    case 'failed':
      return orderEventMessage('notification_failed', { ...common, kind: d.kind ?? 'other' });
    case 'pending':
      return null;
  }
}

/**
 * The orders service's side of the notifications' delivery (docs/notifications.md "Delivery"): each
 * evt.notifications.delivery_changed sets the order's `notification_status` to what the notifications service
 * computed over the latest delivery of each rule for the order (`order_status`: 0 none, 1 pending, 2 sent, -1 failed),
 * writes a history event (type O for customer and location rules, S for supplier rules) for an attempt, and a journal
 * entry (`notification_failed`; 2004, 2003 or 2000 by the failure's kind) for a failed one. Claimed once in the inbox.
 */
@BusController()
export class NotificationDeliveryConsumer {
  private readonly on;

  constructor(
    @Inject(unitOfWorkToken('orders')) private readonly uow: UnitOfWork,
    private readonly entries: JournalRepository,
    deadLetters: DeadLetters,
  ) {
    this.on = { changed: deadLetters.consumer<DeliveryChanged>('orders.notification_delivery', (event) => this.apply(event)) };
  }

  @OnEvent(NotificationDeliveryEvents.deliveryChanged)
  changed(@Payload() event: EventEnvelope<DeliveryChanged>): Promise<void> {
    return this.on.changed(event);
  }

  private apply(event: EventEnvelope<DeliveryChanged>): Promise<void> {
    return handleOnce(this.uow, 'orders.notification_delivery', event, (em) => recordDelivery(em, this.entries, event.data));
  }
}

export async function recordDelivery(em: EntityManager, entries: JournalRepository, d: DeliveryChanged): Promise<void> {
  const at = new Date(d.at);
  await em.execute('update orders.purchase_order set notification_status = ? where id = ? and company_id = ?', [d.order_status, d.order_id, d.company_id]);
  const message = messageOf(d);
  if (message) {
    await em.execute(
      `insert into orders.purchase_order_event (company_id, order_id, type, code, params, text, user_id, created_at)
       select ?, o.id, ?, ?, cast(? as jsonb), ?, null, ? from orders.purchase_order o where o.id = ? and o.company_id = ?`,
      [d.company_id, d.side, message.code, JSON.stringify(message.params), message.text, at, d.order_id, d.company_id],
    );
  }
  if (d.status === 'retrying' || d.status === 'failed') {
    const retrying = d.status === 'retrying';
    await entries.insert(em, {
      companyId: d.company_id,
      code: journalCodeOf(d.kind),
      message: `notification "${d.rule_name}" for order ${d.order_id} could not be sent (${d.channel}, attempt ${d.attempt}, ${d.kind ?? 'other'})${retrying ? ', tried again' : ', given up'}: ${d.answer}`.slice(0, 2000),
      messageKey: 'notification_failed',
      params: { rule_id: d.rule_id, rule: d.rule_name, order_id: d.order_id, key: d.key, channel: d.channel, attempt: d.attempt, kind: d.kind, answer: d.answer.slice(0, 500), retrying },
      orderId: d.order_id,
      customerId: d.customer_id,
      locationId: d.location_id,
      createdAt: at,
    });
  }
}
