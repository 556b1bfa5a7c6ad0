import { Payload } from '@nestjs/microservices';
import { type BusRequest, OrderQueueSubjects } from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { OrderQueueService } from './queue.service';

@BusController()
export class OrderQueueHandler {
  constructor(private readonly queue: OrderQueueService) {}

  /** scope: none (company) or customerId. */
  @Handles(OrderQueueSubjects.list)
  list(@Payload() p: BusRequest<'orders.queue.list'>) {
    return this.queue.list(p.caller, p.scope ?? {}, p.query ?? {});
  }

  @Handles(OrderQueueSubjects.get)
  get(@Payload() p: BusRequest<'orders.queue.get'>) {
    return this.queue.get(p.caller, p.id);
  }

  /** ids: the `id` query values as sent (checked by the service). */
  @Handles(OrderQueueSubjects.requeue)
  requeue(@Payload() p: BusRequest<'orders.queue.requeue'>) {
    return this.queue.requeue(p.caller, p.ids);
  }

  @Handles(OrderQueueSubjects.remove)
  remove(@Payload() p: BusRequest<'orders.queue.delete'>) {
    return this.queue.remove(p.caller, p.ids);
  }
}
