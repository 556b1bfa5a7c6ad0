import { Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BusController, type DeadLettered, deadLetterSubject, type EventEnvelope, handleOnce, OnEvent } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { JournalService } from './journal.service';

/**
 * Journal entries 2000 of the services' dead letters (docs/architecture.md "Dead letters"): each service announces
 * an event its consumer gave up on with evt.<service>.dead_letter; the entry names the service and the dead letter's
 * id there, for "retry now" and "discard". Not counted as a dead letter itself (a journal that cannot be written
 * waits, redelivered with the backoff, rather than announcing its own failure in a loop).
 */
@BusController()
export class DeadLettersConsumer {
  constructor(
    @Inject(unitOfWorkToken('orders')) private readonly uow: UnitOfWork,
    private readonly journal: JournalService,
  ) {}

  private record(event: EventEnvelope<DeadLettered>): Promise<void> {
    return handleOnce(this.uow, 'orders.dead_letters', event, (em) => this.journal.recordDeadLetter(em, event.data));
  }

  @OnEvent(deadLetterSubject('catalog'))
  catalog(@Payload() event: EventEnvelope<DeadLettered>): Promise<void> {
    return this.record(event);
  }

  @OnEvent(deadLetterSubject('identity'))
  identity(@Payload() event: EventEnvelope<DeadLettered>): Promise<void> {
    return this.record(event);
  }

  @OnEvent(deadLetterSubject('orders'))
  orders(@Payload() event: EventEnvelope<DeadLettered>): Promise<void> {
    return this.record(event);
  }

  @OnEvent(deadLetterSubject('supply'))
  supply(@Payload() event: EventEnvelope<DeadLettered>): Promise<void> {
    return this.record(event);
  }

  @OnEvent(deadLetterSubject('ingest'))
  ingest(@Payload() event: EventEnvelope<DeadLettered>): Promise<void> {
    return this.record(event);
  }

  @OnEvent(deadLetterSubject('notifications'))
  notifications(@Payload() event: EventEnvelope<DeadLettered>): Promise<void> {
    return this.record(event);
  }
}
