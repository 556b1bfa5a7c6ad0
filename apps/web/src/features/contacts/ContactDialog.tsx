import { Field, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { CONTACT_GENDERS, type ContactGender } from '@kanban/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordDialog } from '../../shared/forms/RecordDialog';
import { TextField } from '../../shared/forms/TextField';
import { useForm } from '../../shared/forms/useForm';
import { useRecordSave } from '../../shared/forms/useRecordSave';
import { isValid, required } from '../../shared/forms/validation';
import { CustomValueFields, useCustomValues } from '../settings';
import {
  type ContactDto,
  type ContactInput,
  type ContactOwner,
  useCreateContactMutation,
  useUpdateContactMutation,
} from './contactsApi';

const TEXT_FIELDS = [
  'first_name',
  'name',
  'job_title',
  'email',
  'tel_mobile',
  'tel_office',
  'salutation_line',
  'ext_system_id',
] as const;
type TextFieldName = (typeof TEXT_FIELDS)[number];

/** Empty, or one @, no spaces and a dot in the domain (the server checks the same). */
export function optionalEmailError(value: string): string | undefined {
  const v = value.trim();
  return v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) ? undefined : 'validation.email';
}

function textValues(contact: ContactDto | null): Record<TextFieldName, string> {
  const out = {} as Record<TextFieldName, string>;
  for (const name of TEXT_FIELDS) out[name] = contact ? contact[name] : '';
  return out;
}

/** Create or edit a contact (spec 3) and its custom fields; the main flag is set from the list or the contact page. */
export function ContactDialog({
  owner,
  contact,
  onClose,
}: {
  owner: ContactOwner;
  contact: ContactDto | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [create] = useCreateContactMutation();
  const [update] = useUpdateContactMutation();
  const form = useForm(textValues(contact));
  const [gender, setGender] = useState<ContactGender>(contact?.gender ?? '');
  const custom = useCustomValues(owner.companyID, 'contact', contact?.id ?? null);
  const save = useRecordSave(contact, onClose);
  const { values } = form;
  const errors: Partial<Record<TextFieldName, string>> = {
    name: required(values.name),
    email: optionalEmailError(values.email),
  };
  const submit = () =>
    form.submit(async () => {
      const body: ContactInput = { gender };
      for (const name of TEXT_FIELDS) body[name] = values[name].trim();
      await save(
        (existing) => (existing ? update({ owner, contactID: existing.id, body }).unwrap() : create({ owner, body }).unwrap()),
        t('contacts.saved'),
        (saved) => custom.save(saved.id),
      );
    });
  const text = (name: TextFieldName, extra: { required?: boolean; type?: string } = {}) => (
    <TextField {...form.field(name)} label={t(`contacts.fields.${name}`)} error={errors[name]} {...extra} />
  );
  return (
    <RecordDialog
      testId="contact-dialog"
      title={contact ? t('contacts.edit') : t('contacts.create')}
      form={form}
      canSubmit={isValid(errors) && custom.ready}
      onSubmit={submit}
      onClose={onClose}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {text('first_name')}
        {text('name', { required: true })}
        <Field.Root>
          <Field.Label>{t('contacts.fields.gender')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="gender"
              value={gender}
              onChange={(e) =>
                setGender(
                  (CONTACT_GENDERS as readonly string[]).includes(e.target.value)
                    ? (e.target.value as ContactGender)
                    : '',
                )
              }
            >
              {CONTACT_GENDERS.map((g) => (
                <option key={g} value={g}>
                  {t(`contacts.gender.${g === '' ? 'none' : g}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {text('job_title')}
        {text('email')}
        {text('salutation_line')}
        {text('tel_office', { type: 'tel' })}
        {text('tel_mobile', { type: 'tel' })}
        {text('ext_system_id')}
      </SimpleGrid>
      <CustomValueFields custom={custom} />
    </RecordDialog>
  );
}
