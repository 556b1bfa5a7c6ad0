import { errorText, isApiError } from '../../shared/api/apiError';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A print that failed, in the reader's language: 1055 says the catalogue's "Error while printing." with the
 * server's reason (which template, label or field), other failures their catalogue text.
 */
export function printErrorText(error: unknown, t: Translate): string {
  if (isApiError(error) && error.code === 1055) {
    return error.message ? t('printing.print.failedWith', { reason: error.message }) : t('errors.code.1055');
  }
  return errorText(error, t);
}
