import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import type { ReadCache } from '@kanban/messaging';
import { AccessTokens } from '@kanban/tokens';
import { JwtAuthGuard } from '../auth/guards';
import { verifiedClaimsOf } from '../auth/verified-claims';
import { readCacheFastPath } from './read-cache.fast-path';

/**
 * A request the fast path cannot answer goes on to the routes; when its token verified, the JWT guard takes the
 * verified claims instead of verifying the token again (passport is not asked).
 */
describe('read cache fast path: handing verified claims to the JWT guard', () => {
  const secret = 'x'.repeat(40);
  const tokens = new AccessTokens(secret);
  const nothingKept = { lookup: () => undefined } as unknown as ReadCache;
  const middleware = readCacheFastPath(nothingKept, secret);

  function pass(authorization: string | undefined, url = '/api/c/7/item_search?q=a', method = 'GET') {
    const request = { method, originalUrl: url, headers: { authorization } } as unknown as Request;
    let passedOn = false;
    middleware(request, {} as Response, () => (passedOn = true));
    expect(passedOn).toBe(true);
    return request;
  }

  function guardWith(request: object): JwtAuthGuard {
    const guard = new JwtAuthGuard(new Reflector());
    const context = {
      getHandler: () => guardWith,
      getClass: () => Object,
      switchToHttp: () => ({ getRequest: () => request }),
    } as unknown as ExecutionContext;
    // Passport is not set up here: a guard that asked it would fail.
    expect(guard.canActivate(context)).toBe(true);
    return guard;
  }

  it('remembers the claims of a verified token, members or not, and the guard makes the caller of them', () => {
    const member = pass(`Bearer ${tokens.sign({ sub: 5, c: { '7': 3 }, ck: 'web', op: 1, f: 'fam' }, 60)}`);
    expect(verifiedClaimsOf(member)).toMatchObject({ sub: 5, c: { '7': 3 } });
    guardWith(member);
    expect((member as unknown as { user: unknown }).user).toEqual({ userId: 5, operator: true, companies: { '7': 3 }, client: 'web', family: 'fam' });
    // No membership in company 7: still verified (the access guard answers 1020 later).
    expect(verifiedClaimsOf(pass(`Bearer ${tokens.sign({ sub: 6, c: { '8': 3 }, ck: 'web' }, 60)}`))).toMatchObject({ sub: 6 });
  });

  it('remembers nothing for forged, expired or foreign tokens, other schemes, other methods and paths', () => {
    const token = tokens.sign({ sub: 5, c: { '7': 3 }, ck: 'web' }, 60);
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), c: { '7': 6 } })).toString('base64url');
    for (const request of [
      pass(`Bearer ${header}.${forged}.${signature}`),
      pass(`Bearer ${tokens.sign({ sub: 5, c: { '7': 3 }, ck: 'web' }, -10)}`),
      pass(`Bearer ${new AccessTokens('y'.repeat(40)).sign({ sub: 5, c: { '7': 3 }, ck: 'web' }, 60)}`),
      pass(`Basic ${token}`),
      pass(undefined),
      pass(`Bearer ${token}`, '/api/c/7/item_search?q=a', 'POST'),
      pass(`Bearer ${token}`, '/api/user/me'),
    ])
      expect(verifiedClaimsOf(request)).toBeUndefined();
  });
});
