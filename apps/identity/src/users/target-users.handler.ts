import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type Page,
  type TargetUserDto,
  UserAdminSubjects,
  type UsersOfTargetRequest,
} from '@kanban/contracts';
import { BusController } from '@kanban/messaging';
import { TargetUsersService } from './target-users.service';

@BusController()
export class TargetUsersHandler {
  constructor(private readonly users: TargetUsersService) {}

  @MessagePattern(UserAdminSubjects.usersOfTarget)
  list(@Payload() p: UsersOfTargetRequest): Promise<Page<TargetUserDto>> {
    return this.users.list(p);
  }
}
