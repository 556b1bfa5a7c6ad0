import { Badge, Card, Field, Flex, Heading, NativeSelect, Spinner, Stack, Text, Wrap } from '@chakra-ui/react';
import { DECISION_REASONS } from '@kanban/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFormat } from '../../i18n/useFormat';
import { useUnitName } from '../settings';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { useRulesCheckQuery } from './statsApi';
import { PagedTable, StatsHeader, useNumber, useStatsIds } from './StatsParts';

const PER_PAGE = 50;
const PERIODS = [7, 30, 90, 365] as const;

const REASON_COLORS: Record<string, string> = {
  ordered: 'green',
  above_threshold: 'gray',
  already_on_order: 'blue',
  nothing_to_order: 'gray',
  outside_schedule: 'purple',
};

/**
 * stat/rules (company): every rule with its stock against threshold and capacity, what is on order, the last
 * decision of a run (why it ordered or not) and the decisions of the period by reason; `?locations=&items=`
 * narrow it (links from other pages), the period and page are server-side.
 */
export function RuleStatsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const num = useNumber();
  const units = useUnitName();
  const { companyID } = useStatsIds();
  const [search, setSearch] = useSearchParams();
  const list = (name: string) =>
    (search.get(name) ?? '')
      .split(',')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0);
  const days = Number(search.get('days')) || 30;
  const page = Number(search.get('page')) || 1;
  const { data, error, isFetching } = useRulesCheckQuery({ companyID, locations: list('locations'), items: list('items'), days, page, per_page: PER_PAGE });
  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) next.set(k, v);
    setSearch(next, { replace: true });
  };
  const reasonText = (reason: string) => t(`rules.reasons.${reason}`, { defaultValue: reason });
  return (
    <Stack gap="5" data-testid="rule-stats-page">
      <StatsHeader companyID={companyID} customerID={0} />
      <Flex justify="space-between" align="end" wrap="wrap" gap="3">
        <Heading size="lg">{t('stats.rules.title')}</Heading>
        <Field.Root w="auto">
          <Field.Label>{t('stats.orders.period')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={String(days)} onChange={(e) => update({ days: e.target.value, page: '1' })} data-testid="rule-stats-days">
              {PERIODS.map((d) => (
                <option key={d} value={d}>
                  {t('stats.rules.days', { count: d })}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Flex>
      {error ? <ErrorBox error={error} /> : null}
      {!data && isFetching ? <Spinner /> : null}
      {data ? (
        <>
          <Card.Root size="sm">
            <Card.Header>
              <Heading size="sm">{t('stats.rules.reasonsTitle', { count: data.days })}</Heading>
            </Card.Header>
            <Card.Body>
              <Wrap gap="2" data-testid="rule-stats-reasons">
                {DECISION_REASONS.filter((r) => data.reasons[r] || data.last_reasons[r]).map((r) => (
                  <Badge key={r} colorPalette={REASON_COLORS[r] ?? 'orange'} size="lg">
                    {reasonText(r)}: {data.reasons[r] ?? 0} · {t('stats.rules.now')} {data.last_reasons[r] ?? 0}
                  </Badge>
                ))}
                {Object.keys(data.reasons).length + Object.keys(data.last_reasons).length === 0 ? <Text color="gray.600">{t('stats.none')}</Text> : null}
              </Wrap>
            </Card.Body>
          </Card.Root>
          <PagedTable
            data={data}
            testId="rule-stats-table"
            empty={t('stats.none')}
            rowKey={(r) => r.rule_id}
            rowProps={(r) => ({ opacity: r.active ? 1 : 0.6 })}
            onPage={(p) => update({ page: String(p) })}
            columns={[
              {
                label: t('stats.location'),
                value: (r) => (
                  <>
                    {r.location}
                    <Text fontSize="xs" color="gray.600">
                      {r.customer}
                    </Text>
                  </>
                ),
              },
              { label: t('stats.sku'), value: (r) => r.sku },
              {
                label: t('stats.item'),
                value: (r) => (
                  <>
                    {r.name}
                    {r.active ? null : (
                      <Badge ml="2" size="sm">
                        {t('stats.rules.inactive')}
                      </Badge>
                    )}
                  </>
                ),
              },
              {
                label: t('stats.rules.stock'),
                // null: the customer's show_stock_in_app hides stock from customer users (docs/ordering-flags.md)
                value: (r) => (r.stock === null ? '–' : `${num(r.stock)} ${units.name(r.item_unit, r.stock)}`),
                numeric: true,
                cell: (r) => (r.below_threshold ? { color: 'red.600', fontWeight: 'semibold' } : {}),
              },
              { label: t('stats.rules.threshold'), value: (r) => num(r.threshold), numeric: true },
              { label: t('stats.rules.capacity'), value: (r) => num(r.capacity), numeric: true },
              { label: t('stats.rules.onOrder'), value: (r) => num(r.on_order), numeric: true },
              {
                label: t('stats.rules.lastDecision'),
                value: (r) =>
                  r.last_decision ? (
                    <>
                      <Badge colorPalette={REASON_COLORS[r.last_decision.reason] ?? 'orange'}>{reasonText(r.last_decision.reason)}</Badge>
                      <Text fontSize="xs" color="gray.600">
                        {format.dateTime(r.last_decision.decided_at)}
                        {r.last_decision.quantity ? ` · ${t('stats.rules.quantity', { quantity: num(r.last_decision.quantity) })}` : ''}
                      </Text>
                    </>
                  ) : (
                    '–'
                  ),
              },
              {
                label: t('stats.rules.decisions'),
                value: (r) =>
                  Object.entries(r.reasons)
                    .map(([reason, n]) => `${reasonText(reason)} ${n}`)
                    .join(', ') || '–',
                cell: () => ({ fontSize: 'xs' }),
              },
              {
                label: t('stats.rules.ordered'),
                value: (r) => (
                  <>
                    {num(r.ordered_lines)}
                    {r.last_ordered_at ? (
                      <Text fontSize="xs" color="gray.600">
                        {format.date(r.last_ordered_at)}
                      </Text>
                    ) : null}
                  </>
                ),
                numeric: true,
              },
            ]}
          />
        </>
      ) : null}
    </Stack>
  );
}
