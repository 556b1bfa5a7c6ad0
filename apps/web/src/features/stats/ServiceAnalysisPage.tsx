import { Badge, Button, Flex, Heading, Spinner, Stack } from '@chakra-ui/react';
import type { ServiceLineDto } from '@kanban/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../i18n/useFormat';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { apiPath } from '../../shared/navigation/apiPath';
import { PeriodButtons, useServiceFilters } from './ServiceFilters';
import { ServiceSections } from './ServiceSections';
import { useServiceDetailsQuery, useServiceReportQuery } from './statsApi';
import { PagedTable, StatsHeader, useLineColumns, useStatsIds } from './StatsParts';

const PER_PAGE = 50;

/**
 * customer analysis/service: service level (delivered of due lines), on-time deliveries (rate, average delay of the
 * late ones) per week as a chart, and overdue lines, per location, supplier and item.
 */
export function ServiceAnalysisPage() {
  const { t } = useTranslation();
  const ids = useStatsIds();
  const { period, locationID, set, search } = useServiceFilters();
  const { data, error, isFetching } = useServiceReportQuery({ ...ids, body: { period, ...(locationID ? { location_id: locationID } : {}) } });
  return (
    <Stack gap="5" data-testid="service-analysis-page">
      <StatsHeader {...ids} />
      <Flex justify="space-between" align="center" wrap="wrap" gap="3">
        <Heading size="lg">{t('stats.service.title')}</Heading>
        <Flex gap="2" wrap="wrap">
          <PeriodButtons period={period} onChange={(p) => set({ period: p })} />
          <Button asChild size="sm" variant="outline">
            <Link to={`${apiPath(ids, 'analysis/service/details')}?${search.toString()}`}>{t('stats.orders.lines')}</Link>
          </Button>
        </Flex>
      </Flex>
      {locationID ? (
        <Button size="sm" variant="outline" alignSelf="start" onClick={() => set({ location_id: undefined })}>
          {t('stats.clearFilters')}
        </Button>
      ) : null}
      {error ? <ErrorBox error={error} /> : null}
      {!data && isFetching ? <Spinner /> : null}
      {data ? <ServiceSections data={data} onLocation={(location) => set({ location_id: String(location) })} /> : null}
    </Stack>
  );
}

/** customer analysis/service/details: the lines of the analysis, overdue ones first, paged on the server. */
export function ServiceDetailsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const ids = useStatsIds();
  const line = useLineColumns(ids.customerID);
  const { period, locationID, page, set, search } = useServiceFilters();
  const { data, error, isFetching } = useServiceDetailsQuery({ ...ids, body: { period, page, per_page: PER_PAGE, ...(locationID ? { location_id: locationID } : {}) } });
  return (
    <Stack gap="5" data-testid="service-details-page">
      <StatsHeader {...ids} />
      <Flex justify="space-between" align="center" wrap="wrap" gap="3">
        <Heading size="lg">{t('stats.service.detailsTitle')}</Heading>
        <Flex gap="2" wrap="wrap">
          <PeriodButtons period={period} onChange={(p) => set({ period: p })} />
          <Button asChild size="sm" variant="outline">
            <Link to={`${apiPath(ids, 'analysis/service')}?${search.toString()}`}>{t('stats.service.back')}</Link>
          </Button>
        </Flex>
      </Flex>
      {error ? <ErrorBox error={error} /> : null}
      {!data && isFetching ? <Spinner /> : null}
      {data ? (
        <PagedTable
          data={data}
          testId="service-lines-table"
          empty={t('stats.none')}
          rowKey={(l) => `${l.order_id}-${l.pos}`}
          onPage={(p) => set({ page: String(p) })}
          columns={[
            ...line.head(),
            { label: t('stats.service.delivered'), value: (l: ServiceLineDto) => (l.delivered_at ? format.date(l.delivered_at) : '–'), nowrap: true },
            { ...line.status, value: (l: ServiceLineDto) => <ServiceMarks line={l} status={line.status.value(l)} /> },
          ]}
        />
      ) : null}
    </Stack>
  );
}

/** A line's status with its marks: overdue, on time, or delivered N days late. */
function ServiceMarks({ line, status }: { line: ServiceLineDto; status: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      {status}
      {line.late ? (
        <Badge ml="2" colorPalette="red">
          {t('stats.service.lateBadge')}
        </Badge>
      ) : null}
      {line.on_time === true ? (
        <Badge ml="2" colorPalette="green">
          {t('stats.service.onTimeBadge')}
        </Badge>
      ) : null}
      {line.on_time === false && line.delay_days !== null ? (
        <Badge ml="2" colorPalette="orange" data-testid="service-line-delay">
          {t('stats.service.lateBy', { count: line.delay_days })}
        </Badge>
      ) : null}
    </>
  );
}
