import { Box, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useFormat } from '../../i18n/useFormat';
import { SupplierHeader } from '../headers/ContextHeaders';
import { Pager, SortHeader } from '../lists/ListControls';
import { ListFrame } from '../lists/ListFrame';
import { useServerList } from '../lists/useServerList';
import { type AssortmentItemSort, useAssortmentItemsQuery } from './suppliesApi';

/** /c/{companyID}/supplier/{supplierID}/assortment/{customerID}: the items supplied to one customer. */
export function AssortmentCustomerPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const params = useParams();
  const companyID = Number(params.companyID);
  const supplierID = Number(params.supplierID);
  const customerID = Number(params.customerID);
  const list = useServerList<AssortmentItemSort>('sku');
  const { all: _all, ...query } = list.params;
  const { data, error, isFetching } = useAssortmentItemsQuery({ companyID, supplierID, customerID, ...query });
  const sortable = (column: AssortmentItemSort, label: string) => <SortHeader column={column} label={label} sorting={list.sorting} onSort={list.setSorting} />;
  return (
    <Stack gap="4">
      <SupplierHeader companyID={companyID} supplierID={supplierID} />
      <Box>
        <RouterLink to={`/c/${companyID}/supplier/${supplierID}/assortment`}>
          <Text as="span" color="blue.700">
            {t('supplies.assortment.back')}
          </Text>
        </RouterLink>
      </Box>
      <ListFrame
        title={t('supplies.assortment.itemsTitle')}
        testId="assortment-customer-page"
        filter={list.filter}
        onFilter={list.setFilter}
        filterLabel={t('supplies.assortment.itemFilter')}
        filterTestId="assortment-item-filter"
        error={error}
      >
        <Box overflowX="auto">
          <Table.Root size="sm" interactive aria-busy={isFetching}>
            <Table.Header>
              <Table.Row>
                {sortable('sku', t('supplies.fields.sku'))}
                {sortable('name', t('supplies.fields.name'))}
                {sortable('supplies', t('supplies.assortment.supplies'))}
                {sortable('quantity', t('supplies.fields.quantity'))}
                <Table.ColumnHeader>{t('supplies.assortment.delivered')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('supplies.fields.unit')}</Table.ColumnHeader>
                {sortable('last_supply_at', t('supplies.assortment.lastSupply'))}
                <Table.ColumnHeader>{t('supplies.assortment.lastDelivered')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {(data?.items ?? []).map((i) => (
                <Table.Row key={i.item_id} data-testid={`assortment-item-${i.item_id}`}>
                  <Table.Cell fontFamily="mono">
                    <RouterLink to={`/c/${companyID}/supplier/${supplierID}/item/${i.item_id}`}>
                      <Text as="span" color="blue.700">
                        {i.sku}
                      </Text>
                    </RouterLink>
                  </Table.Cell>
                  <Table.Cell>{i.name}</Table.Cell>
                  <Table.Cell>{i.supplies}</Table.Cell>
                  <Table.Cell>{i.quantity}</Table.Cell>
                  <Table.Cell>{i.delivered_quantity}</Table.Cell>
                  <Table.Cell>{i.unit}</Table.Cell>
                  <Table.Cell>{format.date(i.last_supply_at)}</Table.Cell>
                  <Table.Cell>{i.last_delivered_at ? format.date(i.last_delivered_at) : '–'}</Table.Cell>
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
