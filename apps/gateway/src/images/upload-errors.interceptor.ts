import {
  BadRequestException,
  type CallHandler,
  type ExecutionContext,
  Inject,
  Injectable,
  type NestInterceptor,
  PayloadTooLargeException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { catchError, type Observable, throwError } from 'rxjs';
import { AppError, ErrorCode } from '@kanban/access';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

/** The multipart field a route takes its file from (default `file`), named in its errors. */
export const UploadField = Reflector.createDecorator<string>();

/** The largest file a route takes in bytes when it differs from IMAGE_UPLOAD_LIMIT (named in its 1000 answer). */
export const UploadLimit = Reflector.createDecorator<number>();

/** Turns multer's failures into catalogue answers that say what to do. */
@Injectable()
export class UploadErrorsInterceptor implements NestInterceptor {
  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const field = this.reflector.get(UploadField, context.getHandler()) ?? 'file';
    const limit = this.reflector.get(UploadLimit, context.getHandler()) ?? this.config.imageUploadLimit;
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (error instanceof PayloadTooLargeException) {
          const mb = Math.round((limit / 1024 / 1024) * 10) / 10;
          return throwError(() => AppError.validation(field, `the file is larger than ${mb} MB`));
        }
        if (error instanceof BadRequestException) {
          const message = error.message;
          if (/unexpected (file )?field|too many files/i.test(message)) {
            return throwError(() => new AppError(ErrorCode.NoImage, `no image submitted: send one image in the multipart field "${field}"`, { field }));
          }
          return throwError(() => AppError.validation(field, `malformed multipart body: ${message}`));
        }
        return throwError(() => error);
      }),
    );
  }
}
