import { isApiError } from '../../shared/api/apiError';
import { reasonText, templateProblem } from './placeholders';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A failed save in the reader's language: a template that does not render (1000 with line and column) says where
 * at its field (header, body) with the server's reason; 1059 says the name is taken; other 1000s keep the server's
 * message at their field under the catalogue text.
 */
export function translatedTemplateError(error: unknown, t: Translate): unknown {
  if (!isApiError(error)) return error;
  if (error.code === 1059) return { ...error, message: t('errors.code.1059'), errors: [{ field: 'name', message: t('templates.nameTaken') }] };
  if (error.code !== 1000) return error;
  const errors = error.errors ?? (error.field ? [{ field: error.field, message: error.message }] : []);
  return {
    ...error,
    message: t('errors.code.1000'),
    errors: errors.map((e) => {
      const problem = templateProblem(e.message, e.params);
      return problem ? { ...e, message: t('templates.errorAt', { ...problem, reason: reasonText(problem.reason, t) }) } : e;
    }),
  };
}
