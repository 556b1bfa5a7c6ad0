import type { NextFunction, Request, Response } from 'express';
import type { ReadCache } from '@kanban/messaging';
import { AccessTokens } from '@kanban/tokens';
import { rememberVerifiedClaims } from '../auth/verified-claims';
import { readCacheKey } from './read-cache.interceptor';

const COMPANY_PATH = /^\/api\/c\/(\d{1,9})\//;

/**
 * The read cache's answers without the route table: an Express middleware in front of the Nest routes that
 * answers a GET inside a company straight from the read cache when it holds an answer for exactly this caller
 * and URL. A kept answer was produced by the full pipeline for the same caller (user, operator flag, company,
 * role: `readCacheKey`, built from the same verified token as the guard builds it) and the same
 * URL, so it passed the same guards; anything else (no or invalid token, no membership, not kept) goes on to
 * the routes unchanged, which answer it as before. Routing, passport, guards, interceptors and the ETag
 * hash were most of the gateway's CPU per cached answer (docs/items.md, "Benchmark").
 */
export function readCacheFastPath(cache: ReadCache, jwtSecret: string) {
  const tokens = new AccessTokens(jwtSecret);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET') return next();
    const company = COMPANY_PATH.exec(req.originalUrl)?.[1];
    const header = req.headers.authorization;
    if (!company || !header?.startsWith('Bearer ')) return next();
    const claims = tokens.verify(header.slice(7));
    if (!claims) return next();
    // Not kept (or no membership): the routes answer it, and the JWT guard takes these claims instead of
    // verifying the same token again.
    rememberVerifiedClaims(req, claims);
    const companyId = Number(company);
    const role = claims.c?.[String(companyId)];
    if (role === undefined) return next();
    // The caller as AccessGuard's companyCaller would be, from the same verified claims.
    const kept = cache.lookup(companyId, readCacheKey({ userId: claims.sub, operator: claims.op === 1, companyId, role }, req.originalUrl));
    if (kept === undefined) return next();
    res.status(200).type('json').setHeader('X-Read-Cache', 'hit');
    res.end(kept);
  };
}
