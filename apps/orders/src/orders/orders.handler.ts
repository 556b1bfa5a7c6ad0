import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type AddOrderImageRequest,
  type CompanyCaller,
  type NewOrderInput,
  type OrderListQuery,
  type OrderScope,
  OrdersSubjects,
  type OrderUpdateInput,
  type RejectRequestInput,
  type SetOrderAttachmentRequest,
} from '@kanban/contracts';
import { BusController } from '@kanban/messaging';
import { OrderFilesService } from './order-files.service';
import { OrderingService } from './ordering.service';
import { OrdersService } from './orders.service';

@BusController()
export class OrdersHandler {
  constructor(
    private readonly orders: OrdersService,
    private readonly ordering: OrderingService,
    private readonly files: OrderFilesService,
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

  // An order's attachment and pictures: the gateway stores the bytes and hands over their blob keys.
  @MessagePattern(OrdersSubjects.setAttachment)
  setAttachment(@Payload() p: SetOrderAttachmentRequest) {
    return this.files.setAttachment(p);
  }

  @MessagePattern(OrdersSubjects.removeAttachment)
  removeAttachment(@Payload() p: { caller: CompanyCaller; scope: OrderScope; orderId: number }) {
    return this.files.removeAttachment(p.caller, p.scope ?? {}, p.orderId);
  }

  @MessagePattern(OrdersSubjects.getAttachment)
  attachment(@Payload() p: { caller: CompanyCaller; scope: OrderScope; orderId: number }) {
    return this.files.attachment(p.caller, p.scope ?? {}, p.orderId);
  }

  @MessagePattern(OrdersSubjects.addOrderImage)
  addImage(@Payload() p: AddOrderImageRequest) {
    return this.files.addImage(p);
  }

  @MessagePattern(OrdersSubjects.getOrderImage)
  image(@Payload() p: { caller: CompanyCaller; scope: OrderScope; orderId: number; imageId: number }) {
    return this.files.image(p.caller, p.scope ?? {}, p.orderId, p.imageId);
  }

  @MessagePattern(OrdersSubjects.removeOrderImage)
  removeImage(@Payload() p: { caller: CompanyCaller; scope: OrderScope; orderId: number; imageId: number }) {
    return this.files.removeImage(p.caller, p.scope ?? {}, p.orderId, p.imageId);
  }
}
