import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type CompanyCaller,
  type NewOrderInput,
  type OrderListQuery,
  type OrderScope,
  OrdersSubjects,
  type OrderUpdateInput,
  type RejectRequestInput,
} from '@kanban/contracts';
import { BusController } from '@kanban/messaging';
import { OrderingService } from './ordering.service';
import { OrdersService } from './orders.service';

@BusController()
export class OrdersHandler {
  constructor(
    private readonly orders: OrdersService,
    private readonly ordering: OrderingService,
  ) {}

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

  /** A new order by hand at a location (scope with customer and location). */
  @MessagePattern(OrdersSubjects.createOrder)
  create(@Payload() p: { caller: CompanyCaller; scope: Required<OrderScope>; input: NewOrderInput }) {
    return this.ordering.create(p.caller, p.scope, p.input);
  }

  @MessagePattern(OrdersSubjects.listRequests)
  requests(@Payload() p: { caller: CompanyCaller; scope: OrderScope; query: OrderListQuery }) {
    return this.orders.list(p.caller, p.scope ?? {}, p.query ?? {}, 'requests');
  }

  @MessagePattern(OrdersSubjects.getRequest)
  request(@Payload() p: { caller: CompanyCaller; scope: OrderScope; orderId: number }) {
    return this.orders.getRequest(p.caller, p.scope ?? {}, p.orderId);
  }

  @MessagePattern(OrdersSubjects.confirmRequest)
  confirm(@Payload() p: { caller: CompanyCaller; scope: OrderScope; orderId: number }) {
    return this.ordering.confirm(p.caller, p.scope ?? {}, p.orderId);
  }

  @MessagePattern(OrdersSubjects.rejectRequest)
  reject(@Payload() p: { caller: CompanyCaller; scope: OrderScope; orderId: number; input: RejectRequestInput }) {
    return this.ordering.reject(p.caller, p.scope ?? {}, p.orderId, p.input ?? {});
  }
}
