import { Stack } from '@chakra-ui/react';
import { AccessGroup, hasRole } from '@kanban/access';
import type { UnitSort } from '@kanban/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ListFrame } from '../lists/ListFrame';
import { useServerList } from '../lists/useServerList';
import { useViewer } from '../session/useViewer';
import { SettingsTable } from './SettingsTable';
import { SettingsTabs } from './SettingsTabs';
import { type UnitDto, useDeleteUnitMutation, useUnitsQuery } from './settingsApi';
import { UnitDialog } from './UnitDialog';

/** /c/{companyID}/settings/units: the company's units, filtered, sorted and paged on the server. */
export function UnitsPage() {
  const { t } = useTranslation();
  const companyID = Number(useParams().companyID);
  const canWrite = hasRole(useViewer().role, AccessGroup.user);
  const list = useServerList<UnitSort>('code');
  const { all: _all, ...params } = list.params;
  const { data, error, isFetching } = useUnitsQuery({ companyID, ...params });
  const [remove] = useDeleteUnitMutation();
  const [editing, setEditing] = useState<UnitDto | 'new' | null>(null);
  return (
    <Stack gap="4">
      <SettingsTabs companyID={companyID} />
      <ListFrame
        title={t('settings.units.title')}
        testId="units-page"
        create={canWrite ? { label: t('settings.units.create'), onClick: () => setEditing('new'), testId: 'unit-create' } : undefined}
        filter={list.filter}
        onFilter={list.setFilter}
        filterLabel={t('settings.units.filter')}
        filterTestId="unit-filter"
        error={error}
      >
        <SettingsTable
          kind="unit"
          rows={data?.items}
          page={data}
          onPage={list.setPage}
          fetching={isFetching}
          sorting={list.sorting}
          onSort={list.setSorting}
          nameOf={(u) => u.code}
          columns={[
            { label: t('settings.units.fields.code'), sort: 'code', render: (u) => u.code },
            { label: t('settings.units.fields.name'), sort: 'name', render: (u) => u.name },
            { label: t('settings.units.fields.description'), render: (u) => u.description },
          ]}
          actions={canWrite ? { edit: setEditing, remove: (u) => remove({ companyID, id: u.id }).unwrap() } : undefined}
          texts={{
            deleted: (name) => t('settings.units.deleted', { name }),
            deleteTitle: t('settings.units.deleteTitle'),
            deleteText: (name) => t('settings.units.deleteText', { name }),
            none: t('settings.units.none'),
          }}
          filtered={list.filtered}
        />
        {editing ? <UnitDialog companyID={companyID} unit={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      </ListFrame>
    </Stack>
  );
}
