import { Payload } from '@nestjs/microservices';
import { type TargetsReply, type TargetsRequest, UserAdminSubjects } from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { TargetsService } from './targets.service';

/** Names of access-restriction targets for the users administration. */
@BusController()
export class TargetsHandler {
  constructor(private readonly targets: TargetsService) {}

  @Handles(UserAdminSubjects.targets)
  lookup(@Payload() p: TargetsRequest): Promise<TargetsReply> {
    return this.targets.lookup(p);
  }
}
