import { SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { AddressFields } from '../../shared/forms/AddressFields';
import { RecordDialog } from '../../shared/forms/RecordDialog';
import { textValues, trimmedValues } from '../../shared/forms/recordForm';
import { textFieldsOf } from '../../shared/forms/TextField';
import { useForm } from '../../shared/forms/useForm';
import { useRecordSave } from '../../shared/forms/useRecordSave';
import { isValid, required } from '../../shared/forms/validation';
import { CustomValueFields, useCustomValues } from '../settings';
import { type SupplierDto, useCreateSupplierMutation, useUpdateSupplierMutation } from './suppliersApi';

const FIELDS = ['name', 'nr', 'ext_nr', 'description', 'street', 'postal', 'city', 'state', 'country_iso'] as const;
type FieldName = (typeof FIELDS)[number];

/** Create or edit a supplier (spec 3: name, catalog number, external number, address, description) and its custom fields. */
export function SupplierDialog({
  companyID,
  supplier,
  onClose,
}: {
  companyID: number;
  supplier: SupplierDto | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [create] = useCreateSupplierMutation();
  const [update] = useUpdateSupplierMutation();
  const form = useForm(textValues(FIELDS, supplier));
  const custom = useCustomValues(companyID, 'supplier', supplier?.id ?? null);
  const save = useRecordSave(supplier, onClose);
  const errors: Partial<Record<FieldName, string>> = { name: required(form.values.name) };
  const submit = () =>
    form.submit(() => {
      const body = trimmedValues(FIELDS, form.values);
      return save(
        (existing) =>
          existing
            ? update({ companyID, supplierID: existing.id, body }).unwrap()
            : create({ companyID, body }).unwrap(),
        t('suppliers.saved'),
        (saved) => custom.save(saved.id),
      );
    });
  const text = textFieldsOf<FieldName>(form, errors, (name) => t(`suppliers.fields.${name}`));
  return (
    <RecordDialog
      testId="supplier-dialog"
      title={supplier ? t('suppliers.edit') : t('suppliers.create')}
      form={form}
      canSubmit={isValid(errors) && custom.ready}
      onSubmit={submit}
      onClose={onClose}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {text('name', { required: true })}
        {text('nr')}
        {text('ext_nr')}
      </SimpleGrid>
      {text('description', { multiline: true })}
      <AddressFields field={form.field} />
      <CustomValueFields custom={custom} />
    </RecordDialog>
  );
}
