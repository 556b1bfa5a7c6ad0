import { Payload } from '@nestjs/microservices';
import { type BusRequest, IdentitySubjects } from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { InvitationsService } from './invitations.service';

/** Invitations of existing accounts: the company's list and withdrawal, the invited person's look and acceptance. */
@BusController()
export class InvitationsHandler {
  constructor(private readonly invitations: InvitationsService) {}

  @Handles(IdentitySubjects.listInvitations)
  list(@Payload() p: BusRequest<'identity.invitations.list'>) {
    return this.invitations.list(p.caller);
  }

  @Handles(IdentitySubjects.withdrawInvitation)
  async withdraw(@Payload() p: BusRequest<'identity.invitations.withdraw'>): Promise<null> {
    await this.invitations.withdraw(p.caller, p.invitationId);
    return null;
  }

  @Handles(IdentitySubjects.showInvitation)
  show(@Payload() p: BusRequest<'identity.invitations.show'>) {
    return this.invitations.show(p.caller, p.token);
  }

  @Handles(IdentitySubjects.acceptInvitation)
  accept(@Payload() p: BusRequest<'identity.invitations.accept'>) {
    return this.invitations.accept(p.caller, p.token);
  }
}
