import { Box, Button, Card, Flex, Heading, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../i18n/useFormat';
import { ErrorBox } from '../errors/ErrorBox';
import { Pager } from '../lists/ListControls';
import { apiPath } from '../navigation/apiPath';
import { useOrderStatsDetailsQuery } from './statsApi';
import { OrderFilterBar, StatsHeader, useNumber, useOrderFilters, useStatsIds } from './StatsParts';

const PER_PAGE = 50;

/** stat/orders/details: the order lines behind the order statistics (same filters), newest first, paged on the server. */
export function OrderStatsDetailsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const num = useNumber();
  const ids = useStatsIds();
  const { filters, set, page, search } = useOrderFilters();
  const { data, error, isFetching } = useOrderStatsDetailsQuery({ ...ids, body: { ...filters, page, per_page: PER_PAGE } });
  const back = `${apiPath(ids, 'stat/orders')}${search.toString() ? `?${search.toString()}` : ''}`;
  return (
    <Stack gap="5" data-testid="order-stats-details-page">
      <StatsHeader {...ids} />
      <Flex justify="space-between" align="center" wrap="wrap" gap="3">
        <Heading size="lg">{t('stats.orders.detailsTitle')}</Heading>
        <Button asChild size="sm" variant="outline">
          <Link to={back}>{t('stats.orders.backToStats')}</Link>
        </Button>
      </Flex>
      <OrderFilterBar filters={filters} set={set} from={data?.from} to={data?.to} />
      {error ? <ErrorBox error={error} /> : null}
      {!data && isFetching ? <Spinner /> : null}
      {data ? (
        <Card.Root size="sm">
          <Card.Body>
            {data.items.length === 0 ? (
              <Text color="gray.600">{t('stats.none')}</Text>
            ) : (
              <Box overflowX="auto">
                <Table.Root size="sm" data-testid="order-stats-lines">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t('stats.date')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('stats.order')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('stats.location')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('stats.supplier')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('stats.sku')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('stats.item')}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t('stats.orders.quantity')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('stats.shipping')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('stats.source')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('stats.status')}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {data.items.map((l) => (
                      <Table.Row key={`${l.order_id}-${l.pos}`}>
                        <Table.Cell>{format.date(l.date)}</Table.Cell>
                        <Table.Cell>
                          {l.order_id}/{l.pos}
                        </Table.Cell>
                        <Table.Cell>{ids.customerID ? l.location : `${l.location} (${l.customer})`}</Table.Cell>
                        <Table.Cell>{l.supplier || '–'}</Table.Cell>
                        <Table.Cell>{l.sku}</Table.Cell>
                        <Table.Cell>{l.name}</Table.Cell>
                        <Table.Cell textAlign="end">
                          {num(l.quantity)} {l.unit}
                        </Table.Cell>
                        <Table.Cell>{format.date(l.shipping)}</Table.Cell>
                        <Table.Cell>{t(`stats.sources.${l.source}`, { defaultValue: l.source })}</Table.Cell>
                        <Table.Cell>{t(`stats.statuses.${l.status}`, { defaultValue: l.status })}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Box>
            )}
          </Card.Body>
          <Card.Footer>
            <Box w="full">
              <Pager page={data.page} perPage={data.per_page} total={data.total} onPage={(p) => set({ page: p })} />
            </Box>
          </Card.Footer>
        </Card.Root>
      ) : null}
    </Stack>
  );
}
