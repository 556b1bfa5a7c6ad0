import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formErrorText } from '../../app/apiError';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { FormDialog } from '../forms/FormDialog';
import { TextField } from '../forms/TextField';
import { useServerErrors } from '../forms/useServerErrors';
import { useSubmitLock } from '../forms/useSubmitLock';
import { isValid, passwordErrors } from '../forms/validation';
import { dialogOpened, snackbarShown } from '../layout/layoutSlice';
import { useChangePasswordMutation } from './profileApi';

const EMPTY = { password: '', password_confirm: '' };

/** Change password: required, at least 8; confirmation required and equal (spec 5). */
export function ChangePasswordDialog() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.layout.dialog === 'password');
  const [change] = useChangePasswordMutation();
  const { locked, run } = useSubmitLock();
  const [values, setValues] = useState(EMPTY);
  const [touched, setTouched] = useState({ password: false, password_confirm: false });
  const [failure, setFailure] = useState<string | null>(null);
  const server = useServerErrors();
  const errors = passwordErrors(values.password, values.password_confirm);
  const close = () => {
    dispatch(dialogOpened(null));
    setValues(EMPTY);
    setTouched({ password: false, password_confirm: false });
    setFailure(null);
    server.reset();
  };
  const set = (name: keyof typeof EMPTY) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setTouched((s) => ({ ...s, [name]: true }));
    server.clear(name);
  };
  const submit = () =>
    void run(async () => {
      setFailure(null);
      try {
        await change(values).unwrap();
        close();
        dispatch(snackbarShown({ message: t('password.changed'), variant: 'success' }));
      } catch (error) {
        setFailure(formErrorText(error, t));
        server.fromError(error);
      }
    });
  return (
    <FormDialog
      open={open}
      onClose={close}
      title={t('password.changeTitle')}
      testId="password-dialog"
      submitLabel={t('common.save')}
      canSubmit={isValid(errors)}
      busy={locked}
      failure={failure}
      onSubmit={submit}
    >
      <TextField
        name="password"
        type="password"
        label={t('fields.newPassword')}
        value={values.password}
        onChange={set('password')}
        error={errors.password}
        touched={touched.password}
        required
        serverError={server.errors.password}
        autoComplete="new-password"
      />
      <TextField
        name="password_confirm"
        type="password"
        label={t('fields.passwordConfirm')}
        value={values.password_confirm}
        onChange={set('password_confirm')}
        error={errors.password_confirm}
        touched={touched.password_confirm}
        required
        serverError={server.errors.password_confirm}
        autoComplete="new-password"
      />
    </FormDialog>
  );
}
