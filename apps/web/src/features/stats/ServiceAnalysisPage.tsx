import { Badge, Button, ButtonGroup, Flex, Heading, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { SERVICE_PERIODS, type ServiceFigures, type ServiceLineDto, type ServicePeriod } from '@kanban/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useFormat } from '../../i18n/useFormat';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { apiPath } from '../../shared/navigation/apiPath';
import { DayChart } from './DayChart';
import { useServiceDetailsQuery, useServiceReportQuery } from './statsApi';
import { FigureTable, Figures, PagedTable, StatsHeader, TitledCard, useLineColumns, useNumber, usePercent, useShortDay, useStatsIds } from './StatsParts';

const PER_PAGE = 50;

/** The period (3, 6, 12 months, last year) and an optional location, kept in the address. */
function useServiceFilters() {
  const [search, setSearch] = useSearchParams();
  const raw = search.get('period');
  const period: ServicePeriod = SERVICE_PERIODS.includes(raw as ServicePeriod) ? (raw as ServicePeriod) : '3m';
  const location = Number(search.get('location_id'));
  const locationID = Number.isInteger(location) && location > 0 ? location : undefined;
  const page = Number(search.get('page')) || 1;
  const set = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) (v === undefined ? next.delete(k) : next.set(k, v));
    if (!('page' in changes)) next.delete('page');
    setSearch(next, { replace: true });
  };
  return { period, locationID, page, set, search };
}

function PeriodButtons({ period, onChange }: { period: ServicePeriod; onChange: (p: ServicePeriod) => void }) {
  const { t } = useTranslation();
  return (
    <ButtonGroup size="sm" variant="outline" attached data-testid="service-periods">
      {SERVICE_PERIODS.map((p) => (
        <Button key={p} variant={p === period ? 'solid' : 'outline'} onClick={() => onChange(p)} aria-pressed={p === period}>
          {t(`stats.service.periods.${p}`)}
        </Button>
      ))}
    </ButtonGroup>
  );
}

/** The average delay of late deliveries, "2.5 days" (– without late deliveries). */
function useDelay() {
  const { t } = useTranslation();
  const num = useNumber();
  return (days: number | null | undefined) => (days === null || days === undefined ? '–' : t('stats.service.delayDays', { count: days, value: num(days, 1) }));
}

/**
 * customer analysis/service: service level (delivered of due lines), on-time deliveries (rate, average delay of the
 * late ones) per week as a chart, and overdue lines, per location, supplier and item.
 */
export function ServiceAnalysisPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const num = useNumber();
  const percent = usePercent();
  const delay = useDelay();
  const ids = useStatsIds();
  const { period, locationID, set, search } = useServiceFilters();
  const { data, error, isFetching } = useServiceReportQuery({ ...ids, body: { period, ...(locationID ? { location_id: locationID } : {}) } });
  const shortDay = useShortDay();
  const columns = <T extends ServiceFigures>() => [
    { label: t('stats.orders.lines'), value: (r: T) => num(r.lines), numeric: true },
    { label: t('stats.service.due'), value: (r: T) => num(r.due), numeric: true },
    { label: t('stats.service.delivered'), value: (r: T) => num(r.delivered), numeric: true },
    { label: t('stats.service.late'), value: (r: T) => (r.late ? <Badge colorPalette="red">{num(r.late)}</Badge> : '0'), numeric: true },
    { label: t('stats.service.level'), value: (r: T) => percent(r.service_level), numeric: true },
    { label: t('stats.service.onTime'), value: (r: T) => percent(r.on_time_rate), numeric: true },
    { label: t('stats.service.avgDelay'), value: (r: T) => delay(r.avg_delay_days), numeric: true },
  ];
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
      {data ? (
        <>
          <Text color="gray.600">{t('stats.service.range', { from: format.date(data.from), to: format.date(data.to) })}</Text>
          <Figures
            columns={3}
            items={[
              { label: t('stats.service.level'), value: percent(data.totals.service_level), testId: 'service-level' },
              { label: t('stats.service.onTime'), value: percent(data.totals.on_time_rate), testId: 'service-on-time' },
              { label: t('stats.service.avgDelay'), value: delay(data.totals.avg_delay_days), testId: 'service-avg-delay' },
              { label: t('stats.orders.lines'), value: num(data.totals.lines), testId: 'service-lines' },
              { label: t('stats.service.deliveredLate'), value: num(data.totals.delivered_late) },
              { label: t('stats.service.late'), value: num(data.totals.late) },
            ]}
          />
          <Text fontSize="xs" color="gray.600">
            {t('stats.service.hint')}
          </Text>
          <TitledCard title={t('stats.service.perWeek')}>
            <DayChart
              testId="service-week-chart"
              data={data.per_week.map((w) => ({ day: w.week, value: w.delivered_dated, line: w.on_time_rate }))}
              label={t('stats.service.chartLabel', { from: format.date(data.from), to: format.date(data.to) })}
              barName={t('stats.service.deliveries')}
              lineName={t('stats.service.onTime')}
              lineShare={(share) => percent(share)}
              formatDay={shortDay}
            />
          </TitledCard>
          <SimpleGrid columns={1} gap="4">
            <FigureTable
              title={t('stats.service.perLocation')}
              testId="service-per-location"
              rows={data.per_location}
              rowKey={(r) => r.location_id}
              empty={t('stats.none')}
              onRow={(r) => set({ location_id: String(r.location_id) })}
              columns={[{ label: t('stats.location'), value: (r: (typeof data.per_location)[number]) => r.location }, ...columns<(typeof data.per_location)[number]>()]}
            />
            <FigureTable
              title={t('stats.service.perSupplier')}
              testId="service-per-supplier"
              rows={data.per_supplier}
              rowKey={(r) => r.supplier_id ?? 0}
              empty={t('stats.none')}
              columns={[{ label: t('stats.supplier'), value: (r: (typeof data.per_supplier)[number]) => r.supplier || '–' }, ...columns<(typeof data.per_supplier)[number]>()]}
            />
            <FigureTable
              title={t('stats.service.perItem')}
              rows={data.per_item}
              rowKey={(r) => r.item_id}
              empty={t('stats.none')}
              columns={[{ label: t('stats.item'), value: (r: (typeof data.per_item)[number]) => `${r.sku} ${r.name}` }, ...columns<(typeof data.per_item)[number]>()]}
            />
          </SimpleGrid>
        </>
      ) : null}
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
