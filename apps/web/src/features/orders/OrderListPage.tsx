import { Badge, Button, Card, Flex, Heading, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { ORDER_LIST_STATUSES, ORDER_SORTS, type OrderSort } from '@kanban/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { DataTable, type DataColumn } from '../../shared/lists/DataTable';
import { Pager, type Sorting } from '../../shared/lists/ListControls';
import { useDebounced } from '../../shared/lists/useDebounced';
import { useFormat } from '../../i18n/useFormat';
import { extStatusKey } from './extStatus';
import { OrderScopeHeader } from './OrderScopeHeader';
import { type ExtStatus, type OrderDto, type OrderScope, pagePath, scopeOf, useOrdersQuery, useRequestsQuery } from './ordersApi';
import { useConfirmRequest, useMayDecideRequests } from './useConfirmRequest';

const DAYS = [7, 30, 90, 365] as const;
const PER_PAGE = 25;

/** Colour of an order's status badge. */
export function statusPalette(status: OrderDto['status']): string {
  switch (status) {
    case 'open':
      return 'blue';
    case 'confirmed':
      return 'green';
    case 'delivered':
      return 'gray';
    case 'cancelled':
      return 'red';
    case 'request':
      return 'orange';
  }
}

const STATUSES = ORDER_LIST_STATUSES;
/** Names wrap (the table's scroll area keeps text on one line): the row fits at 1280 px in both languages. */
const WRAP = { whiteSpace: 'normal', minW: '8rem' } as const;
const EXT = ['0', '1', '-1'] as const;

/** The filters, sorting and page of an orders list, kept in the address (`?q=&status=&ext=&days=&sort=&order=&page=`). */
function useOrderListQuery() {
  const [search, setSearch] = useSearchParams();
  const pick = <T extends string>(name: string, allowed: readonly T[]): T | undefined => {
    const value = search.get(name);
    return allowed.includes(value as T) ? (value as T) : undefined;
  };
  const days = Number(search.get('days'));
  const page = Number(search.get('page'));
  const sort = pick('sort', ORDER_SORTS);
  const state = {
    q: search.get('q') ?? '',
    status: pick('status', STATUSES),
    ext: pick('ext', EXT),
    days: (DAYS as readonly number[]).includes(days) ? days : 30,
    sorting: { sort: sort ?? 'created_at', order: pick('order', ['asc', 'desc'] as const) ?? (sort ? 'asc' : 'desc') } as Sorting<OrderSort>,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
  /** changes parameters (undefined or '' removes one); any change but the page goes back to page 1 */
  const set = (changes: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(name);
      else next.set(name, String(value));
    }
    if (!('page' in changes)) next.delete('page');
    if (next.get('page') === '1') next.delete('page');
    setSearch(next, { replace: true });
  };
  return { ...state, set };
}

/** The ext status in words (the filter's words), or a dash for an order that waits for no confirmation (delivered, cancelled, request). */
export function ExtStatusText({ order }: { order: Pick<OrderDto, 'status' | 'ext_status'> }) {
  const { t } = useTranslation();
  const key = extStatusKey(order);
  if (key === null) {
    return (
      <Text as="span" color="gray.500" title={t('orders.extNotApplicable')} aria-label={t('orders.extNotApplicable')}>
        –
      </Text>
    );
  }
  return <Text as="span">{t(key)}</Text>;
}

/** The order's number, linking its page (the row's identity: first, kept in view, the card's title). */
function numberColumn(detail: (o: OrderDto) => string, label: string): OrderColumn {
  return {
    key: 'id',
    label,
    sort: 'id',
    cell: (o) => (
      <RouterLink to={detail(o)}>
        <Text as="span" color="blue.700" fontWeight="medium">
          {o.id}
        </Text>
      </RouterLink>
    ),
  };
}

type OrderColumn = DataColumn<OrderDto, OrderSort>;

/**
 * The columns of an orders or requests list, by name: number, date, customer (not in a customer's list), location
 * (not in a location's), supplier, source, status and ext status (orders only), line count.
 */
function useOrderColumns({ kind, scope, detail }: { kind: 'orders' | 'requests'; scope: OrderScope; detail: (o: OrderDto) => string }): OrderColumn[] {
  const { t } = useTranslation();
  const format = useFormat();
  const number = numberColumn(detail, t('orders.number'));
  const date: OrderColumn = { key: 'date', label: t('orders.date'), sort: 'date', cell: (o) => format.date(o.date) };
  const customer: OrderColumn = { key: 'customer', label: t('orders.customer'), sort: 'customer', cell: (o) => o.customer, cellProps: WRAP };
  const location: OrderColumn = { key: 'location', label: t('orders.location'), sort: 'location', cell: (o) => o.location, cellProps: WRAP };
  const supplier: OrderColumn = { key: 'supplier', label: t('orders.supplier'), sort: 'supplier', cell: (o) => o.supplier, cellProps: WRAP };
  const source: OrderColumn = { key: 'source', label: t('orders.source'), sort: 'source', cell: (o) => t(`orders.sources.${o.source}`) };
  const status: OrderColumn = {
    key: 'status',
    label: t('orders.status'),
    sort: 'status',
    cell: (o) => <Badge colorPalette={statusPalette(o.status)}>{t(`orders.statuses.${o.status}`)}</Badge>,
  };
  const ext: OrderColumn = {
    key: 'ext',
    label: t('orders.extStatus'),
    sort: 'ext_status',
    testId: (o) => `order-ext-${o.id}`,
    cell: (o) => <ExtStatusText order={o} />,
    cellProps: { ...WRAP, minW: '7rem' },
  };
  const lines: OrderColumn = { key: 'lines', label: t('orders.lineCount'), align: 'end', cell: (o) => format.number(o.line_count) };
  const orders = kind === 'orders';
  return [
    number,
    date,
    scope.customerID ? null : customer,
    scope.locationID ? null : location,
    supplier,
    source,
    orders ? status : null,
    orders ? ext : null,
    lines,
  ].filter((c): c is OrderColumn => c !== null);
}

/**
 * `order` and `request` of the company, customer and location contexts: orders (or waiting requests) of the last
 * days, searched (number, customer, location, supplier), filtered by status and ext status (orders), sorted by a
 * column, paged on the server; filters, sorting and page in the address, so a dashboard figure opens the list
 * filtered (`?ext=0`). Each row opens the order; a filter that finds nothing says so and offers to reset it.
 */
function OrderList({ kind }: { kind: 'orders' | 'requests' }) {
  const { t } = useTranslation();
  const scope = scopeOf(useParams());
  const query = useOrderListQuery();
  const [text, setText] = useState(query.q);
  const typed = useDebounced(text.trim());
  // the search field follows the address (back, reset), the address the field once typing pauses
  useEffect(() => setText(query.q), [query.q]);
  useEffect(() => {
    if (typed !== query.q.trim()) query.set({ q: typed });
  }, [typed]);
  const orders = kind === 'orders';
  const params = {
    ...scope,
    days: query.days,
    page: query.page,
    per_page: PER_PAGE,
    q: query.q.trim() || undefined,
    ...query.sorting,
    status: orders ? query.status : undefined,
    extstatus: orders && query.ext !== undefined ? (Number(query.ext) as ExtStatus) : undefined,
  };
  const ordersQuery = useOrdersQuery(params, { skip: !orders });
  const requestsQuery = useRequestsQuery(params, { skip: orders });
  const { data, error, isFetching } = orders ? ordersQuery : requestsQuery;
  const detail = (o: OrderDto) => pagePath(scope, orders ? `order/${o.id}` : `request/${o.id}`);
  const filtered = query.q.trim() !== '' || (orders && (query.status !== undefined || query.ext !== undefined));
  const reset = () => {
    setText('');
    query.set({ q: undefined, status: undefined, ext: undefined, days: undefined });
  };
  const items = data?.items ?? [];
  const columns = useOrderColumns({ kind, scope, detail });
  // a request's main action on its card below 760 px: confirm it (asks first), for those who decide requests
  const mayDecide = useMayDecideRequests();
  const confirming = useConfirmRequest(scope);
  const confirmButton = (o: OrderDto) => (
    <Button
      colorPalette="blue"
      size="sm"
      loading={confirming.busyWith === o.id}
      disabled={confirming.busyWith !== null}
      onClick={() => confirming.ask(o.id)}
      aria-label={t('orders.confirmRequestNamed', { id: o.id })}
      data-testid={`request-row-${o.id}-confirm`}
    >
      {t('orders.confirmRequest')}
    </Button>
  );
  return (
    <Stack gap="4">
      <OrderScopeHeader scope={scope} />
      <Stack gap="4" data-testid={orders ? 'orders-page' : 'requests-page'}>
        <Heading as="h1" size="xl">
          {t(orders ? 'orders.title' : 'orders.requestsTitle')}
        </Heading>
        <Card.Root>
          <Card.Body>
            <Stack gap="4">
              <Flex gap="3" wrap="wrap" align="center">
                <Input
                  maxW="280px"
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  placeholder={t('orders.search')}
                  aria-label={t('orders.search')}
                  data-testid="order-search"
                />
                <NativeSelect.Root maxW="170px">
                  <NativeSelect.Field aria-label={t('orders.days')} value={String(query.days)} onChange={(e) => query.set({ days: e.target.value === '30' ? undefined : e.target.value })} data-testid="order-days">
                    {DAYS.map((d) => (
                      <option key={d} value={d}>
                        {t('orders.lastDays', { count: d })}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                {orders ? (
                  <>
                    <NativeSelect.Root maxW="170px">
                      <NativeSelect.Field aria-label={t('orders.status')} value={query.status ?? ''} onChange={(e) => query.set({ status: e.target.value })} data-testid="order-status-filter">
                        <option value="">{t('orders.statusAll')}</option>
                        {STATUSES.map((s) => (
                          <option key={s} value={s}>
                            {t(`orders.statuses.${s}`)}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    <NativeSelect.Root maxW="230px">
                      <NativeSelect.Field aria-label={t('orders.extStatus')} value={query.ext ?? ''} onChange={(e) => query.set({ ext: e.target.value })} data-testid="order-extstatus">
                        <option value="">{t('orders.extAll')}</option>
                        {EXT.map((x) => (
                          <option key={x} value={x}>
                            {t(`orders.ext.${x}`)}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </>
                ) : null}
              </Flex>
              {error ? <ErrorBox error={error} /> : null}
              {data && items.length === 0 ? (
                <Stack gap="3" align="flex-start" data-testid="order-none">
                  <Text color="gray.600">{filtered ? t(orders ? 'orders.noMatch' : 'orders.noRequestsMatch') : t(orders ? 'orders.none' : 'orders.noRequests')}</Text>
                  {filtered ? (
                    <Button size="sm" variant="outline" onClick={reset} data-testid="order-reset">
                      {t('orders.resetFilters')}
                    </Button>
                  ) : null}
                </Stack>
              ) : (
                <DataTable
                  label={t(orders ? 'orders.title' : 'orders.requestsTitle')}
                  testId="order-table"
                  rows={items}
                  rowKey={(o) => o.id}
                  rowTestId={(o) => `order-row-${o.id}`}
                  busy={isFetching}
                  sorting={query.sorting}
                  onSort={(next) => query.set({ sort: next.sort, order: next.order })}
                  columns={columns}
                  mainAction={!orders && mayDecide ? confirmButton : undefined}
                />
              )}
              {data && data.total > 0 ? <Pager page={data.page} perPage={data.per_page} total={data.total} onPage={(next) => query.set({ page: next })} /> : null}
            </Stack>
          </Card.Body>
        </Card.Root>
      </Stack>
      {confirming.dialog}
    </Stack>
  );
}

export function OrdersPage() {
  return <OrderList kind="orders" />;
}

export function RequestsPage() {
  return <OrderList kind="requests" />;
}
