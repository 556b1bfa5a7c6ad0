import { Button, Heading, Link, Stack } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../shared/forms/FormMessage';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorText } from '../../../shared/api/apiError';
import { TextField } from '../../../shared/forms/TextField';
import { emailError, isValid, passwordErrors, required } from '../../../shared/forms/validation';
import { useSubmitLock } from '../../../shared/forms/useSubmitLock';
import { useRegisterMutation } from '../sessionApi';

type FieldName = 'email' | 'company_name' | 'first_name' | 'last_name' | 'password' | 'password_confirm';

/** /register: open a new company, or (with ?token= from an invitation) join one. */
export function RegisterPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [register] = useRegisterMutation();
  const { locked, run } = useSubmitLock();
  const [values, setValues] = useState<Record<FieldName, string>>({
    email: '',
    company_name: '',
    first_name: '',
    last_name: '',
    password: '',
    password_confirm: '',
  });
  const [touched, setTouched] = useState<Partial<Record<FieldName, boolean>>>({});
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null);
  const set = (name: FieldName) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setTouched((s) => ({ ...s, [name]: true }));
  };
  const errors: Partial<Record<FieldName, string>> = {
    first_name: required(values.first_name),
    last_name: required(values.last_name),
    ...passwordErrors(values.password, values.password_confirm, 'register'),
    ...(token ? {} : { email: emailError(values.email), company_name: required(values.company_name) }),
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValid(errors)) return;
    void run(async () => {
      try {
        const base = {
          password: values.password,
          password_confirm: values.password_confirm,
          first_name: values.first_name.trim(),
          last_name: values.last_name.trim(),
        };
        const result = await register(
          token
            ? { ...base, token }
            : { ...base, email: values.email.trim(), company_name: values.company_name.trim() },
        ).unwrap();
        setState({
          ok: true,
          text: t(result.confirmation_required ? 'register.confirmMail' : 'register.done'),
        });
      } catch (e) {
        setState({ ok: false, text: errorText(e, t) });
      }
    });
  };
  const field = (name: FieldName, label: string, type = 'text') => (
    <TextField
      name={name}
      type={type}
      label={label}
      value={values[name]}
      onChange={set(name)}
      error={errors[name]}
      touched={touched[name]}
      required
    />
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <Heading as="h1" size="lg">
          {t('register.title')}
        </Heading>
        <FormMessage outcome={state} testId="register-result" />
        {token ? null : field('email', t('fields.email'), 'email')}
        {token ? null : field('company_name', t('fields.companyName'))}
        {field('first_name', t('fields.firstName'))}
        {field('last_name', t('fields.lastName'))}
        {field('password', t('fields.password'), 'password')}
        {field('password_confirm', t('fields.passwordConfirm'), 'password')}
        <Button type="submit" colorPalette="blue" loading={locked} disabled={!isValid(errors) || state?.ok}>
          {t('register.submit')}
        </Button>
        <Link asChild color="blue.700" fontSize="sm">
          <RouterLink to="/login">{t('common.backToLogin')}</RouterLink>
        </Link>
      </Stack>
    </form>
  );
}
