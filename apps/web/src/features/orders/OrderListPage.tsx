import { Badge, Card, Flex, Heading, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { Pager } from '../../shared/lists/ListControls';
import { useFormat } from '../../i18n/useFormat';
import { OrderScopeHeader } from './OrderScopeHeader';
import { type ExtStatus, type OrderDto, pagePath, scopeOf, useOrdersQuery, useRequestsQuery } from './ordersApi';

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

/**
 * `order` and `request` of the company, customer and location contexts: orders (or waiting requests) of the last
 * days, filtered by ext status (orders), paged on the server, newest first; each row opens the order.
 */
function OrderList({ kind }: { kind: 'orders' | 'requests' }) {
  const { t } = useTranslation();
  const format = useFormat();
  const scope = scopeOf(useParams());
  const [days, setDays] = useState<number>(30);
  const [ext, setExt] = useState<'' | `${ExtStatus}`>('');
  const [page, setPage] = useState(1);
  const params = { ...scope, days, page, per_page: PER_PAGE, extstatus: ext === '' ? undefined : (Number(ext) as ExtStatus) };
  const orders = useOrdersQuery(params, { skip: kind !== 'orders' });
  const requests = useRequestsQuery(params, { skip: kind !== 'requests' });
  const { data, error, isFetching } = kind === 'orders' ? orders : requests;
  const detail = (o: OrderDto) => pagePath(scope, kind === 'orders' ? `order/${o.id}` : `request/${o.id}`);
  return (
    <Stack gap="4">
      <OrderScopeHeader scope={scope} />
      <Stack gap="4" data-testid={kind === 'orders' ? 'orders-page' : 'requests-page'}>
        <Heading as="h1" size="xl">
          {t(kind === 'orders' ? 'orders.title' : 'orders.requestsTitle')}
        </Heading>
        <Card.Root>
          <Card.Body>
            <Stack gap="4">
              <Flex gap="4" wrap="wrap" align="center">
                <NativeSelect.Root maxW="220px">
                  <NativeSelect.Field
                    aria-label={t('orders.days')}
                    value={String(days)}
                    onChange={(e) => {
                      setDays(Number(e.target.value));
                      setPage(1);
                    }}
                    data-testid="order-days"
                  >
                    {DAYS.map((d) => (
                      <option key={d} value={d}>
                        {t('orders.lastDays', { count: d })}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                {kind === 'orders' ? (
                  <NativeSelect.Root maxW="220px">
                    <NativeSelect.Field
                      aria-label={t('orders.extStatus')}
                      value={ext}
                      onChange={(e) => {
                        setExt(e.target.value as typeof ext);
                        setPage(1);
                      }}
                      data-testid="order-extstatus"
                    >
                      <option value="">{t('orders.extAll')}</option>
                      <option value="0">{t('orders.ext.0')}</option>
                      <option value="1">{t('orders.ext.1')}</option>
                      <option value="-1">{t('orders.ext.-1')}</option>
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                ) : null}
              </Flex>
              {error ? <ErrorBox error={error} /> : null}
              <Table.ScrollArea>
                <Table.Root size="sm" data-testid="order-table" aria-busy={isFetching}>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t('orders.number')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('orders.date')}</Table.ColumnHeader>
                      {scope.customerID ? null : <Table.ColumnHeader>{t('orders.customer')}</Table.ColumnHeader>}
                      {scope.locationID ? null : <Table.ColumnHeader>{t('orders.location')}</Table.ColumnHeader>}
                      <Table.ColumnHeader>{t('orders.supplier')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('orders.source')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('orders.status')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('orders.extStatus')}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t('orders.lineCount')}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {(data?.items ?? []).map((o) => (
                      <Table.Row key={o.id} data-testid={`order-row-${o.id}`}>
                        <Table.Cell>
                          <RouterLink to={detail(o)}>
                            <Text as="span" color="blue.700" fontWeight="medium">
                              {o.id}
                            </Text>
                          </RouterLink>
                        </Table.Cell>
                        <Table.Cell>{format.date(o.date)}</Table.Cell>
                        {scope.customerID ? null : <Table.Cell>{o.customer}</Table.Cell>}
                        {scope.locationID ? null : <Table.Cell>{o.location}</Table.Cell>}
                        <Table.Cell>{o.supplier}</Table.Cell>
                        <Table.Cell>{t(`orders.sources.${o.source}`)}</Table.Cell>
                        <Table.Cell>
                          <Badge colorPalette={statusPalette(o.status)}>{t(`orders.statuses.${o.status}`)}</Badge>
                        </Table.Cell>
                        <Table.Cell>{o.ext_status_text}</Table.Cell>
                        <Table.Cell textAlign="end">{o.line_count}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
              {data && data.items.length === 0 ? (
                <Text color="gray.600" data-testid="order-none">
                  {t(kind === 'orders' ? 'orders.none' : 'orders.noRequests')}
                </Text>
              ) : null}
              {data ? <Pager page={data.page} perPage={data.per_page} total={data.total} onPage={setPage} /> : null}
            </Stack>
          </Card.Body>
        </Card.Root>
      </Stack>
    </Stack>
  );
}

export function OrdersPage() {
  return <OrderList kind="orders" />;
}

export function RequestsPage() {
  return <OrderList kind="requests" />;
}
