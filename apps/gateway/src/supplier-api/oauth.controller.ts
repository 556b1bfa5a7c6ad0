import { Body, Controller, HttpCode, Ip, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { Inject } from '@nestjs/common';
import { AppError, ErrorCode, ProtocolCode } from '@kanban/access';
import { ApiClientSubjects } from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { Public } from '../auth/guards';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { FailedLoginLimiter } from '../identity/failed-logins';
import { TokenRequestDto } from './supplier-api.dto';

/** HTTP Basic client authentication (RFC 6749 section 2.3.1): the id and secret, form-encoded, then base64. */
export function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const part = (value: string) => {
    try {
      return decodeURIComponent(value.replace(/\+/g, ' '));
    } catch {
      return value;
    }
  };
  return { id: part(decoded.slice(0, colon)), secret: part(decoded.slice(colon + 1)) };
}

/**
 * The supplier API's sign-in (docs/supplier-api.md): the OAuth 2.0 client credentials grant. The answer is the
 * token response of RFC 6749 (not the envelope: OAuth client libraries read it as it is); refusals are envelopes,
 * 1026 for wrong, unknown or revoked credentials like a wrong password. Throttled per address like the sign-in.
 */
@ApiTags('supplier API')
@Controller('oauth')
@Public()
@UseGuards(ThrottlerGuard)
export class OAuthController {
  private readonly failed: FailedLoginLimiter;

  constructor(
    private readonly bus: ServiceBus,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.failed = new FailedLoginLimiter(config.failedLoginLimit.limit, config.failedLoginLimit.windowMs);
  }

  @Post('token')
  @HttpCode(200)
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiBody({ type: TokenRequestDto })
  @ApiOperation({
    summary:
      'Client credentials grant: grant_type=client_credentials with client_id and client_secret (body or HTTP Basic); answers {access_token, token_type: "Bearer", expires_in, company_id, supplier_id} without the envelope. Wrong, unknown or revoked: 401 with 1026',
  })
  @ApiOkResponse({ schema: { type: 'object', properties: { access_token: { type: 'string' }, token_type: { type: 'string', enum: ['Bearer'] }, expires_in: { type: 'integer' }, company_id: { type: 'integer' }, supplier_id: { type: 'integer' } } } })
  async token(@Body() body: TokenRequestDto, @Req() request: Request, @Res() response: Response, @Ip() ip: string): Promise<void> {
    const basic = basicCredentials(request.headers.authorization);
    const clientId = basic?.id ?? body.client_id;
    const clientSecret = basic?.secret ?? body.client_secret;
    if (!clientId) throw AppError.validation('client_id', 'is required (in the body or as HTTP Basic user)');
    if (!clientSecret) throw AppError.validation('client_secret', 'is required (in the body or as HTTP Basic password)');
    if (this.failed.blocked(ip)) throw new AppError(ProtocolCode.TooManyRequests, 'too many failed sign-ins from this address, try again later');
    try {
      const token = await this.bus.request(ApiClientSubjects.token, { client_id: clientId, client_secret: clientSecret });
      response.status(200).setHeader('Cache-Control', 'no-store');
      response.setHeader('Pragma', 'no-cache');
      response.json(token);
    } catch (error) {
      if ((error as { code?: unknown }).code === ErrorCode.WrongCredentials) this.failed.record(ip);
      throw error;
    }
  }
}
