import { Stack, Switch } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ListFrame } from '../lists/ListFrame';
import { useServerList } from '../lists/useServerList';
import { ItemTable } from './ItemTable';
import { type ItemSortKey, useItemsQuery } from './itemsApi';

/** /c/{companyID}/item_search: every item of the company by SKU or name prefix or part of a name; show-all and paused filter. */
export function ItemSearchPage() {
  const { t } = useTranslation();
  const companyID = Number(useParams().companyID);
  const list = useServerList<ItemSortKey>('name');
  const [paused, setPaused] = useState(false);
  const { data, error, isFetching } = useItemsQuery({ scope: { kind: 'company', companyID }, paused, ...list.params });
  return (
    <Stack gap="4">
      <ListFrame
        title={t('items.searchTitle')}
        testId="item-search-page"
        filter={list.filter}
        onFilter={list.setFilter}
        filterLabel={t('items.searchFilter')}
        filterTestId="item-filter"
        all={list.all}
        onAll={list.setAll}
        error={error}
      >
        <Switch.Root
          checked={paused}
          onCheckedChange={(e) => {
            setPaused(e.checked);
            list.setPage(1);
          }}
          data-testid="paused-only"
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{t('items.pausedOnly')}</Switch.Label>
        </Switch.Root>
        <ItemTable
          rows={data?.items}
          page={data}
          onPage={list.setPage}
          fetching={isFetching}
          sorting={list.sorting}
          onSort={list.setSorting}
          filtered={list.filtered || paused}
          link={(row) => (row.supplier_id ? `/c/${companyID}/supplier/${row.supplier_id}/item/${row.id}` : `/c/${companyID}/customer/${row.customer_id}/item`)}
        />
      </ListFrame>
    </Stack>
  );
}
