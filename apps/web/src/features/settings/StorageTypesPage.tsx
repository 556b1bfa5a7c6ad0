import { Stack } from '@chakra-ui/react';
import { AccessGroup, hasRole } from '@kanban/access';
import type { StorageTypeSort } from '@kanban/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ListFrame } from '../lists/ListFrame';
import { useServerList } from '../lists/useServerList';
import { useViewer } from '../session/useViewer';
import { SettingsTable } from './SettingsTable';
import { SettingsTabs } from './SettingsTabs';
import { type StorageTypeDto, useDeleteStorageTypeMutation, useStorageTypesQuery } from './settingsApi';
import { StorageTypeDialog } from './StorageTypeDialog';

/** /c/{companyID}/settings/storage_types: the company's storage types, filtered, sorted and paged on the server. */
export function StorageTypesPage() {
  const { t } = useTranslation();
  const companyID = Number(useParams().companyID);
  const canWrite = hasRole(useViewer().role, AccessGroup.user);
  const list = useServerList<StorageTypeSort>('name');
  const { all: _all, ...params } = list.params;
  const { data, error, isFetching } = useStorageTypesQuery({ companyID, ...params });
  const [remove] = useDeleteStorageTypeMutation();
  const [editing, setEditing] = useState<StorageTypeDto | 'new' | null>(null);
  return (
    <Stack gap="4">
      <SettingsTabs companyID={companyID} />
      <ListFrame
        title={t('settings.storageTypes.title')}
        testId="storage-types-page"
        create={
          canWrite
            ? { label: t('settings.storageTypes.create'), onClick: () => setEditing('new'), testId: 'storage-type-create' }
            : undefined
        }
        filter={list.filter}
        onFilter={list.setFilter}
        filterLabel={t('settings.storageTypes.filter')}
        filterTestId="storage-type-filter"
        error={error}
      >
        <SettingsTable
          kind="storage-type"
          rows={data?.items}
          page={data}
          onPage={list.setPage}
          fetching={isFetching}
          sorting={list.sorting}
          onSort={list.setSorting}
          nameOf={(s) => s.name}
          columns={[
            { label: t('settings.storageTypes.fields.name'), sort: 'name', render: (s) => s.name },
            { label: t('settings.storageTypes.fields.description'), render: (s) => s.description },
          ]}
          actions={canWrite ? { edit: setEditing, remove: (s) => remove({ companyID, id: s.id }).unwrap() } : undefined}
          texts={{
            deleted: (name) => t('settings.storageTypes.deleted', { name }),
            deleteTitle: t('settings.storageTypes.deleteTitle'),
            deleteText: (name) => t('settings.storageTypes.deleteText', { name }),
            none: t('settings.storageTypes.none'),
          }}
          filtered={list.filtered}
        />
        {editing ? (
          <StorageTypeDialog
            companyID={companyID}
            storageType={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
          />
        ) : null}
      </ListFrame>
    </Stack>
  );
}
