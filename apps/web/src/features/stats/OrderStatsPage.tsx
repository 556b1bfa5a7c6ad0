import { Button, Flex, Heading, SimpleGrid, Spinner, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../i18n/useFormat';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { apiPath } from '../../shared/navigation/apiPath';
import { DayChart } from './DayChart';
import { useOrderStatsQuery } from './statsApi';
import { FigureTable, Figures, OrderFilterBar, StatsHeader, TitledCard, useNumber, useOrderFilters, useShortDay, useStatsIds } from './StatsParts';

/**
 * stat/orders (company and customer context): orders, lines and quantities of a period (default the last 30
 * days) per day as a chart, per source, supplier, location and line status; a location or supplier row narrows
 * the statistics to it; the details page lists the lines behind them.
 */
export function OrderStatsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const num = useNumber();
  const ids = useStatsIds();
  const { filters, set, search } = useOrderFilters();
  const { data, error, isFetching } = useOrderStatsQuery({ ...ids, body: filters });
  const shortDay = useShortDay();
  const details = `${apiPath(ids, 'stat/orders/details')}${search.toString() ? `?${search.toString()}` : ''}`;
  return (
    <Stack gap="5" data-testid="order-stats-page">
      <StatsHeader {...ids} />
      <Flex justify="space-between" align="center" wrap="wrap" gap="3">
        <Heading size="lg">{t('stats.orders.title')}</Heading>
        <Button asChild size="sm" variant="outline" data-testid="order-stats-details-link">
          <Link to={details}>{t('stats.orders.details')}</Link>
        </Button>
      </Flex>
      <OrderFilterBar filters={filters} set={set} from={data?.from} to={data?.to} />
      {error ? <ErrorBox error={error} /> : null}
      {!data && isFetching ? <Spinner /> : null}
      {data ? (
        <>
          <Figures
            items={[
              { label: t('stats.orders.orders'), value: num(data.totals.orders), testId: 'stats-total-orders' },
              { label: t('stats.orders.lines'), value: num(data.totals.lines), testId: 'stats-total-lines' },
              { label: t('stats.orders.quantity'), value: num(data.totals.quantity) },
              { label: t('stats.orders.period'), value: `${format.date(data.from)} – ${format.date(data.to)}` },
            ]}
          />
          <TitledCard title={t('stats.orders.perDay')}>
            <DayChart
              data={data.per_day.map((d) => ({ day: d.day, value: d.orders, line: d.lines }))}
              label={t('stats.orders.chartLabel', { from: format.date(data.from), to: format.date(data.to) })}
              barName={t('stats.orders.orders')}
              lineName={t('stats.orders.lines')}
              formatDay={shortDay}
            />
          </TitledCard>
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
            <FigureTable
              title={t('stats.orders.perSupplier')}
              testId="stats-per-supplier"
              rows={data.per_supplier}
              rowKey={(r) => r.supplier_id ?? 0}
              empty={t('stats.none')}
              onRow={(r) => r.supplier_id && set({ supplier_id: r.supplier_id })}
              columns={[
                { label: t('stats.supplier'), value: (r) => r.supplier || '–' },
                { label: t('stats.orders.orders'), value: (r) => num(r.orders), numeric: true },
                { label: t('stats.orders.lines'), value: (r) => num(r.lines), numeric: true },
                { label: t('stats.orders.quantity'), value: (r) => num(r.quantity), numeric: true },
              ]}
            />
            <FigureTable
              title={t('stats.orders.perLocation')}
              testId="stats-per-location"
              rows={data.per_location}
              rowKey={(r) => r.location_id}
              empty={t('stats.none')}
              onRow={(r) => set({ location_id: r.location_id })}
              columns={[
                { label: t('stats.location'), value: (r) => (ids.customerID ? r.location : `${r.location} (${r.customer})`) },
                { label: t('stats.orders.orders'), value: (r) => num(r.orders), numeric: true },
                { label: t('stats.orders.lines'), value: (r) => num(r.lines), numeric: true },
                { label: t('stats.orders.quantity'), value: (r) => num(r.quantity), numeric: true },
              ]}
            />
            <FigureTable
              title={t('stats.orders.perSource')}
              rows={data.per_source}
              rowKey={(r) => r.source}
              empty={t('stats.none')}
              onRow={(r) => set({ source: r.source })}
              columns={[
                { label: t('stats.source'), value: (r) => t(`stats.sources.${r.source}`, { defaultValue: r.source }) },
                { label: t('stats.orders.orders'), value: (r) => num(r.orders), numeric: true },
                { label: t('stats.orders.lines'), value: (r) => num(r.lines), numeric: true },
                { label: t('stats.orders.quantity'), value: (r) => num(r.quantity), numeric: true },
              ]}
            />
            <FigureTable
              title={t('stats.orders.perStatus')}
              rows={data.per_status}
              rowKey={(r) => r.status}
              empty={t('stats.none')}
              columns={[
                { label: t('stats.status'), value: (r) => t(`stats.statuses.${r.status}`, { defaultValue: r.status }) },
                { label: t('stats.orders.lines'), value: (r) => num(r.lines), numeric: true },
                { label: t('stats.orders.quantity'), value: (r) => num(r.quantity), numeric: true },
              ]}
            />
          </SimpleGrid>
        </>
      ) : null}
    </Stack>
  );
}
