import { Payload } from '@nestjs/microservices';
import { type AuthenticateRequest, type BusRequest, IdentitySubjects, type LoginResult } from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { AuthService } from './auth.service';

@BusController()
export class AuthHandler {
  constructor(private readonly auth: AuthService) {}

  @Handles(IdentitySubjects.authenticate)
  authenticate(@Payload() request: AuthenticateRequest): Promise<LoginResult> {
    return this.auth.authenticate(request);
  }

  @Handles(IdentitySubjects.refresh)
  refresh(@Payload() request: BusRequest<'identity.auth.refresh'>): Promise<LoginResult> {
    return this.auth.refresh(request.refresh_token);
  }

  @Handles(IdentitySubjects.logout)
  async logout(@Payload() request: BusRequest<'identity.auth.logout'>): Promise<null> {
    await this.auth.logout(request.refresh_token);
    return null;
  }

  @Handles(IdentitySubjects.register)
  register(@Payload() request: BusRequest<'identity.auth.register'>) {
    return this.auth.register(request);
  }

  @Handles(IdentitySubjects.confirm)
  async confirm(@Payload() request: BusRequest<'identity.auth.confirm'>): Promise<null> {
    await this.auth.confirm(request.token);
    return null;
  }

  @Handles(IdentitySubjects.resetRequest)
  async resetRequest(@Payload() request: BusRequest<'identity.auth.reset_request'>): Promise<null> {
    await this.auth.requestReset(request.email);
    return null;
  }

  @Handles(IdentitySubjects.resetPassword)
  async resetPassword(@Payload() request: BusRequest<'identity.auth.reset_password'>): Promise<null> {
    await this.auth.resetPassword(request.token, request.password);
    return null;
  }

  @Handles(IdentitySubjects.changePassword)
  async changePassword(
    @Payload() request: BusRequest<'identity.user.change_password'>,
  ): Promise<null> {
    await this.auth.changePassword(request.caller.userId, request.current_password, request.password, request.caller.family);
    return null;
  }
}
