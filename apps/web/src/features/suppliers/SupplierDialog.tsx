import { SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/store';
import { AddressFields } from '../forms/AddressFields';
import { FormDialog } from '../forms/FormDialog';
import { TextField } from '../forms/TextField';
import { useForm } from '../forms/useForm';
import { isValid, required } from '../forms/validation';
import { snackbarShown } from '../layout/layoutSlice';
import {
  type SupplierDto,
  type SupplierInput,
  useCreateSupplierMutation,
  useUpdateSupplierMutation,
} from './suppliersApi';

const FIELDS = [
  'name',
  'nr',
  'ext_nr',
  'description',
  'street',
  'postal',
  'city',
  'state',
  'country_iso',
] as const;
type FieldName = (typeof FIELDS)[number];

/** Create or edit a supplier (spec 3: name, catalog number, external number, address, description). */
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
  const dispatch = useAppDispatch();
  const [create] = useCreateSupplierMutation();
  const [update] = useUpdateSupplierMutation();
  const form = useForm(
    Object.fromEntries(FIELDS.map((f) => [f, supplier?.[f] ?? ''])) as Record<FieldName, string>,
  );
  const errors: Partial<Record<FieldName, string>> = { name: required(form.values.name) };
  const submit = () =>
    form.submit(async () => {
      const body: SupplierInput = {};
      for (const f of FIELDS) body[f] = form.values[f].trim();
      if (supplier) await update({ companyID, supplierID: supplier.id, body }).unwrap();
      else await create({ companyID, body }).unwrap();
      dispatch(snackbarShown({ message: t('suppliers.saved'), variant: 'success' }));
      onClose();
    });
  const text = (name: FieldName, extra: { required?: boolean; multiline?: boolean } = {}) => (
    <TextField {...form.field(name)} label={t(`suppliers.fields.${name}`)} error={errors[name]} {...extra} />
  );
  return (
    <FormDialog
      open
      onClose={onClose}
      title={supplier ? t('suppliers.edit') : t('suppliers.create')}
      testId="supplier-dialog"
      submitLabel={t('common.save')}
      canSubmit={isValid(errors)}
      busy={form.locked}
      failure={form.failure}
      onSubmit={submit}
      size="lg"
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {text('name', { required: true })}
        {text('nr')}
        {text('ext_nr')}
      </SimpleGrid>
      {text('description', { multiline: true })}
      <AddressFields field={form.field} />
    </FormDialog>
  );
}
