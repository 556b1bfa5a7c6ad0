import { Stack, Text } from '@chakra-ui/react';
import { AccessGroup, hasRole } from '@kanban/access';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { errorText } from '../../shared/api/apiError';
import { useAppDispatch } from '../../shared/hooks';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { ConfirmDialog } from '../../shared/lists/ConfirmDialog';
import { DataTable, type DataColumn } from '../../shared/lists/DataTable';
import { EmptyList } from '../../shared/lists/EmptyList';
import { Pager } from '../../shared/lists/ListControls';
import { ListFrame } from '../../shared/lists/ListFrame';
import { RowActions } from '../../shared/lists/RowActions';
import { useServerList } from '../../shared/lists/useServerList';
import { useViewer } from '../../shared/session/useViewer';
import { LocationHeader } from '../headers';
import { StorageDialog } from './StorageDialog';
import { type StorageDto, type StorageSort, useDeleteStorageMutation, useStoragesQuery } from './storagesApi';
import { storageUrl, useStorageIds } from './useStorageContext';

/**
 * /c/{companyID}/customer/{customerID}/location/{locationID}/storage: the location's storages (racks), filtered,
 * sorted and paged on the server; a table from 761 px, cards below. Writers create (then land on the new rack's
 * page), edit and delete (after asking).
 */
export function StoragesPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const ids = useStorageIds();
  const canWrite = hasRole(useViewer().role, AccessGroup.user);
  const list = useServerList<StorageSort>('name');
  const { all: _all, ...params } = list.params;
  const result = useStoragesQuery({ ...ids, ...params });
  const [remove, removal] = useDeleteStorageMutation();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<StorageDto | null>(null);
  const rows = result.data?.items;
  const empty = rows !== undefined && rows.length === 0;
  const layout = (s: StorageDto) => t(`storages.layouts.${s.layout}`);
  const columns: DataColumn<StorageDto, StorageSort>[] = [
    {
      key: 'name',
      label: t('storages.fields.name'),
      sort: 'name',
      cell: (s) => (
        <RouterLink to={storageUrl({ ...ids, storageID: s.id })}>
          <Text as="span" color="blue.700" fontWeight="medium">
            {s.name}
          </Text>
        </RouterLink>
      ),
    },
    { key: 'description', label: t('storages.fields.description'), cell: (s) => s.description },
    { key: 'rows', label: t('storages.fields.rows'), sort: 'rows', align: 'end', cell: (s) => s.rows },
    { key: 'columns', label: t('storages.fields.columns'), sort: 'columns', align: 'end', cell: (s) => s.columns },
    { key: 'layout', label: t('storages.fields.layout'), cell: layout },
    { key: 'bin', label: t('storages.fields.bin'), cell: (s) => s.bin },
  ];
  const confirmDelete = () => {
    if (!deleting) return;
    const name = deleting.name;
    remove({ ...ids, storageID: deleting.id })
      .unwrap()
      .then(() => dispatch(snackbarShown({ message: t('storages.deleted', { name }), variant: 'success' })))
      .catch((e: unknown) => dispatch(snackbarShown({ message: errorText(e, t), variant: 'error' })))
      .finally(() => setDeleting(null));
  };
  return (
    <Stack gap="4">
      <LocationHeader companyID={ids.companyID} customerID={ids.customerID} locationID={ids.locationID} />
      <ListFrame
        title={t('storages.title')}
        testId="storages-page"
        create={canWrite ? { label: t('storages.create'), onClick: () => setCreating(true), testId: 'storage-create' } : undefined}
        filter={list.filter}
        onFilter={list.setFilter}
        filterLabel={t('storages.filter')}
        filterTestId="storage-filter"
        error={result.error}
      >
        {empty ? (
          <EmptyList
            filtered={list.filtered}
            none={t('storages.none')}
            noMatch={t('storages.noMatch')}
            onReset={list.reset}
            testId="storage-empty"
          />
        ) : (
          <DataTable
            label={t('storages.title')}
            testId="storage-table"
            rows={rows ?? []}
            rowKey={(s) => s.id}
            rowTestId={(s) => `storage-row-${s.id}`}
            columns={columns}
            busy={result.isFetching}
            sorting={list.sorting}
            onSort={list.setSorting}
            actionsLabel={canWrite ? t('lists.actions') : undefined}
            actions={
              canWrite
                ? (s) => (
                    <RowActions
                      name={s.name}
                      testId={`storage-actions-${s.id}`}
                      onAction={(action) => (action === 'delete' ? setDeleting(s) : navigate(storageUrl({ ...ids, storageID: s.id })))}
                    />
                  )
                : undefined
            }
          />
        )}
        {result.data && result.data.total > 0 ? (
          <Pager page={result.data.page} perPage={result.data.per_page} total={result.data.total} onPage={list.setPage} />
        ) : null}
      </ListFrame>
      {creating ? (
        <StorageDialog
          ids={ids}
          onClose={() => setCreating(false)}
          onCreated={(s) => navigate(storageUrl({ ...ids, storageID: s.id }))}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('storages.deleteTitle')}
        text={t('storages.deleteText', { name: deleting?.name ?? '' })}
        confirmLabel={t('lists.delete')}
        busy={removal.isLoading}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
