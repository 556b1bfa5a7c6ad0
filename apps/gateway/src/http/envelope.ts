import type { AnyCode, FieldError } from '@kanban/access';

/** The answer of every call, success or failure (spec 7). */
export interface Envelope<T = unknown> {
  Meta: { code: AnyCode | 200; message: string; field?: string };
  Data: T;
}

export function ok<T>(data: T): Envelope<T> {
  return { Meta: { code: 200, message: '' }, Data: data };
}

export function failure(code: AnyCode, message: string, field?: string, errors?: FieldError[]): Envelope<{ errors: FieldError[] } | null> {
  const meta: Envelope['Meta'] = { code, message };
  if (field) meta.field = field;
  return { Meta: meta, Data: errors ? { errors } : null };
}
