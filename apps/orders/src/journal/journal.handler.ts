import { MessagePattern, Payload } from '@nestjs/microservices';
import { type CompanyCaller, type JournalAcknowledgeInput, type JournalListQuery, JournalSubjects } from '@kanban/contracts';
import { BusController } from '@kanban/messaging';
import { JournalService } from './journal.service';

@BusController()
export class JournalHandler {
  constructor(private readonly journal: JournalService) {}

  @MessagePattern(JournalSubjects.list)
  list(@Payload() p: { caller: CompanyCaller; query: JournalListQuery }) {
    return this.journal.list(p.caller, p.query ?? {});
  }

  @MessagePattern(JournalSubjects.acknowledge)
  acknowledge(@Payload() p: { caller: CompanyCaller; input: JournalAcknowledgeInput }) {
    return this.journal.acknowledge(p.caller, p.input ?? {});
  }

  @MessagePattern(JournalSubjects.retry)
  retry(@Payload() p: { caller: CompanyCaller; id: number }) {
    return this.journal.retry(p.caller, p.id);
  }

  @MessagePattern(JournalSubjects.discard)
  discard(@Payload() p: { caller: CompanyCaller; id: number }) {
    return this.journal.discard(p.caller, p.id);
  }
}
