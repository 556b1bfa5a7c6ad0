import { Box, Field, Grid, IconButton, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Icon } from '../../shared/icons';
import { useUnitName } from '../settings';
import { constraintsIn, type LineMessage, unitsOf } from './newOrderCheck';
import { type OrderableItemDto, type OrderScope, pagePath, useOrderQuery } from './ordersApi';

/** A line of the new order: the item (as the search found it), a quantity as typed and the chosen unit. */
export interface Line {
  item: OrderableItemDto;
  quantity: string;
  unit: string;
}

/** Numbers of the messages in the language's way (2,5 in German). */
function useNumber(): (value: number) => string {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 6 });
  return (value) => format.format(value);
}

/** The number a message's unit follows ("at least 5 Packs": the MOQ), for the unit's plural. */
const UNIT_COUNT: Record<string, string> = { moq: 'moq', mxoq: 'mxoq', increment: 'increment', incrementOnly: 'increment' };

/**
 * A line message in words: the key under `orders.line` with its parameters (numbers localized, unit codes as names in
 * the language: "at least 5 Packungen"); "already on order" links the order.
 */
export function LineMessageText({ message, place }: { message: LineMessage; place: OrderScope }) {
  const { t } = useTranslation();
  const number = useNumber();
  const units = useUnitName();
  const counted = message.params[UNIT_COUNT[message.key] ?? ''];
  const word = (key: string, v: string | number): string | number => {
    if (typeof v === 'number') return key === 'order_id' ? v : number(v);
    if (key === 'unit') return units.name(v, typeof counted === 'number' ? counted : undefined);
    if (key === 'units') return v.split(/,\s*/).map((code) => units.name(code, 2)).join(t('orders.line.unitsOr'));
    return v;
  };
  const params = Object.fromEntries(Object.entries(message.params).map(([k, v]) => [k, word(k, v)]));
  if (message.key === 'server') return <>{message.text}</>;
  if (message.key === 'onOrder' && message.orderId !== undefined) return <OnOrderText orderId={message.orderId} place={place} />;
  return <>{t(`orders.line.${message.key}`, params)}</>;
}

/**
 * "Already on order in order 1048" with a link to the order holding the item; when that order still waits for
 * approval (a request), "... in request 1048 (waiting for approval)" linking the request's page. The server names
 * only the order's number (1059 `order_id`, the search's `open_order_id`): its status comes from the order itself.
 */
function OnOrderText({ orderId, place }: { orderId: number; place: OrderScope }) {
  const { data } = useOrderQuery({ ...place, orderID: orderId });
  const request = data?.status === 'request';
  // requests have pages in the company and customer contexts (not the location's)
  const to = request ? pagePath({ companyID: place.companyID, customerID: place.customerID }, `request/${orderId}`) : pagePath(place, `order/${orderId}`);
  return (
    <Trans
      i18nKey={request ? 'orders.line.onRequest' : 'orders.line.onOrder'}
      values={{ id: orderId }}
      components={{
        // Trans fills the element's children: the router link itself, styled as a Chakra link (`<a>`: `<link>` parses as a void element)
        a: (
          <RouterLink
            to={to}
            data-testid="ordernew-on-order-link"
            data-holder={request ? 'request' : 'order'}
            style={{ color: 'var(--chakra-colors-blue-700)', textDecoration: 'underline', fontWeight: 500 }}
          />
        ),
      }}
    />
  );
}

/** The item's ordering rule in words, in the chosen unit: "at least 2, at most 40, in steps of 2 Packs". */
function RuleText({ item, unit }: { item: OrderableItemDto; unit: string }) {
  const { t } = useTranslation();
  const number = useNumber();
  const units = useUnitName();
  const c = constraintsIn(item, unit);
  const values = { moq: number(c.moq), mxoq: number(c.mxoq), increment: number(c.increment), unit: units.name(unit, c.increment) };
  return <>{t(c.mxoq > 0 ? 'orders.line.ruleMoqMxoq' : 'orders.line.ruleMoq', values)}</>;
}

/**
 * The lines of the new order, one card each (no table: it stays inside the page at 1366 and at 390 px): the item with
 * supplier and catalog and its ordering rule in words, the quantity, the unit as a choice of the item's units, a
 * remove button; every message of the line (the page's checks as you type, the server's answer) below it.
 */
