import { Button, Card, Field, Flex, Heading, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { errorText, isApiError } from '../../shared/api/apiError';
import { useAppDispatch } from '../../shared/hooks';
import { useCustomersQuery } from '../customers';
import { FormMessage } from '../../shared/forms/FormMessage';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { useDebounced } from '../../shared/lists/useDebounced';
import { useLocationQuery, useLocationsQuery } from '../locations';
import { Icon } from '../../shared/icons';
import { type LineMessage, parseQuantity, quantityProblem, serverMessagesByLine } from './newOrderCheck';
import { type Line, OrderNewLines } from './OrderNewLines';
import { ItemSearch, PickField, SEARCH_MIN } from './OrderNewPickers';
import { OrderScopeHeader } from './OrderScopeHeader';
import { type OrderableItemDto, pagePath, scopeOf, useCreateOrderMutation, useOrderableItemsQuery } from './ordersApi';

/**
 * `ordernew` (company, customer, location): a new order by hand. Without a location in the address the user
 * picks customer and location first; the item search lists the customer's items with supplier and catalog, those
 * orderable at the location first, the others greyed with the reason (no kanban rule here, already on order, ...).
 * Each line takes a quantity in one of the item's units and says the item's rule in words ("at least 2, at most 40,
 * in steps of 2 PAK"); the quantity is checked as you type and a line with a problem says so below it. "Place
 * order" with problems left refuses locally (nothing is sent) and says how many lines need a change. The server
 * checks again and names every bad line at once (Data.errors: catalogue code and params per line); each message
 * shows at its line, "already on order" with a link to the order (to the request's page while it waits for approval). On success the order opens (one order per
 * supplier: the list when there are several; requests when the customer approves orders).
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
  const found = useOrderableItemsQuery(
    { companyID, customerID: customerID ?? 0, locationID: locationID ?? 0, q },
    { skip: !customerID || !locationID || q.length < SEARCH_MIN },
  );
  const [lines, setLines] = useState<Line[]>([]);
  const [comment, setComment] = useState('');
  // the server's messages by item (lines may be removed meanwhile), cleared for a line when it changes
  const [serverMessages, setServerMessages] = useState<Map<number, LineMessage[]>>(new Map());
  const [failure, setFailure] = useState<string | null>(null);
  const [create, { isLoading }] = useCreateOrderMutation();
  const place = { companyID, customerID, locationID };

  const messages = useMemo(() => {
    const out = new Map<number, LineMessage[]>();
    lines.forEach((line, index) => {
      const local = quantityProblem(line.quantity, line.item, line.unit);
      const server = (serverMessages.get(line.item.id) ?? []).filter((m) => !(local && m.field === 'quantity'));
      const all = [...server.filter((m) => m.field !== 'quantity'), ...(local ? [local] : server.filter((m) => m.field === 'quantity'))];
      if (all.length) out.set(index, all);
    });
    return out;
  }, [lines, serverMessages]);

  const forget = (itemId: number) => {
    if (!serverMessages.has(itemId)) return;
    const next = new Map(serverMessages);
    next.delete(itemId);
    setServerMessages(next);
  };
  const add = (item: OrderableItemDto) => {
    if (!lines.some((l) => l.item.id === item.id)) {
      const quantity = item.order_quantity >= item.min_order_quantity && item.order_quantity > 0 ? item.order_quantity : item.min_order_quantity || 1;
      setLines([...lines, { item, quantity: String(quantity), unit: item.order_unit }]);
    }
    setSearch('');
  };
  const change = (index: number, patch: Partial<Line>) => {
    const line = lines[index];
    if (!line) return;
    forget(line.item.id);
    setFailure(null);
    setLines(lines.map((l, i) => (i === index ? { ...l, ...patch } : l)));
  };
  const remove = (index: number) => {
    const line = lines[index];
    if (line) forget(line.item.id);
    setFailure(null);
    setLines(lines.filter((_, i) => i !== index));
  };
  const pickPlace = (customer: number | undefined, location: number | undefined) => {
    setPickedCustomer(customer);
    setPickedLocation(location);
    setLines([]);
    setServerMessages(new Map());
    setFailure(null);
  };
  const canSubmit = Boolean(customerID && locationID) && lines.length > 0 && !isLoading;

  const submit = () => {
    if (!customerID || !locationID) return;
    setFailure(null);
    // refused here while a line has a problem the page knows: nothing is sent, the messages are at the lines
    const bad = lines.filter((l) => quantityProblem(l.quantity, l.item, l.unit)).length;
    if (bad > 0) {
      setFailure(t('orders.line.linesToFix', { count: bad }));
      return;
    }
    const sent = lines;
    create({
      companyID,
      customerID,
      locationID,
      body: {
        lines: sent.map((l) => ({ item_id: l.item.id, quantity: parseQuantity(l.quantity), unit: l.unit || undefined })),
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
        const byLine = isApiError(e) ? serverMessagesByLine(e) : new Map<number, LineMessage[]>();
        if (byLine.size === 0) {
          setFailure(errorText(e, t));
          return;
        }
        const byItem = new Map<number, LineMessage[]>();
        for (const [index, list] of byLine) {
          const line = sent[index];
          if (line) byItem.set(line.item.id, list);
        }
        setServerMessages(byItem);
        // the item's constraints as the server knows them now (a MOQ raised meanwhile): the checks as you type follow them
        setLines((current) => current.map((line) => ({ ...line, item: withServerConstraints(line.item, byItem.get(line.item.id) ?? []) })));
        setFailure(t('orders.line.linesToFix', { count: byItem.size }));
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
              {scope.customerID === undefined ? (
                <PickField
                  label={t('orders.customer')}
                  placeholder={t('orders.pickCustomer')}
                  value={pickedCustomer}
                  options={customers.data?.items ?? []}
                  onPick={(id) => pickPlace(id, undefined)}
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
                  onPick={(id) => pickPlace(pickedCustomer, id)}
                  testId="ordernew-location"
                />
              ) : null}
              <ItemSearch
                search={search}
                onSearch={setSearch}
                disabled={!customerID || !locationID}
                q={q}
                found={found.data?.items}
                inOrder={new Set(lines.map((l) => l.item.id))}
                place={place}
                onAdd={add}
              />
              <OrderNewLines lines={lines} messages={messages} place={place} onChange={change} onRemove={remove} />
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
              <FormMessage outcome={failure ? { ok: false, text: failure } : null} testId="ordernew-error" />
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

/** The item with the MOQ / MXOQ / increment a server message names (in order units), so the page's checks agree with it. */
function withServerConstraints(item: OrderableItemDto, messages: LineMessage[]): OrderableItemDto {
  let next = item;
  for (const m of messages) {
    if (m.params.unit !== item.order_unit) continue;
    if (m.key === 'moq' && typeof m.params.moq === 'number') next = { ...next, min_order_quantity: m.params.moq };
    if (m.key === 'mxoq' && typeof m.params.mxoq === 'number') next = { ...next, max_order_quantity: m.params.mxoq };
    if (m.key === 'incrementOnly' && typeof m.params.increment === 'number') next = { ...next, order_quantity_increment: m.params.increment };
  }
  return next;
}
