import { Payload } from '@nestjs/microservices';
import {
  type JournalEntryWritten,
  type OrderCreated,
  type OrderNotice,
  OrdersEvents,
  type SensorAlarm,
  SensorEvents,
  type SupplyCreated,
  type SupplyDeliveryChanged,
  SupplyEvents,
} from '@kanban/contracts';
import { BusController, DeadLetters, type EventEnvelope, OnEvent } from '@kanban/messaging';
import { DeliveryPlanner } from './planner';

/**
 * A journal entry the delivery caused (docs/notifications.md "Events without an order"): a failed notification
 * (2000/2003/2004, `notification_failed`) or a dead letter of the notifications service. `journal_entry` rules leave
 * these out, so a rule whose mails fail cannot set itself off again and again.
 */
export function causedByNotifications(entry: Pick<JournalEntryWritten, 'message_key' | 'dead_letter_service'>): boolean {
  return entry.message_key === 'notification_failed' || entry.dead_letter_service === 'notifications';
}

/** The one line templates see as `event.text` of an order notice. */
export function orderNoticeText(n: OrderNotice): string {
  switch (n.event) {
    case 'order_ok':
      return `order ${n.order_id} confirmed by the supplier (OK)`;
    case 'request_waiting':
      return `request ${n.order_id} waits for approval`;
    case 'request_confirmed':
      return `request ${n.order_id} confirmed`;
    case 'request_rejected':
      return `request ${n.order_id} rejected${n.reason ? `: ${n.reason}` : ''}`;
    case 'orderqueue_error':
      return `order ${n.order_id} could not be transmitted${n.error ? ` (${n.error.code}): ${n.error.message}` : ''}`;
  }
}

/** The notification event of a sensor alarm: offline → sensor_offline, any other raised alarm → sensor_alarm; ends: none. */
export function sensorAlarmEvent(kind: SensorAlarm['kind']): 'sensor_offline' | 'sensor_alarm' | null {
  if (kind === 'offline') return 'sensor_offline';
  if (kind === 'battery_low') return 'sensor_alarm';
  return null;
}

/**
 * The events the delivery plans from (docs/notifications.md "Delivery"): evt.orders.created (order_created),
 * evt.supply.created (supply_created; a repeated order is left out) and evt.supply.delivery_changed when the whole
 * supply became delivered (supply_delivered; delivered again after lines were taken back: a new version),
 * evt.orders.order_notice (order_ok, request_waiting, request_confirmed, request_rejected, orderqueue_error),
 * evt.orders.journal_entry (journal_entry, without the delivery's own failures) and evt.catalog.sensor_alarm
 * (sensor_offline, sensor_alarm; raised alarms only). Each event is claimed once in the inbox in the planning
 * transaction; a failure is retried by the bus and counted as a dead letter after EVENT_MAX_FAILURES (DeadLetters).
 */
@BusController()
export class DeliveryEventsConsumer {
  private readonly on;

