import { type Role } from '@kanban/access';
import { Button, Card, Field, Flex, NativeSelect, SimpleGrid, Stack, Switch } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../shared/hooks';
import { FormMessage } from '../../shared/forms/FormMessage';
import { TextField } from '../../shared/forms/TextField';
import { useForm } from '../../shared/forms/useForm';
import { INITIALS_MAX, isValid } from '../../shared/forms/validation';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { ROLES, appAllowed, userErrorText } from './userTexts';
import { type CompanyUserDto, useUpdateUserMutation } from './usersApi';

/** The form of one user: role, app use and names (role and app sent only when changed); read-only unless `editable`. */
export function UserForm({
  companyID,
  user,
  editable,
}: {
  companyID: number;
  user: CompanyUserDto;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [update] = useUpdateUserMutation();
  const form = useForm({
    first_name: user.first_name,
    last_name: user.last_name,
    initials: user.initials,
    job_title: user.job_title ?? '',
  });
  const [role, setRole] = useState<Role>(user.role);
  const [app, setApp] = useState(user.app);
  const { values } = form;
  const errors = {
    initials: values.initials.trim().length > INITIALS_MAX ? 'validation.initialsMax' : undefined,
  };
  const dirty =
    role !== user.role ||
    app !== user.app ||
    values.first_name !== user.first_name ||
    values.last_name !== user.last_name ||
    values.initials !== user.initials ||
    values.job_title !== (user.job_title ?? '');
  const submit = () =>
    form.submit(async () => {
      try {
        await update({
          companyID,
          userID: user.id,
          body: {
            ...(role !== user.role ? { role } : {}),
            ...(app !== user.app ? { app } : {}),
            first_name: values.first_name.trim(),
            last_name: values.last_name.trim(),
            initials: values.initials.trim(),
            job_title: values.job_title.trim(),
          },
        }).unwrap();
      } catch (error) {
        throw { ...(error as object), message: userErrorText(error, t) };
      }
      dispatch(snackbarShown({ message: t('users.saved'), variant: 'success' }));
    });
  return (
    <Card.Root asChild>
      <form
        noValidate
        data-testid="user-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (editable && dirty && isValid(errors) && !form.locked) submit();
        }}
      >
        <Card.Body>
          <Stack gap="4">
            <FormMessage
              outcome={form.failure ? { ok: false, text: form.failure } : null}
              testId="user-form-error"
            />
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
              <Field.Root required>
                <Field.Label>
                  {t('users.fields.role')}
                  <Field.RequiredIndicator />
                </Field.Label>
                <NativeSelect.Root disabled={!editable}>
                  <NativeSelect.Field
                    name="role"
                    data-testid="user-role-select"
                    value={String(role)}
                    onChange={(e) => setRole(Number(e.target.value) as Role)}
                  >
                    {ROLES.map((r) => (
                      <option key={r} value={r}>
                        {t(`roles.${r}`)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <Field.Root invalid={app && !appAllowed(role)}>
                <Field.Label>{t('users.fields.app')}</Field.Label>
                <Switch.Root
                  checked={app}
                  disabled={!editable}
                  onCheckedChange={(e) => setApp(e.checked)}
                  data-testid="user-app-switch"
                >
                  <Switch.HiddenInput aria-label={t('users.fields.app')} />
                  <Switch.Control />
                  <Switch.Label>{t(app ? 'common.yes' : 'common.no')}</Switch.Label>
                </Switch.Root>
                {app && !appAllowed(role) ? <Field.ErrorText>{t('users.appRule')}</Field.ErrorText> : null}
              </Field.Root>
              <TextField
                {...form.field('first_name')}
                label={t('users.fields.first_name')}
                readOnly={!editable}
              />
              <TextField
                {...form.field('last_name')}
                label={t('users.fields.last_name')}
                readOnly={!editable}
              />
              <TextField
                {...form.field('initials')}
                label={t('users.fields.initials')}
                error={errors.initials}
                readOnly={!editable}
              />
              <TextField
                {...form.field('job_title')}
                label={t('users.fields.job_title')}
                readOnly={!editable}
              />
            </SimpleGrid>
            {editable ? (
              <Flex justify="end">
                <Button
                  type="submit"
                  colorPalette="blue"
                  disabled={!dirty || !isValid(errors) || (app && !appAllowed(role))}
                  loading={form.locked}
                  data-testid="user-save"
                >
                  {t('common.save')}
                </Button>
              </Flex>
            ) : null}
          </Stack>
        </Card.Body>
      </form>
    </Card.Root>
  );
}
