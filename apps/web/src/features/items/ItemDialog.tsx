import { Checkbox, Field, HStack, NativeSelect, SimpleGrid, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordDialog } from '../../shared/forms/RecordDialog';
import { TextField } from '../../shared/forms/TextField';
import { useForm } from '../../shared/forms/useForm';
import { useRecordSave } from '../../shared/forms/useRecordSave';
import { isValid } from '../../shared/forms/validation';
import { CustomValueFields, UnitField, useCustomValues } from '../settings';
import { useSuppliersQuery } from '../suppliers';
import { ITEM_DATES, ITEM_FLAGS, ITEM_NUMBERS, type ItemField, type ItemFlag, initialFlags, initialValues, itemBody, itemErrors } from './itemForm';
import { ItemRulesDialog } from './ItemRulesDialog';
import { type ItemDto, type ItemRuleRef, rulesOfConflict, useCatalogsQuery, useCreateItemMutation, useUpdateItemMutation } from './itemsApi';

/**
 * Create or edit an item of a customer with every field of spec 3 (threshold, capacity, stock: kanban rules)
 * and its custom fields. Saving an item as disabled that kanban rules use shows them first (1007) and saves
 * only once the user disables anyway.
 */
export function ItemDialog({ companyID, customerID, item, onClose }: { companyID: number; customerID: number; item: ItemDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [create] = useCreateItemMutation();
  const [update] = useUpdateItemMutation();
  const [initial] = useState(() => initialValues(item));
  const form = useForm<ItemField>(initial);
  const [flags, setFlags] = useState(() => initialFlags(item));
  const [supplierID, setSupplierID] = useState<number>(item?.supplier_id ?? 0);
  const suppliers = useSuppliersQuery({ companyID, all: true, per_page: 200, sort: 'name' });
  const catalogs = useCatalogsQuery({ companyID, supplierID, per_page: 200 }, { skip: supplierID === 0 });
  const custom = useCustomValues(companyID, 'item', item?.id ?? null);
  const save = useRecordSave(item, onClose);
  /** the kanban rules the server named when the item was to be saved as disabled */
  const [inUse, setInUse] = useState<ItemRuleRef[] | null>(null);
  const errors = itemErrors(form.values);
  const submit = (confirm = false) =>
    form.submit(async () => {
      setInUse(null);
      const body = itemBody(form.values, flags);
      try {
        await save(
          (existing) =>
            existing ? update({ companyID, customerID, itemID: existing.id, body, confirm }).unwrap() : create({ companyID, customerID, body }).unwrap(),
          t('items.saved'),
          (saved) => custom.save(saved.id),
        );
      } catch (error) {
        const rules = rulesOfConflict(error);
        if (rules && !confirm) setInUse(rules);
        else throw error;
      }
    });
  const text = (name: ItemField, extra: { required?: boolean; multiline?: boolean; type?: string } = {}) => (
    <TextField {...form.field(name)} label={t(`items.fields.${name}`)} error={errors[name]} {...extra} />
  );
  // the units: a choice of the company's units by name, the code stored
  const unit = (name: 'item_unit' | 'order_unit') => {
    const field = form.field(name);
    return <UnitField name={field.name} label={t(`items.fields.${name}`)} value={field.value} onChange={field.onChange} serverError={field.serverError} />;
  };
  const flag = (name: ItemFlag) => (
    <Checkbox.Root key={name} checked={flags[name]} onCheckedChange={(e) => setFlags((f) => ({ ...f, [name]: e.checked === true }))} name={name}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{t(`items.fields.${name}`)}</Checkbox.Label>
    </Checkbox.Root>
  );
  const catalogField = form.field('catalog_id');
  return (
    <RecordDialog
      testId="item-dialog"
      title={item ? t('items.edit') : t('items.create')}
      form={form}
      canSubmit={isValid(errors) && custom.ready}
      onSubmit={() => submit()}
      onClose={onClose}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {text('sku', { required: true })}
        {text('name', { required: true })}
        {text('customer_sku')}
        {text('unspsc')}
        <Field.Root>
          <Field.Label>{t('items.supplier')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="supplier"
              value={String(supplierID)}
              onChange={(e) => {
                setSupplierID(Number(e.target.value));
                catalogField.onChange('');
              }}
            >
              <option value="0">{t('items.noCatalog')}</option>
              {(suppliers.data?.items ?? []).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root invalid={Boolean(catalogField.serverError)}>
          <Field.Label>{t('items.fields.catalog_id')}</Field.Label>
          <NativeSelect.Root disabled={supplierID === 0}>
            <NativeSelect.Field name="catalog_id" value={catalogField.value} onChange={(e) => catalogField.onChange(e.target.value)}>
              <option value="">{t('items.noCatalog')}</option>
              {(catalogs.data?.items ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {catalogField.serverError ? <Field.ErrorText>{catalogField.serverError}</Field.ErrorText> : null}
        </Field.Root>
      </SimpleGrid>
      {text('description', { multiline: true })}
      <Text fontWeight="semibold">{t('items.ordering')}</Text>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        {unit('item_unit')}
        {unit('order_unit')}
        {ITEM_NUMBERS.map((f) => (
          <TextField key={f} {...form.field(f)} label={t(`items.fields.${f}`)} error={errors[f]} required type="number" />
        ))}
        {text('material_number')}
        {text('material_group')}
        {ITEM_DATES.map((f) => (
          <TextField key={f} {...form.field(f)} label={t(`items.fields.${f}`)} error={errors[f]} type="date" />
        ))}
      </SimpleGrid>
      <HStack gap="6" wrap="wrap">
        {ITEM_FLAGS.map(flag)}
      </HStack>
      <CustomValueFields custom={custom} />
      <ItemRulesDialog
        open={inUse !== null}
        purpose="disable"
        name={form.values.name.trim() || (item?.name ?? '')}
        rules={inUse ?? []}
        busy={form.locked}
        onConfirm={() => submit(true)}
        onClose={() => setInUse(null)}
      />
    </RecordDialog>
  );
}
