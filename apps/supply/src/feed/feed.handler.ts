import { Payload } from '@nestjs/microservices';
import { type BusRequest, SupplierFeedSubjects } from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { FeedService } from './feed.service';

/** The supplier feed (docs/supplier-api.md). */
@BusController()
export class FeedHandler {
  constructor(private readonly feed: FeedService) {}

  @Handles(SupplierFeedSubjects.pull)
  pull(@Payload() p: BusRequest<'supply.feed.pull'>) {
    return this.feed.pull(p.caller, p.query ?? {});
  }

  @Handles(SupplierFeedSubjects.get)
  get(@Payload() p: BusRequest<'supply.feed.get'>) {
    return this.feed.get(p.caller, p.supplyId);
  }

  @Handles(SupplierFeedSubjects.ack)
  ack(@Payload() p: BusRequest<'supply.feed.ack'>) {
    return this.feed.ack(p.caller, p.supplyId, p.input ?? {});
  }
}
