import { Badge, NativeSelect, Stack } from '@chakra-ui/react';
import { AccessGroup, hasRole } from '@kanban/access';
import { CUSTOM_FIELD_ENTITIES, type CustomFieldEntity, type CustomFieldSort } from '@kanban/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ListFrame } from '../lists/ListFrame';
import { useServerList } from '../lists/useServerList';
import { useViewer } from '../session/useViewer';
import { CustomFieldDialog } from './CustomFieldDialog';
import { entityLabel, typeLabel } from './customFieldTexts';
import { SettingsTable } from './SettingsTable';
import { SettingsTabs } from './SettingsTabs';
import { type CustomFieldDto, useCustomFieldsQuery, useDeleteCustomFieldMutation } from './settingsApi';

/** /c/{companyID}/settings/custom_fields: the extra fields of customers, locations, suppliers, items and contacts. */
export function CustomFieldsPage() {
  const { t } = useTranslation();
  const companyID = Number(useParams().companyID);
  const canWrite = hasRole(useViewer().role, AccessGroup.user);
  const list = useServerList<CustomFieldSort>('sort');
  const [entity, setEntity] = useState<CustomFieldEntity | ''>('');
  const { all: _all, ...params } = list.params;
  const { data, error, isFetching } = useCustomFieldsQuery({ companyID, ...params, entity: entity || undefined });
  const [remove] = useDeleteCustomFieldMutation();
  const [editing, setEditing] = useState<CustomFieldDto | 'new' | null>(null);
  return (
    <Stack gap="4">
      <SettingsTabs companyID={companyID} />
      <ListFrame
        title={t('settings.customFields.title')}
        testId="custom-fields-page"
        create={
          canWrite
            ? { label: t('settings.customFields.create'), onClick: () => setEditing('new'), testId: 'custom-field-create' }
            : undefined
        }
        filter={list.filter}
        onFilter={list.setFilter}
        filterLabel={t('settings.customFields.filter')}
        filterTestId="custom-field-filter"
        error={error}
      >
        <NativeSelect.Root maxW="320px">
          <NativeSelect.Field
            aria-label={t('settings.customFields.fields.entity')}
            value={entity}
            data-testid="custom-field-entity-filter"
            onChange={(e) => {
              setEntity(e.target.value as CustomFieldEntity | '');
              list.setPage(1);
            }}
          >
            <option value="">{t('settings.customFields.allEntities')}</option>
            {CUSTOM_FIELD_ENTITIES.map((e) => (
              <option key={e} value={e}>
                {entityLabel(e, t)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <SettingsTable
          kind="custom-field"
          rows={data?.items}
          page={data}
          onPage={list.setPage}
          fetching={isFetching}
          sorting={list.sorting}
          onSort={list.setSorting}
          nameOf={(f) => f.label}
          columns={[
            { label: t('settings.customFields.fields.sort'), sort: 'sort', render: (f) => f.sort },
            { label: t('settings.customFields.fields.entity'), sort: 'entity', render: (f) => entityLabel(f.entity, t) },
            { label: t('settings.customFields.fields.key'), sort: 'key', render: (f) => f.key },
            { label: t('settings.customFields.fields.label'), sort: 'label', render: (f) => f.label },
            { label: t('settings.customFields.fields.type'), sort: 'type', render: (f) => typeLabel(f.type, t) },
            { label: t('settings.customFields.fields.options'), render: (f) => f.options.join(', ') },
            {
              label: t('settings.customFields.fields.required'),
              render: (f) =>
                f.required ? (
                  <Badge colorPalette="blue" variant="subtle">
                    {t('settings.customFields.requiredYes')}
                  </Badge>
                ) : null,
            },
          ]}
          actions={
            canWrite
              ? { edit: setEditing, remove: (f) => remove({ companyID, id: f.id, confirm: true }).unwrap() }
              : undefined
          }
          texts={{
            deleted: (name) => t('settings.customFields.deleted', { name }),
            deleteTitle: t('settings.customFields.deleteTitle'),
            deleteText: (name) => t('settings.customFields.deleteText', { name }),
            none: t('settings.customFields.none'),
          }}
          filtered={list.filtered || entity !== ''}
        />
        {editing ? (
          <CustomFieldDialog
            companyID={companyID}
            field={editing === 'new' ? null : editing}
            defaultEntity={entity || 'customer'}
            onClose={() => setEditing(null)}
          />
        ) : null}
      </ListFrame>
    </Stack>
  );
}
