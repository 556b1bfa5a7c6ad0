import { Badge, Box, Button, ButtonGroup, Card, Flex, Heading, SimpleGrid, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { SERVICE_PERIODS, type ServiceFigures, type ServicePeriod } from '@kanban/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useFormat } from '../../i18n/useFormat';
import { ErrorBox } from '../errors/ErrorBox';
import { Pager } from '../lists/ListControls';
import { apiPath } from '../navigation/apiPath';
import { useServiceDetailsQuery, useServiceReportQuery } from './statsApi';
import { FigureTable, Figures, StatsHeader, useNumber, usePercent, useStatsIds } from './StatsParts';

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

/** customer analysis/service: service level (delivered of due lines), on-time deliveries and late lines per location and item. */
export function ServiceAnalysisPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const num = useNumber();
  const percent = usePercent();
  const ids = useStatsIds();
  const { period, locationID, set, search } = useServiceFilters();
  const { data, error, isFetching } = useServiceReportQuery({ ...ids, body: { period, ...(locationID ? { location_id: locationID } : {}) } });
  const columns = <T extends ServiceFigures>() => [
    { label: t('stats.orders.lines'), value: (r: T) => num(r.lines), numeric: true },
    { label: t('stats.service.due'), value: (r: T) => num(r.due), numeric: true },
    { label: t('stats.service.delivered'), value: (r: T) => num(r.delivered), numeric: true },
    { label: t('stats.service.late'), value: (r: T) => (r.late ? <Badge colorPalette="red">{num(r.late)}</Badge> : '0'), numeric: true },
    { label: t('stats.service.level'), value: (r: T) => percent(r.service_level), numeric: true },
    { label: t('stats.service.onTime'), value: (r: T) => percent(r.on_time_rate), numeric: true },
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
            items={[
              { label: t('stats.service.level'), value: percent(data.totals.service_level), testId: 'service-level' },
              { label: t('stats.service.onTime'), value: percent(data.totals.on_time_rate) },
              { label: t('stats.orders.lines'), value: num(data.totals.lines), testId: 'service-lines' },
              { label: t('stats.service.late'), value: num(data.totals.late) },
            ]}
          />
          <Text fontSize="xs" color="gray.600">
            {t('stats.service.hint')}
          </Text>
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

/** customer analysis/service/details: the lines of the analysis, late ones first, paged on the server. */
export function ServiceDetailsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const num = useNumber();
  const ids = useStatsIds();
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
        <Card.Root size="sm">
          <Card.Body>
            {data.items.length === 0 ? (
              <Text color="gray.600">{t('stats.none')}</Text>
            ) : (
              <Box overflowX="auto">
                <Table.Root size="sm" data-testid="service-lines-table">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t('stats.date')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('stats.order')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('stats.location')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('stats.item')}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t('stats.orders.quantity')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('stats.shipping')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('stats.service.delivered')}</Table.ColumnHeader>
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
                        <Table.Cell>{l.location}</Table.Cell>
                        <Table.Cell>
                          {l.sku} {l.name}
                        </Table.Cell>
                        <Table.Cell textAlign="end">
                          {num(l.quantity)} {l.unit}
                        </Table.Cell>
                        <Table.Cell>{format.date(l.shipping)}</Table.Cell>
                        <Table.Cell>{l.delivered_at ? format.date(l.delivered_at) : '–'}</Table.Cell>
                        <Table.Cell>
                          {t(`stats.statuses.${l.status}`, { defaultValue: l.status })}
                          {l.late ? (
                            <Badge ml="2" colorPalette="red">
                              {t('stats.service.lateBadge')}
                            </Badge>
                          ) : null}
                          {l.on_time === true ? (
                            <Badge ml="2" colorPalette="green">
                              {t('stats.service.onTimeBadge')}
                            </Badge>
                          ) : null}
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Box>
            )}
          </Card.Body>
          <Card.Footer>
            <Box w="full">
              <Pager page={data.page} perPage={data.per_page} total={data.total} onPage={(p) => set({ page: String(p) })} />
            </Box>
          </Card.Footer>
        </Card.Root>
      ) : null}
    </Stack>
  );
}
