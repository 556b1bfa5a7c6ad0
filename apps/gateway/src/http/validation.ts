import { type ArgumentMetadata, Param, type PipeTransform, type ValidationError, ValidationPipe } from '@nestjs/common';
import { AppError, ErrorCode, type FieldError } from '@kanban/access';

function flatten(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const own = Object.values(e.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...flatten(e.children ?? [], field)];
  });
}

/**
 * Route parameters reach their own pipes as they were written: the stock pipe would turn "0x10", "1e3", "-5" or ""
 * into numbers (16, 1000, -5, 0) before IdParam could look at the digits.
 */
class RequestValidationPipe extends ValidationPipe {
  protected override transformPrimitive(value: unknown, metadata: ArgumentMetadata): unknown {
    return metadata.type === 'param' ? value : super.transformPrimitive(value, metadata);
  }
}

/** DTO validation: a bad field answers 1000 and names the field. */
export function createValidationPipe(): ValidationPipe {
  return new RequestValidationPipe({
    whitelist: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => {
      const list = flatten(errors);
      const first = list[0] ?? { field: 'body', message: 'invalid' };
      return new AppError(ErrorCode.Validation, first.message, { field: first.field, errors: list });
    },
  });
}

/** The largest id a record can have (PostgreSQL int). */
const MAX_ID = 2_147_483_647;

/** A positive integer id as written in an address (digits only, 1 to 2^31-1); anything else answers 1000 naming it. */
export function positiveId(name: string, raw: unknown): number {
  const value = typeof raw === 'number' ? String(raw) : raw;
  if (typeof value !== 'string' || !/^\d{1,10}$/.test(value) || Number(value) < 1 || Number(value) > MAX_ID) {
    throw AppError.validation(name, 'must be a positive integer');
  }
  return Number(value);
}

class PositiveIdPipe implements PipeTransform<unknown, number> {
  constructor(private readonly name: string) {}

  transform(value: unknown): number {
    return positiveId(this.name, value);
  }
}

/** A positive integer route parameter; anything else answers 1000 naming the parameter. */
export function IdParam(name: string): ParameterDecorator {
  return Param(name, new PositiveIdPipe(name));
}
