import { Payload } from '@nestjs/microservices';
import {
  type Page,
  type TargetUserDto,
  UserAdminSubjects,
  type UsersOfTargetRequest,
} from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { TargetUsersService } from './target-users.service';

@BusController()
export class TargetUsersHandler {
  constructor(private readonly users: TargetUsersService) {}

  @Handles(UserAdminSubjects.usersOfTarget)
  list(@Payload() p: UsersOfTargetRequest): Promise<Page<TargetUserDto>> {
    return this.users.list(p);
  }
}
