import type { StorageTypeSort } from '@kanban/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { listTexts, ListPage, useListPage } from '../../shared/lists/ListPage';
import { SettingsTabs } from './SettingsTabs';
import { type StorageTypeDto, useDeleteStorageTypeMutation, useStorageTypesQuery } from './settingsApi';
import { StorageTypeDialog } from './StorageTypeDialog';
import { translatedError } from './translatedError';

/** /c/{companyID}/settings/storage_types: the company's storage types, filtered, sorted and paged on the server. */
export function StorageTypesPage() {
  const { t } = useTranslation();
  const companyID = Number(useParams().companyID);
  const state = useListPage<StorageTypeDto, StorageTypeSort>('name');
  const result = useStorageTypesQuery({ companyID, ...state.params });
  const [remove] = useDeleteStorageTypeMutation();
  return (
    <ListPage
      kind="storage-type"
      state={state}
      result={result}
      texts={listTexts(t, 'settings.storageTypes')}
      header={<SettingsTabs companyID={companyID} />}
      columns={[
        { label: t('settings.storageTypes.fields.name'), sort: 'name', render: (s) => s.name },
        { label: t('settings.storageTypes.fields.description'), render: (s) => s.description },
      ]}
      failureText={translatedError}
      actions={{ remove: (s) => remove({ companyID, id: s.id }).unwrap() }}
      dialog={(storageType, onClose) => (
        <StorageTypeDialog companyID={companyID} storageType={storageType} onClose={onClose} />
      )}
    />
  );
}
