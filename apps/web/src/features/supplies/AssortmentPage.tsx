import { Box, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useFormat } from '../../i18n/useFormat';
import { SupplierHeader } from '../headers/ContextHeaders';
import { Pager, SortHeader } from '../lists/ListControls';
import { ListFrame } from '../lists/ListFrame';
import { useServerList } from '../lists/useServerList';
import { type AssortmentSort, useAssortmentQuery } from './suppliesApi';

/** /c/{companyID}/supplier/{supplierID}/assortment: the customers the supplier supplies, each opening its items. */
export function AssortmentPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const params = useParams();
  const companyID = Number(params.companyID);
  const supplierID = Number(params.supplierID);
  const list = useServerList<AssortmentSort>('customer');
  const { all: _all, ...query } = list.params;
  const { data, error, isFetching } = useAssortmentQuery({ companyID, supplierID, ...query });
  const sortable = (column: AssortmentSort, label: string) => <SortHeader column={column} label={label} sorting={list.sorting} onSort={list.setSorting} />;
  return (
    <Stack gap="4">
      <SupplierHeader companyID={companyID} supplierID={supplierID} />
      <ListFrame
        title={t('supplies.assortment.title')}
        testId="assortment-page"
        filter={list.filter}
        onFilter={list.setFilter}
        filterLabel={t('supplies.assortment.filter')}
        filterTestId="assortment-filter"
        error={error}
      >
        <Box overflowX="auto">
          <Table.Root size="sm" interactive aria-busy={isFetching}>
            <Table.Header>
              <Table.Row>
                {sortable('customer', t('supplies.fields.customer'))}
                {sortable('supplies', t('supplies.assortment.supplies'))}
                <Table.ColumnHeader>{t('supplies.assortment.open')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('supplies.assortment.items')}</Table.ColumnHeader>
                {sortable('last_supply_at', t('supplies.assortment.lastSupply'))}
                <Table.ColumnHeader>{t('supplies.assortment.lastDelivered')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {(data?.items ?? []).map((c) => (
                <Table.Row key={c.customer_id} data-testid={`assortment-row-${c.customer_id}`}>
                  <Table.Cell>
                    <RouterLink to={`/c/${companyID}/supplier/${supplierID}/assortment/${c.customer_id}`}>
                      <Text as="span" color="blue.700" fontWeight="medium">
                        {c.customer}
                      </Text>
                    </RouterLink>
                  </Table.Cell>
                  <Table.Cell>{c.supplies}</Table.Cell>
                  <Table.Cell>{c.open_supplies}</Table.Cell>
                  <Table.Cell>{c.items}</Table.Cell>
                  <Table.Cell>{format.date(c.last_supply_at)}</Table.Cell>
                  <Table.Cell>{c.last_delivered_at ? format.date(c.last_delivered_at) : '–'}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
        {data && data.items.length === 0 ? <Text color="gray.600">{list.filtered ? t('lists.noMatch') : t('supplies.none')}</Text> : null}
        {data ? <Pager page={data.page} perPage={data.per_page} total={data.total} onPage={list.setPage} /> : null}
      </ListFrame>
    </Stack>
  );
}
