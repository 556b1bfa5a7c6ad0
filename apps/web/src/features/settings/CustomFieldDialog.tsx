import { Checkbox, SimpleGrid, Text } from '@chakra-ui/react';
import {
  CUSTOM_FIELD_ENTITIES,
  CUSTOM_FIELD_TYPES,
  type CustomFieldEntity,
  type CustomFieldType,
} from '@kanban/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/apiError';
import { RecordDialog } from '../../shared/forms/RecordDialog';
import { SelectField } from '../../shared/forms/SelectField';
import { TextField } from '../../shared/forms/TextField';
import { useForm } from '../../shared/forms/useForm';
import { useRecordSave } from '../../shared/forms/useRecordSave';
import { isValid, required } from '../../shared/forms/validation';
import { entityLabel, keyError, optionsError, parseOptions, sortError, typeLabel } from './customFieldTexts';
import {
  type CustomFieldDto,
  type CustomFieldInput,
  useCreateCustomFieldMutation,
  useUpdateCustomFieldMutation,
} from './settingsApi';
import { withTranslatedMessage } from './translatedError';

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
  const [create] = useCreateCustomFieldMutation();
  const [update] = useUpdateCustomFieldMutation();
  const save = useRecordSave(field, onClose);
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
        await save(
          (existing) =>
            existing
              ? update({ companyID, id: existing.id, body, confirm: lossConfirmed }).unwrap()
              : create({
                  companyID,
                  body: { ...body, entity: form.values.entity as CustomFieldEntity, key: form.values.key.trim() },
                }).unwrap(),
          t('settings.customFields.saved'),
        );
      } catch (error) {
        if (isApiError(error) && error.code === 1002) setLossAsked(true);
        throw withTranslatedMessage(error, t);
      }
    });
  return (
    <RecordDialog
      testId="custom-field-dialog"
      title={field ? t('settings.customFields.edit') : t('settings.customFields.create')}
      form={form}
      canSubmit={isValid(errors) && (!lossAsked || lossConfirmed)}
      onSubmit={submit}
      onClose={onClose}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <SelectField
          required
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
          required
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
    </RecordDialog>
  );
}
