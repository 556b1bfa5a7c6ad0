import { AccessGroup, hasRole } from '@kanban/access';
import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CustomerHeader } from '../headers/ContextHeaders';
import { ListFrame } from '../lists/ListFrame';
import { useServerList } from '../lists/useServerList';
import { useViewer } from '../session/useViewer';
import { ItemDialog } from './ItemDialog';
import { ItemImagesDialog } from './ItemImages';
import { ItemTable } from './ItemTable';
import { type ItemDto, type ItemSortKey, useDeleteItemMutation, useItemsQuery, useUpdateItemMutation } from './itemsApi';
import { PauseDialog } from './PauseDialog';

/** /c/{companyID}/customer/{customerID}/item: the customer's items; create, edit, disable/enable, pause/unpause, delete. */
export function CustomerItemsPage() {
  const { t } = useTranslation();
  const params = useParams();
  const companyID = Number(params.companyID);
  const customerID = Number(params.customerID);
  const canWrite = hasRole(useViewer().role, AccessGroup.user);
  const list = useServerList<ItemSortKey>('name');
  const { data, error, isFetching } = useItemsQuery({ scope: { kind: 'customer', companyID, customerID }, ...list.params });
  const [update] = useUpdateItemMutation();
  const [remove] = useDeleteItemMutation();
  const [editing, setEditing] = useState<ItemDto | 'new' | null>(null);
  const [pausing, setPausing] = useState<ItemDto | null>(null);
  // By id, so the dialog follows the list's refreshed row.
  const [imagesOf, setImagesOf] = useState<number | null>(null);
  const imagesItem = data?.items.find((i) => i.id === imagesOf);
  const patch = (row: ItemDto, body: Parameters<typeof update>[0]['body'], confirm?: boolean) =>
    update({ companyID, customerID, itemID: row.id, body, confirm }).unwrap();
  return (
    <Stack gap="4">
      <CustomerHeader companyID={companyID} customerID={customerID} />
      <ListFrame
        title={t('items.title')}
        testId="items-page"
        create={canWrite ? { label: t('items.create'), onClick: () => setEditing('new'), testId: 'item-create' } : undefined}
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
          actions={
            canWrite
              ? {
                  edit: setEditing,
                  setDisabled: (row, disabled, options) => patch(row, { disabled }, options?.confirm),
                  pause: setPausing,
                  unpause: (row) => patch(row, { paused_until: null }),
                  remove: (row, options) => remove({ companyID, customerID, itemID: row.id, ...options }).unwrap(),
                }
              : undefined
          }
          onImages={(row) => setImagesOf(row.id)}
        />
      </ListFrame>
      {editing ? <ItemDialog companyID={companyID} customerID={customerID} item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {pausing ? <PauseDialog companyID={companyID} item={pausing} onClose={() => setPausing(null)} /> : null}
      {imagesItem ? <ItemImagesDialog companyID={companyID} item={imagesItem} onClose={() => setImagesOf(null)} /> : null}
    </Stack>
  );
}
