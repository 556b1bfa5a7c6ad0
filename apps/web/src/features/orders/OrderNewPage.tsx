import { Button, Card, Field, Flex, Heading, IconButton, Input, NativeSelect, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { errorText, isApiError } from '../../shared/api/apiError';
import { useAppDispatch } from '../../shared/hooks';
import { useCustomersQuery } from '../customers';
import { FormMessage } from '../../shared/forms/FormMessage';
import { type ItemDto, useItemsQuery } from '../items';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { useDebounced } from '../../shared/lists/useDebounced';
import { useLocationQuery, useLocationsQuery } from '../locations';
import { Icon } from '../../shared/icons';
import { OrderScopeHeader } from './OrderScopeHeader';
import { pagePath, scopeOf, useCreateOrderMutation } from './ordersApi';

/** Autocomplete starts after 2 characters (spec clarifications). */
const SEARCH_MIN = 2;

interface Line {
  item: ItemDto;
  quantity: string;
  unit: string;
}

/** A failed line check: which line and field (`lines[2].quantity`), and the translated text. */
interface LineFailure {
  index: number;
  field: string;
  text: string;
}

/** The line and field a server error names (`lines[i].field`), if it names one. */
export function lineFieldOf(field: string | undefined): { index: number; field: string } | null {
  const match = /^lines\[(\d+)\]\.(\w+)$/.exec(field ?? '');
  return match ? { index: Number(match[1]), field: match[2]! } : null;
}

/**
 * `ordernew` (company, customer, location): a new order by hand. Without a location in the address the user
 * picks customer and location first; items are found by SKU or name (the customer's items), each line takes a
 * quantity in the item's order unit. The server checks every line (MOQ, MXOQ, increment, unit, kanban rule,
 * service fee); a failed check is shown, translated, next to its line and field. On success the order opens
 * (one order per supplier: the list when there are several; requests when the customer approves orders).
 */
export function OrderNewPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const scope = scopeOf(useParams());
  const companyID = scope.companyID;
  const [pickedCustomer, setPickedCustomer] = useState<number | undefined>(undefined);
  const [pickedLocation, setPickedLocation] = useState<number | undefined>(undefined);
  const customerID = scope.customerID ?? pickedCustomer;
  const locationID = scope.locationID ?? pickedLocation;
  const customers = useCustomersQuery({ companyID, all: false, per_page: 200 }, { skip: scope.customerID !== undefined });
  const locations = useLocationsQuery({ companyID, customerID: customerID ?? 0, all: false, per_page: 200 }, { skip: !customerID || scope.locationID !== undefined });
  // The location's take_picture mode (spec 3): the list's row when picked here, else the location of the address.
  const addressed = useLocationQuery(
    { companyID, customerID: customerID ?? 0, locationID: scope.locationID ?? 0 },
    { skip: !customerID || scope.locationID === undefined },
  );
  const takePicture = (scope.locationID !== undefined ? addressed.data : locations.data?.items.find((l) => l.id === locationID))?.take_picture ?? 0;
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const found = useItemsQuery(
    { scope: { kind: 'customer', companyID, customerID: customerID ?? 0 }, all: false, q, per_page: 10 },
    { skip: !customerID || q.length < SEARCH_MIN },
  );
  const [lines, setLines] = useState<Line[]>([]);
  const [comment, setComment] = useState('');
  const [lineFailure, setLineFailure] = useState<LineFailure | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [create, { isLoading }] = useCreateOrderMutation();

  const add = (item: ItemDto) => {
    if (!lines.some((l) => l.item.id === item.id))
      setLines([...lines, { item, quantity: String(item.order_quantity || item.min_order_quantity || 1), unit: item.order_unit }]);
    setSearch('');
  };
  const change = (index: number, patch: Partial<Line>) => {
    setLines(lines.map((l, i) => (i === index ? { ...l, ...patch } : l)));
    if (lineFailure?.index === index) setLineFailure(null);
  };
  const quantitiesValid = lines.every((l) => Number(l.quantity) > 0);
  const canSubmit = Boolean(customerID && locationID) && lines.length > 0 && quantitiesValid && !isLoading;

  const submit = () => {
    if (!customerID || !locationID) return;
    setFailure(null);
    setLineFailure(null);
    create({
      companyID,
      customerID,
      locationID,
      body: {
        lines: lines.map((l) => ({ item_id: l.item.id, quantity: Number(l.quantity), unit: l.unit.trim() || undefined })),
        comment: comment.trim() || undefined,
      },
    })
      .unwrap()
      .then((reply) => {
        dispatch(
          snackbarShown({
            message: t(reply.requests ? 'orders.newRequestsDone' : 'orders.newOrdersDone', { count: reply.orders.length }),
            variant: 'success',
          }),
        );
        const where = { companyID, customerID: scope.customerID, locationID: scope.locationID };
        const kind = reply.requests ? 'request' : 'order';
        const first = reply.orders[0];
        void navigate(pagePath(where, reply.orders.length === 1 && first ? `${kind}/${first.id}` : kind));
      })
      .catch((e: unknown) => {
        const text = errorText(e, t);
        const at = isApiError(e) ? lineFieldOf(e.field) : null;
        if (at && isApiError(e)) setLineFailure({ ...at, text: e.code === 1000 ? `${text}: ${e.message}` : text });
        else setFailure(text);
      });
  };

  const errorAt = (index: number, field: string) =>
    lineFailure && lineFailure.index === index && lineFailure.field === field ? lineFailure.text : undefined;

  return (
    <Stack gap="4">
      <OrderScopeHeader scope={scope} />
      <Stack gap="4" data-testid="ordernew-page">
        <Heading as="h1" size="xl">
          {t('orders.newTitle')}
        </Heading>
        <Card.Root>
          <Card.Body>
            <Stack gap="4">
              <FormMessage outcome={failure ? { ok: false, text: failure } : null} testId="ordernew-error" />
              {scope.customerID === undefined ? (
                <Field.Root required>
                  <Field.Label>
                    {t('orders.customer')}
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <NativeSelect.Root maxW="420px">
                    <NativeSelect.Field
                      value={pickedCustomer ?? ''}
                      onChange={(e) => {
                        setPickedCustomer(e.target.value ? Number(e.target.value) : undefined);
                        setPickedLocation(undefined);
                        setLines([]);
                      }}
                      data-testid="ordernew-customer"
                    >
                      <option value="">{t('orders.pickCustomer')}</option>
                      {(customers.data?.items ?? []).map((c) => (
                        <option key={c.id} value={c.id}>
                          {c.name}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
              ) : null}
              {scope.locationID === undefined ? (
                <Field.Root required disabled={!customerID}>
                  <Field.Label>
                    {t('orders.location')}
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <NativeSelect.Root maxW="420px" disabled={!customerID}>
                    <NativeSelect.Field
                      value={pickedLocation ?? ''}
                      onChange={(e) => setPickedLocation(e.target.value ? Number(e.target.value) : undefined)}
                      data-testid="ordernew-location"
                    >
                      <option value="">{t('orders.pickLocation')}</option>
                      {(locations.data?.items ?? []).map((l) => (
                        <option key={l.id} value={l.id}>
                          {l.name}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
              ) : null}
              <Field.Root disabled={!customerID}>
                <Field.Label>{t('orders.addItem')}</Field.Label>
                <Input
                  maxW="420px"
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                  placeholder={t('orders.searchItem')}
                  data-testid="ordernew-search"
                />
                <Field.HelperText>{t('orders.searchHint', { count: SEARCH_MIN })}</Field.HelperText>
              </Field.Root>
              {q.length >= SEARCH_MIN && found.data ? (
                <Stack gap="1" data-testid="ordernew-results">
                  {found.data.items.length === 0 ? <Text color="gray.600">{t('orders.noItems')}</Text> : null}
                  {found.data.items.map((item) => (
                    <Button key={item.id} variant="ghost" justifyContent="flex-start" size="sm" onClick={() => add(item)} data-testid={`ordernew-add-${item.sku}`}>
                      <Icon name="add" />
                      {item.sku} – {item.name} ({item.order_unit || '–'})
                    </Button>
                  ))}
                </Stack>
              ) : null}
              <Table.ScrollArea>
                <Table.Root size="sm" data-testid="ordernew-lines">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t('orders.sku')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('orders.name')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('orders.constraints')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('orders.quantity')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('orders.unit')}</Table.ColumnHeader>
                      <Table.ColumnHeader />
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {lines.map((line, index) => {
                      const itemError = errorAt(index, 'item_id') ?? errorAt(index, 'sku');
                      return (
                        <Table.Row key={line.item.id} data-testid={`ordernew-line-${index}`}>
                          <Table.Cell>{line.item.sku}</Table.Cell>
                          <Table.Cell>
                            {line.item.name}
                            {itemError ? (
                              <Text color="red.600" fontSize="sm" data-testid={`ordernew-line-${index}-error`}>
                                {itemError}
                              </Text>
                            ) : null}
                          </Table.Cell>
                          <Table.Cell fontSize="xs" color="gray.600">
                            {t('orders.constraintText', {
                              moq: line.item.min_order_quantity,
                              mxoq: line.item.max_order_quantity || '–',
                              increment: line.item.order_quantity_increment,
                            })}
                          </Table.Cell>
                          <Table.Cell>
                            <Field.Root invalid={Boolean(errorAt(index, 'quantity')) || !(Number(line.quantity) > 0)}>
                              <Input
                                size="sm"
                                maxW="120px"
                                inputMode="decimal"
                                value={line.quantity}
                                onChange={(e) => change(index, { quantity: e.target.value.replace(',', '.') })}
                                aria-label={t('orders.quantityOf', { sku: line.item.sku })}
                                data-testid={`ordernew-quantity-${index}`}
                              />
                              {errorAt(index, 'quantity') ? (
                                <Field.ErrorText data-testid={`ordernew-line-${index}-error`}>{errorAt(index, 'quantity')}</Field.ErrorText>
                              ) : null}
                            </Field.Root>
                          </Table.Cell>
                          <Table.Cell>
                            <Field.Root invalid={Boolean(errorAt(index, 'unit'))}>
                              <Input
                                size="sm"
                                maxW="100px"
                                value={line.unit}
                                onChange={(e) => change(index, { unit: e.target.value })}
                                aria-label={t('orders.unitOf', { sku: line.item.sku })}
                                data-testid={`ordernew-unit-${index}`}
                              />
                              {errorAt(index, 'unit') ? (
                                <Field.ErrorText data-testid={`ordernew-line-${index}-error`}>{errorAt(index, 'unit')}</Field.ErrorText>
                              ) : null}
                            </Field.Root>
                          </Table.Cell>
                          <Table.Cell>
                            <IconButton
                              size="xs"
                              variant="ghost"
                              aria-label={t('orders.removeLine', { sku: line.item.sku })}
                              onClick={() => {
                                setLines(lines.filter((_, i) => i !== index));
                                setLineFailure(null);
                              }}
                            >
                              <Icon name="close" />
                            </IconButton>
                          </Table.Cell>
                        </Table.Row>
                      );
                    })}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
              {lines.length === 0 ? <Text color="gray.600">{t('orders.noLines')}</Text> : null}
              <Field.Root>
                <Field.Label>{t('orders.comment')}</Field.Label>
                <Textarea value={comment} onChange={(e) => setComment(e.target.value)} maxLength={2000} data-testid="ordernew-comment" />
              </Field.Root>
              {takePicture > 0 ? (
                <Text fontSize="sm" color="blue.700" data-testid="ordernew-take-picture">
                  <Icon name="image" /> {t(takePicture === 2 ? 'orders.files.takePictureRequired' : 'orders.files.takePictureOptional')}
                </Text>
              ) : null}
              <Flex justify="flex-end">
                <Button colorPalette="blue" disabled={!canSubmit} loading={isLoading} onClick={submit} data-testid="ordernew-submit">
                  {t('orders.submitNew')}
                </Button>
              </Flex>
            </Stack>
          </Card.Body>
        </Card.Root>
      </Stack>
    </Stack>
  );
}
