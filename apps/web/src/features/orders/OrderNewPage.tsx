import { Button, Card, Field, Flex, Heading, Stack, Text, Textarea } from '@chakra-ui/react';
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
import { type Line, type LineFailure, lineFieldOf, OrderNewLines } from './OrderNewLines';
import { ItemSearch, PickField, SEARCH_MIN } from './OrderNewPickers';
import { OrderScopeHeader } from './OrderScopeHeader';
import { pagePath, scopeOf, useCreateOrderMutation } from './ordersApi';

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
                <PickField
                  label={t('orders.customer')}
                  placeholder={t('orders.pickCustomer')}
                  value={pickedCustomer}
                  options={customers.data?.items ?? []}
                  onPick={(id) => {
                    setPickedCustomer(id);
                    setPickedLocation(undefined);
                    setLines([]);
                  }}
                  testId="ordernew-customer"
                />
              ) : null}
              {scope.locationID === undefined ? (
                <PickField
                  label={t('orders.location')}
                  placeholder={t('orders.pickLocation')}
                  value={pickedLocation}
                  options={locations.data?.items ?? []}
                  disabled={!customerID}
                  onPick={setPickedLocation}
                  testId="ordernew-location"
                />
              ) : null}
              <ItemSearch search={search} onSearch={setSearch} disabled={!customerID} q={q} found={found.data?.items} onAdd={add} />
              <OrderNewLines
                lines={lines}
                failure={lineFailure}
                onChange={change}
                onRemove={(index) => {
                  setLines(lines.filter((_, i) => i !== index));
                  setLineFailure(null);
                }}
              />
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
