import { Checkbox, SimpleGrid, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../shared/forms/SelectField';
import { textFieldsOf } from '../../shared/forms/TextField';
import type { useForm } from '../../shared/forms/useForm';
import { STORAGE_LAYOUT_CHOICES, type StorageField } from './storageForm';
import { useStorageTypeChoicesQuery, useUnitChoicesQuery } from './storagesApi';

type Form = ReturnType<typeof useForm<StorageField>>;

/**
 * The fields of a rack (spec 3) in groups: what it is (name, description, type, "stocked or will be ordered"),
 * its grid (rows, columns, layout, bin, prefix, label format) and its readings (unit, tare, min value, interval,
 * sensor values). The sensor itself is chosen on the rack plan once sensors exist (docs/storages.md).
 */
export function StorageFields({
  companyID,
  form,
  errors,
  stocked,
  onStocked,
}: {
  companyID: number;
  form: Form;
  errors: Partial<Record<StorageField, string>>;
  stocked: boolean;
  onStocked: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  const types = useStorageTypeChoicesQuery({ companyID });
  const units = useUnitChoicesQuery({ companyID });
  const text = textFieldsOf<StorageField>(form, errors, (name) => t(`storages.fields.${name}`));
  const select = (name: 'storage_type_id' | 'unit' | 'layout', options: { value: string; label: string }[]) => {
    const field = form.field(name);
    return (
      <SelectField
        name={name}
        label={t(`storages.fields.${name}`)}
        value={field.value}
        onChange={field.onChange}
        options={options}
        error={field.serverError}
      />
    );
  };
  return (
    <>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {text('name', { required: true })}
        {select('storage_type_id', [
          { value: '', label: t('storages.noType') },
          ...(types.data?.items ?? []).map((type) => ({ value: String(type.id), label: type.name })),
        ])}
      </SimpleGrid>
      {text('description', { multiline: true })}
      <Checkbox.Root checked={stocked} onCheckedChange={(e) => onStocked(e.checked === true)} name="stocked_or_ordered">
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('storages.fields.stocked_or_ordered')}</Checkbox.Label>
      </Checkbox.Root>
      <Text fontWeight="semibold">{t('storages.groups.grid')}</Text>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        {text('rows', { required: true, type: 'number' })}
        {text('columns', { required: true, type: 'number' })}
        {select(
          'layout',
          STORAGE_LAYOUT_CHOICES.map((layout) => ({ value: layout, label: t(`storages.layouts.${layout}`) })),
        )}
        {text('bin')}
        {text('prefix')}
        {text('format')}
      </SimpleGrid>
      <Text color="fg.muted" fontSize="sm">
        {t('storages.formatHint')}
      </Text>
      <Text fontWeight="semibold">{t('storages.groups.readings')}</Text>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        {select('unit', [
          { value: '', label: t('storages.noUnit') },
          ...(units.data?.items ?? []).map((unit) => ({ value: unit.code, label: `${unit.code} – ${unit.name}` })),
        ])}
        {text('tare', { required: true })}
        {text('min_value', { required: true })}
        {text('interval', { required: true })}
        {text('sensor_values')}
      </SimpleGrid>
    </>
  );
}
