import { Payload } from '@nestjs/microservices';
import { type OrderCreated, OrdersEvents, type SupplyCreated, type SupplyDeliveryChanged, SupplyEvents } from '@kanban/contracts';
import { BusController, DeadLetters, type EventEnvelope, OnEvent } from '@kanban/messaging';
import { DeliveryPlanner } from './planner';

/**
 * The events the delivery plans from (docs/notifications.md "Delivery"): evt.orders.created (order_created),
 * evt.supply.created (supply_created; a repeated order is left out) and evt.supply.delivery_changed when the whole
 * supply became delivered (supply_delivered; delivered again after lines were taken back: a new version). Each event
 * is claimed once in the inbox in the planning transaction; a failure is retried by the bus and counted as a dead
 * letter after EVENT_MAX_FAILURES (DeadLetters).
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
}
