import { Checkbox, Field, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/store';
import { AddressFields } from '../forms/AddressFields';
import { FormDialog } from '../forms/FormDialog';
import { TextField } from '../forms/TextField';
import { useForm } from '../forms/useForm';
import { isValid, required } from '../forms/validation';
import { snackbarShown } from '../layout/layoutSlice';
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
  'automatic_restock_days',
] as const;
type TextFieldName = (typeof TEXT_FIELDS)[number];
const FLAGS = ['use_subscription', 'use_backorder', 'use_request_workflow', 'show_stock_in_app'] as const;
type Flag = (typeof FLAGS)[number];

function textValues(customer: CustomerDto | null): Record<TextFieldName, string> {
  const out = {} as Record<TextFieldName, string>;
  for (const name of TEXT_FIELDS)
    out[name] = customer ? String(customer[name] ?? '') : name === 'automatic_restock_days' ? '0' : '';
  return out;
}

/** Create or edit a customer: every field of spec 3 (service and time-tracking items come with items). */
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
  const dispatch = useAppDispatch();
  const [create] = useCreateCustomerMutation();
  const [update] = useUpdateCustomerMutation();
  const form = useForm(textValues(customer));
  const [flags, setFlags] = useState<Record<Flag, boolean>>({
    use_subscription: customer?.use_subscription ?? false,
    use_backorder: customer?.use_backorder ?? false,
    use_request_workflow: customer?.use_request_workflow ?? false,
    show_stock_in_app: customer?.show_stock_in_app ?? false,
  });
  const [backorderType, setBackorderType] = useState<BackorderType>(customer?.backorder_type ?? 'days');
  const { values } = form;
  const errors = {
    name: required(values.name),
    automatic_restock_days: /^\d+$/.test(values.automatic_restock_days.trim())
      ? undefined
      : 'validation.wholeNumber',
  };
  const submit = () =>
    form.submit(async () => {
      const body: Partial<CustomerInput> = { ...flags, backorder_type: backorderType };
      for (const name of TEXT_FIELDS) if (name !== 'automatic_restock_days') body[name] = values[name].trim();
      body.automatic_restock_days = Number(values.automatic_restock_days.trim());
      if (customer) await update({ companyID, customerID: customer.id, body }).unwrap();
      else await create({ companyID, body }).unwrap();
      dispatch(snackbarShown({ message: t('customers.saved'), variant: 'success' }));
      onClose();
    });
  const text = (
    name: TextFieldName,
    label: string,
    extra: { required?: boolean; multiline?: boolean } = {},
  ) => (
    <TextField
      {...form.field(name)}
      label={label}
      error={(errors as Partial<Record<TextFieldName, string>>)[name]}
      {...extra}
    />
  );
  const flag = (name: Flag) => (
    <Checkbox.Root
      key={name}
      checked={flags[name]}
      onCheckedChange={(e) => setFlags((f) => ({ ...f, [name]: e.checked === true }))}
      name={name}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{t(`customers.fields.${name}`)}</Checkbox.Label>
    </Checkbox.Root>
  );
  return (
    <FormDialog
      open
      onClose={onClose}
      title={customer ? t('customers.edit') : t('customers.create')}
      testId="customer-dialog"
      submitLabel={t('common.save')}
      canSubmit={isValid(errors)}
      busy={form.locked}
      failure={form.failure}
      onSubmit={submit}
      size="lg"
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {text('name', t('customers.fields.name'), { required: true })}
        {text('nr', t('customers.fields.nr'))}
        {text('extended', t('customers.fields.extended'))}
        {text('scan_id_prefix', t('customers.fields.scan_id_prefix'))}
      </SimpleGrid>
      {text('description', t('customers.fields.description'), { multiline: true })}
      <AddressFields field={form.field}>{text('vat_id', t('customers.fields.vat_id'))}</AddressFields>
      <Text fontWeight="semibold">{t('customers.ordering')}</Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {text('auftragsnr', t('customers.fields.auftragsnr'))}
        {text('bediener', t('customers.fields.bediener'))}
        {text('automatic_restock_days', t('customers.fields.automatic_restock_days'), { required: true })}
        <Field.Root>
          <Field.Label>{t('customers.fields.backorder_type')}</Field.Label>
          <NativeSelect.Root disabled={!flags.use_backorder}>
            <NativeSelect.Field
              name="backorder_type"
              value={backorderType}
              onChange={(e) => setBackorderType(e.target.value === 'scanner' ? 'scanner' : 'days')}
            >
              <option value="days">{t('customers.backorder.days')}</option>
              <option value="scanner">{t('customers.backorder.scanner')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </SimpleGrid>
      <Stack gap="2">{FLAGS.map(flag)}</Stack>
    </FormDialog>
  );
}
