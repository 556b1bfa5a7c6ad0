import { Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { SupplierHeader } from '../headers/ContextHeaders';
import { ListFrame } from '../lists/ListFrame';
import { useServerList } from '../lists/useServerList';
import { ItemTable } from './ItemTable';
import { type ItemSortKey, useItemsQuery } from './itemsApi';

/** /c/{companyID}/supplier/{supplierID}/item: items of the supplier's catalogs (all customers), each linking to its page. */
export function SupplierItemsPage() {
  const { t } = useTranslation();
  const params = useParams();
  const companyID = Number(params.companyID);
  const supplierID = Number(params.supplierID);
  const list = useServerList<ItemSortKey>('name');
  const { data, error, isFetching } = useItemsQuery({ scope: { kind: 'supplier', companyID, supplierID }, ...list.params });
  return (
    <Stack gap="4">
      <SupplierHeader companyID={companyID} supplierID={supplierID} />
      <ListFrame
        title={t('items.title')}
        testId="supplier-items-page"
        filter={list.filter}
        onFilter={list.setFilter}
        filterLabel={t('items.filter')}
        filterTestId="item-filter"
        all={list.all}
        onAll={list.setAll}
        error={error}
      >
        <ItemTable
          rows={data?.items}
          page={data}
          onPage={list.setPage}
          fetching={isFetching}
          sorting={list.sorting}
          onSort={list.setSorting}
          filtered={list.filtered}
          link={(row) => `/c/${companyID}/supplier/${supplierID}/item/${row.id}`}
        />
      </ListFrame>
    </Stack>
  );
}
