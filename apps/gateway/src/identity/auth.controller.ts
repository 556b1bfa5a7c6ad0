import { Body, Controller, Headers, HttpCode, Inject, Ip, Post, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SkipThrottle, ThrottlerGuard } from '@nestjs/throttler';
import { AppError, ErrorCode, ProtocolCode } from '@kanban/access';
import { type ClientKind, IdentitySubjects, type LoginResult } from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { timingSafeEqual } from 'node:crypto';
import { Public } from '../auth/guards';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { FailedLoginLimiter } from './failed-logins';
import { AuthenticateDto, RefreshDto, RegisterDto, ResetPasswordDto, TokenDto } from './identity.dto';

@ApiTags('auth')
@Controller()
@Public()
@UseGuards(ThrottlerGuard)
export class AuthController {
  private readonly failedLogins: FailedLoginLimiter;

  constructor(
    private readonly bus: ServiceBus,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    this.failedLogins = new FailedLoginLimiter(config.failedLoginLimit.limit, config.failedLoginLimit.windowMs);
  }

  @Post('authenticate')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in; answers user, token and refresh_token' })
  @ApiHeader({ name: 'X-API-Key', required: true, description: 'client key (web or app)' })
  async authenticate(@Body() body: AuthenticateDto, @Headers('x-api-key') apiKey: string | undefined, @Ip() ip: string): Promise<LoginResult> {
    const client = this.clientOf(apiKey);
    // Failed sign-ins per address (AUTH_FAILURE_LIMIT in AUTH_FAILURE_WINDOW_S); each account also locks after 5.
    if (this.failedLogins.blocked(ip)) {
      throw new AppError(ProtocolCode.TooManyRequests, 'too many failed sign-ins from this address, try again later');
    }
    try {
      return await this.bus.request(IdentitySubjects.authenticate, { email: body.Email, password: body.Password, client, ip });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === ErrorCode.WrongCredentials || code === ErrorCode.TooManyTries) this.failedLogins.record(ip);
      throw error;
    }
  }

  // Not counted by the sign-in throttle: a refresh is no guess (the token is 256 random bits), and an open
  // tab refreshes on its own; a refresh refused for a throttle would end sessions instead of slowing attackers.
  @Post('refresh_token')
  @SkipThrottle({ auth: true })
  @HttpCode(200)
  @ApiOperation({
    summary: 'Trade a refresh token for new tokens (rotated; the same token again within REFRESH_GRACE_S answers the same successor, later it revokes the session)',
  })
  refresh(@Body() body: RefreshDto): Promise<LoginResult> {
    return this.bus.request(IdentitySubjects.refresh, { refresh_token: body.RefreshToken });
  }

  @Post('logout')
  @SkipThrottle({ auth: true })
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign out: revokes the session the refresh token belongs to (answers 200 for any token)' })
  async logout(@Body() body: RefreshDto): Promise<null> {
    await this.bus.request(IdentitySubjects.logout, { refresh_token: body.RefreshToken });
    return null;
  }

  @Post('resetpass')
  @HttpCode(200)
  @ApiOperation({ summary: 'With Email: mail a reset link. With token and password: set the new password' })
  async resetPassword(@Body() body: ResetPasswordDto): Promise<null> {
    if (body.token) {
      await this.bus.request(IdentitySubjects.resetPassword, { token: body.token, password: body.password! });
    } else {
      await this.bus.request(IdentitySubjects.resetRequest, { email: body.Email! });
    }
    return null;
  }

  @Post('register')
  @HttpCode(200)
  @ApiOperation({ summary: 'Accept an invitation (token) or open a new company (pending e-mail confirmation)' })
  register(@Body() body: RegisterDto): Promise<{ user_id: number; confirmation_required: boolean }> {
    const { password_confirm: _confirm, ...input } = body;
    return this.bus.request(IdentitySubjects.register, input);
  }

  @Post('confirm')
  @HttpCode(200)
  @ApiOperation({ summary: 'Confirm an e-mail address with the mailed token' })
  async confirm(@Body() body: TokenDto): Promise<null> {
    await this.bus.request(IdentitySubjects.confirm, { token: body.token });
    return null;
  }

  private clientOf(apiKey: string | undefined): ClientKind {
    if (apiKey && safeEqual(apiKey, this.config.apiKeys.web)) return 'web';
    if (apiKey && safeEqual(apiKey, this.config.apiKeys.app)) return 'app';
    throw new AppError(ErrorCode.NoPermission, 'invalid or missing API key (X-API-Key)');
  }
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
