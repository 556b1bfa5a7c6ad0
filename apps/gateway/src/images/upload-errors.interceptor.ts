import {
  BadRequestException,
  type CallHandler,
  type ExecutionContext,
  Inject,
  Injectable,
  type NestInterceptor,
  PayloadTooLargeException,
} from '@nestjs/common';
import { catchError, type Observable, throwError } from 'rxjs';
import { AppError, ErrorCode } from '@kanban/access';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

/** Turns multer's failures into catalogue answers that say what to do. */
@Injectable()
export class UploadErrorsInterceptor implements NestInterceptor {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (error instanceof PayloadTooLargeException) {
          const mb = Math.round((this.config.imageUploadLimit / 1024 / 1024) * 10) / 10;
          return throwError(() => AppError.validation('file', `the file is larger than ${mb} MB`));
        }
        if (error instanceof BadRequestException) {
          const message = error.message;
          if (/unexpected (file )?field|too many files/i.test(message)) {
            return throwError(() => new AppError(ErrorCode.NoImage, 'no image submitted: send one image in the multipart field "file"', { field: 'file' }));
          }
          return throwError(() => AppError.validation('file', `malformed multipart body: ${message}`));
        }
        return throwError(() => error);
      }),
    );
  }
}
