import { SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { RecordDialog } from '../../shared/forms/RecordDialog';
import { textValues, trimmedValues } from '../../shared/forms/recordForm';
import { TextField } from '../../shared/forms/TextField';
import { useForm } from '../../shared/forms/useForm';
import { useRecordSave } from '../../shared/forms/useRecordSave';
import { isValid, required } from '../../shared/forms/validation';
import { type UnitDto, type UnitInput, useCreateUnitMutation, useUpdateUnitMutation } from './settingsApi';
import { withTranslatedMessage } from './translatedError';

const FIELDS = ['code', 'name', 'description'] as const;
type FieldName = (typeof FIELDS)[number];

/** The code must be one word: items name their units by it. */
export function unitCodeError(value: string): string | undefined {
  return required(value) ?? (/\s/.test(value.trim()) ? 'settings.validation.noSpaces' : undefined);
}

/** Create or edit a unit (spec 3: code, name, description). */
export function UnitDialog({ companyID, unit, onClose }: { companyID: number; unit: UnitDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [create] = useCreateUnitMutation();
  const [update] = useUpdateUnitMutation();
  const save = useRecordSave(unit, onClose);
  const form = useForm(textValues(FIELDS, unit));
  const errors: Partial<Record<FieldName, string>> = {
    code: unitCodeError(form.values.code),
    name: required(form.values.name),
  };
  const submit = () =>
    form.submit(async () => {
      const body: UnitInput = trimmedValues(FIELDS, form.values);
      try {
        await save(
          (existing) => (existing ? update({ companyID, id: existing.id, body }) : create({ companyID, body })).unwrap(),
          t('settings.units.saved'),
        );
      } catch (error) {
        throw withTranslatedMessage(error, t);
      }
    });
  return (
    <RecordDialog
      testId="unit-dialog"
      title={unit ? t('settings.units.edit') : t('settings.units.create')}
      form={form}
      canSubmit={isValid(errors)}
      onSubmit={submit}
      onClose={onClose}
      size="md"
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <TextField {...form.field('code')} label={t('settings.units.fields.code')} error={errors.code} required maxLength={20} />
        <TextField {...form.field('name')} label={t('settings.units.fields.name')} error={errors.name} required maxLength={100} />
      </SimpleGrid>
      <TextField {...form.field('description')} label={t('settings.units.fields.description')} multiline />
    </RecordDialog>
  );
}
