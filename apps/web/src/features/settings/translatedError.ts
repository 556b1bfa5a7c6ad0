import { CATALOGUE_CODES, errorText, isApiError } from '../../shared/api/apiError';

type Translate = (key: string) => string;

/** The catalogue text of a failed call (1059, 1007, 1002, 1020, ...); for 1000 the server's message naming the field. */
export function translatedError(error: unknown, t: Translate): string {
  if (isApiError(error) && error.code === 1000 && error.message) return error.message;
  return errorText(error, t);
}

/**
 * A failed call as the settings forms show it: catalogue codes other than 1000 get their translated text,
 * also at the field they name (1059 at the key field); 1000 keeps the server's field messages.
 */
export function withTranslatedMessage(error: unknown, t: Translate): unknown {
  if (!isApiError(error) || error.code === 1000 || !(CATALOGUE_CODES as readonly number[]).includes(error.code))
    return error;
  const message = t(`errors.code.${error.code}`);
  return { ...error, message, errors: error.field ? [{ field: error.field, message }] : error.errors };
}
