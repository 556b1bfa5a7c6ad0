import { errorText, isApiError } from '../../shared/api/apiError';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A print that failed, in the reader's language: 1055 says the catalogue's "Error while printing." with the
 * server's reason (which template, label or field), other failures their catalogue text.
 */
export function printErrorText(error: unknown, t: Translate): string {
  if (isApiError(error) && error.code === 1055) {
    // the reason (Data.reason, else the message without its "error while printing:") is the server's English
    const given = typeof error.data?.reason === 'string' ? error.data.reason : error.message.replace(/^error while printing:\s*/i, '');
    return given ? t('printing.print.failedWith', { reason: given }) : t('errors.code.1055');
  }
  // a 1000 of a print (a template of another type, settings that do not fit the paper) says which, in the server's words
  if (isApiError(error) && error.code === 1000 && error.message) return `${t('errors.code.1000')} ${error.message}`;
  return errorText(error, t);
}
