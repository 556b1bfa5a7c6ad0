import type { UnitSort } from '@kanban/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { listTexts, ListPage, useListPage } from '../../shared/lists/ListPage';
import { SettingsTabs } from './SettingsTabs';
import { type UnitDto, useDeleteUnitMutation, useUnitsQuery } from './settingsApi';
import { translatedError } from './translatedError';
import { UnitDialog } from './UnitDialog';

/** /c/{companyID}/settings/units: the company's units, filtered, sorted and paged on the server. */
export function UnitsPage() {
  const { t } = useTranslation();
  const companyID = Number(useParams().companyID);
  const state = useListPage<UnitDto, UnitSort>('code');
  const result = useUnitsQuery({ companyID, ...state.params });
  const [remove] = useDeleteUnitMutation();
  return (
    <ListPage
      kind="unit"
      state={state}
      result={result}
      texts={listTexts(t, 'settings.units')}
      header={<SettingsTabs companyID={companyID} />}
      nameOf={(u) => u.code}
      columns={[
        { label: t('settings.units.fields.code'), sort: 'code', render: (u) => u.code },
        { label: t('settings.units.fields.name'), sort: 'name', render: (u) => u.name },
        { label: t('settings.units.fields.description'), render: (u) => u.description },
      ]}
      failureText={translatedError}
      actions={{ remove: (u) => remove({ companyID, id: u.id }).unwrap() }}
      dialog={(unit, onClose) => <UnitDialog companyID={companyID} unit={unit} onClose={onClose} />}
    />
  );
}
