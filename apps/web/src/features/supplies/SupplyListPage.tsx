import { Button, Card, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useFormat } from '../../i18n/useFormat';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { DataTable, type DataColumn } from '../../shared/lists/DataTable';
import { SupplierHeader } from '../headers';
import { EmptyList } from '../../shared/lists/EmptyList';
import { Pager, type Sorting } from '../../shared/lists/ListControls';
import { useDebounced } from '../../shared/lists/useDebounced';
import { SupplyStatusBadge } from './SupplyStatusBadge';
import { type SupplyDto, type SupplySort, type SupplyState, useSuppliesQuery } from './suppliesApi';
import { useMarkDelivered } from './useMarkDelivered';
import { FilterSelect } from '../../shared/lists/FilterSelect';

const STATES: SupplyState[] = ['open', 'delivered', 'all'];
const DAYS = [0, 7, 30, 90, 365];
const PER_PAGE = 25;

/**
 * /c/{companyID}/supplier/{supplierID}/supply: the supplier's supplies, filtered (state, days, search on order
 * id, customer, location or SKU), sorted and paged on the server; each opens its detail. A card per supply below
 * 760 px; supplier users who may write mark an open supply delivered from its card (as on their home page).
 */
export function SupplyListPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const params = useParams();
  const companyID = Number(params.companyID);
  const supplierID = Number(params.supplierID);
  const [filter, setFilter] = useState('');
  const [state, setState] = useState<SupplyState>('open');
  const [days, setDays] = useState(0);
  const [sorting, setSorting] = useState<Sorting<SupplySort>>({ sort: 'created_at', order: 'desc' });
  const [page, setPage] = useState(1);
  const q = useDebounced(filter.trim());
  const { data, error, isFetching } = useSuppliesQuery({
    companyID,
    supplierID,
    state,
    days: days || undefined,
    q: q || undefined,
    ...sorting,
    page,
    per_page: PER_PAGE,
  });
  const delivery = useMarkDelivered(companyID, supplierID);
  const columns: DataColumn<SupplyDto, SupplySort>[] = [
    {
      key: 'order',
      label: t('supplies.fields.order'),
      sort: 'order_id',
      cell: (s) => (
        <RouterLink to={`/c/${companyID}/supplier/${supplierID}/supply/${s.id}`}>
          <Text as="span" color="blue.700" fontWeight="medium">
            {t('supplies.orderNumber', { id: s.order_id })}
          </Text>
        </RouterLink>
      ),
    },
    { key: 'created', label: t('supplies.fields.created'), sort: 'created_at', cell: (s) => format.date(s.created_at) },
    { key: 'customer', label: t('supplies.fields.customer'), sort: 'customer', cell: (s) => s.customer },
    { key: 'location', label: t('supplies.fields.location'), sort: 'location', cell: (s) => s.location },
    { key: 'shipping', label: t('supplies.fields.shipping'), sort: 'shipping', cell: (s) => format.date(s.shipping) },
    {
      key: 'lines',
      label: t('supplies.fields.lines'),
      cell: (s) => t('supplies.linesDelivered', { delivered: format.number(s.delivered_count), total: format.number(s.line_count) }),
    },
    { key: 'status', label: t('lists.status'), sort: 'status', cell: (s) => <SupplyStatusBadge status={s.status} /> },
  ];
  return (
    <Stack gap="4">
      <SupplierHeader companyID={companyID} supplierID={supplierID} />
      <Stack gap="4" data-testid="supply-list-page">
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h1" size="xl">
            {t('supplies.title')}
          </Heading>
          <RouterLink to={`/c/${companyID}/supplier/${supplierID}/assortment`} data-testid="assortment-link">
            <Text as="span" color="blue.700">
              {t('supplies.assortment.title')}
            </Text>
          </RouterLink>
        </Flex>
        <Card.Root>
          <Card.Body>
            <Stack gap="4">
              <Flex gap="4" align="center" wrap="wrap">
                <Input
                  maxW="320px"
                  value={filter}
                  onChange={(e) => {
                    setFilter(e.target.value);
                    setPage(1);
                  }}
                  placeholder={t('supplies.filter')}
                  aria-label={t('supplies.filter')}
                  data-testid="supply-filter"
                />
                <FilterSelect
                  label={t('supplies.state')}
                  value={state}
                  testId="supply-state"
                  options={STATES.map((s) => ({ value: s, label: t(`supplies.states.${s}`) }))}
                  onChange={(value) => {
                    if (value === '') return;
                    setState(value);
                    setPage(1);
                  }}
                />
                <FilterSelect
                  label={t('supplies.days')}
                  value={String(days)}
                  testId="supply-days"
                  options={DAYS.map((d) => ({ value: String(d), label: d === 0 ? t('supplies.anyTime') : t('supplies.lastDays', { count: d }) }))}
                  onChange={(value) => {
                    setDays(Number(value));
                    setPage(1);
                  }}
                />
              </Flex>
              {error ? <ErrorBox error={error} /> : null}
              <DataTable
                label={t('supplies.title')}
                rows={data?.items ?? []}
                rowKey={(s) => s.id}
                rowTestId={(s) => `supply-row-${s.id}`}
                busy={isFetching}
                sorting={sorting}
                onSort={(next) => {
                  setSorting(next);
                  setPage(1);
                }}
                columns={columns}
                mainAction={
                  delivery.canMark
                    ? (s) =>
                        s.status !== 'delivered' ? (
                          <Button
                            colorPalette="green"
                            bg="green.700"
                            _hover={{ bg: 'green.800' }}
                            size="sm"
                            loading={delivery.busyWith === s.id}
                            disabled={delivery.busyWith !== null}
                            onClick={() => void delivery.mark(s)}
                            data-testid={`supply-row-${s.id}-deliver`}
                          >
                            {t('supplies.markDelivered')}
                          </Button>
                        ) : null
                    : undefined
                }
              />
              {data && data.items.length === 0 ? (
                <EmptyList
                  filtered={Boolean(q) || days !== 0 || state === 'delivered'}
                  none={t(state === 'open' ? 'supplies.noneOpen' : 'supplies.none')}
                  onReset={() => {
                    setFilter('');
                    setState('open');
                    setDays(0);
                    setPage(1);
                  }}
                  testId="supply-empty"
                />
              ) : null}
              {data && data.total > 0 ? <Pager page={data.page} perPage={data.per_page} total={data.total} onPage={setPage} /> : null}
            </Stack>
          </Card.Body>
        </Card.Root>
      </Stack>
    </Stack>
  );
}
