import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AccessClaims } from '@kanban/contracts';
import { AccessTokens } from '@kanban/tokens';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import type { RequestUser } from './request-user';
import { requestUserOf } from './verified-claims';

/** Bearer access tokens, verified with a prepared key (HS256). */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    const key = new AccessTokens(config.jwtSecret).secretKey;
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // jsonwebtoken accepts a KeyObject; passport-jwt's types only name strings and buffers.
      secretOrKeyProvider: (_req: unknown, _token: unknown, done: (err: unknown, key?: string) => void) =>
        done(null, key as unknown as string),
      algorithms: AccessTokens.options.algorithms,
      issuer: AccessTokens.options.issuer,
      audience: AccessTokens.options.audience,
      ignoreExpiration: false,
    });
  }

  validate(claims: AccessClaims & { f?: string }): RequestUser {
    return requestUserOf(claims);
  }
}
