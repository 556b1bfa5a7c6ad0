import { useCallback, useState } from 'react';
import { fieldErrors } from '../../app/apiError';

/** Field messages of the last failed submit; a field's message goes once the user edits that field. */
export function useServerErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fromError = useCallback((error: unknown) => setErrors(fieldErrors(error)), []);
  const clear = useCallback(
    (field: string) =>
      setErrors((e) => (field in e ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== field)) : e)),
    [],
  );
  const reset = useCallback(() => setErrors({}), []);
  return { errors, fromError, clear, reset };
}
