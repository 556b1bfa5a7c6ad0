import { Badge, Card, Heading, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { AccessGroup, hasRole } from '@kanban/access';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useFormat } from '../../i18n/useFormat';
import { useJournalQuery } from '../journal';
import { useOrderQueueQuery } from '../orderqueue';
import { type OrderScope, pagePath, statusPalette, useOrdersQuery, useRequestsQuery } from '../orders';
import { DataTable } from '../../shared/lists/DataTable';
import { useViewer } from '../../shared/session/useViewer';
import { useSupplierServiceReportQuery } from '../stats';
import { SupplyStatusBadge, useSuppliesQuery } from '../supplies';

const RECENT = 5;

/** An order of the recent orders table. */
type Order = NonNullable<ReturnType<typeof useOrdersQuery>['data']>['items'][number];
const DAYS = 30;

/** One figure of a dashboard, linking to the page that lists what it counts. */
function Figure({ label, value, to, testId, hint }: { label: string; value: ReactNode; to: string; testId: string; hint?: string }) {
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Stat.Root>
          <Stat.Label>
            <RouterLink to={to}>
              <Text as="span" color="blue.700">
                {label}
              </Text>
            </RouterLink>
          </Stat.Label>
          <Stat.ValueText fontSize="2xl" data-testid={testId}>
            {value ?? '…'}
          </Stat.ValueText>
        </Stat.Root>
        {hint ? (
          <Text fontSize="xs" color="gray.600">
            {hint}
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

function Recent({ title, empty, testId, children, count }: { title: string; empty: string; testId: string; children: ReactNode; count: number }) {
  return (
    <Card.Root size="sm" data-testid={testId}>
      <Card.Header>
        <Heading size="sm">{title}</Heading>
      </Card.Header>
      <Card.Body>{count === 0 ? <Text color="gray.600">{empty}</Text> : children}</Card.Body>
    </Card.Root>
  );
}

/**
 * The replenishment part of the company, customer and location dashboards (issue 5, item 11): orders of the
 * last 30 days, those not yet confirmed by the supplier (ext. status KA), requests waiting for approval, the
 * journal's unacknowledged entries (company, staff), order queue entries in error (company and customer) and the
 * latest orders. Each figure links to its list.
 * Shown to the roles that may read orders (customer group); others see nothing of it.
 */
export function ReplenishmentOverview({ scope }: { scope: OrderScope }) {
  const { t } = useTranslation();
  const format = useFormat();
  const viewer = useViewer();
  const reads = hasRole(viewer.role, AccessGroup.customer);
  const staff = hasRole(viewer.role, AccessGroup.user);
  const company = scope.customerID === undefined;
  const recent = useOrdersQuery({ ...scope, days: DAYS, page: 1, per_page: RECENT }, { skip: !reads });
  const pending = useOrdersQuery({ ...scope, days: DAYS, extstatus: 0, page: 1, per_page: 1 }, { skip: !reads });
  const requests = useRequestsQuery({ ...scope, days: 365, page: 1, per_page: 1 }, { skip: !reads });
  const journal = useJournalQuery({ companyID: scope.companyID, view: 'open', page: 1, per_page: 1 }, { skip: !reads || !staff || !company });
  // Orders that could not be transmitted: the company's, or the customer's (not on location dashboards).
  const queueScope = scope.locationID === undefined;
  const queueErrors = useOrderQueueQuery(
    { companyID: scope.companyID, customerID: scope.customerID, all: false, state: 'error', sort: 'created_at', order: 'desc', page: 1, per_page: 1 },
    { skip: !reads || !queueScope },
  );
  const queuePage = `/c/${scope.companyID}/orderqueue?state=error${scope.customerID ? `&customer=${scope.customerID}` : ''}`;
  if (!reads) return null;
  const orders = recent.data?.items ?? [];
  return (
    <Stack gap="4" data-testid="replenishment-overview">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 + (queueScope ? 1 : 0) + (staff && company ? 1 : 0) }} gap="4">
        <Figure label={t('overview.orders')} hint={t('overview.lastDays', { count: DAYS })} value={recent.data?.total} to={pagePath(scope, 'order')} testId="overview-orders" />
        <Figure label={t('overview.pending')} hint={t('overview.pendingHint')} value={pending.data?.total} to={`${pagePath(scope, 'order')}?ext=0`} testId="overview-pending" />
        <Figure label={t('overview.requests')} value={requests.data?.total} to={`${pagePath({ companyID: scope.companyID, customerID: scope.customerID }, 'request')}?days=365`} testId="overview-requests" />
        {queueScope ? (
          <Figure label={t('overview.queueErrors')} hint={t('overview.queueErrorsHint')} value={queueErrors.data?.total} to={queuePage} testId="overview-queue-errors" />
        ) : null}
        {staff && company ? (
          <Figure label={t('overview.journal')} value={journal.data?.total} to={`/c/${scope.companyID}/journal`} testId="overview-journal" />
        ) : null}
      </SimpleGrid>
      <Recent title={t('overview.recentOrders')} empty={t('overview.noOrders')} testId="overview-recent-orders" count={orders.length}>
        <DataTable
          label={t('overview.recentOrders')}
          rows={orders}
          rowKey={(o) => o.id}
          columns={[
            {
              key: 'id',
              label: t('orders.number'),
              cell: (o) => (
                <RouterLink to={pagePath({ companyID: scope.companyID, customerID: o.customer_id, locationID: o.location_id }, `order/${o.id}`)}>
                  <Text as="span" color="blue.700" fontWeight="medium">
                    {o.id}
                  </Text>
                </RouterLink>
              ),
            },
            { key: 'date', label: t('orders.date'), cell: (o) => format.date(o.date) },
            ...(scope.locationID ? [] : [{ key: 'location', label: t('orders.location'), cell: (o: Order) => (scope.customerID ? o.location : `${o.customer} · ${o.location}`) }]),
            { key: 'supplier', label: t('orders.supplier'), cell: (o) => o.supplier },
            { key: 'status', label: t('orders.status'), cell: (o) => <Badge colorPalette={statusPalette(o.status)}>{t(`orders.statuses.${o.status}`)}</Badge> },
            { key: 'lines', label: t('orders.lineCount'), align: 'end', cell: (o) => format.number(o.line_count) },
          ]}
        />
      </Recent>
    </Stack>
  );
}

/**
 * The supplier dashboard's part: supplies not yet delivered, delivered in the last 30 days, the share of lines
 * delivered on time over the last 3 months (the supplier's service analysis, docs/statistics.md) with the average
 * delay of the late ones, and the latest open supplies.
 */
export function SupplyOverview({ companyID, supplierID }: { companyID: number; supplierID: number }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const viewer = useViewer();
  const reads = hasRole(viewer.role, AccessGroup.supplier);
  const open = useSuppliesQuery({ companyID, supplierID, state: 'open', sort: 'created_at', order: 'desc', page: 1, per_page: RECENT }, { skip: !reads });
  const delivered = useSuppliesQuery({ companyID, supplierID, state: 'delivered', days: DAYS, page: 1, per_page: 1 }, { skip: !reads });
  const service = useSupplierServiceReportQuery({ companyID, supplierID, body: { period: '3m' } }, { skip: !reads });
  if (!reads) return null;
  const base = `/c/${companyID}/supplier/${supplierID}`;
  const supplies = open.data?.items ?? [];
  const totals = service.data?.totals;
  const onTime = !totals ? undefined : totals.on_time_rate === null ? '–' : new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 }).format(totals.on_time_rate);
  const delay = totals?.avg_delay_days;
  const onTimeHint =
    delay === null || delay === undefined
      ? t('overview.onTimeHint')
      : t('overview.onTimeDelayHint', {
          delay: t('stats.service.delayDays', { count: delay, value: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(delay) }),
        });
  return (
    <Stack gap="4" data-testid="supply-overview">
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        <Figure label={t('overview.openSupplies')} value={open.data?.total} to={`${base}/supply`} testId="overview-open-supplies" />
        <Figure label={t('overview.delivered')} hint={t('overview.lastDays', { count: DAYS })} value={delivered.data?.total} to={`${base}/supply`} testId="overview-delivered" />
        <Figure label={t('overview.onTime')} hint={onTimeHint} value={onTime} to={`${base}/supply`} testId="overview-on-time" />
      </SimpleGrid>
      <Recent title={t('overview.recentSupplies')} empty={t('overview.noSupplies')} testId="overview-recent-supplies" count={supplies.length}>
        <DataTable
          label={t('overview.recentSupplies')}
          rows={supplies}
          rowKey={(s) => s.id}
          columns={[
            {
              key: 'order',
              label: t('overview.order'),
              cell: (s) => (
                <RouterLink to={`${base}/supply/${s.id}`}>
                  <Text as="span" color="blue.700" fontWeight="medium">
                    {s.order_id}
                  </Text>
                </RouterLink>
              ),
            },
            { key: 'date', label: t('orders.date'), cell: (s) => format.date(s.date) },
            { key: 'location', label: t('orders.location'), cell: (s) => `${s.customer} · ${s.location}` },
            { key: 'shipping', label: t('overview.shipping'), cell: (s) => format.date(s.shipping) },
            { key: 'status', label: t('orders.status'), cell: (s) => <SupplyStatusBadge status={s.status} /> },
          ]}
        />
      </Recent>
    </Stack>
  );
}
