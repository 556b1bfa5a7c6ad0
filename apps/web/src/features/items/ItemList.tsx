import { type ComponentProps, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFrame } from '../../shared/lists/ListFrame';
import { useServerList } from '../../shared/lists/useServerList';
import { ItemImagesDialog } from './ItemImages';
import { ItemTable } from './ItemTable';
import { type ItemListScope, type ItemSortKey, useItemsQuery } from './itemsApi';
import { FilterSwitch } from '../../shared/lists/FilterSwitch';

interface Props extends Pick<ComponentProps<typeof ItemTable>, 'actions' | 'link' | 'extra'> {
  scope: ItemListScope;
  testId: string;
  create?: ComponentProps<typeof ListFrame>['create'];
  /** the thumbnail and the "Images" action open the item's images */
  images?: boolean;
  /** the page's own title and filter label (default: the items list's) */
  title?: string;
  filterLabel?: string;
  /** offers the "paused items only" switch */
  pausedFilter?: boolean;
}

/**
 * The items of a customer, location or supplier page: the list (filter, show-all, sorting and pages on the server) in
 * its frame, the page's row actions, link or extra column, and the images dialog.
 */
export function ItemList({ scope, testId, create, images = false, title, filterLabel, pausedFilter = false, ...table }: Props) {
  const { t } = useTranslation();
  const list = useServerList<ItemSortKey>('name');
  const [paused, setPaused] = useState(false);
  const { data, error, isFetching } = useItemsQuery({ scope, paused, ...list.params });
  // By id, so the dialog follows the list's refreshed row.
  const [imagesOf, setImagesOf] = useState<number | null>(null);
  const imagesItem = data?.items.find((i) => i.id === imagesOf);
  return (
    <>
      <ListFrame
        title={title ?? t('items.title')}
        testId={testId}
        create={create}
        filter={list.filter}
        onFilter={list.setFilter}
        filterLabel={filterLabel ?? t('items.filter')}
        filterTestId="item-filter"
        all={list.all}
        onAll={list.setAll}
        error={error}
      >
        {pausedFilter ? (
          <FilterSwitch
            checked={paused}
            onChange={(checked) => {
              setPaused(checked);
              list.setPage(1);
            }}
            label={t('items.pausedOnly')}
            testId="paused-only"
          />
        ) : null}
        <ItemTable
          rows={data?.items}
          page={data}
          onPage={list.setPage}
          fetching={isFetching}
          sorting={list.sorting}
          onSort={list.setSorting}
          filtered={list.filtered || paused}
          onReset={() => {
            list.reset();
            setPaused(false);
          }}
          onImages={images ? (row) => setImagesOf(row.id) : undefined}
          {...table}
        />
      </ListFrame>
      {imagesItem ? <ItemImagesDialog companyID={scope.companyID} item={imagesItem} onClose={() => setImagesOf(null)} /> : null}
    </>
  );
}
