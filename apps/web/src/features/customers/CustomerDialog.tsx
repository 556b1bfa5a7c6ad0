import { SimpleGrid, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressFields } from '../../shared/forms/AddressFields';
import { FlagFields, useFlags } from '../../shared/forms/FlagFields';
import { RecordDialog } from '../../shared/forms/RecordDialog';
import { textValues, trimmedValues } from '../../shared/forms/recordForm';
import { SelectField } from '../../shared/forms/SelectField';
import { textFieldsOf } from '../../shared/forms/TextField';
import { useForm } from '../../shared/forms/useForm';
import { useRecordSave } from '../../shared/forms/useRecordSave';
import { isValid, required } from '../../shared/forms/validation';
import { CustomValueFields, useCustomValues } from '../settings';
import {
  type BackorderType,
  type CustomerDto,
  type CustomerInput,
  useCreateCustomerMutation,
  useUpdateCustomerMutation,
} from './customersApi';

const TEXT_FIELDS = [
  'name',
  'nr',
  'extended',
  'description',
  'street',
  'postal',
  'city',
  'state',
  'country_iso',
  'vat_id',
  'auftragsnr',
  'bediener',
  'scan_id_prefix',
] as const;
const FIELDS = [...TEXT_FIELDS, 'automatic_restock_days'] as const;
type FieldName = (typeof FIELDS)[number];
const FLAGS = ['use_subscription', 'use_backorder', 'use_request_workflow', 'show_stock_in_app'] as const;

/** Create or edit a customer: every field of spec 3 (service and time-tracking items come with items) and its custom fields. */
export function CustomerDialog({
  companyID,
  customer,
  onClose,
}: {
  companyID: number;
  customer: CustomerDto | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [create] = useCreateCustomerMutation();
  const [update] = useUpdateCustomerMutation();
  const form = useForm(textValues(FIELDS, customer, { automatic_restock_days: '0' }));
  const { flags, set: setFlag } = useFlags(FLAGS, customer);
  const [backorderType, setBackorderType] = useState<BackorderType>(customer?.backorder_type ?? 'days');
  const custom = useCustomValues(companyID, 'customer', customer?.id ?? null);
  const save = useRecordSave(customer, onClose);
  const { values } = form;
  const errors: Partial<Record<FieldName, string>> = {
    name: required(values.name),
    automatic_restock_days: /^\d+$/.test(values.automatic_restock_days.trim())
      ? undefined
      : 'validation.wholeNumber',
  };
  const submit = () =>
    form.submit(() => {
      const body: Partial<CustomerInput> = {
        ...flags,
        backorder_type: backorderType,
        ...trimmedValues(TEXT_FIELDS, values),
        automatic_restock_days: Number(values.automatic_restock_days.trim()),
      };
      return save(
        (existing) =>
          existing
            ? update({ companyID, customerID: existing.id, body }).unwrap()
            : create({ companyID, body }).unwrap(),
        t('customers.saved'),
        (saved) => custom.save(saved.id),
      );
    });
  const text = textFieldsOf<FieldName>(form, errors, (name) => t(`customers.fields.${name}`));
  return (
    <RecordDialog
      testId="customer-dialog"
      title={customer ? t('customers.edit') : t('customers.create')}
      form={form}
      canSubmit={isValid(errors) && custom.ready}
      onSubmit={submit}
      onClose={onClose}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {text('name', { required: true })}
        {text('nr')}
        {text('extended')}
        {text('scan_id_prefix')}
      </SimpleGrid>
      {text('description', { multiline: true })}
      <AddressFields field={form.field}>{text('vat_id')}</AddressFields>
      <Text fontWeight="semibold">{t('customers.ordering')}</Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {text('auftragsnr')}
        {text('bediener')}
        {text('automatic_restock_days', { required: true })}
        <SelectField
          name="backorder_type"
          label={t('customers.fields.backorder_type')}
          value={backorderType}
          onChange={(v) => setBackorderType(v === 'scanner' ? 'scanner' : 'days')}
          disabled={!flags.use_backorder}
          options={[
            { value: 'days', label: t('customers.backorder.days') },
            { value: 'scanner', label: t('customers.backorder.scanner') },
          ]}
        />
      </SimpleGrid>
      <FlagFields names={FLAGS} flags={flags} onChange={setFlag} label={(name) => t(`customers.fields.${name}`)} />
      <CustomValueFields custom={custom} />
    </RecordDialog>
  );
}
