import type { AccessClaims } from '@kanban/contracts';
import type { RequestUser } from './request-user';

type Claims = AccessClaims & { f?: string };

/**
 * Claims of an access token already verified for this request (by the read cache's fast path, with the same key
 * and the same checks as the JWT strategy), so a request the fast path passes on to the routes is not verified a
 * second time. Kept by request object in a WeakMap: nothing a client sends can put claims here.
 */
const verified = new WeakMap<object, Claims>();

export function rememberVerifiedClaims(request: object, claims: Claims): void {
  verified.set(request, claims);
}

export function verifiedClaimsOf(request: object): Claims | undefined {
  return verified.get(request);
}

/** The caller as the gateway knows it from verified claims (the JWT strategy's answer). */
export function requestUserOf(claims: Claims): RequestUser {
  return { userId: claims.sub, operator: claims.op === 1, companies: claims.c ?? {}, client: claims.ck, family: claims.f };
}
