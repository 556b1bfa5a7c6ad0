import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { unitLabel, unitName } from '../../i18n/unitName';
import { passes } from '../../shared/session/access';
import { useViewer } from '../../shared/session/useViewer';
import { useUnitsQuery } from './settingsApi';

/**
 * Unit codes as names in the interface language (i18n/unitName.ts): `name(code)` ("Stück"), `label(code)`
 * ("Stück (PCE)"). The company's units fill in codes the locale table does not know; read where the role may
 * (customer group), else the table alone.
 */
export function useUnitName(): { name: (code: string) => string; label: (code: string) => string } {
  const { t, i18n } = useTranslation();
  const companyID = Number(useParams().companyID);
  const viewer = useViewer();
  const mayRead = Number.isInteger(companyID) && companyID > 0 && passes('customer', viewer);
  const { data } = useUnitsQuery({ companyID, per_page: 200 }, { skip: !mayRead });
  const names = useMemo(() => new Map((data?.items ?? []).map((u) => [u.code, u.name] as const)), [data]);
  return useMemo(() => {
    const exists = (key: string) => i18n.exists(key);
    return { name: (code: string) => unitName(code, t, exists, names), label: (code: string) => unitLabel(code, t, exists, names) };
  }, [t, i18n, names]);
}
