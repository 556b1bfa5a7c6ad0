import { Avatar, Button, Field, Flex, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formErrorText } from '../../shared/api/apiError';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { FormDialog } from '../../shared/forms/FormDialog';
import { TextField } from '../../shared/forms/TextField';
import { useForm } from '../../shared/forms/useForm';
import { initialsError, INITIALS_MAX, isValid, required } from '../../shared/forms/validation';
import { changeLanguage, isLanguage, LANGUAGES } from '../../i18n/i18n';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { Icon } from '../../shared/icons';
import { useUpdateProfileMutation, useUploadProfileImageMutation } from './profileApi';

type FieldName = 'first_name' | 'last_name' | 'initials' | 'job_title';

/** /userProfile: the profile dialog (names, initials, language, image); the e-mail is read-only (spec 5). */
export function UserProfilePage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector((s) => s.session.user)!;
  const [update] = useUpdateProfileMutation();
  const [upload, uploadState] = useUploadProfileImageMutation();
  const form = useForm<FieldName>({
    first_name: user.first_name,
    last_name: user.last_name,
    initials: user.initials,
    job_title: user.job_title,
  });
  const { values } = form;
  const [language, setLanguage] = useState(user.pref_language);
  const [imageFailure, setImageFailure] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const errors = {
    first_name: required(values.first_name),
    last_name: required(values.last_name),
    initials: initialsError(values.initials),
  };
  // Back to where the dialog was opened from; straight to the companies when it was opened directly.
  const close = () =>
    void ((window.history.state as { idx?: number } | null)?.idx
      ? navigate(-1)
      : navigate('/companies', { replace: true }));
  const submit = () =>
    form.submit(async () => {
      await update({
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        initials: values.initials.trim(),
        job_title: values.job_title.trim(),
        pref_language: language,
      }).unwrap();
      changeLanguage(language);
      dispatch(snackbarShown({ message: t('profile.saved'), variant: 'success' }));
      close();
    });
  const pickImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setImageFailure(null);
    try {
      await upload(file).unwrap();
    } catch (error) {
      setImageFailure(formErrorText(error, t));
    }
  };
  const removeImage = async () => {
    setImageFailure(null);
    try {
      await update({ image_id: null }).unwrap();
    } catch (error) {
      setImageFailure(formErrorText(error, t));
    }
  };
  return (
    <FormDialog
      open
      onClose={close}
      title={t('profile.title')}
      testId="profile-dialog"
      submitLabel={t('common.save')}
      canSubmit={isValid(errors)}
      busy={form.locked}
      failure={form.failure}
      onSubmit={submit}
    >
      <Flex align="center" gap="4">
        <Avatar.Root size="2xl" colorPalette="blue">
          <Avatar.Fallback>{values.initials || undefined}</Avatar.Fallback>
          {user.img?.url ? (
            <Avatar.Image src={`${user.img.url}?size=128`} alt={t('profile.imageAlt')} />
          ) : null}
        </Avatar.Root>
        <Stack gap="2">
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            hidden
            onChange={(e) => void pickImage(e)}
            data-testid="profile-image-input"
            aria-label={t('profile.imageUpload')}
          />
          <Button
            size="sm"
            variant="outline"
            onClick={() => fileInput.current?.click()}
            loading={uploadState.isLoading}
            type="button"
          >
            <Icon name="image" />
            {t('profile.imageUpload')}
          </Button>
          {user.img?.url ? (
            <Button size="sm" variant="ghost" onClick={() => void removeImage()} type="button">
              {t('profile.imageRemove')}
            </Button>
          ) : null}
        </Stack>
      </Flex>
      {imageFailure ? (
        <Text color="red.600" fontSize="sm" role="alert" data-testid="profile-image-error">
          {imageFailure}
        </Text>
      ) : null}
      <TextField
        name="email"
        label={t('fields.email')}
        value={user.email}
        onChange={() => undefined}
        readOnly
      />
      <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
        <TextField
          {...form.field('first_name')}
          label={t('fields.firstName')}
          error={errors.first_name}
          required
        />
        <TextField
          {...form.field('last_name')}
          label={t('fields.lastName')}
          error={errors.last_name}
          required
        />
      </Flex>
      <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
        <TextField
          {...form.field('initials')}
          label={t('fields.initials')}
          error={errors.initials}
          required
          maxLength={INITIALS_MAX + 1}
        />
        <TextField {...form.field('job_title')} label={t('fields.jobTitle')} />
      </Flex>
      <Field.Root>
        <Field.Label>{t('fields.language')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            name="pref_language"
            value={language}
            onChange={(e) => isLanguage(e.target.value) && setLanguage(e.target.value)}
          >
            {LANGUAGES.map((lang) => (
              <option key={lang} value={lang}>
                {t(`languages.${lang}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </FormDialog>
  );
}
