import { MessagePattern, Payload } from '@nestjs/microservices';
import { type CompanyCaller, type OrderQueueListQuery, type OrderQueueScope, OrderQueueSubjects } from '@kanban/contracts';
import { BusController } from '@kanban/messaging';
import { OrderQueueService } from './queue.service';

@BusController()
export class OrderQueueHandler {
  constructor(private readonly queue: OrderQueueService) {}

  /** scope: none (company) or customerId. */
  @MessagePattern(OrderQueueSubjects.list)
  list(@Payload() p: { caller: CompanyCaller; scope: OrderQueueScope; query: OrderQueueListQuery }) {
    return this.queue.list(p.caller, p.scope ?? {}, p.query ?? {});
  }

  @MessagePattern(OrderQueueSubjects.get)
  get(@Payload() p: { caller: CompanyCaller; id: number }) {
    return this.queue.get(p.caller, p.id);
  }

  /** ids: the `id` query values as sent (checked by the service). */
  @MessagePattern(OrderQueueSubjects.requeue)
  requeue(@Payload() p: { caller: CompanyCaller; ids: unknown }) {
    return this.queue.requeue(p.caller, p.ids);
  }

  @MessagePattern(OrderQueueSubjects.remove)
  remove(@Payload() p: { caller: CompanyCaller; ids: unknown }) {
    return this.queue.remove(p.caller, p.ids);
  }
}
