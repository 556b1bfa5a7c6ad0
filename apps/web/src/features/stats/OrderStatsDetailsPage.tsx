import { Button, Flex, Heading, Spinner, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { apiPath } from '../../shared/navigation/apiPath';
import { useOrderStatsDetailsQuery } from './statsApi';
import { OrderFilterBar, PagedTable, StatsHeader, useLineColumns, useOrderFilters, useStatsIds } from './StatsParts';

const PER_PAGE = 50;

/** stat/orders/details: the order lines behind the order statistics (same filters), newest first, paged on the server. */
export function OrderStatsDetailsPage() {
  const { t } = useTranslation();
  const ids = useStatsIds();
  const line = useLineColumns(ids.customerID);
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
        <PagedTable
          data={data}
          testId="order-stats-lines"
          empty={t('stats.none')}
          rowKey={(l) => `${l.order_id}-${l.pos}`}
          onPage={(p) => set({ page: p })}
          columns={[...line.head({ supplier: true }), { label: t('stats.source'), value: (l) => t(`stats.sources.${l.source}`, { defaultValue: l.source }) }, line.status]}
        />
      ) : null}
    </Stack>
  );
}
