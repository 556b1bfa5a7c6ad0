import { Button, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../shared/forms/FormMessage';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorText } from '../../../shared/api/apiError';
import { TextField } from '../../../shared/forms/TextField';
import { emailError, isValid, passwordErrors } from '../../../shared/forms/validation';
import { useSubmitLock } from '../../../shared/forms/useSubmitLock';
import { useRequestResetMutation, useResetPasswordMutation } from '../sessionApi';

/** /password: request a reset link, or (with ?token= from the mail) set a new password. */
export function PasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t('password.title')}
      </Heading>
      {token ? <NewPasswordForm token={token} /> : <RequestForm />}
      <Link asChild color="blue.700" fontSize="sm">
        <RouterLink to="/login">{t('common.backToLogin')}</RouterLink>
      </Link>
    </Stack>
  );
}

function RequestForm() {
  const { t } = useTranslation();
  const [requestReset] = useRequestResetMutation();
  const { locked, run } = useSubmitLock();
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null);
  const error = emailError(email);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (error) return;
    void run(async () => {
      try {
        await requestReset({ Email: email.trim() }).unwrap();
        setState({ ok: true, text: t('password.sent') });
      } catch (e) {
        setState({ ok: false, text: errorText(e, t) });
      }
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <Text>{t('password.requestHint')}</Text>
        <FormMessage outcome={state} />
        <TextField
          name="email"
          type="email"
          label={t('fields.email')}
          value={email}
          onChange={setEmail}
          error={error}
          touched={submitted}
          required
        />
        <Button type="submit" colorPalette="blue" loading={locked}>
          {t('password.send')}
        </Button>
      </Stack>
    </form>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const [resetPassword] = useResetPasswordMutation();
  const { locked, run } = useSubmitLock();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState({ password: false, confirm: false });
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null);
  const errors = passwordErrors(password, confirm);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValid(errors)) return;
    void run(async () => {
      try {
        await resetPassword({ token, password, password_confirm: confirm }).unwrap();
        setState({ ok: true, text: t('password.changed') });
      } catch (e) {
        setState({ ok: false, text: errorText(e, t) });
      }
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <FormMessage outcome={state} />
        <TextField
          name="password"
          type="password"
          label={t('fields.newPassword')}
          value={password}
          onChange={(v) => {
            setPassword(v);
            setTouched((s) => ({ ...s, password: true }));
          }}
          error={errors.password}
          touched={touched.password}
          required
          autoComplete="new-password"
        />
        <TextField
          name="password_confirm"
          type="password"
          label={t('fields.passwordConfirm')}
          value={confirm}
          onChange={(v) => {
            setConfirm(v);
            setTouched((s) => ({ ...s, confirm: true }));
          }}
          error={errors.password_confirm}
          touched={touched.confirm}
          required
          autoComplete="new-password"
        />
        <Button type="submit" colorPalette="blue" loading={locked} disabled={!isValid(errors) || state?.ok}>
          {t('common.save')}
        </Button>
      </Stack>
    </form>
  );
}
