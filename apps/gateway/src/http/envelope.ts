import type { AnyCode, FieldError } from '@kanban/access';

/** The answer of every call, success or failure (spec 7). */
export interface Envelope<T = unknown> {
  /** `correlation_id`: on failures that are not the caller's (1006, 500), the id of their log line */
  Meta: { code: AnyCode | 200; message: string; field?: string; correlation_id?: string };
  Data: T;
}

export function ok<T>(data: T): Envelope<T> {
  return { Meta: { code: 200, message: '' }, Data: data };
}

/** `data`: what else the failure's Data names (e.g. `rules` of a 1007), beside the field `errors`. */
export function failure(
  code: AnyCode,
  message: string,
  field?: string,
  errors?: FieldError[],
  data?: Record<string, unknown>,
  correlationId?: string,
): Envelope<({ errors?: FieldError[] } & Record<string, unknown>) | null> {
  const meta: Envelope['Meta'] = { code, message };
  if (field) meta.field = field;
  if (correlationId) meta.correlation_id = correlationId;
  if (!errors && !data) return { Meta: meta, Data: null };
  return { Meta: meta, Data: { ...data, ...(errors ? { errors } : {}) } };
}
