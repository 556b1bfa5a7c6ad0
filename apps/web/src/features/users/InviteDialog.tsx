import type { Role } from '@kanban/access';
import { Checkbox, Field, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../shared/hooks';
import { FormDialog } from '../../shared/forms/FormDialog';
import { TextField } from '../../shared/forms/TextField';
import { useForm } from '../../shared/forms/useForm';
import { emailError, isValid } from '../../shared/forms/validation';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { ROLES, appAllowed, userErrorText } from './userTexts';
import { useInviteUserMutation } from './usersApi';

const INITIAL = { email: '', first_name: '', last_name: '' };

/** Invite a user into the company: e-mail and role (required), names, app use. */
export function InviteDialog({ companyID, onClose }: { companyID: number; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [invite] = useInviteUserMutation();
  const form = useForm(INITIAL);
  const [role, setRole] = useState<Role | null>(null);
  const [app, setApp] = useState(false);
  const { values } = form;
  const errors = {
    email: emailError(values.email),
    role: role === null ? 'validation.required' : undefined,
  };
  const submit = () =>
    form.submit(async () => {
      let existing = false;
      try {
        const answer = await invite({
          companyID,
          body: {
            email: values.email.trim(),
            role: role ?? undefined,
            first_name: values.first_name.trim() || undefined,
            last_name: values.last_name.trim() || undefined,
            app,
          },
        }).unwrap();
        // An address that already has an account is invited to accept; it joins only then.
        existing = 'invitation_id' in answer;
      } catch (error) {
        // The catalogue text (1001 user exists, 1058 licence) or the app rule, translated.
        throw { ...(error as object), message: userErrorText(error, t) };
      }
      dispatch(
        snackbarShown({
          message: t(existing ? 'users.invitedExisting' : 'users.invited', { email: values.email.trim() }),
          variant: 'success',
        }),
      );
      onClose();
    });
  return (
    <FormDialog
      open
      onClose={onClose}
      title={t('users.invite')}
      testId="user-invite-dialog"
      submitLabel={t('users.sendInvitation')}
      canSubmit={isValid(errors)}
      busy={form.locked}
      failure={form.failure}
      onSubmit={submit}
    >
      <TextField
        {...form.field('email')}
        label={t('users.fields.email')}
        error={errors.email}
        required
        type="email"
      />
      <Field.Root required invalid={form.touched.email === true && role === null}>
        <Field.Label>
          {t('users.fields.role')}
          <Field.RequiredIndicator />
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            name="role"
            data-testid="user-invite-role"
            value={role === null ? '' : String(role)}
            onChange={(e) => {
              const next = e.target.value === '' ? null : (Number(e.target.value) as Role);
              setRole(next);
              if (next !== null && !appAllowed(next)) setApp(false);
            }}
          >
            <option value="">{t('users.chooseRole')}</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <TextField {...form.field('first_name')} label={t('users.fields.first_name')} />
        <TextField {...form.field('last_name')} label={t('users.fields.last_name')} />
      </SimpleGrid>
      <Checkbox.Root
        checked={app}
        disabled={role !== null && !appAllowed(role)}
        onCheckedChange={(e) => setApp(e.checked === true)}
        name="app"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('users.fields.app')}</Checkbox.Label>
      </Checkbox.Root>
      {role !== null && !appAllowed(role) ? (
        <Field.Root>
          <Field.HelperText>{t('users.appRule')}</Field.HelperText>
        </Field.Root>
      ) : null}
    </FormDialog>
  );
}
