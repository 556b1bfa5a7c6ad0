import { Payload } from '@nestjs/microservices';
import { type BusRequest, JournalSubjects } from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { JournalService } from './journal.service';

@BusController()
export class JournalHandler {
  constructor(private readonly journal: JournalService) {}

  @Handles(JournalSubjects.list)
  list(@Payload() p: BusRequest<'orders.journal.list'>) {
    return this.journal.list(p.caller, p.query ?? {});
  }

  @Handles(JournalSubjects.acknowledge)
  acknowledge(@Payload() p: BusRequest<'orders.journal.acknowledge'>) {
    return this.journal.acknowledge(p.caller, p.input ?? {});
  }

  @Handles(JournalSubjects.retry)
  retry(@Payload() p: BusRequest<'orders.journal.retry'>) {
    return this.journal.retry(p.caller, p.id);
  }

  @Handles(JournalSubjects.discard)
  discard(@Payload() p: BusRequest<'orders.journal.discard'>) {
    return this.journal.discard(p.caller, p.id);
  }
}
