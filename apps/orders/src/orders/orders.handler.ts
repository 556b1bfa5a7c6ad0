import { Payload } from '@nestjs/microservices';
import {
  type AddOrderImageRequest,
  type BusRequest,
  NewOrderSubjects,
  OrdersSubjects,
  type SetOrderAttachmentRequest,
} from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { OrderFilesService } from './order-files.service';
import { OrderingService } from './ordering.service';
import { OrdersService } from './orders.service';
import { TimeTrackingService } from './time-tracking.service';

@BusController()
export class OrdersHandler {
  constructor(
    private readonly orders: OrdersService,
    private readonly ordering: OrderingService,
    private readonly files: OrderFilesService,
    private readonly timeTracking: TimeTrackingService,
  ) {}

  /** scope: none (company), customerId, or customerId and locationId. */
  @Handles(OrdersSubjects.listOrders)
  list(@Payload() p: BusRequest<'orders.order.list'>) {
    return this.orders.list(p.caller, p.scope ?? {}, p.query ?? {});
  }

  @Handles(OrdersSubjects.getOrder)
  get(@Payload() p: BusRequest<'orders.order.get'>) {
    return this.orders.get(p.caller, p.scope ?? {}, p.orderId);
  }

  @Handles(OrdersSubjects.updateOrder)
  update(@Payload() p: BusRequest<'orders.order.update'>) {
    return this.orders.update(p.caller, p.scope ?? {}, p.orderId, p.input);
  }

  /** A service visit recorded on an order (time tracking, a T event). */
  @Handles(OrdersSubjects.recordTimeTracking)
  recordTimeTracking(@Payload() p: BusRequest<'orders.order.timetracking'>) {
    return this.timeTracking.record(p.caller, p.scope ?? {}, p.orderId, p.input);
  }

  /** A new order by hand at a location (scope with customer and location). */
  @Handles(OrdersSubjects.createOrder)
  create(@Payload() p: BusRequest<'orders.order.create'>) {
    return this.ordering.create(p.caller, p.scope, p.input);
  }

  /** The item search of a new order at a location (scope with customer and location). */
  @Handles(NewOrderSubjects.orderableItems)
  orderableItems(@Payload() p: BusRequest<'orders.order.orderable_items'>) {
    return this.ordering.orderableItems(p.caller, p.scope, p.query ?? {});
  }

  @Handles(OrdersSubjects.listRequests)
  requests(@Payload() p: BusRequest<'orders.request.list'>) {
    return this.orders.list(p.caller, p.scope ?? {}, p.query ?? {}, 'requests');
  }

  @Handles(OrdersSubjects.getRequest)
  request(@Payload() p: BusRequest<'orders.request.get'>) {
    return this.orders.getRequest(p.caller, p.scope ?? {}, p.orderId);
  }

  @Handles(OrdersSubjects.confirmRequest)
  confirm(@Payload() p: BusRequest<'orders.request.confirm'>) {
    return this.ordering.confirm(p.caller, p.scope ?? {}, p.orderId);
  }

  @Handles(OrdersSubjects.rejectRequest)
  reject(@Payload() p: BusRequest<'orders.request.reject'>) {
    return this.ordering.reject(p.caller, p.scope ?? {}, p.orderId, p.input ?? {});
  }

  // An order's attachment and pictures: the gateway stores the bytes and hands over their blob keys.
  @Handles(OrdersSubjects.setAttachment)
  setAttachment(@Payload() p: SetOrderAttachmentRequest) {
    return this.files.setAttachment(p);
  }

  @Handles(OrdersSubjects.removeAttachment)
  removeAttachment(@Payload() p: BusRequest<'orders.order.attachment.remove'>) {
    return this.files.removeAttachment(p.caller, p.scope ?? {}, p.orderId);
  }

  @Handles(OrdersSubjects.getAttachment)
  attachment(@Payload() p: BusRequest<'orders.order.attachment.get'>) {
    return this.files.attachment(p.caller, p.scope ?? {}, p.orderId);
  }

  @Handles(OrdersSubjects.addOrderImage)
  addImage(@Payload() p: AddOrderImageRequest) {
    return this.files.addImage(p);
  }

  @Handles(OrdersSubjects.getOrderImage)
  image(@Payload() p: BusRequest<'orders.order.image.get'>) {
    return this.files.image(p.caller, p.scope ?? {}, p.orderId, p.imageId);
  }

  @Handles(OrdersSubjects.removeOrderImage)
  removeImage(@Payload() p: BusRequest<'orders.order.image.remove'>) {
    return this.files.removeImage(p.caller, p.scope ?? {}, p.orderId, p.imageId);
  }
}
