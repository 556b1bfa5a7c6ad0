import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor, Optional, StreamableFile } from '@nestjs/common';
import type { Request, Response } from 'express';
import { map, type Observable, of } from 'rxjs';
import { ReadCache } from '@kanban/messaging';
import type { CompanyCaller } from '@kanban/contracts';
import type { AuthedRequest } from '../auth/request-user';

/**
 * The read cache's key: who asks (user, operator flag, company, role) and the URL. The interceptor and the
 * fast path (read-cache.fast-path.ts) both build it here, so a kept answer is found only by the same caller.
 */
export function readCacheKey(caller: Pick<CompanyCaller, 'userId' | 'operator' | 'companyId' | 'role'>, url: string): string {
  return `${caller.userId}|${caller.operator ? 1 : 0}|${caller.companyId}|${caller.role} ${url}`;
}

/**
 * Answers repeated GET calls inside a company from the read cache (see ReadCache): the whole enveloped
 * answer is kept as JSON, keyed by the caller (user, role, company) and the URL, and sent as it is (no
 * service call, no serialization). An answer is kept only when every bus request of the call was a
 * cacheable catalog read; calls that changed something (the spec's state-changing GETs such as toggleActive)
 * or asked another service are never kept. The header X-Read-Cache says `hit` or `stored`. Registered before the envelope interceptor, so it sees the envelope.
 */
@Injectable()
export class ReadCacheInterceptor implements NestInterceptor {
  constructor(@Optional() private readonly cache?: ReadCache) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request & AuthedRequest>();
    const caller = request.companyCaller;
    const cache = this.cache;
    if (!cache || request.method !== 'GET' || !caller) return next.handle();
    const response = http.getResponse<Response>();
    const key = readCacheKey(caller, request.originalUrl);
    const kept = cache.lookup(caller.companyId, key);
    if (kept !== undefined) {
      response.type('json').setHeader('X-Read-Cache', 'hit');
      return of(kept);
    }
    const stamp = cache.stamp(caller.companyId);
    const { result, track } = cache.track(() => next.handle());
    return result.pipe(
      map((answer: unknown) => {
        if (answer instanceof StreamableFile || typeof answer !== 'object' || answer === null) return answer;
        const body = JSON.stringify(answer);
        if (!cache.keep(key, stamp, track, body)) return answer;
        response.type('json').setHeader('X-Read-Cache', 'stored');
        return body;
      }),
    );
  }
}
