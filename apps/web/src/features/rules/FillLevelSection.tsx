import { Button, Flex, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { FILL_PERIODS, type FillHistoryDto, type FillPeriod } from '@kanban/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { unitName } from '../../i18n/unitName';
import { useFormat } from '../../i18n/useFormat';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { FillLevelChart } from './FillLevelChart';
import { hasHistory, stockSteps } from './fillChart';
import { useRuleFillQuery } from './rulesApi';

/**
 * "Fill level": a rule's (its bin's) fill-level chart with the period to show (24 hours, 7, 30 or 90 days), used in the
 * rule's history dialog and on the rack plan (docs/storages.md "Fill level"). Says so when nothing happened in the
 * period, when stock is hidden from the reader (show_stock_in_app) and when the bin's sensor is not calibrated.
 */
export function FillLevelSection({
  companyID,
  ruleID,
  customerID,
  locationID,
  sku,
  onNavigate,
}: {
  companyID: number;
  ruleID: number;
  customerID: number;
  locationID: number;
  sku: string;
  /** before the order opens (a dialog closes itself) */
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<FillPeriod>('7d');
  const fill = useRuleFillQuery({ companyID, ruleID, period });
  const navigate = useNavigate();
  const openOrder = (orderID: number) => {
    onNavigate?.();
    void navigate(`/c/${companyID}/customer/${customerID}/location/${locationID}/order/${orderID}`);
  };
  return (
    <Stack gap="2" data-testid="fill-level" aria-busy={fill.isFetching}>
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <Heading as="h3" size="sm">
          {t('fillLevel.title')}
        </Heading>
        <Flex gap="1" role="group" aria-label={t('fillLevel.period')} wrap="wrap">
          {FILL_PERIODS.map((p) => (
            <Button key={p} type="button" size="xs" variant={p === period ? 'solid' : 'outline'} aria-pressed={p === period} onClick={() => setPeriod(p)} data-testid={`fill-period-${p}`}>
              {t(`fillLevel.periods.${p}`)}
            </Button>
          ))}
        </Flex>
      </Flex>
      {fill.error ? <ErrorBox error={fill.error} /> : null}
      {fill.currentData ? <FillBody fill={fill.currentData} period={period} sku={sku} onOpenOrder={openOrder} /> : fill.error ? null : <Spinner size="sm" alignSelf="center" my="8" />}
    </Stack>
  );
}

function FillBody({ fill, period, sku, onOpenOrder }: { fill: FillHistoryDto; period: FillPeriod; sku: string; onOpenOrder: (orderID: number) => void }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const unit = (count: number) => unitName(fill.item_unit, t, (key) => i18n.exists(key), undefined, count);
  const amount = (value: number) => `${format.number(value)} ${unit(value)}`.trim();
  const notes: string[] = [];
  if (fill.stock_hidden) notes.push(t('orderingFlags.stockHidden'));
  if (fill.readings && fill.readings.unit !== 'pieces') notes.push(t('fillLevel.notCalibrated', { unit: fill.readings.unit }));
  else if (!fill.readings && fill.bin && !fill.bin.sensor && !fill.stock_hidden) notes.push(t('fillLevel.noSensor', { label: fill.bin.label }));
  if (!hasHistory(fill)) {
    return (
      <Stack gap="1" data-testid="fill-empty">
        <Text color="fg.muted">{t('fillLevel.empty', { period: t(`fillLevel.periodNames.${period}`) })}</Text>
        {fill.stock !== null ? <Text fontSize="sm">{t('fillLevel.stockNow', { stock: amount(fill.stock), threshold: amount(fill.threshold), capacity: amount(fill.capacity) })}</Text> : null}
        {notes.map((note) => (
          <Text key={note} fontSize="xs" color="fg.muted">
            {note}
          </Text>
        ))}
      </Stack>
    );
  }
  const values = [...stockSteps(fill).map((s) => s.v), ...(fill.readings?.unit === 'pieces' ? fill.readings.points.flatMap((p) => [p.min, p.max]) : [])];
  const summary = [
    t('fillLevel.summary', { sku, period: t(`fillLevel.periodNames.${period}`) }),
    fill.stock !== null && values.length > 0
      ? t('fillLevel.summaryStock', { stock: amount(fill.stock), min: format.number(Math.min(...values)), max: format.number(Math.max(...values)) })
      : null,
    t('fillLevel.summaryLevels', { threshold: format.number(fill.threshold), capacity: format.number(fill.capacity) }),
    t('fillLevel.summaryOrders', { count: fill.orders.length }),
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Stack gap="1">
      <FillLevelChart fill={fill} summary={summary} unit={unit} onOpenOrder={onOpenOrder} />
      {fill.bin ? (
        <Text fontSize="xs" color="fg.muted" data-testid="fill-bin">
          {t('fillLevel.bin', { label: fill.bin.label, rack: fill.bin.storage_name })}
          {fill.bin.sensor ? ` · ${t('fillLevel.sensor', { name: fill.bin.sensor.name })}` : ''}
          {fill.readings ? ` · ${t(`fillLevel.resolutions.${fill.readings.resolution}`)}` : ''}
        </Text>
      ) : null}
      {notes.map((note) => (
        <Text key={note} fontSize="xs" color="fg.muted" data-testid="fill-note">
          {note}
        </Text>
      ))}
    </Stack>
  );
}
