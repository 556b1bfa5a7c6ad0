import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Response } from 'express';
import { AppError, ErrorCode, httpStatusOf, ProtocolCode } from '@kanban/access';
import type { Logger as LoggerType } from '@nestjs/common';
import { failure } from './envelope';

/** The one place errors become HTTP: catalogue code in Meta.code, never a stack trace. */
@Catch()
export class EnvelopeExceptionFilter implements ExceptionFilter {
  private readonly log = new Logger('Http');

  catch(exception: unknown, host: ArgumentsHost): void {
    writeError(host.switchToHttp().getResponse<Response>(), exception, this.log);
  }
}

/** Writes any failure as an envelope; also used by the express error handler behind the body parsers. */
export function writeError(response: Response, exception: unknown, log: LoggerType): void {
  const error = toHttpError(exception);
  let correlationId: string | undefined;
  if (error.code === ProtocolCode.Internal || error.code === ErrorCode.Database) {
    // A service's failure keeps the id its own log line carries; one of the gateway's own gets a new id here.
    correlationId = error.correlationId ?? randomUUID();
    const request = response.req as { method?: string; originalUrl?: string } | undefined;
    const where = request ? `${request.method} ${request.originalUrl?.split('?')[0]}` : 'request';
    const detail = error.correlationId ? `${error.code} ${error.message} (from the service)` : describe(exception);
    log.error(`${where} failed [correlation_id=${correlationId}]: ${detail}`);
  }
  if (response.headersSent) return;
  const parser = exception as { type?: string };
  const status = parser?.type === 'entity.too.large' ? 413 : httpStatusOf(error.code);
  response.status(status).json(failure(error.code, error.message, error.field, error.errors, error.data, correlationId));
}

function describe(exception: unknown): string {
  return exception instanceof Error ? (exception.stack ?? exception.message) : String(exception);
}

export function toHttpError(exception: unknown): AppError {
  if (exception instanceof AppError) return exception;
  // Body parser failures arrive as plain errors with a type and status.
  const parser = exception as { type?: string; status?: number; limit?: number };
  if (parser?.type === 'entity.parse.failed') return new AppError(ErrorCode.Validation, 'malformed JSON body', { field: 'body' });
  if (parser?.type === 'entity.too.large') {
    return new AppError(ErrorCode.Validation, `request body too large (limit ${parser.limit} bytes)`, { field: 'body' });
  }
  if (parser?.type === 'encoding.unsupported' || parser?.type === 'charset.unsupported') {
    return new AppError(ErrorCode.Validation, 'unsupported body encoding', { field: 'body' });
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    if (status === 404) return new AppError(ProtocolCode.NotFound, 'not found');
    if (status === 401) return new AppError(ProtocolCode.Unauthenticated, 'not authenticated');
    if (status === 403) return new AppError(ErrorCode.NoPermission);
    if (status === 429) return new AppError(ProtocolCode.TooManyRequests, 'too many requests, try again later');
    if (status === 413) return new AppError(ErrorCode.Validation, 'request body too large', { field: 'body' });
    if (status >= 400 && status < 500) return new AppError(ErrorCode.Validation, exception.message);
  }
  return new AppError(ProtocolCode.Internal, 'unknown error');
}
