import { Badge, SimpleGrid, Text } from '@chakra-ui/react';
import type { ServiceFigures, ServiceReportDto } from '@kanban/contracts';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/useFormat';
import { DayChart } from './DayChart';
import { FigureTable, Figures, TitledCard, useNumber, usePercent, useShortDay } from './StatsParts';

/** The average delay of late deliveries, "2.5 days" (– without late deliveries). */
function useDelay() {
  const { t } = useTranslation();
  const num = useNumber();
  return (days: number | null | undefined) => (days === null || days === undefined ? '–' : t('stats.service.delayDays', { count: days, value: num(days, 1) }));
}

/**
 * The sections of a service analysis: its range, the key figures, deliveries and on-time rate per week as a chart, and
 * the figures per location (a row filters by it), supplier and item.
 */
export function ServiceSections({ data, onLocation }: { data: ServiceReportDto; onLocation: (locationID: number) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const num = useNumber();
  const percent = usePercent();
  const delay = useDelay();
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
          onRow={(r) => onLocation(r.location_id)}
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
  );
}
