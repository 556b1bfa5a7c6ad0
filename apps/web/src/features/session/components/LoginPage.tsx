import { Button, Heading, Link, Stack } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../shared/forms/FormMessage';
import { Link as RouterLink } from 'react-router';
import { errorText } from '../../../shared/api/apiError';
import { useAppDispatch } from '../../../shared/hooks';
import { TextField } from '../../../shared/forms/TextField';
import { emailError, required } from '../../../shared/forms/validation';
import { useSubmitLock } from '../../../shared/forms/useSubmitLock';
import { useAuthenticateMutation } from '../sessionApi';
import { loggedIn } from '../../../shared/session/sessionSlice';

export function LoginPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [authenticate] = useAuthenticateMutation();
  const { locked, run } = useSubmitLock();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = { email: emailError(email), password: required(password) };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (errors.email || errors.password) return;
    void run(async () => {
      setFailure(null);
      try {
        const result = await authenticate({ Email: email.trim(), Password: password }).unwrap();
        // The route guard then sends the signed-in user to the remembered address.
        dispatch(loggedIn(result));
      } catch (error) {
        setFailure(errorText(error, t));
      }
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <Heading as="h1" size="lg">
          {t('login.title')}
        </Heading>
        <FormMessage outcome={failure ? { ok: false, text: failure } : null} testId="login-error" />
        <TextField
          name="email"
          type="email"
          label={t('fields.email')}
          value={email}
          onChange={setEmail}
          error={errors.email}
          touched={submitted}
          required
          autoComplete="username"
        />
        <TextField
          name="password"
          type="password"
          label={t('fields.password')}
          value={password}
          onChange={setPassword}
          error={errors.password}
          touched={submitted}
          required
          autoComplete="current-password"
        />
        <Button type="submit" colorPalette="blue" loading={locked}>
          {t('login.submit')}
        </Button>
        <Stack direction="row" justify="space-between" fontSize="sm">
          <Link asChild color="blue.700">
            <RouterLink to="/password">{t('login.forgot')}</RouterLink>
          </Link>
          <Link asChild color="blue.700">
            <RouterLink to="/register">{t('login.register')}</RouterLink>
          </Link>
        </Stack>
      </Stack>
    </form>
  );
}
