import { Badge, NativeSelect } from '@chakra-ui/react';
import { CUSTOM_FIELD_ENTITIES, type CustomFieldEntity, type CustomFieldSort } from '@kanban/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { listTexts, ListPage, useListPage } from '../../shared/lists/ListPage';
import { CustomFieldDialog } from './CustomFieldDialog';
import { entityLabel, typeLabel } from './customFieldTexts';
import { SettingsTabs } from './SettingsTabs';
import { type CustomFieldDto, useCustomFieldsQuery, useDeleteCustomFieldMutation } from './settingsApi';
import { translatedError } from './translatedError';

/** /c/{companyID}/settings/custom_fields: the extra fields of customers, locations, suppliers, items and contacts. */
export function CustomFieldsPage() {
  const { t } = useTranslation();
  const companyID = Number(useParams().companyID);
  const state = useListPage<CustomFieldDto, CustomFieldSort>('sort');
  const [entity, setEntity] = useState<CustomFieldEntity | ''>('');
  const result = useCustomFieldsQuery({ companyID, ...state.params, entity: entity || undefined });
  const [remove] = useDeleteCustomFieldMutation();
  return (
    <ListPage
      kind="custom-field"
      state={state}
      result={result}
      texts={listTexts(t, 'settings.customFields')}
      header={<SettingsTabs companyID={companyID} />}
      filters={
        <NativeSelect.Root maxW="320px">
          <NativeSelect.Field
            aria-label={t('settings.customFields.fields.entity')}
            value={entity}
            data-testid="custom-field-entity-filter"
            onChange={(e) => {
              setEntity(e.target.value as CustomFieldEntity | '');
              state.list.setPage(1);
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
      }
      filtered={entity !== ''}
      onResetFilters={() => setEntity('')}
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
      failureText={translatedError}
      actions={{ remove: (f) => remove({ companyID, id: f.id, confirm: true }).unwrap() }}
      dialog={(field, onClose) => (
        <CustomFieldDialog companyID={companyID} field={field} defaultEntity={entity || 'customer'} onClose={onClose} />
      )}
    />
  );
}
