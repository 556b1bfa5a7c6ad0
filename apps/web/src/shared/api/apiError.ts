/** A failed call: HTTP status, catalogue code (Meta.code) and server message (spec 8). */
export interface ApiError {
  status: number;
  code: number;
  message: string;
  field?: string;
  /** per field; a new order's lines also carry their catalogue code and the params the page words them with */
  errors?: { field: string; message: string; code?: number; params?: Record<string, string | number> }[];
  /** the failure's Data besides `errors` (e.g. `rules` of a 1007 when an item is disabled) */
  data?: Record<string, unknown>;
  /** no answer from the server (offline, server or proxy down, timeout): the call may simply be tried again */
  network?: boolean;
}

export interface Envelope<T> {
  Meta: { code: number; message: string; field?: string };
  Data: T;
}

export function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    'Meta' in value &&
    typeof (value as Envelope<unknown>).Meta?.code === 'number'
  );
}

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && 'code' in value && 'status' in value;
}

/** Catalogue codes that have their own text (spec 8). */
export const CATALOGUE_CODES = [
  1000, 1001, 1002, 1006, 1007, 1013, 1014, 1015, 1016, 1017, 1020, 1026, 1028, 1032, 1038, 1039, 1040, 1055,
  1056, 1058, 1059,
] as const;

type Translate = (key: string) => string;

/**
 * Text for a failed call (spec 8 and clarifications): the catalogue text when the code is a catalogue
 * code above 0, else the server message, else "unknown error".
 */
export function errorText(error: unknown, t: Translate): string {
  if (isApiError(error)) {
    if (error.network) return t('errors.network');
    // the server's "... not found" is English: a page or action on something that does not exist (any more)
    if (isNotFound(error)) return t('errors.notFound');
    if (error.code > 0 && (CATALOGUE_CODES as readonly number[]).includes(error.code))
      return t(`errors.code.${error.code}`);
    if (error.message) return error.message;
  }
  return t('errors.unknown');
}

/** Forms show Meta.message, falling back to "unknown error". */
export function formErrorText(error: unknown, t: Translate): string {
  if (isApiError(error) && error.network) return t('errors.network');
  if (isApiError(error) && error.message) return error.message;
  return t('errors.unknown');
}

/** The server's messages per field of a failed call (1000 with Meta.field and Data.errors). */
export function fieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isApiError(error)) return out;
  for (const e of error.errors ?? []) if (e.field && !out[e.field]) out[e.field] = e.message;
  if (error.field && !out[error.field]) out[error.field] = error.message;
  return out;
}

/** The thing asked for does not exist (any more), or the caller may not see it (answered as not found): HTTP 404. */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && !error.network && (error.status === 404 || error.code === 404);
}

/** A failed call that got no answer from the server (see ApiError.network). */
export function isNetworkError(error: unknown): boolean {
  return isApiError(error) && error.network === true;
}
