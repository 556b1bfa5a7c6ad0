import { MessagePattern, Payload } from '@nestjs/microservices';
import { type AuthenticateRequest, type Caller, IdentitySubjects, type LoginResult } from '@kanban/contracts';
import { BusController } from '@kanban/messaging';
import { AuthService } from './auth.service';

@BusController()
export class AuthHandler {
  constructor(private readonly auth: AuthService) {}

  @MessagePattern(IdentitySubjects.authenticate)
  authenticate(@Payload() request: AuthenticateRequest): Promise<LoginResult> {
    return this.auth.authenticate(request);
  }

  @MessagePattern(IdentitySubjects.refresh)
  refresh(@Payload() request: { refresh_token: string }): Promise<LoginResult> {
    return this.auth.refresh(request.refresh_token);
  }

  @MessagePattern(IdentitySubjects.logout)
  async logout(@Payload() request: { refresh_token: string }): Promise<null> {
    await this.auth.logout(request.refresh_token);
    return null;
  }

  @MessagePattern(IdentitySubjects.register)
  register(@Payload() request: Parameters<AuthService['register']>[0]) {
    return this.auth.register(request);
  }

  @MessagePattern(IdentitySubjects.confirm)
  async confirm(@Payload() request: { token: string }): Promise<null> {
    await this.auth.confirm(request.token);
    return null;
  }

  @MessagePattern(IdentitySubjects.resetRequest)
  async resetRequest(@Payload() request: { email: string }): Promise<null> {
    await this.auth.requestReset(request.email);
    return null;
  }

  @MessagePattern(IdentitySubjects.resetPassword)
  async resetPassword(@Payload() request: { token: string; password: string }): Promise<null> {
    await this.auth.resetPassword(request.token, request.password);
    return null;
  }

  @MessagePattern(IdentitySubjects.changePassword)
  async changePassword(
    @Payload() request: { caller: Caller & { family?: string }; current_password: string; password: string },
  ): Promise<null> {
    await this.auth.changePassword(request.caller.userId, request.current_password, request.password, request.caller.family);
    return null;
  }
}
