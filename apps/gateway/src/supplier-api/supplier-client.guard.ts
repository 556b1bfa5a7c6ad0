import { type CanActivate, createParamDecorator, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppError, ErrorCode, ProtocolCode } from '@kanban/access';
import { ApiClientSubjects, type FeedCaller } from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { SupplierApiTokens } from '@kanban/tokens';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { TokenBuckets } from './rate-limiter';

interface FeedRequest extends Request {
  feedCaller?: FeedCaller;
}

/**
 * The supplier API's guard (docs/supplier-api.md), on its routes only (they are @Public() for the user guards):
 * a supplier API token (audience kanban-supplier-api; user tokens are refused, as these tokens are by every other
 * route) for the company and supplier of the path (another's: 1020), within the client's rate limit (429 with
 * Retry-After), and the client not revoked: identity is asked on every call, so a revocation works at once.
 */
@Injectable()
export class SupplierClientGuard implements CanActivate {
  private readonly tokens: SupplierApiTokens;
  private readonly buckets: TokenBuckets;

  constructor(
    private readonly bus: ServiceBus,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.tokens = new SupplierApiTokens(config.jwtSecret);
    this.buckets = new TokenBuckets(config.supplierApiRateLimit);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<FeedRequest>();
    const header = request.headers.authorization;
    const claims = header?.startsWith('Bearer ') ? this.tokens.verify(header.slice(7)) : null;
    if (!claims) throw new AppError(ProtocolCode.Unauthenticated, 'not authenticated: a supplier API access token is needed (POST /api/oauth/token)');
    if (String(claims.c) !== request.params.companyID || String(claims.s) !== request.params.supplierID) {
      throw new AppError(ErrorCode.NoPermission, 'this client is for another company or supplier');
    }
    const wait = this.buckets.take(claims.sub);
    if (wait > 0) {
      http.getResponse<Response>().setHeader('Retry-After', String(wait));
      throw new AppError(ProtocolCode.TooManyRequests, `rate limit of this API client reached, try again in ${wait} s`);
    }
    const client = await this.bus.request(ApiClientSubjects.check, { client_id: claims.sub });
    if (client.company_id !== claims.c || client.supplier_id !== claims.s) throw new AppError(ProtocolCode.Unauthenticated, 'API client revoked or unknown');
    request.feedCaller = { companyId: claims.c, supplierId: claims.s, clientId: claims.sub };
    return true;
  }
}

/** The supplier API caller the guard set. */
export const FeedCtx = createParamDecorator((_: unknown, ctx: ExecutionContext): FeedCaller => {
  const caller = ctx.switchToHttp().getRequest<FeedRequest>().feedCaller;
  if (!caller) throw new Error('FeedCtx used on a route without SupplierClientGuard');
  return caller;
});
