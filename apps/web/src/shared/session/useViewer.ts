import { useAppSelector } from '../hooks';
import type { Viewer } from './access';

/** The signed-in user as the access checks see them, in the selected company. */
export function useViewer(): Viewer {
  const session = useAppSelector((s) => s.session);
  const companyID = useAppSelector((s) => s.navigation.companyID);
  return {
    authenticated: session.status === 'authenticated',
    operator: session.claims.operator,
    role: companyID !== null ? session.claims.companies[String(companyID)] : undefined,
  };
}

/** Single-company mode: the user belongs to exactly one company (and is not the platform operator). */
export function useSingleCompany(): number | null {
  const claims = useAppSelector((s) => s.session.claims);
  const ids = Object.keys(claims.companies);
  return ids.length === 1 && !claims.operator ? Number(ids[0]) : null;
}
