import { MessagePattern, Payload } from '@nestjs/microservices';
import { type CompanyCaller, type OrderListQuery, type OrderScope, OrdersSubjects, type OrderUpdateInput } from '@kanban/contracts';
import { BusController } from '@kanban/messaging';
import { OrdersService } from './orders.service';

@BusController()
export class OrdersHandler {
  constructor(private readonly orders: OrdersService) {}

  /** scope: none (company), customerId, or customerId and locationId. */
  @MessagePattern(OrdersSubjects.listOrders)
  list(@Payload() p: { caller: CompanyCaller; scope: OrderScope; query: OrderListQuery }) {
    return this.orders.list(p.caller, p.scope ?? {}, p.query ?? {});
  }

  @MessagePattern(OrdersSubjects.getOrder)
  get(@Payload() p: { caller: CompanyCaller; scope: OrderScope; orderId: number }) {
    return this.orders.get(p.caller, p.scope ?? {}, p.orderId);
  }

  @MessagePattern(OrdersSubjects.updateOrder)
  update(@Payload() p: { caller: CompanyCaller; scope: OrderScope; orderId: number; input: OrderUpdateInput }) {
    return this.orders.update(p.caller, p.scope ?? {}, p.orderId, p.input);
  }
}
