import { Checkbox, Field, NativeSelect, SimpleGrid, Text } from '@chakra-ui/react';
import {
  CUSTOM_FIELD_ENTITIES,
  CUSTOM_FIELD_TYPES,
  type CustomFieldEntity,
  type CustomFieldType,
} from '@kanban/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/apiError';
import { useAppDispatch } from '../../app/store';
import { FormDialog } from '../forms/FormDialog';
import { TextField } from '../forms/TextField';
import { useForm } from '../forms/useForm';
import { isValid, required } from '../forms/validation';
import { snackbarShown } from '../layout/layoutSlice';
import { entityLabel, keyError, optionsError, parseOptions, sortError, typeLabel } from './customFieldTexts';
import {
  type CustomFieldDto,
  type CustomFieldInput,
  useCreateCustomFieldMutation,
  useUpdateCustomFieldMutation,
} from './settingsApi';
import { withTranslatedMessage } from './translatedError';

function SelectField({
  name,
  label,
  value,
  onChange,
  disabled,
  options,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  options: { value: string; label: string }[];
}) {
  return (
    <Field.Root required disabled={disabled}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root disabled={disabled}>
        <NativeSelect.Field name={name} value={value} onChange={(e) => onChange(e.target.value)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/**
 * Create or edit a custom field definition: kind of record and key (fixed once created), label, type,
 * options (select; one per line), required, position. A change that would lose stored values (1002) asks
 * for an explicit confirmation before it is sent again.
 */
export function CustomFieldDialog({
  companyID,
  field,
  defaultEntity,
  onClose,
}: {
  companyID: number;
  field: CustomFieldDto | null;
  defaultEntity: CustomFieldEntity;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [create] = useCreateCustomFieldMutation();
  const [update] = useUpdateCustomFieldMutation();
  const [requiredFlag, setRequired] = useState(field?.required ?? false);
  const [lossAsked, setLossAsked] = useState(false);
  const [lossConfirmed, setLossConfirmed] = useState(false);
  const form = useForm({
    entity: field?.entity ?? defaultEntity,
    key: field?.key ?? '',
    label: field?.label ?? '',
    type: field?.type ?? 'text',
    options: (field?.options ?? []).join('\n'),
    sort: String(field?.sort ?? 0),
  });
  const errors = {
    key: field ? undefined : keyError(form.values.key),
    label: required(form.values.label),
    options: optionsError(form.values.type, form.values.options),
    sort: sortError(form.values.sort),
  };
  const submit = () =>
    form.submit(async () => {
      const body: CustomFieldInput = {
        label: form.values.label.trim(),
        type: form.values.type as CustomFieldType,
        options: form.values.type === 'select' ? parseOptions(form.values.options) : [],
        required: requiredFlag,
        sort: Number(form.values.sort.trim() || '0'),
      };
      try {
        if (field) await update({ companyID, id: field.id, body, confirm: lossConfirmed }).unwrap();
        else
          await create({
            companyID,
            body: { ...body, entity: form.values.entity as CustomFieldEntity, key: form.values.key.trim() },
          }).unwrap();
      } catch (error) {
        if (isApiError(error) && error.code === 1002) setLossAsked(true);
        throw withTranslatedMessage(error, t);
      }
      dispatch(snackbarShown({ message: t('settings.customFields.saved'), variant: 'success' }));
      onClose();
    });
  return (
    <FormDialog
      open
      onClose={onClose}
      title={field ? t('settings.customFields.edit') : t('settings.customFields.create')}
      testId="custom-field-dialog"
      submitLabel={t('common.save')}
      canSubmit={isValid(errors) && (!lossAsked || lossConfirmed)}
      busy={form.locked}
      failure={form.failure}
      onSubmit={submit}
      size="lg"
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <SelectField
          name="entity"
          label={t('settings.customFields.fields.entity')}
          value={form.values.entity}
          onChange={form.set('entity')}
          disabled={field !== null}
          options={CUSTOM_FIELD_ENTITIES.map((e) => ({ value: e, label: entityLabel(e, t) }))}
        />
        <TextField
          {...form.field('key')}
          label={t('settings.customFields.fields.key')}
          error={errors.key}
          required
          readOnly={field !== null}
          maxLength={50}
        />
        <TextField {...form.field('label')} label={t('settings.customFields.fields.label')} error={errors.label} required maxLength={200} />
        <SelectField
          name="type"
          label={t('settings.customFields.fields.type')}
          value={form.values.type}
          onChange={form.set('type')}
          options={CUSTOM_FIELD_TYPES.map((ty) => ({ value: ty, label: typeLabel(ty, t) }))}
        />
        <TextField {...form.field('sort')} label={t('settings.customFields.fields.sort')} error={errors.sort} type="number" />
        <Checkbox.Root
          checked={requiredFlag}
          onCheckedChange={(e) => setRequired(e.checked === true)}
          name="required"
          alignSelf="end"
          data-testid="custom-field-required"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('settings.customFields.fields.required')}</Checkbox.Label>
        </Checkbox.Root>
      </SimpleGrid>
      {form.values.type === 'select' ? (
        <>
          <TextField
            {...form.field('options')}
            label={t('settings.customFields.fields.options')}
            error={errors.options}
            required
            multiline
          />
          <Text fontSize="sm" color="gray.600">
            {t('settings.customFields.optionsHint')}
          </Text>
        </>
      ) : null}
      {lossAsked ? (
        <Checkbox.Root
          checked={lossConfirmed}
          onCheckedChange={(e) => setLossConfirmed(e.checked === true)}
          colorPalette="red"
          data-testid="custom-field-confirm-loss"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('settings.customFields.confirmLoss')}</Checkbox.Label>
        </Checkbox.Root>
      ) : null}
    </FormDialog>
  );
}