export function OrderNewLines({
  lines,
  messages,
  place,
  onChange,
  onRemove,
}: {
  lines: Line[];
  /** the messages of each line by index */
  messages: Map<number, LineMessage[]>;
  /** the order's company, customer and location (where "already on order" links) */
  place: OrderScope;
  onChange: (index: number, patch: Partial<Line>) => void;
  onRemove: (index: number) => void;
}) {
  const { t } = useTranslation();
  const unitNames = useUnitName();
  if (lines.length === 0) return null;
  return (
    <Stack gap="2" data-testid="ordernew-lines" role="list" aria-label={t('orders.line.lines')}>
      {lines.map((line, index) => {
        const own = messages.get(index) ?? [];
        const quantityInvalid = own.some((m) => m.field === 'quantity');
        const unitInvalid = own.some((m) => m.field === 'unit');
        const units = unitsOf(line.item);
        const errorId = `ordernew-line-${index}-messages`;
        return (
          <Box
            key={line.item.id}
            role="listitem"
            borderWidth="1px"
            borderColor={own.length ? 'red.300' : 'gray.200'}
            rounded="md"
            p="3"
            data-testid={`ordernew-line-${index}`}
          >
            <Grid
              templateColumns={{ base: 'minmax(0, 1fr) minmax(0, 1fr) auto', md: 'minmax(0, 1fr) 9rem 8rem auto' }}
              templateAreas={{ base: '"item item remove" "qty unit unit"', md: '"item qty unit remove"' }}
              gap="3"
              alignItems="start"
            >
              <Box gridArea="item" minW="0">
                <Text fontWeight="medium" overflowWrap="anywhere">
                  {line.item.sku} – {line.item.name}
                </Text>
                <Text fontSize="sm" color="gray.600" overflowWrap="anywhere">
                  {[line.item.supplier_name || t('orders.line.noSupplier'), line.item.catalog_name].filter(Boolean).join(' · ')}
                </Text>
                <Text fontSize="sm" color="gray.700" data-testid={`ordernew-rule-${index}`}>
                  {t('orders.line.allowed')} <RuleText item={line.item} unit={line.unit} />
                </Text>
              </Box>
              <Field.Root gridArea="qty" invalid={quantityInvalid}>
                <Field.Label fontSize="sm">{t('orders.quantity')}</Field.Label>
                <Input
                  size="sm"
                  inputMode="decimal"
                  value={line.quantity}
                  onChange={(e) => onChange(index, { quantity: e.target.value })}
                  aria-label={t('orders.quantityOf', { sku: line.item.sku })}
                  aria-describedby={own.length ? errorId : undefined}
                  data-testid={`ordernew-quantity-${index}`}
                />
              </Field.Root>
              <Field.Root gridArea="unit" invalid={unitInvalid}>
                <Field.Label fontSize="sm">{t('orders.unit')}</Field.Label>
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field
                    value={line.unit}
                    onChange={(e) => onChange(index, { unit: e.target.value })}
                    aria-label={t('orders.unitOf', { sku: line.item.sku })}
                    data-testid={`ordernew-unit-${index}`}
                  >
                    {units.map((unit) => (
                      <option key={unit} value={unit}>
                        {unit === line.item.order_unit || units.length === 1
                          ? unitNames.name(unit)
                          : t('orders.line.unitPer', {
                              unit: unitNames.name(unit),
                              count: line.item.quantity_per_order_unit,
                              orderUnit: unitNames.name(line.item.order_unit),
                            })}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <Box gridArea="remove" pt={{ base: '0', md: '6' }}>
                <IconButton size="sm" variant="ghost" aria-label={t('orders.removeLine', { sku: line.item.sku })} onClick={() => onRemove(index)} data-testid={`ordernew-remove-${index}`}>
                  <Icon name="close" />
                </IconButton>
              </Box>
            </Grid>
            {own.length ? (
              <Stack gap="0.5" mt="2" id={errorId} data-testid={`ordernew-line-${index}-error`} aria-live="polite">
                {own.map((message, i) => (
                  <Text key={i} fontSize="sm" color="red.700" overflowWrap="anywhere">
                    <LineMessageText message={message} place={place} />
                  </Text>
                ))}
              </Stack>
            ) : null}
          </Box>
        );
      })}
    </Stack>
  );
}
