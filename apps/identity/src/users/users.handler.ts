import { Payload } from '@nestjs/microservices';
import type { BusRequest, SetUserImageReply, SetUserImageRequest } from '@kanban/contracts';
import { IdentitySubjects } from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { UsersService } from './users.service';

@BusController()
export class UsersHandler {
  constructor(private readonly users: UsersService) {}

  @Handles(IdentitySubjects.getProfile)
  profile(@Payload() p: BusRequest<'identity.user.get_profile'>) {
    return this.users.profile(p.caller.userId);
  }

  @Handles(IdentitySubjects.updateProfile)
  updateProfile(@Payload() p: BusRequest<'identity.user.update_profile'>) {
    return this.users.updateProfile(p.caller.userId, p.update);
  }

  @Handles(IdentitySubjects.setImage)
  setImage(@Payload() p: SetUserImageRequest): Promise<SetUserImageReply> {
    return this.users.setImage(p.caller.userId, p.image);
  }

  @Handles(IdentitySubjects.appUsage)
  appUsage(@Payload() p: BusRequest<'identity.user.app_usage'>) {
    return this.users.appUsage(p.caller.userId);
  }

  @Handles(IdentitySubjects.listUsers)
  list(@Payload() p: BusRequest<'identity.users.list'>) {
    return this.users.list(p.caller, p.query);
  }

  @Handles(IdentitySubjects.getUser)
  get(@Payload() p: BusRequest<'identity.users.get'>) {
    return this.users.get(p.caller, p.userId);
  }

  @Handles(IdentitySubjects.createUser)
  create(@Payload() p: BusRequest<'identity.users.create'>) {
    return this.users.create(p.caller, p.input);
  }

  @Handles(IdentitySubjects.updateUser)
  update(@Payload() p: BusRequest<'identity.users.update'>) {
    return this.users.update(p.caller, p.userId, p.input);
  }

  @Handles(IdentitySubjects.deleteUser)
  async remove(@Payload() p: BusRequest<'identity.users.delete'>): Promise<null> {
    await this.users.remove(p.caller, p.userId);
    return null;
  }

  @Handles(IdentitySubjects.resendInvitation)
  async resend(@Payload() p: BusRequest<'identity.users.resend'>): Promise<null> {
    await this.users.resend(p.caller, p.userId);
    return null;
  }

  @Handles(IdentitySubjects.listRestrictions)
  restrictions(@Payload() p: BusRequest<'identity.restrictions.list'>) {
    return this.users.restrictions(p.caller, p.userId, p.kind);
  }

  @Handles(IdentitySubjects.addRestriction)
  addRestriction(@Payload() p: BusRequest<'identity.restrictions.add'>) {
    return this.users.addRestriction(p.caller, p.input);
  }

  @Handles(IdentitySubjects.removeRestriction)
  async removeRestriction(@Payload() p: BusRequest<'identity.restrictions.remove'>): Promise<null> {
    await this.users.removeRestriction(p.caller, p.id);
    return null;
  }
}
