import { Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { IdentityEvents, type MailRequested } from '@kanban/contracts';
import { BusController, claimInbox, DeadLetters, type EventEnvelope, OnEvent } from '@kanban/messaging';
import { MAILER, type Mailer } from '@kanban/mail';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { renderMail } from './mail.templates';

/** Sends the mails identity asks for, once per event (the inbox row commits with the send). */
@BusController()
export class MailConsumer {
  /** each event's handler, counted as a dead letter after EVENT_MAX_FAILURES failures (DeadLetters) */
  private readonly on;

  constructor(
    @Inject(unitOfWorkToken('identity')) private readonly uow: UnitOfWork,
    @Inject(MAILER) private readonly mailer: Mailer,
    deadLetters: DeadLetters,
  ) {
    this.on = { send: deadLetters.consumer<MailRequested>('identity.mailer', (event) => this.deliver(event)) };
  }

  @OnEvent(IdentityEvents.mailRequested)
  send(@Payload() event: EventEnvelope<MailRequested>): Promise<void> {
    return this.on.send(event);
  }

  private async deliver(event: EventEnvelope<MailRequested>): Promise<void> {
    await this.uow.write(async (em) => {
      if (!(await claimInbox(em, 'identity.mailer', event.id))) return;
      const mail = renderMail(event.data);
      await this.mailer.send({ id: event.id, to: event.data.to, subject: mail.subject, text: mail.text });
    });
  }
}
