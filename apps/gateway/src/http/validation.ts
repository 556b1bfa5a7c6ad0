import { Param, ParseIntPipe, type ValidationError, ValidationPipe } from '@nestjs/common';
import { AppError, ErrorCode, type FieldError } from '@kanban/access';

function flatten(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const own = Object.values(e.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...flatten(e.children ?? [], field)];
  });
}

/** DTO validation: a bad field answers 1000 and names the field. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
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

/** A positive integer route parameter; anything else answers 1000 naming the parameter. */
export function IdParam(name: string): ParameterDecorator {
  return Param(
    name,
    new ParseIntPipe({
      exceptionFactory: () => AppError.validation(name, 'must be a positive integer'),
    }),
  );
}
