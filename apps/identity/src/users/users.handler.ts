import { MessagePattern, Payload } from '@nestjs/microservices';
import type { Caller, CompanyCaller, ListQuery, SetUserImageReply, SetUserImageRequest } from '@kanban/contracts';
import { IdentitySubjects } from '@kanban/contracts';
import { BusController } from '@kanban/messaging';
import { type CompanyUserInput, type ProfileUpdate, type RestrictionKind, UsersService } from './users.service';

@BusController()
export class UsersHandler {
  constructor(private readonly users: UsersService) {}

  @MessagePattern(IdentitySubjects.getProfile)
  profile(@Payload() p: { caller: Caller }) {
    return this.users.profile(p.caller.userId);
  }

  @MessagePattern(IdentitySubjects.updateProfile)
  updateProfile(@Payload() p: { caller: Caller; update: ProfileUpdate }) {
    return this.users.updateProfile(p.caller.userId, p.update);
  }

  @MessagePattern(IdentitySubjects.setImage)
  setImage(@Payload() p: SetUserImageRequest): Promise<SetUserImageReply> {
    return this.users.setImage(p.caller.userId, p.image);
  }

  @MessagePattern(IdentitySubjects.appUsage)
  appUsage(@Payload() p: { caller: Caller }) {
    return this.users.appUsage(p.caller.userId);
  }

  @MessagePattern(IdentitySubjects.listUsers)
  list(@Payload() p: { caller: CompanyCaller; query: ListQuery & { restricted?: boolean; role?: number } }) {
    return this.users.list(p.caller, p.query);
  }

  @MessagePattern(IdentitySubjects.getUser)
  get(@Payload() p: { caller: CompanyCaller; userId: number }) {
    return this.users.get(p.caller, p.userId);
  }

  @MessagePattern(IdentitySubjects.createUser)
  create(@Payload() p: { caller: CompanyCaller; input: CompanyUserInput }) {
    return this.users.create(p.caller, p.input);
  }

  @MessagePattern(IdentitySubjects.updateUser)
  update(@Payload() p: { caller: CompanyCaller; userId: number; input: CompanyUserInput }) {
    return this.users.update(p.caller, p.userId, p.input);
  }

  @MessagePattern(IdentitySubjects.deleteUser)
  async remove(@Payload() p: { caller: CompanyCaller; userId: number }): Promise<null> {
    await this.users.remove(p.caller, p.userId);
    return null;
  }

  @MessagePattern(IdentitySubjects.resendInvitation)
  async resend(@Payload() p: { caller: CompanyCaller; userId: number }): Promise<null> {
    await this.users.resend(p.caller, p.userId);
    return null;
  }

  @MessagePattern(IdentitySubjects.listRestrictions)
  restrictions(@Payload() p: { caller: CompanyCaller; userId: number; kind?: RestrictionKind }) {
    return this.users.restrictions(p.caller, p.userId, p.kind);
  }

  @MessagePattern(IdentitySubjects.addRestriction)
  addRestriction(@Payload() p: { caller: CompanyCaller; input: Parameters<UsersService['addRestriction']>[1] }) {
    return this.users.addRestriction(p.caller, p.input);
  }

  @MessagePattern(IdentitySubjects.removeRestriction)
  async removeRestriction(@Payload() p: { caller: CompanyCaller; id: number }): Promise<null> {
    await this.users.removeRestriction(p.caller, p.id);
    return null;
  }
}
