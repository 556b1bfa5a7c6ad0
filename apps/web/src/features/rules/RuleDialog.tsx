import { Button, Field, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, fieldErrors, isApiError } from '../../shared/api/apiError';
import { FormDialog } from '../../shared/forms/FormDialog';
import { type ItemDto, useItemsQuery } from '../items';
import { useDebounced } from '../../shared/lists/useDebounced';
import { type KanbanRuleDto, useCreateRuleMutation, useUpdateRuleMutation } from './rulesApi';

const SEARCH_MIN = 2;

function NumberField({ name, label, value, onChange, error, required }: { name: string; label: string; value: string; onChange: (v: string) => void; error?: string; required?: boolean }) {
  return (
    <Field.Root required={required} invalid={Boolean(error)}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input name={name} inputMode="decimal" value={value} onChange={(e) => onChange(e.target.value.replace(',', '.'))} data-testid={`rule-${name}`} />
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

/**
 * Create a kanban rule for an item of the location's customer, or edit one: threshold (reorder point), capacity
 * (fill-up level) and, on create, the stock, in the item's unit; the scan code of the bin label. Server messages
 * show at their field (1000, 1059), others above the form (1039 inactive customer or location).
 */
export function RuleDialog({
  companyID,
  customerID,
  locationID,
  rule,
  onClose,
  onSaved,
}: {
  companyID: number;
  customerID: number;
  locationID: number;
  /** the rule to edit; none: a new one */
  rule: KanbanRuleDto | null;
  onClose: () => void;
  onSaved: (rule: KanbanRuleDto) => void;
}) {
  const { t } = useTranslation();
  const [item, setItem] = useState<Pick<ItemDto, 'id' | 'sku' | 'name' | 'item_unit'> | null>(
    rule ? { id: rule.item_id, sku: rule.item.sku, name: rule.item.name, item_unit: rule.item.item_unit } : null,
  );
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const found = useItemsQuery({ scope: { kind: 'customer', companyID, customerID }, all: false, q, per_page: 8 }, { skip: rule !== null || q.length < SEARCH_MIN });
  const [threshold, setThreshold] = useState(rule ? String(rule.threshold) : '');
  const [capacity, setCapacity] = useState(rule ? String(rule.capacity) : '');
  const [stock, setStock] = useState(rule ? String(rule.stock) : '0');
  const [scanCode, setScanCode] = useState(rule?.scan_code ?? '');
  const [create, creating] = useCreateRuleMutation();
  const [update, updating] = useUpdateRuleMutation();
  const [failure, setFailure] = useState<unknown>(null);
  const num = (v: string) => (v.trim() === '' ? NaN : Number(v));
  const levelsValid = num(threshold) >= 0 && num(capacity) > num(threshold) && (rule !== null || num(stock) >= 0);
  const canSubmit = Boolean(item) && levelsValid;
  // 1000 names the field with the server's message; other codes at a field (1059) show their catalogue text there.
  const fields: Record<string, string> =
    isApiError(failure) && failure.code !== 1000 && failure.field ? { [failure.field]: errorText(failure, t) } : fieldErrors(failure);
  const submit = () => {
    setFailure(null);
    const levels = { threshold: num(threshold), capacity: num(capacity), scan_code: scanCode.trim() || undefined };
    const call = rule
      ? update({ companyID, ruleID: rule.id, body: levels })
      : create({ companyID, body: { ...levels, location_id: locationID, item_id: item!.id, stock: num(stock) } });
    call
      .unwrap()
      .then(onSaved)
      .catch((e: unknown) => setFailure(e));
  };
  const generalFailure = failure && Object.keys(fields).every((f) => !['threshold', 'capacity', 'stock', 'scan_code'].includes(f)) ? errorText(failure, t) : null;
  return (
    <FormDialog
      open
      onClose={onClose}
      title={t(rule ? 'rules.editTitle' : 'rules.createTitle')}
      testId="rule-dialog"
      submitLabel={t('common.save')}
      canSubmit={canSubmit}
      busy={creating.isLoading || updating.isLoading}
      failure={generalFailure}
      onSubmit={submit}
    >
      <Stack gap="4">
        {item ? (
          <Text data-testid="rule-item">
            {t('rules.itemLabel')}: <b>{item.sku}</b> – {item.name} ({item.item_unit || '–'})
            {rule ? null : (
              <Button size="xs" variant="ghost" ml="2" onClick={() => setItem(null)}>
                {t('rules.changeItem')}
              </Button>
            )}
          </Text>
        ) : (
          <Field.Root required invalid={Boolean(fields.item_id)}>
            <Field.Label>
              {t('rules.itemLabel')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('orders.searchItem')} data-testid="rule-item-search" />
            <Field.HelperText>{t('orders.searchHint', { count: SEARCH_MIN })}</Field.HelperText>
            {fields.item_id ? <Field.ErrorText>{fields.item_id}</Field.ErrorText> : null}
            <Stack gap="1" mt="2">
              {(q.length >= SEARCH_MIN ? (found.data?.items ?? []) : []).map((i) => (
                <Button key={i.id} size="sm" variant="ghost" justifyContent="flex-start" onClick={() => setItem(i)} data-testid={`rule-pick-${i.sku}`}>
                  {i.sku} – {i.name}
                </Button>
              ))}
            </Stack>
          </Field.Root>
        )}
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
          <NumberField name="threshold" label={t('rules.threshold')} value={threshold} onChange={setThreshold} error={fields.threshold} required />
          <NumberField
            name="capacity"
            label={t('rules.capacity')}
            value={capacity}
            onChange={setCapacity}
            error={fields.capacity ?? (capacity !== '' && threshold !== '' && !(num(capacity) > num(threshold)) ? t('rules.capacityAbove') : undefined)}
            required
          />
          {rule ? null : <NumberField name="stock" label={t('rules.stock')} value={stock} onChange={setStock} error={fields.stock} />}
        </SimpleGrid>
        <Field.Root invalid={Boolean(fields.scan_code)}>
          <Field.Label>{t('rules.scanCode')}</Field.Label>
          <Input value={scanCode} onChange={(e) => setScanCode(e.target.value)} maxLength={50} placeholder={t('rules.scanCodeHint')} data-testid="rule-scan_code" />
          {fields.scan_code ? <Field.ErrorText>{fields.scan_code}</Field.ErrorText> : null}
        </Field.Root>
      </Stack>
    </FormDialog>
  );
}
