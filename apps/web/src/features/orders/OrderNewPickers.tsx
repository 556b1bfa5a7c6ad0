import { Button, Field, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ItemDto } from '../items';
import { Icon } from '../../shared/icons';

/** Autocomplete starts after 2 characters (spec clarifications). */
export const SEARCH_MIN = 2;

/** A required choice among named records ("pick a customer", "pick a location"). */
export function PickField({
  label,
  placeholder,
  value,
  options,
  disabled = false,
  onPick,
  testId,
}: {
  label: string;
  placeholder: string;
  value: number | undefined;
  options: { id: number; name: string }[];
  disabled?: boolean;
  onPick: (id: number | undefined) => void;
  testId: string;
}) {
  return (
    <Field.Root required disabled={disabled}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root maxW="420px" disabled={disabled}>
        <NativeSelect.Field value={value ?? ''} onChange={(e) => onPick(e.target.value ? Number(e.target.value) : undefined)} data-testid={testId}>
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** The item search of the new order: SKU or name, the customer's items found listed to add. */
export function ItemSearch({
  search,
  onSearch,
  disabled,
  q,
  found,
  onAdd,
}: {
  search: string;
  onSearch: (text: string) => void;
  disabled: boolean;
  /** the search as sent (debounced) */
  q: string;
  found: ItemDto[] | undefined;
  onAdd: (item: ItemDto) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field.Root disabled={disabled}>
        <Field.Label>{t('orders.addItem')}</Field.Label>
        <Input maxW="420px" value={search} onChange={(e) => onSearch(e.target.value)} placeholder={t('orders.searchItem')} data-testid="ordernew-search" />
        <Field.HelperText>{t('orders.searchHint', { count: SEARCH_MIN })}</Field.HelperText>
      </Field.Root>
      {q.length >= SEARCH_MIN && found ? (
        <Stack gap="1" data-testid="ordernew-results">
          {found.length === 0 ? <Text color="gray.600">{t('orders.noItems')}</Text> : null}
          {found.map((item) => (
            <Button key={item.id} variant="ghost" justifyContent="flex-start" size="sm" onClick={() => onAdd(item)} data-testid={`ordernew-add-${item.sku}`}>
              <Icon name="add" />
              {item.sku} – {item.name} ({item.order_unit || '–'})
            </Button>
          ))}
        </Stack>
      ) : null}
    </>
  );
}
