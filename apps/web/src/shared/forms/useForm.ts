import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors, formErrorText } from '../api/apiError';
import { useSubmitLock } from './useSubmitLock';

/**
 * State of one form: values, which fields were edited (validation shows once a field is touched),
 * the failure of the last submit (Meta.message above the fields, the server's field messages at their
 * fields until edited), and the 0.5 s submit lock.
 */
export function useForm<K extends string>(initial: Record<K, string>) {
  const { t } = useTranslation();
  const { locked, run } = useSubmitLock();
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const set = (name: K) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setTouched((s) => ({ ...s, [name]: true }));
    setServerErrors((e) =>
      name in e ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== name)) : e,
    );
  };
  /** The props a TextField needs for this field, besides its label and client-side error. */
  const field = (name: K) => ({
    name,
    value: values[name],
    onChange: set(name),
    touched: touched[name] ?? false,
    serverError: serverErrors[name],
  });
  const reset = useCallback(() => {
    setValues(initial);
    setTouched({});
    setFailure(null);
    setServerErrors({});
  }, [initial]);
  /** Runs a submit under the lock; a failure is shown above the fields and at the fields it names. */
  const submit = (work: () => Promise<void>) =>
    void run(async () => {
      setFailure(null);
      setServerErrors({});
      try {
        await work();
      } catch (error) {
        setFailure(formErrorText(error, t));
        setServerErrors(fieldErrors(error));
      }
    });
  return {
    values,
    touched,
    field,
    set,
    reset,
    submit,
    failure,
    locked,
    touchAll: () =>
      setTouched(Object.fromEntries(Object.keys(initial).map((k) => [k, true])) as Record<K, boolean>),
  };
}
