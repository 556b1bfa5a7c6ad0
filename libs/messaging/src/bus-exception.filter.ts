import { applyDecorators, Catch, Controller, Logger, UseFilters, type ArgumentsHost } from '@nestjs/common';
import type { RpcExceptionFilter } from '@nestjs/common';
import { AppError } from '@kanban/access';
import { type Observable, throwError } from 'rxjs';
import { toErrorBody } from './wire';

/** Lets a handler's AppError cross the bus with its catalogue code; logs anything unexpected. */
@Catch()
export class BusExceptionFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('Bus');

  catch(exception: unknown, host: ArgumentsHost): Observable<never> {
    if (!(exception instanceof AppError)) {
      const pattern = host.getArgByIndex<{ getArgs?: () => unknown[] }>(1)?.getArgs?.()?.[0];
      this.logger.error(
        `handler for ${String(pattern)} failed: ${(exception as Error)?.stack ?? String(exception)}`,
      );
    }
    return throwError(() => toErrorBody(exception));
  }
}

/** Class decorator for a service's message handler class (`*.handler.ts`). */
export function BusController(): ClassDecorator {
  return applyDecorators(Controller(), UseFilters(new BusExceptionFilter()));
}
