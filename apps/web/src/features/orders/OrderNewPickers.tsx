import { Badge, Box, Button, Field, Flex, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { searchHitProblem } from './newOrderCheck';
import { LineMessageText } from './OrderNewLines';
import type { OrderableItemDto, OrderScope } from './ordersApi';
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

/**
 * The item search of the new order: SKU or name, the customer's items with supplier and catalog; those that can be
 * ordered at the location first. An item that cannot (no kanban rule here, disabled, already on order, ...) is shown
 * greyed and not selectable, with the reason; one already among the lines says so.
 */
export function ItemSearch({
  search,
  onSearch,
  disabled,
  q,
  found,
  inOrder,
  place,
  onAdd,
}: {
  search: string;
  onSearch: (text: string) => void;
  disabled: boolean;
  /** the search as sent (debounced) */
  q: string;
  found: OrderableItemDto[] | undefined;
  /** the items already among the lines */
  inOrder: Set<number>;
  /** the order's company, customer and location (where "already on order" links) */
  place: OrderScope;
  onAdd: (item: OrderableItemDto) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field.Root disabled={disabled}>
        <Field.Label>{t('orders.addItem')}</Field.Label>
        <Input maxW="420px" value={search} onChange={(e) => onSearch(e.target.value)} placeholder={t('orders.searchItem')} data-testid="ordernew-search" />
        <Field.HelperText>{disabled ? t('orders.searchNeedsLocation') : t('orders.searchHint', { count: SEARCH_MIN })}</Field.HelperText>
      </Field.Root>
      {q.length >= SEARCH_MIN && found ? (
        <Stack gap="1" data-testid="ordernew-results" role="list" aria-label={t('orders.searchResults')}>
          {found.length === 0 ? <Text color="gray.600">{t('orders.noItems')}</Text> : null}
          {found.map((item) => {
            const problem = searchHitProblem(item);
            const added = inOrder.has(item.id);
            const where = [item.supplier_name || t('orders.line.noSupplier'), item.catalog_name].filter(Boolean).join(' · ');
            return (
              <Flex
                key={item.id}
                role="listitem"
                gap="2"
                align="flex-start"
                borderWidth="1px"
                borderColor="gray.200"
                rounded="md"
                px="2"
                py="1.5"
                bg={problem ? 'gray.50' : undefined}
                data-testid={`ordernew-hit-${item.sku}`}
                data-orderable={problem ? 'false' : 'true'}
              >
                <Box flex="1" minW="0">
                  <Text fontWeight="medium" color={problem ? 'gray.600' : undefined} overflowWrap="anywhere">
                    {item.sku} – {item.name}
                  </Text>
                  <Text fontSize="sm" color="gray.600" overflowWrap="anywhere">
                    {where}
                  </Text>
                  {item.adhoc ? (
                    <Badge colorPalette="purple" variant="subtle" title={t('orderingFlags.adhocTitle')} data-testid={`ordernew-hit-${item.sku}-adhoc`}>
                      {t('orderingFlags.adhoc')}
                    </Badge>
                  ) : null}
                  {problem ? (
                    <Text fontSize="sm" color="orange.800" data-testid={`ordernew-hit-${item.sku}-why`}>
                      <LineMessageText message={problem} place={place} />
                    </Text>
                  ) : null}
                </Box>
                {problem ? null : (
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="blue"
                    disabled={added}
                    onClick={() => onAdd(item)}
                    aria-label={t('orders.addItemNamed', { sku: item.sku })}
                    data-testid={`ordernew-add-${item.sku}`}
                  >
                    <Icon name="add" />
                    {added ? t('orders.line.added') : t('orders.line.add')}
                  </Button>
                )}
              </Flex>
            );
          })}
        </Stack>
      ) : null}
    </>
  );
}
