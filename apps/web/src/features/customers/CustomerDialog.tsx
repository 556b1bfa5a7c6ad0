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
import { isValid, optionalIdError as idError, required } from '../../shared/forms/validation';
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
/** the service items (ids of the customer's items; empty or 0 = none): docs/ordering-flags.md */
const ITEM_FIELDS = ['service_fee_item_id', 'time_tracking_item_id'] as const;
const FIELDS = [...TEXT_FIELDS, 'automatic_restock_days', ...ITEM_FIELDS] as const;
type FieldName = (typeof FIELDS)[number];
const FLAGS = ['use_subscription', 'use_backorder', 'use_request_workflow', 'show_stock_in_app'] as const;

/** Create or edit a customer: every field of spec 3 (service fee and time-tracking items by id) and its custom fields. */
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
    service_fee_item_id: idError(values.service_fee_item_id),
    time_tracking_item_id: idError(values.time_tracking_item_id),
  };
  const submit = () =>
    form.submit(() => {
      const body: Partial<CustomerInput> = {
        ...flags,
        backorder_type: backorderType,
        ...trimmedValues(TEXT_FIELDS, values),
        automatic_restock_days: Number(values.automatic_restock_days.trim()),
        // 0 clears an item (the API stores it as none)
        ...Object.fromEntries(ITEM_FIELDS.map((name) => [name, values[name].trim() ? Number(values[name].trim()) : 0])),
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
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {text('service_fee_item_id')}
        {text('time_tracking_item_id')}
      </SimpleGrid>
      <Text fontSize="sm" color="gray.600" data-testid="service-items-hint">
        {t('orderingFlags.customer.itemsHint')}
      </Text>
      <FlagFields
        names={FLAGS}
        flags={flags}
        onChange={setFlag}
        label={(name) => t(`customers.fields.${name}`)}
        hint={(name) => (name === 'show_stock_in_app' ? t('orderingFlags.customer.show_stock_in_app') : undefined)}
      />
      <CustomValueFields custom={custom} />
    </RecordDialog>
  );
}
