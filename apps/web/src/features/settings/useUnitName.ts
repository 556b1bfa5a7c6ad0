import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { unitLabel, unitName } from '../../i18n/unitName';
import { passes } from '../../shared/session/access';
import { useViewer } from '../../shared/session/useViewer';
import { useUnitsQuery } from './settingsApi';

/**
 * Unit codes as names in the interface language (i18n/unitName.ts): `name(code)` ("Stück"; `name(code, 5)` after a
 * quantity: "5 Packungen"), `label(code)`
 * ("Stück (PCE)"). The company's units fill in codes the locale table does not know; read where the role may
 * (customer group), else the table alone.
 */
export function useUnitName(): {
  name: (code: string, count?: number) => string;
  label: (code: string) => string;
  /** the codes of the company's units (settings "Units"), as the server lists them */
  codes: string[];
} {
  const { t, i18n } = useTranslation();
  const companyID = Number(useParams().companyID);
  const viewer = useViewer();
  const mayRead = Number.isInteger(companyID) && companyID > 0 && passes('customer', viewer);
  const { data } = useUnitsQuery({ companyID, per_page: 200 }, { skip: !mayRead });
  const names = useMemo(() => new Map((data?.items ?? []).map((u) => [u.code, u.name] as const)), [data]);
  return useMemo(() => {
    const exists = (key: string) => i18n.exists(key);
    return {
      name: (code: string, count?: number) => unitName(code, t, exists, names, count),
      label: (code: string) => unitLabel(code, t, exists, names),
      codes: [...names.keys()],
    };
  }, [t, i18n, names]);
}
