import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Caller, type CompanyCaller, IdentitySubjects } from '@kanban/contracts';
import { BusController } from '@kanban/messaging';
import { InvitationsService } from './invitations.service';

/** Invitations of existing accounts: the company's list and withdrawal, the invited person's look and acceptance. */
@BusController()
export class InvitationsHandler {
  constructor(private readonly invitations: InvitationsService) {}

  @MessagePattern(IdentitySubjects.listInvitations)
  list(@Payload() p: { caller: CompanyCaller }) {
    return this.invitations.list(p.caller);
  }

  @MessagePattern(IdentitySubjects.withdrawInvitation)
  async withdraw(@Payload() p: { caller: CompanyCaller; invitationId: number }): Promise<null> {
    await this.invitations.withdraw(p.caller, p.invitationId);
    return null;
  }

  @MessagePattern(IdentitySubjects.showInvitation)
  show(@Payload() p: { caller: Caller; token: string }) {
    return this.invitations.show(p.caller, p.token);
  }

  @MessagePattern(IdentitySubjects.acceptInvitation)
  accept(@Payload() p: { caller: Caller; token: string }) {
    return this.invitations.accept(p.caller, p.token);
  }
}
