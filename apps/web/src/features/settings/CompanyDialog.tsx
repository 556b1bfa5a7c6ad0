import { SimpleGrid } from '@chakra-ui/react';
import type { CompanyDto } from '@kanban/contracts';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../shared/hooks';
import { AddressFields } from '../../shared/forms/AddressFields';
import { RecordDialog } from '../../shared/forms/RecordDialog';
import { SelectField } from '../../shared/forms/SelectField';
import { TextField } from '../../shared/forms/TextField';
import { useForm } from '../../shared/forms/useForm';
import { isValid, required } from '../../shared/forms/validation';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { type CompanyUpdate, useUpdateCompanyMutation } from './settingsApi';
import { withTranslatedMessage } from './translatedError';

const FIELDS = ['name', 'nr', 'extended', 'street', 'postal', 'city', 'state', 'country_iso', 'timezone'] as const;
type FieldName = (typeof FIELDS)[number];

/** The IANA time zones the browser knows, with the company's own first if the browser lacks it. */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) || !current ? known : [current, ...known];
}

/** Edit the company data (owner and admin): name, number, extended name, address, time zone of the requisition runs. */
export function CompanyDialog({ company, onClose }: { company: CompanyDto; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [update] = useUpdateCompanyMutation();
  const form = useForm(Object.fromEntries(FIELDS.map((f) => [f, company[f] ?? ''])) as Record<FieldName, string>);
  const errors: Partial<Record<FieldName, string>> = {
    name: required(form.values.name),
    timezone: required(form.values.timezone),
  };
  const zone = form.field('timezone');
  const submit = () =>
    form.submit(async () => {
      const body: CompanyUpdate = {};
      for (const f of FIELDS) body[f] = form.values[f].trim();
      // The company's country is one of spec 9's or not sent at all.
      if (!body.country_iso) delete body.country_iso;
      try {
        await update({ companyID: company.id, body }).unwrap();
      } catch (error) {
        throw withTranslatedMessage(error, t);
      }
      dispatch(snackbarShown({ message: t('settings.company.saved'), variant: 'success' }));
      onClose();
    });
  return (
    <RecordDialog
      testId="company-dialog"
      title={t('settings.company.edit')}
      form={form}
      canSubmit={isValid(errors)}
      onSubmit={submit}
      onClose={onClose}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <TextField {...form.field('name')} label={t('settings.company.fields.name')} error={errors.name} required maxLength={200} />
        <TextField {...form.field('nr')} label={t('settings.company.fields.nr')} maxLength={50} />
        <TextField {...form.field('extended')} label={t('settings.company.fields.extended')} maxLength={200} />
        <SelectField
          name="timezone"
          label={t('settings.company.fields.timezone')}
          required
          value={zone.value}
          onChange={zone.onChange}
          error={zone.serverError}
          options={timeZones(zone.value).map((z) => ({ value: z, label: z }))}
        />
      </SimpleGrid>
      <AddressFields field={form.field} />
    </RecordDialog>
  );
}
