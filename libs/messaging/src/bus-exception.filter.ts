import { randomUUID } from 'node:crypto';
import { applyDecorators, Catch, Controller, Logger, UseFilters, type ArgumentsHost } from '@nestjs/common';
import type { RpcExceptionFilter } from '@nestjs/common';
import { AppError, ErrorCode, isErrorBody, ProtocolCode } from '@kanban/access';
import { appErrorOfDatabase } from '@kanban/persistence';
import { type Observable, throwError } from 'rxjs';
import { toErrorBody } from './wire';

/**
 * Lets a handler's AppError cross the bus with its catalogue code. Anything else is mapped here, in the service, so no
 * database text reaches the client: values the database refused (too long, out of range, duplicate, ...) become 1000
 * (1059), a database out of reach or a race lost after the retries 1006, and the rest stays 500 "unknown error". 1006
 * and 500 carry a new correlation id, which the error log line names too.
 */
@Catch()
export class BusExceptionFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('Bus');

  catch(exception: unknown, host: ArgumentsHost): Observable<never> {
    return throwError(() => this.bodyOf(exception, host));
  }

  private bodyOf(exception: unknown, host: ArgumentsHost) {
    if (exception instanceof AppError || isErrorBody(exception)) return toErrorBody(exception);
    const pattern = String(host.getArgByIndex<{ getArgs?: () => unknown[] }>(1)?.getArgs?.()?.[0]);
    const mapped = appErrorOfDatabase(exception);
    const sqlState = (exception as { code?: unknown })?.code;
    if (mapped && mapped.code !== ErrorCode.Database) {
      this.logger.warn(`handler for ${pattern}: the database refused the values (${String(sqlState)}), answered ${mapped.code} ${mapped.field ?? ''}`);
      return mapped.toBody();
    }
    const correlationId = randomUUID();
    const code = mapped ? ErrorCode.Database : ProtocolCode.Internal;
    const what = mapped ? `database failure (${String(sqlState)})` : 'failed';
    this.logger.error(
      `handler for ${pattern} ${what} [correlation_id=${correlationId}]: ${(exception as Error)?.stack ?? String(exception)}`,
    );
    return new AppError(code, undefined, { correlationId }).toBody();
  }
}

/** Class decorator for a service's message handler class (`*.handler.ts`). */
export function BusController(): ClassDecorator {
  return applyDecorators(Controller(), UseFilters(new BusExceptionFilter()));
}
