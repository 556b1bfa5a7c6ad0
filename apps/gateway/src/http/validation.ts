import { type ArgumentMetadata, Param, type PipeTransform, type ValidationError, ValidationPipe } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
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
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    // Route parameters and anything not read through the middleware (rejectUnsafeText) are checked here too.
    if (metadata.type !== 'custom') {
      const error = unsafeTextError(value, metadata.data ?? metadata.type);
      if (error) throw error;
    }
    return super.transform(value, metadata);
  }

  protected override transformPrimitive(value: unknown, metadata: ArgumentMetadata): unknown {
    return metadata.type === 'param' ? value : super.transformPrimitive(value, metadata);
  }
}

/** The highest page number a list accepts (`page`): far beyond any list, and (page - 1) x per_page stays a safe integer. */
export const MAX_PAGE = 1_000_000;

/** Deeper nesting than this in a body or query answers 1000 (`body`): no request needs it, and deep trees cost every walker. */
export const MAX_NESTING = 32;

const NUL = /\u0000/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text may not be stored or passed on: a NUL character (PostgreSQL text cannot hold it) or half a UTF-16 pair. */
export function unsafeTextReason(text: string): string | null {
  if (NUL.test(text)) return 'must not contain NUL characters';
  if (LONE_SURROGATE.test(text)) return 'must not contain unpaired UTF-16 surrogates';
  return null;
}

/**
 * The first text in a request body or query (values and keys, at any depth) that is not fit to store, as a 1000
 * naming its field (`lines.0.name`), or too deep a nesting (`root`); null when all is well. Walks without recursion.
 */
export function unsafeTextError(value: unknown, root: string): AppError | null {
  const stack: { value: unknown; field: string; depth: number }[] = [{ value, field: '', depth: 0 }];
  while (stack.length > 0) {
    const { value: current, field, depth } = stack.pop()!;
    if (typeof current === 'string') {
      const reason = unsafeTextReason(current);
      if (reason) return AppError.validation(field || root, reason);
    } else if (current !== null && typeof current === 'object' && !ArrayBuffer.isView(current)) {
      if (depth >= MAX_NESTING) return AppError.validation(field || root, `nested more than ${MAX_NESTING} levels deep`);
      for (const [key, child] of Object.entries(current)) {
        const path = field ? `${field}.${key}` : key;
        const reason = unsafeTextReason(key);
        // The offending name itself, escaped (`\u0000`), so the field can be shown and logged.
        if (reason) return AppError.validation(JSON.stringify(path).slice(1, -1), `field name ${reason}`);
        stack.push({ value: child, field: path, depth: depth + 1 });
      }
    }
  }
  return null;
}

/**
 * Express middleware behind the body parsers: NUL characters and unpaired surrogates anywhere in the body or the
 * query answer 1000 naming the field before any route, pipe or service sees the request.
 */
export function rejectUnsafeText(onError: (response: Response, error: AppError) => void) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const error = unsafeTextError(req.body, 'body') ?? unsafeTextError(req.query, 'query');
    if (error) onError(res, error);
    else next();
  };
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
