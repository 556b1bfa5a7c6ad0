import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/apiError';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { FormDialog } from '../../shared/forms/FormDialog';
import { TextField } from '../../shared/forms/TextField';
import { useForm } from '../../shared/forms/useForm';
import { isValid, passwordErrors } from '../../shared/forms/validation';
import { dialogOpened, snackbarShown } from '../../shared/layout/layoutSlice';
import { useChangePasswordMutation } from './profileApi';

const EMPTY = { current_password: '', password: '', password_confirm: '' };

/**
 * Change password: the current password first (a wrong one answers 1026 naming `current_password`, shown at
 * that field; the fifth wrong one locks the account, 1028); the new one required, at least 8; confirmation
 * required and equal (spec 5).
 */
export function ChangePasswordDialog() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.layout.dialog === 'password');
  const [change] = useChangePasswordMutation();
  const form = useForm(EMPTY);
  const errors = {
    current_password: form.values.current_password ? undefined : 'password.currentRequired',
    ...passwordErrors(form.values.password, form.values.password_confirm),
  };
  const close = () => {
    dispatch(dialogOpened(null));
    form.reset();
  };
  const submit = () =>
    form.submit(async () => {
      await change(form.values)
        .unwrap()
        .catch((error: unknown) => {
          // The server's English message gives way to the translated text at the field.
          if (isApiError(error) && error.field === 'current_password' && (error.code === 1026 || error.code === 1028)) {
            throw { ...error, message: error.code === 1026 ? t('password.currentWrong') : t('errors.code.1028') };
          }
          throw error;
        });
      close();
      dispatch(snackbarShown({ message: t('password.changed'), variant: 'success' }));
    });
  return (
    <FormDialog
      open={open}
      onClose={close}
      title={t('password.changeTitle')}
      testId="password-dialog"
      submitLabel={t('common.save')}
      canSubmit={isValid(errors)}
      busy={form.locked}
      failure={form.failure}
      onSubmit={submit}
    >
      <TextField
        {...form.field('current_password')}
        type="password"
        label={t('fields.currentPassword')}
        error={errors.current_password}
        required
        autoComplete="current-password"
      />
      <TextField
        {...form.field('password')}
        type="password"
        label={t('fields.newPassword')}
        error={errors.password}
        required
        autoComplete="new-password"
      />
      <TextField
        {...form.field('password_confirm')}
        type="password"
        label={t('fields.passwordConfirm')}
        error={errors.password_confirm}
        required
        autoComplete="new-password"
      />
    </FormDialog>
  );
}
