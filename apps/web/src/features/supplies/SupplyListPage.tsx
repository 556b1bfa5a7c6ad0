import { Box, Card, Flex, Heading, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useFormat } from '../../i18n/useFormat';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { SupplierHeader } from '../headers';
import { EmptyList } from '../../shared/lists/EmptyList';
import { Pager, SortHeader, type Sorting } from '../../shared/lists/ListControls';
import { useDebounced } from '../../shared/lists/useDebounced';
import { SupplyStatusBadge } from './SupplyStatusBadge';
import { type SupplySort, type SupplyState, useSuppliesQuery } from './suppliesApi';

const STATES: SupplyState[] = ['open', 'delivered', 'all'];
const DAYS = [0, 7, 30, 90, 365];
const PER_PAGE = 25;

/**
 * /c/{companyID}/supplier/{supplierID}/supply: the supplier's supplies, filtered (state, days, search on order
 * id, customer, location or SKU), sorted and paged on the server; each opens its detail.
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
  const sortable = (column: SupplySort, label: string) => (
    <SortHeader
      column={column}
      label={label}
      sorting={sorting}
      onSort={(s) => {
        setSorting(s);
        setPage(1);
      }}
    />
  );
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
                <NativeSelect.Root maxW="220px">
                  <NativeSelect.Field
                    aria-label={t('supplies.state')}
                    value={state}
                    data-testid="supply-state"
                    onChange={(e) => {
                      setState(e.target.value as SupplyState);
                      setPage(1);
                    }}
                  >
                    {STATES.map((s) => (
                      <option key={s} value={s}>
                        {t(`supplies.states.${s}`)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <NativeSelect.Root maxW="220px">
                  <NativeSelect.Field
                    aria-label={t('supplies.days')}
                    value={String(days)}
                    data-testid="supply-days"
                    onChange={(e) => {
                      setDays(Number(e.target.value));
                      setPage(1);
                    }}
                  >
                    {DAYS.map((d) => (
                      <option key={d} value={d}>
                        {d === 0 ? t('supplies.anyTime') : t('supplies.lastDays', { count: d })}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Flex>
              {error ? <ErrorBox error={error} /> : null}
              <Box overflowX="auto">
                <Table.Root size="sm" interactive aria-busy={isFetching}>
                  <Table.Header>
                    <Table.Row>
                      {sortable('order_id', t('supplies.fields.order'))}
                      {sortable('created_at', t('supplies.fields.created'))}
                      {sortable('customer', t('supplies.fields.customer'))}
                      {sortable('location', t('supplies.fields.location'))}
                      {sortable('shipping', t('supplies.fields.shipping'))}
                      <Table.ColumnHeader>{t('supplies.fields.lines')}</Table.ColumnHeader>
                      {sortable('status', t('lists.status'))}
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {(data?.items ?? []).map((s) => (
                      <Table.Row key={s.id} data-testid={`supply-row-${s.id}`}>
                        <Table.Cell>
                          <RouterLink to={`/c/${companyID}/supplier/${supplierID}/supply/${s.id}`}>
                            <Text as="span" color="blue.700" fontWeight="medium">
                              {t('supplies.orderNumber', { id: s.order_id })}
                            </Text>
                          </RouterLink>
                        </Table.Cell>
                        <Table.Cell>{format.date(s.created_at)}</Table.Cell>
                        <Table.Cell>{s.customer}</Table.Cell>
                        <Table.Cell>{s.location}</Table.Cell>
                        <Table.Cell>{format.date(s.shipping)}</Table.Cell>
                        <Table.Cell>{t('supplies.linesDelivered', { delivered: s.delivered_count, total: s.line_count })}</Table.Cell>
                        <Table.Cell>
                          <SupplyStatusBadge status={s.status} />
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Box>
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
