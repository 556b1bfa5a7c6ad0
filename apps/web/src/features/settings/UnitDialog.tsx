import { SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/store';
import { FormDialog } from '../forms/FormDialog';
import { TextField } from '../forms/TextField';
import { useForm } from '../forms/useForm';
import { isValid, required } from '../forms/validation';
import { snackbarShown } from '../layout/layoutSlice';
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
  const dispatch = useAppDispatch();
  const [create] = useCreateUnitMutation();
  const [update] = useUpdateUnitMutation();
  const form = useForm(Object.fromEntries(FIELDS.map((f) => [f, unit?.[f] ?? ''])) as Record<FieldName, string>);
  const errors: Partial<Record<FieldName, string>> = {
    code: unitCodeError(form.values.code),
    name: required(form.values.name),
  };
  const submit = () =>
    form.submit(async () => {
      const body: UnitInput = { code: form.values.code.trim(), name: form.values.name.trim(), description: form.values.description.trim() };
      try {
        if (unit) await update({ companyID, id: unit.id, body }).unwrap();
        else await create({ companyID, body }).unwrap();
      } catch (error) {
        throw withTranslatedMessage(error, t);
      }
      dispatch(snackbarShown({ message: t('settings.units.saved'), variant: 'success' }));
      onClose();
    });
  return (
    <FormDialog
      open
      onClose={onClose}
      title={unit ? t('settings.units.edit') : t('settings.units.create')}
      testId="unit-dialog"
      submitLabel={t('common.save')}
      canSubmit={isValid(errors)}
      busy={form.locked}
      failure={form.failure}
      onSubmit={submit}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <TextField {...form.field('code')} label={t('settings.units.fields.code')} error={errors.code} required maxLength={20} />
        <TextField {...form.field('name')} label={t('settings.units.fields.name')} error={errors.name} required maxLength={100} />
      </SimpleGrid>
      <TextField {...form.field('description')} label={t('settings.units.fields.description')} multiline />
    </FormDialog>
  );
}