  constructor(
    private readonly planner: DeliveryPlanner,
    deadLetters: DeadLetters,
  ) {
    this.on = {
      orderCreated: deadLetters.consumer<OrderCreated>('notifications.order_created', async (event) => {
        const o = event.data;
        await this.planner.plan({ companyId: o.company_id, event: 'order_created', orderId: o.id, at: new Date(event.occurredAt), inbox: { consumer: 'notifications.order_created', eventId: event.id } });
      }),
      supplyCreated: deadLetters.consumer<SupplyCreated>('notifications.supply_created', async (event) => {
        const s = event.data;
        if (s.repeated) return;
        await this.planner.plan({ companyId: s.company_id, event: 'supply_created', orderId: s.order_id, at: new Date(event.occurredAt), inbox: { consumer: 'notifications.supply_created', eventId: event.id } });
      }),
      supplyDelivered: deadLetters.consumer<SupplyDeliveryChanged>('notifications.supply_delivered', async (event) => {
        const s = event.data;
        if (!s.delivered) return;
        await this.planner.plan({
          companyId: s.company_id,
          event: 'supply_delivered',
          orderId: s.order_id,
          at: new Date(event.occurredAt),
          inbox: { consumer: 'notifications.supply_delivered', eventId: event.id },
          version: 'next',
        });
      }),
      orderNotice: deadLetters.consumer<OrderNotice>('notifications.order_notice', async (event) => {
        const n = event.data;
        await this.planner.plan({
          companyId: n.company_id,
          event: n.event,
          orderId: n.order_id,
          at: new Date(n.at),
          inbox: { consumer: 'notifications.order_notice', eventId: event.id },
          // an order may be set OK again (after a response set it back) and its queue entry fail again after a requeue
          version: n.event === 'order_ok' || n.event === 'orderqueue_error' ? 'next' : 'first',
          text: orderNoticeText(n),
        });
      }),
      journalEntry: deadLetters.consumer<JournalEntryWritten>('notifications.journal_entry', async (event) => {
        const j = event.data;
        if (causedByNotifications(j)) return;
        await this.planner.planSubject({
          companyId: j.company_id,
          event: 'journal_entry',
          subject: `j${j.id}`,
          places: j.customer_id === null ? [] : [{ customerId: j.customer_id, locationId: j.location_id }],
          data: {
            text: `journal ${j.code}: ${j.message}`.slice(0, 500),
            journal: { id: j.id, code: j.code, message: j.message, message_key: j.message_key ?? '', order_id: j.order_id },
            sensor: null,
          },
          at: new Date(j.created_at),
          inbox: { consumer: 'notifications.journal_entry', eventId: event.id },
        });
      }),
      sensorAlarm: deadLetters.consumer<SensorAlarm>('notifications.sensor_alarm', async (event) => {
        const a = event.data;
        const kind = sensorAlarmEvent(a.kind);
        if (kind === null) return;
        const at = new Date(a.at);
        const places = a.places.map((p) => (p.label ? `${p.storage_name} ${p.label}` : p.storage_name)).join(', ');
        await this.planner.planSubject({
          companyId: a.company_id,
          event: kind,
          subject: `s${a.sensor_id}.${a.kind}.t${at.getTime()}`,
          places: a.places.map((p) => ({ customerId: p.customer_id, locationId: p.location_id })),
          data: {
            text:
              a.kind === 'offline'
                ? `sensor "${a.name}" (${a.external_id}) is offline: no reading for more than 3 × ${a.interval_minutes} min`
                : `sensor "${a.name}" (${a.external_id}) reports a low battery: ${a.battery ?? '?'} %`,
            journal: null,
            sensor: {
              id: a.sensor_id,
              name: a.name,
              external_id: a.external_id,
              alarm: a.kind,
              battery: a.battery,
              last_seen_at: a.last_seen_at ?? '',
              interval_minutes: a.interval_minutes,
              places,
            },
          },
          at,
          inbox: { consumer: 'notifications.sensor_alarm', eventId: event.id },
        });
      }),
    };
  }

  @OnEvent(OrdersEvents.orderCreated)
  orderCreated(@Payload() event: EventEnvelope<OrderCreated>): Promise<void> {
    return this.on.orderCreated(event);
  }

  @OnEvent(SupplyEvents.supplyCreated)
  supplyCreated(@Payload() event: EventEnvelope<SupplyCreated>): Promise<void> {
    return this.on.supplyCreated(event);
  }

  @OnEvent(SupplyEvents.deliveryChanged)
  supplyDelivered(@Payload() event: EventEnvelope<SupplyDeliveryChanged>): Promise<void> {
    return this.on.supplyDelivered(event);
  }

  @OnEvent(OrdersEvents.orderNotice)
  orderNotice(@Payload() event: EventEnvelope<OrderNotice>): Promise<void> {
    return this.on.orderNotice(event);
  }

  @OnEvent(OrdersEvents.journalEntry)
  journalEntry(@Payload() event: EventEnvelope<JournalEntryWritten>): Promise<void> {
    return this.on.journalEntry(event);
  }

  @OnEvent(SensorEvents.sensorAlarm)
  sensorAlarm(@Payload() event: EventEnvelope<SensorAlarm>): Promise<void> {
    return this.on.sensorAlarm(event);
  }
}
